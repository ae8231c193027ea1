/**
 * Replaying this node's batch log (Cassandra's BatchlogManager): every `periodMs` (and on
 * demand), each batch stored longer ago than twice the write timeout — its coordinator should
 * have removed it by then, so it probably died midway — is applied again through this node's
 * coordinator (every replica sent its mutation; dead or silent ones hinted), then removed.
 * A batch that fails to apply stays for the next round. Mutations of tables dropped since are
 * skipped. Runs one replay at a time.
 */
import type { BatchlogTable } from '../../db/batchlog-table.js';
import type { Env, TimerHandle } from '../../env/index.js';
import { timeUuidToDate } from '../../marshal/timeuuid.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { DataStore, TableWrite } from '../data-store.js';
import { decodeBatchMutations } from '../wire/batch-messages.js';

export interface BatchlogReplayDeps {
  readonly env: Env;
  readonly table: BatchlogTable;
  /** This node's coordinator. */
  readonly coordinator: Pick<DataStore, 'apply'>;
  readonly tableById: (id: string) => ColumnFamilyDef | undefined;
  readonly writeTimeoutMs: number;
}

/** Batches read from the log per round. */
const PAGE = 128;

export class BatchlogReplayer {
  private running: Promise<number> | null = null;

  constructor(private readonly d: BatchlogReplayDeps) {}

  /** Replays periodically until the handle is cancelled. */
  start(periodMs: number): TimerHandle {
    return this.d.env.timers.setInterval(() => void this.replayOnce().catch(() => undefined), periodMs);
  }

  /** One round; resolves with the number of batches replayed and removed. */
  replayOnce(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<number> {
    const { env, table } = this.d;
    const nowMs = env.clock.nowMs();
    const cutoff = nowMs - 2 * this.d.writeTimeoutMs;
    let replayed = 0;
    for (const b of table.list(PAGE, Math.floor(nowMs / 1000))) {
      if (timeUuidToDate(b.id).getTime() > cutoff) continue;
      const writes: TableWrite[] = [];
      for (const m of decodeBatchMutations(b.data, 'stored batch')) {
        const cf = this.d.tableById(m.tableId);
        if (cf !== undefined) writes.push({ cf, update: m.update });
      }
      try {
        await this.d.coordinator.apply(writes, 'ONE');
      } catch {
        continue;
      }
      await table.remove(b.id, env.clock.nowMicros(), Math.floor(env.clock.nowMs() / 1000));
      replayed++;
    }
    return replayed;
  }
}
