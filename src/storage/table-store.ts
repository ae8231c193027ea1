import type { PositionBound } from './memtable/partition-index.js';
import type { Env } from '../env/index.js';
import type { PartitionUpdate } from './model/partition-update.js';
import type { CommitLogPosition } from './model/commit-log-position.js';
import { ApplyBarrier } from './apply-barrier.js';
import { Memtable } from './memtable/memtable.js';
import { type PartitionResult, readPartition } from './read/partition-reader.js';
import type { PartitionView } from './read/partition-view.js';
import type { SliceQuery } from './read/slice-query.js';
import { SSTablePartitionView } from './read/sstable-partition-view.js';
import type { ChunkCache, LazyPartition, SSTableReader } from './sstable/index.js';
import { prefetchBytesMax, prefetchBytesPerKeyMin, valueBytesMax } from './sstable/limits.js';
import { BOTTOM, TOP } from './model/cell-name.js';
import { type TableDef, positionOf } from './table-def.js';
import { invariant } from '../util/invariant.js';
import type { TraceSink } from '../util/trace-sink.js';
import { TableMetrics } from './metrics/table-metrics.js';
import { type PartitionSizes, partitionSizesOf } from './metrics/partition-sizes.js';

/** A slice holding nothing: the first cursor of a scan that asks no slices (it still learns the partition's key and deletion). */
const NOTHING = { start: TOP, end: BOTTOM };

/** Where a partition scan starts or stops, by partition position (the memtable's bounds). */
export type { PositionBound };

/** A scanned partition with its position, so the next page can start after it. */
export interface ScannedPartition extends PartitionResult {
  readonly position: Buffer;
}

/**
 * One table's live state: the active memtable, memtables being flushed, and its SSTables (newest
 * first). Reads merge all of them. The state only changes in synchronous steps, so a read —
 * which is synchronous — always sees a consistent set of sources.
 */
export class TableStore {
  active: Memtable;
  flushing: Memtable[] = [];
  /** Newest first. */
  sstables: SSTableReader[] = [];
  /** SSTables taking part in a running compaction. */
  readonly compacting = new Set<SSTableReader>();
  nextGeneration = 1;
  /** Applies in flight (engine.writesSettled waits on it). */
  readonly applies = new ApplyBarrier();

  constructor(
    readonly env: Env,
    readonly def: TableDef,
    readonly dir: string,
    readonly cache: ChunkCache,
    /** Its request metrics (the engine's registry holds them; a table opened alone gets its own). */
    readonly metrics: TableMetrics = new TableMetrics(Number(env.clock.monotonicNs())),
    /** A longer value met reading its SSTables is damage (max_value_size_in_mb). */
    readonly maxValueSizeBytes: number = valueBytesMax,
  ) {
    this.active = new Memtable(env.clock.nowMs());
  }

  get unflushedBytes(): number {
    let n = this.active.liveBytes;
    for (const m of this.flushing) n += m.liveBytes;
    return n;
  }

  /** Partitions in the memtables (the active one and those being flushed). */
  get memtablePartitions(): number {
    let n = this.active.partitions.size;
    for (const m of this.flushing) n += m.partitions.size;
    return n;
  }

  /** Partition sizes and counts from its live SSTables and memtables (storage/metrics/partition-sizes.ts). */
  partitionSizes(): PartitionSizes {
    return partitionSizesOf(this.sstables, this.memtablePartitions);
  }

  /** Highest commit-log position already made durable in this table's SSTables. */
  flushedUpTo(): CommitLogPosition | null {
    let best: CommitLogPosition | null = null;
    for (const s of this.sstables) {
      const p = s.stats.commitLogUpperBound;
      if (p && (!best || p.segmentId > best.segmentId || (p.segmentId === best.segmentId && p.offset > best.offset))) best = p;
    }
    return best;
  }

  applyTo(mem: Memtable, update: PartitionUpdate, nowSec: number): void {
    const position = positionOf(this.def.partitioner, update.key);
    mem.apply(update.key, position, update, nowSec);
  }

  /** Memtables newest first: the active one, then those being flushed (latest switched first). */
  private memtables(): Memtable[] {
    return [this.active, ...[...this.flushing].reverse()];
  }

  /**
   * Loads into the chunk cache, off the event loop, what `read` of these keys will touch in the
   * SSTables (SSTableReader.prefetch), so that read's synchronous pass does no disk I/O. Undefined
   * when there is nothing to load.
   */
  prefetch(keys: readonly Buffer[], query: SliceQuery): Promise<unknown> | undefined {
    if (this.sstables.length === 0 || query.slices.length === 0) return undefined;
    const slices = query.slices.map((s) => ({ start: s.start, end: s.end, reversed: query.reversed }));
    // Many keys share the budget of one (down to prefetchBytesPerKeyMin each): a read of many
    // partitions does not load keys × 256 KiB at once.
    const bytesMax = Math.max(prefetchBytesPerKeyMin, Math.floor(prefetchBytesMax / keys.length));
    let loads: Promise<void>[] | undefined;
    for (const key of keys) {
      const position = positionOf(this.def.partitioner, key);
      for (const s of this.sstables) {
        const load = s.prefetch(position, slices, bytesMax);
        if (load !== undefined) (loads ??= []).push(load);
      }
    }
    return loads === undefined ? undefined : Promise.all(loads);
  }

  /** `prefetch` for a scan from `from` (SSTableReader.prefetchScan): what its first step reads. */
  prefetchScan(from: PositionBound | undefined): Promise<unknown> | undefined {
    let loads: Promise<void>[] | undefined;
    for (const s of this.sstables) {
      const load = s.prefetchScan(from);
      if (load !== undefined) (loads ??= []).push(load);
    }
    return loads === undefined ? undefined : Promise.all(loads);
  }

  /** `failAbove`: tombstone_failure_threshold (readPartition). */
  read(key: Buffer, query: SliceQuery, nowSec: number, failAbove = Infinity): PartitionResult | null {
    const position = positionOf(this.def.partitioner, key);
    const views = this.viewsOf(position, query);
    let fromSSTables = 0;
    for (const v of views) if (v instanceof SSTablePartitionView) fromSSTables++;
    this.metrics.sstablesPerRead.record(fromSSTables);
    if (query.trace !== undefined) this.traceViews(query.trace, fromSSTables);
    return readPartition(views, query, nowSec, failAbove);
  }

  /**
   * A traced read's sources, in Cassandra 4.0's words where it has them
   * (SinglePartitionReadCommand: "Acquiring sstable references", "Skipped %d/%d
   * non-slice-intersecting sstables…", "Merged data from memtables and %d sstables"); here an
   * SSTable is skipped when its bloom filter or index says it lacks the partition.
   */
  private traceViews(trace: TraceSink, fromSSTables: number): void {
    trace.trace('Acquiring sstable references');
    const total = this.sstables.length;
    if (total > 0) trace.trace(`Skipped ${total - fromSSTables}/${total} sstables not holding the partition (bloom filter or partition index)`);
    trace.trace(`Merged data from memtables and ${fromSSTables} sstables`);
  }

  private viewsOf(position: Buffer, query: SliceQuery): PartitionView[] {
    const views: PartitionView[] = [];
    // this.memtables()'s order, without building its arrays on every read.
    const active = this.active.get(position);
    if (active !== undefined) views.push(active);
    for (let i = this.flushing.length - 1; i >= 0; i--) {
      const p = this.flushing[i]!.get(position);
      if (p !== undefined) views.push(p);
    }
    if (query.slices.length === 0) return views;
    const first = query.reversed ? query.slices[query.slices.length - 1]! : query.slices[0]!;
    for (const s of this.sstables) {
      const v = SSTablePartitionView.open(s, position, first.start, first.end, query.reversed);
      if (v !== null) views.push(v);
    }
    return views;
  }

  /**
   * Partitions in position (token) order between the bounds, each answered with `query`;
   * partitions with nothing live are skipped unless `includeTombstones`. Stops after
   * `partitionLimit` partitions with results.
   */
  scan(from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, nowSec: number, failAbove = Infinity, tally?: { tombstones: number }): ScannedPartition[] {
    const streams: Iterator<PartitionView & { position: Buffer }>[] = [];
    for (const m of this.memtables()) streams.push(m.range(from, to));
    // SSTable partitions are read lazily, as a point read reads them: a scan step asking 1000 cells
    // of a wide partition decodes about that many, not the whole partition (issue 16).
    const first = query.slices.length === 0 ? NOTHING : query.reversed ? query.slices[query.slices.length - 1]! : query.slices[0]!;
    for (const s of this.sstables) streams.push(mapIterator(s.scanLazily(from, to), (p: LazyPartition) => Object.assign(SSTablePartitionView.ofScan(s, p, first.start, first.end, query.reversed), { position: p.position })));
    const heads = streams.map((s) => s.next());
    const out: ScannedPartition[] = [];
    let tombstones = 0;
    while (out.length < partitionLimit) {
      let min: Buffer | null = null;
      for (const h of heads) if (!h.done && (min === null || Buffer.compare(h.value.position, min) < 0)) min = h.value.position;
      if (min === null) break;
      const views: PartitionView[] = [];
      for (let i = 0; i < heads.length; i++) {
        const h = heads[i]!;
        if (!h.done && h.value.position.equals(min)) {
          views.push(h.value);
          heads[i] = streams[i]!.next();
        }
      }
      // tombstone_failure_threshold bounds the whole scan, as Cassandra's counts a whole read command.
      const r = readPartition(views, query, nowSec, failAbove, tombstones);
      if (r !== null) tombstones += r.tombstones ?? 0;
      if (tally !== undefined) tally.tombstones = tombstones;
      if (r !== null && (r.cells.length > 0 || query.includeTombstones)) out.push({ ...r, position: min });
    }
    if (query.trace !== undefined) query.trace.trace(`Scanned ${out.length} partitions from memtables and ${this.sstables.length} sstables, ${tombstones} tombstones met`);
    return out;
  }

  /**
   * The oldest write timestamp in any memtable or in any SSTable not in `excluded`: a tombstone
   * older than this shadows nothing outside a compaction of `excluded`, so it may be purged.
   */
  minTimestampOutside(excluded: ReadonlySet<SSTableReader>): bigint {
    let min = 2n ** 63n - 1n;
    for (const m of this.memtables()) if (!m.isEmpty && m.minTimestamp < min) min = m.minTimestamp;
    for (const s of this.sstables) if (!excluded.has(s) && s.stats.minTimestamp < min) min = s.stats.minTimestamp;
    return min;
  }

  /** Swaps SSTables in one synchronous step (flush adds; compaction adds and removes). */
  replaceSSTables(removed: readonly SSTableReader[], added: readonly SSTableReader[]): void {
    const gone = new Set(removed);
    // Lifecycle: opened → live here (→ compacting) → obsolete (removed, then released): never back.
    for (const s of removed) invariant(this.sstables.includes(s), `sstable ${s.generation}: removed from ${this.def.name} while not live in it`);
    for (const s of added) invariant(!this.sstables.includes(s) && !s.isClosed, `sstable ${s.generation}: added to ${this.def.name} twice or after release`);
    this.sstables = [...added, ...this.sstables.filter((s) => !gone.has(s))].sort((a, b) => b.generation - a.generation);
  }
}

function mapIterator<A, B>(it: Iterator<A>, f: (a: A) => B): Iterator<B> {
  return {
    next(): IteratorResult<B> {
      const r = it.next();
      return r.done ? { done: true, value: undefined } : { done: false, value: f(r.value) };
    },
  };
}
