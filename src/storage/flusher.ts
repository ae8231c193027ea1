import { Memtable } from './memtable/memtable.js';
import type { CommitLogPosition } from './model/commit-log-position.js';
import type { BackgroundExecutor } from './background/background-executor.js';
import { encodeFlushData } from './flush-job.js';
import { SSTableReader } from './sstable/index.js';
import type { Compression } from './storage-options.js';
import type { TableStore } from './table-store.js';

/** What one flush wrote. */
export interface FlushDone {
  readonly generation: number;
  readonly partitions: number;
  readonly bytesOnDisk: number;
  readonly durationMs: number;
}

/**
 * Turns a table's active memtable into an SSTable. The story: switch (the memtable stops taking
 * writes at the current commit-log position), wait until writes already logged against it are
 * applied, serialize it (yielding), have the executor write the SSTable (a worker thread on the
 * real file system), swap it in, then tell the commit log that the table is clean up to the switch
 * position. Reads keep seeing the memtable until the swap. Flushes of one table run one at a time.
 */
export class Flusher {
  private chains = new Map<string, Promise<void>>();

  constructor(
    private readonly currentPosition: () => CommitLogPosition,
    /** After the swap: the SSTable written (its size on disk) and how long the flush took. */
    private readonly onFlushed: (table: TableStore, upTo: CommitLogPosition, done: FlushDone) => void,
    private readonly compressionDefault: Compression,
    private readonly executor: BackgroundExecutor,
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
    const beganNs = table.env.clock.monotonicNs();
    const mem = table.active;
    const upperBound = this.currentPosition();
    mem.switchOut(upperBound);
    table.active = new Memtable(table.env.clock.nowMs());
    table.flushing.push(mem);
    await mem.drained();
    const generation = table.nextGeneration++;
    const data = await encodeFlushData(table.env, mem.range());
    await this.executor.run({
      kind: 'flush',
      dir: table.dir,
      generation,
      compression: table.def.compression ?? this.compressionDefault,
      expectedPartitions: mem.partitions.size,
      commitLogUpperBound: upperBound,
      data,
    });
    const reader = SSTableReader.open(table.env, table.dir, generation, table.cache, { maxValueSizeBytes: table.maxValueSizeBytes });
    table.replaceSSTables([], [reader]);
    mem.markFlushed();
    table.flushing = table.flushing.filter((m) => m !== mem);
    const durationMs = Number(table.env.clock.monotonicNs() - beganNs) / 1e6;
    this.onFlushed(table, upperBound, { generation, partitions: mem.partitions.size, bytesOnDisk: reader.stats.onDiskBytes, durationMs });
  }
}
