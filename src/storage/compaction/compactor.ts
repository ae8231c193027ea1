import { type CommitLogPosition, comparePositions } from '../model/commit-log-position.js';
import { SSTableReader, removeGeneration } from '../sstable/index.js';
import type { StorageLog } from '../disk-failure.js';
import type { StorageOptions } from '../storage-options.js';
import type { TableStore } from '../table-store.js';
import type { BackgroundExecutor } from '../background/background-executor.js';
import type { CompactionJob, KeepInterval } from './compaction-job.js';
import { DEFAULT_BUCKETS, pickCompaction } from './size-tiered.js';
import { invariant } from '../../util/invariant.js';
import { randomUuid } from '../../util/random-uuid.js';

/**
 * Schedules compactions one at a time across all tables (Cassandra's concurrent_compactors = 1 on
 * a small machine). The merge itself runs in the executor (a worker thread on the real file
 * system); this class picks inputs, builds the job, and swaps the result in on the main thread.
 */
/** A compaction under way, as system_views.sstable_tasks shows it (Cassandra's CompactionInfo). */
export interface SSTableTask {
  readonly keyspace: string;
  readonly table: string;
  /** A random (version 4) UUID, Cassandra's compaction id. */
  readonly taskId: string;
  /** Cassandra's OperationType, lower case: `compaction` (size-tiered or nodetool compact) or `cleanup`. */
  readonly kind: 'compaction' | 'cleanup';
  /** The inputs' bytes on disk (Cassandra's total, unit `bytes`). */
  readonly totalBytes: number;
}

export class Compactor {
  private running: Promise<void> | null = null;
  /** The compaction running now (one at a time), if any. */
  current: SSTableTask | null = null;
  private readonly wanted = new Set<TableStore>();
  /** Tables whose size-tiered compactions are off (nodetool disableautocompaction); explicit ones still run. */
  readonly autoCompactionOff = new Set<string>();
  private closed = false;
  failures = 0;
  completed = 0;
  /** The throughput limit of compactions started from now on, bytes/s (0: none; nodetool setcompactionthroughput). */
  throughputBytesPerSec: number;
  /** The inputs' bytes of the compactions completed (Cassandra's BytesCompacted). */
  bytesCompacted = 0;

  constructor(
    private readonly options: StorageOptions,
    private readonly executor: BackgroundExecutor,
    private readonly onError: (e: unknown) => void,
    /** Everything of the table up to `bound` was compacted away: no SSTable remembers it now. */
    private readonly onEmptied: (table: TableStore, bound: CommitLogPosition) => void,
    /** Completed compactions (info) and the input SSTables removed after them (debug). */
    private readonly log: StorageLog = () => undefined,
  ) {
    this.throughputBytesPerSec = options.compactionThroughputBytesPerSec;
  }

  /** Asks for a size-tiered check of `table` when the compactor is free. */
  request(table: TableStore): void {
    if (this.closed || this.autoCompactionOff.has(table.def.id)) return;
    this.wanted.add(table);
    if (!this.running) this.running = this.drain().finally(() => (this.running = null));
  }

  /** Compacts all of a table's SSTables into one (nodetool compact). */
  async major(table: TableStore): Promise<void> {
    await this.idle();
    const inputs = table.sstables.filter((s) => !table.compacting.has(s));
    if (inputs.length > 0) await this.compact(table, inputs); // even one: a rewrite purges
  }

  /**
   * Rewrites each of a table's SSTables on its own, purging what it may (nodetool garbagecollect:
   * deleted and expired data past gc_grace_seconds, whose shadowed cells go with it).
   */
  async garbageCollect(table: TableStore): Promise<void> {
    await this.idle();
    for (const s of table.sstables.filter((x) => !table.compacting.has(x))) {
      if (table.sstables.includes(s) && !table.compacting.has(s)) await this.compact(table, [s]);
    }
  }

  /** Rewrites all of a table's SSTables keeping only partitions inside `keep` (nodetool cleanup). */
  async cleanup(table: TableStore, keep: readonly KeepInterval[]): Promise<void> {
    await this.idle();
    const inputs = table.sstables.filter((s) => !table.compacting.has(s));
    if (inputs.length > 0) await this.compact(table, inputs, keep);
  }

  /** Tables waiting for a size-tiered check (Cassandra's PendingTasks, counted per table). */
  get pending(): number {
    return this.wanted.size;
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wanted.clear();
    await this.idle();
  }

  private async drain(): Promise<void> {
    while (this.wanted.size > 0 && !this.closed) {
      const table = this.wanted.values().next().value as TableStore;
      this.wanted.delete(table);
      const candidates = table.sstables.filter((s) => !table.compacting.has(s)).map((s) => ({ s, sizeBytes: s.stats.onDiskBytes }));
      const o = this.options;
      const pick = pickCompaction(candidates, { minThreshold: o.compactionMinThreshold, maxThreshold: o.compactionMaxThreshold, ...DEFAULT_BUCKETS, minSSTableBytes: o.compactionMinSSTableBytes });
      if (!pick) continue;
      try {
        await this.compact(table, pick.map((p) => p.s));
        this.wanted.add(table); // the result may complete a larger tier
      } catch (e) {
        this.failures++;
        this.onError(e);
      }
    }
  }

  private job(table: TableStore, inputs: readonly SSTableReader[], keep?: readonly KeepInterval[]): CompactionJob {
    const nowSec = Math.floor(table.env.clock.nowMs() / 1000);
    let bound: CommitLogPosition | null = null;
    for (const s of inputs) {
      const b = s.stats.commitLogUpperBound;
      if (b && (!bound || comparePositions(b, bound) > 0)) bound = b;
    }
    return {
      dir: table.dir,
      inputs: inputs.map((s) => s.generation),
      output: table.nextGeneration++,
      compression: table.def.compression ?? this.options.compression,
      nowSec,
      gcBefore: nowSec - table.def.gcGraceSeconds,
      maxPurgeableTimestamp: String(table.minTimestampOutside(new Set(inputs))),
      commitLogUpperBound: bound,
      expectedPartitions: inputs.reduce((n, s) => n + s.stats.partitionCount, 0),
      bytesPerSec: this.throughputBytesPerSec,
      maxValueSizeBytes: table.maxValueSizeBytes,
      ...(keep === undefined ? {} : { keep }),
    };
  }

  private async compact(table: TableStore, inputs: SSTableReader[], keep?: readonly KeepInterval[]): Promise<void> {
    for (const s of inputs) {
      invariant(table.sstables.includes(s) && !table.compacting.has(s), `sstable ${s.generation}: joins a compaction while not live or already compacting`);
      table.compacting.add(s);
    }
    this.current = {
      keyspace: table.def.keyspace,
      table: table.def.name,
      taskId: randomUuid(table.env.random),
      kind: keep === undefined ? 'compaction' : 'cleanup',
      totalBytes: inputs.reduce((n, s) => n + s.stats.onDiskBytes, 0),
    };
    try {
      const beganNs = table.env.clock.monotonicNs();
      const job = this.job(table, inputs, keep);
      const result = await this.executor.run({ kind: 'compact' as const, ...job });
      // Truncated (or dropped) meanwhile: the inputs are gone and the output must not come back.
      if (inputs.every((s) => table.sstables.includes(s))) {
        if (result.output === null && job.commitLogUpperBound) this.onEmptied(table, job.commitLogUpperBound);
        const output = result.output === null ? [] : [SSTableReader.open(table.env, table.dir, result.output, table.cache, { maxValueSizeBytes: table.maxValueSizeBytes })];
        table.replaceSSTables(inputs, output);
        const name = `${table.def.keyspace}.${table.def.name}`;
        for (const s of inputs) {
          s.close();
          removeGeneration(table.env, table.dir, s.generation);
          this.log('sstable_removed', { table: name, generation: s.generation, reason: keep === undefined ? 'compacted' : 'cleaned up' }, 'debug');
        }
        this.completed++;
        this.bytesCompacted += this.current?.totalBytes ?? 0;
        const bytesIn = inputs.reduce((n, s) => n + s.stats.onDiskBytes, 0);
        const bytesOut = output[0]?.stats.onDiskBytes ?? 0;
        const durationMs = Number(table.env.clock.monotonicNs() - beganNs) / 1e6;
        this.log(keep === undefined ? 'compaction_completed' : 'cleanup_completed', { table: name, inputs: job.inputs, output: result.output, bytesIn, bytesOut, partitions: result.partitions, durationMs: Math.round(durationMs) });
      } else if (result.output !== null) {
        removeGeneration(table.env, table.dir, result.output);
      }
      table.env.fs.unlinkSync(result.journalPath);
    } finally {
      this.current = null;
      for (const s of inputs) table.compacting.delete(s);
    }
  }
}
