import { Memtable } from './memtable/memtable.js';
import type { CommitLogPosition } from './model/commit-log-position.js';
import { SSTableWriter } from './sstable/index.js';
import type { Compression } from './storage-options.js';
import type { TableStore } from './table-store.js';
import { YieldBudget } from './yield-budget.js';

/**
 * Turns a table's active memtable into an SSTable. The story: switch (the memtable stops taking
 * writes at the current commit-log position), wait until writes already logged against it are
 * applied, write the SSTable in yielding steps, swap it in, then tell the commit log that the table
 * is clean up to the switch position. Flushes of one table run one at a time.
 */
export class Flusher {
  private chains = new Map<string, Promise<void>>();

  constructor(
    private readonly currentPosition: () => CommitLogPosition,
    private readonly onFlushed: (table: TableStore, upTo: CommitLogPosition) => void,
    private readonly compressionDefault: Compression,
  ) {}

  /** Flushes whatever the table's memtable holds now; resolves when it is on disk. */
  flush(table: TableStore): Promise<void> {
    const prev = this.chains.get(table.def.id) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(() => this.flushNow(table));
    this.chains.set(table.def.id, next);
    return next;
  }

  /** Resolves once every flush queued so far for the table has finished (successfully or not). */
  idle(table: TableStore): Promise<void> {
    return (this.chains.get(table.def.id) ?? Promise.resolve()).catch(() => undefined);
  }

  isFlushing(table: TableStore): boolean {
    return table.flushing.length > 0;
  }

  private async flushNow(table: TableStore): Promise<void> {
    if (table.active.isEmpty) return;
    const mem = table.active;
    mem.upperBound = this.currentPosition();
    table.active = new Memtable(table.env.clock.nowMs());
    table.flushing.push(mem);
    await mem.drained();
    const writer = SSTableWriter.create({
      env: table.env,
      dir: table.dir,
      generation: table.nextGeneration++,
      compression: table.def.compression ?? this.compressionDefault,
      expectedPartitions: mem.partitions.size,
      commitLogUpperBound: mem.upperBound,
      cache: table.cache,
    });
    try {
      const budget = new YieldBudget(table.env);
      for (const p of mem.partitions.values()) {
        writer.append(p.toPartitionData());
        await budget.tick(0);
      }
      const reader = await writer.finish();
      table.replaceSSTables([], [reader]);
    } catch (e) {
      writer.abort();
      throw e;
    }
    table.flushing = table.flushing.filter((m) => m !== mem);
    this.onFlushed(table, mem.upperBound);
  }
}
