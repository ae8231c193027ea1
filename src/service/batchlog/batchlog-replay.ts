/**
 * Replaying this node's batch log (Cassandra's BatchlogManager): every `periodMs` (and on
 * demand), each batch stored longer ago than twice the write timeout — its coordinator should
 * have removed it by then, so it probably died midway — is applied again through this node's
 * coordinator (every replica sent its mutation; dead or silent ones hinted), then removed.
 * A batch that fails to apply stays for the next round (the failure is reported to the node's
 * background supervisor, task `batchlog-replay`). Mutations of tables dropped since are skipped.
 * Runs one replay at a time; a round that fails is reported the same way, never dropped.
 *
 * A stored batch that does not decode (bad id or mutations: damage on disk, or a bug) would fail
 * every round forever. It is quarantined instead: its bytes are written durably to
 * `<quarantineDir>/<batch id>.batch` (the id as a UUID, or in hex when it is no UUID), then it is
 * removed from the log and reported; the round goes on with the next batch. The file holds the
 * stored mutations exactly as kept (the service's batch encoding, service/wire/batch-messages.ts)
 * for an operator to inspect; nothing reads it back.
 */
import type { BatchlogTable, StoredBatch } from '../../db/batchlog-table.js';
import { type Env, mkdirDurable, replaceFileDurable, type TimerHandle } from '../../env/index.js';
import { timeUuidToDate, uuidToString } from '../../marshal/timeuuid.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { BackgroundSupervisor } from '../../util/background-supervisor.js';
import type { DataStore, TableWrite } from '../data-store.js';
import { decodeBatchMutations } from '../wire/batch-messages.js';

export interface BatchlogReplayDeps {
  readonly env: Env;
  readonly table: BatchlogTable;
  /** This node's coordinator. */
  readonly coordinator: Pick<DataStore, 'apply'>;
  readonly tableById: (id: string) => ColumnFamilyDef | undefined;
  readonly writeTimeoutMs: number;
  /** Where failed rounds, failed batches and quarantined batches are reported. */
  readonly background: BackgroundSupervisor;
  /** Where batches that do not decode are moved (`<data dir>/quarantine/batchlog` on a node). */
  readonly quarantineDir: string;
}

/** Batches read from the log per round. */
const PAGE = 128;
const TASK = 'batchlog-replay';

export class BatchlogReplayer {
  private running: Promise<number> | null = null;
  /** Batches moved to the quarantine directory since start. */
  quarantined = 0;

  constructor(private readonly d: BatchlogReplayDeps) {}

  /** Replays periodically until the handle is cancelled. */
  start(periodMs: number): TimerHandle {
    return this.d.env.timers.setInterval(() => this.d.background.run(TASK, () => this.replayOnce()), periodMs);
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
      const decoded = this.decode(b);
      if (decoded instanceof Error) {
        try {
          await this.quarantine(b, decoded);
        } catch (e) {
          // Not moved (a full disk, say): it stays, reported, and the round goes on with the next batch.
          this.d.background.report(TASK, e, `quarantining stored batch ${nameOf(b.id)}`);
        }
        continue;
      }
      if (decoded.writtenAtMs > cutoff) continue;
      try {
        await this.d.coordinator.apply(decoded.writes, 'ONE');
      } catch (e) {
        this.d.background.report(TASK, e, `batch ${nameOf(b.id)} stays for the next round`);
        continue;
      }
      await table.remove(b.id, env.clock.nowMicros(), Math.floor(env.clock.nowMs() / 1000));
      replayed++;
    }
    return replayed;
  }

  /** The batch's time and writes, or why it does not decode. */
  private decode(b: StoredBatch): { writtenAtMs: number; writes: TableWrite[] } | Error {
    try {
      if (b.id.length !== 16) throw new RangeError(`batch id ${b.id.toString('hex')} is not a TimeUUID`);
      const writtenAtMs = timeUuidToDate(b.id).getTime();
      const writes: TableWrite[] = [];
      for (const m of decodeBatchMutations(b.data, 'stored batch')) {
        const cf = this.d.tableById(m.tableId);
        if (cf !== undefined) writes.push({ cf, update: m.update });
      }
      return { writtenAtMs, writes };
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  }

  /** Copies the batch's bytes aside (durably), then removes it from the log. */
  private async quarantine(b: StoredBatch, why: Error): Promise<void> {
    const { env, quarantineDir } = this.d;
    const name = `${nameOf(b.id)}.batch`;
    mkdirDurable(env.fs, quarantineDir);
    replaceFileDurable(env.fs, quarantineDir, name, b.data);
    await this.d.table.remove(b.id, env.clock.nowMicros(), Math.floor(env.clock.nowMs() / 1000));
    this.quarantined++;
    this.d.background.report(TASK, why, `stored batch does not decode; moved to ${quarantineDir}/${name}`);
  }
}

/** The id as a UUID when it is 16 bytes, else in hex (a damaged id still names its file). */
function nameOf(id: Buffer): string {
  return id.length === 16 ? uuidToString(id) : `id-${id.toString('hex') || 'empty'}`;
}
