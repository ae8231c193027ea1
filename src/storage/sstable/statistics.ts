import { CellKind, NO_DELETION_TIME } from '../model/cell.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import { isLiveDeletion } from '../model/deletion.js';
import type { PartitionData } from '../model/partition-data.js';
import type { ByteReader } from '../../util/byte-reader.js';
import type { ByteWriter } from '../../util/byte-writer.js';
import { type Compression, compressionCode, compressionFromCode } from './compression.js';
import type { FileSystem } from '../../env/env.js';
import { decodeBody, readVersionedComponent } from './component-io.js';
import { keyBytesMax, positionBytesMax, statisticsBytesMax } from './limits.js';
import { int64Max, int64Min } from './partition-codec.js';
import { BUCKET_COUNT, EstimatedHistogram } from '../metrics/estimated-histogram.js';

/**
 * Statistics.db: what the engine needs to know about an SSTable without reading it (compaction
 * choices, tombstone purge, commit-log replay). Body grammar (inside the component envelope of
 * `component-io.ts`, magic "ILST"):
 *
 *   body = partitionCount:varint cellCount:varint tombstoneCount:varint
 *          minTimestamp:i64 maxTimestamp:i64
 *          minLocalDeletionTime:u32 maxLocalDeletionTime:u32
 *          firstPosition:lenBytes lastPosition:lenBytes firstKey:lenBytes lastKey:lenBytes
 *          dataSizeBytes:varint onDiskBytes:varint
 *          hasCommitLogBound:u8 [segmentId:i64 offset:varint]
 *          level:varint compression:u8 createdAtMs:varint
 *          partitionSizes:histogram cellCounts:histogram                 ; version 2 on
 *   lenBytes = length:varint byte{length}
 *   histogram = sum:varint n:varint (bucket:varint count:varint){n}     ; n ≤ bucketsMax, ascending
 *
 * partitionSizes counts each partition's record length in Data.db's uncompressed stream (Cassandra's
 * EstimatedPartitionSizeHistogram, which it keeps in its StatsMetadata), cellCounts its cells
 * (EstimatedColumnCountHistogram), in the buckets of storage/metrics/estimated-histogram.ts
 * (1.2 growth, 164 offsets and an overflow bucket). Version 1 files (written before 2026-11-28)
 * have neither: they load with both null, and the metrics say how many SSTables lack them.
 *
 * Magic, versions and layout are on-disk constants: never change them (add a version instead).
 */
export const statisticsMagic = 'ILST';
export const statisticsVersion = 2;
/** The oldest version still read. */
export const statisticsVersionMin = 1;
/** Buckets a stored histogram may list: the histogram's offsets and its overflow bucket. */
const histogramBucketsMax = BUCKET_COUNT + 1;

export interface SSTableStats {
  readonly partitionCount: number;
  readonly cellCount: number;
  /** Cell tombstones + range tombstones + partition deletions. */
  readonly tombstoneCount: number;
  /** Over cells and deletions; int64 max / min when there are none. */
  readonly minTimestamp: bigint;
  readonly maxTimestamp: bigint;
  /** Over tombstones, deletions and expiring cells; NO_DELETION_TIME when there are none. */
  readonly minLocalDeletionTime: number;
  readonly maxLocalDeletionTime: number;
  readonly firstPosition: Buffer;
  readonly lastPosition: Buffer;
  readonly firstKey: Buffer;
  readonly lastKey: Buffer;
  /** Length of Data.db's uncompressed record stream. */
  readonly dataSizeBytes: number;
  /** Size of Data.db on disk (after compression and framing). */
  readonly onDiskBytes: number;
  readonly commitLogUpperBound: CommitLogPosition | null;
  readonly level: number;
  readonly compression: Compression;
  readonly createdAtMs: number;
  /** Partition record bytes (uncompressed) per partition; null in a version 1 file. Never mutated. */
  readonly partitionSizes: EstimatedHistogram | null;
  /** Cells per partition; null in a version 1 file. Never mutated. */
  readonly cellCounts: EstimatedHistogram | null;
}

/** What the writer knows of the file itself, beside what the partitions tell. */
export type FileStats = Pick<SSTableStats, 'dataSizeBytes' | 'onDiskBytes' | 'commitLogUpperBound' | 'level' | 'compression' | 'createdAtMs'>;

/** Accumulates the per-partition parts of the stats while the writer appends. */
export class StatsCollector {
  partitionCount = 0;
  cellCount = 0;
  tombstoneCount = 0;
  minTimestamp = int64Max;
  maxTimestamp = int64Min;
  minLocalDeletionTime = NO_DELETION_TIME;
  maxLocalDeletionTime = NO_DELETION_TIME;
  private anyDeletionTime = false;
  firstPosition: Buffer | null = null;
  lastPosition: Buffer | null = null;
  firstKey: Buffer | null = null;
  lastKey: Buffer | null = null;
  private readonly partitionSizes = new EstimatedHistogram();
  private readonly cellCounts = new EstimatedHistogram();

  /** Adds a partition whose record in Data.db is `recordBytes` long (uncompressed). */
  add(p: PartitionData, recordBytes: number): void {
    this.partitionCount++;
    this.partitionSizes.record(recordBytes);
    this.cellCounts.record(p.cells.length);
    if (this.firstPosition === null) {
      this.firstPosition = Buffer.from(p.position);
      this.firstKey = Buffer.from(p.key);
    }
    this.lastPosition = p.position;
    this.lastKey = p.key;
    if (!isLiveDeletion(p.partitionDeletion)) {
      this.tombstoneCount++;
      this.time(p.partitionDeletion.markedForDeleteAt, p.partitionDeletion.localDeletionTime);
    }
    for (const rt of p.rangeTombstones) {
      this.tombstoneCount++;
      this.time(rt.deletion.markedForDeleteAt, rt.deletion.localDeletionTime);
    }
    this.cellCount += p.cells.length;
    for (const c of p.cells) {
      if (c.kind === CellKind.TOMBSTONE) this.tombstoneCount++;
      this.time(c.timestamp, c.kind === CellKind.LIVE ? null : c.localDeletionTime);
    }
  }

  /** The stats of everything added (at least one partition), with what the file itself says. */
  finish(file: FileStats): SSTableStats {
    if (this.partitionCount === 0) throw new RangeError('no partitions: no statistics');
    return {
      partitionCount: this.partitionCount,
      cellCount: this.cellCount,
      tombstoneCount: this.tombstoneCount,
      minTimestamp: this.minTimestamp,
      maxTimestamp: this.maxTimestamp,
      minLocalDeletionTime: this.minLocalDeletionTime,
      maxLocalDeletionTime: this.maxLocalDeletionTime,
      firstPosition: Buffer.from(this.firstPosition!),
      lastPosition: Buffer.from(this.lastPosition!),
      firstKey: Buffer.from(this.firstKey!),
      lastKey: Buffer.from(this.lastKey!),
      ...file,
      partitionSizes: this.partitionSizes,
      cellCounts: this.cellCounts,
    };
  }

  private time(ts: bigint, localDeletionTime: number | null): void {
    if (ts < this.minTimestamp) this.minTimestamp = ts;
    if (ts > this.maxTimestamp) this.maxTimestamp = ts;
    if (localDeletionTime === null) return;
    if (!this.anyDeletionTime || localDeletionTime < this.minLocalDeletionTime) this.minLocalDeletionTime = localDeletionTime;
    if (!this.anyDeletionTime || localDeletionTime > this.maxLocalDeletionTime) this.maxLocalDeletionTime = localDeletionTime;
    this.anyDeletionTime = true;
  }
}

export function encodeStats(w: ByteWriter, s: SSTableStats): void {
  w.varint(s.partitionCount).varint(s.cellCount).varint(s.tombstoneCount);
  w.i64(s.minTimestamp).i64(s.maxTimestamp);
  w.u32(s.minLocalDeletionTime).u32(s.maxLocalDeletionTime);
  w.lenBytes(s.firstPosition).lenBytes(s.lastPosition).lenBytes(s.firstKey).lenBytes(s.lastKey);
  w.varint(s.dataSizeBytes).varint(s.onDiskBytes);
  const bound = s.commitLogUpperBound;
  w.u8(bound === null ? 0 : 1);
  if (bound !== null) w.i64(BigInt(bound.segmentId)).varint(bound.offset);
  w.varint(s.level).u8(compressionCode(s.compression)).varint(s.createdAtMs);
  if (s.partitionSizes === null || s.cellCounts === null) throw new RangeError('statistics version 2 needs both histograms');
  encodeHistogram(w, s.partitionSizes);
  encodeHistogram(w, s.cellCounts);
}

function encodeHistogram(w: ByteWriter, h: EstimatedHistogram): void {
  const buckets = h.nonEmptyBuckets();
  w.varint(h.sum).varint(buckets.length);
  for (const [i, n] of buckets) w.varint(i).varint(n);
}

function decodeHistogram(r: ByteReader): EstimatedHistogram {
  const sum = r.varint();
  const n = r.varint();
  if (n > histogramBucketsMax) throw new RangeError(`histogram of ${n} buckets exceeds ${histogramBucketsMax}`);
  const buckets: [number, number][] = [];
  for (let k = 0; k < n; k++) {
    const i = r.varint();
    if (k > 0 && i <= buckets[k - 1]![0]) throw new RangeError('histogram buckets out of order');
    buckets.push([i, r.varint()]);
  }
  return EstimatedHistogram.fromBuckets(buckets, sum);
}

function boundedBytes(r: ByteReader, max: number): Buffer {
  const n = r.varint();
  if (n > max) throw new RangeError(`length ${n} exceeds ${max}`);
  return Buffer.from(r.bytes(n));
}

/** Decodes a body of `version` (statisticsVersionMin ‥ statisticsVersion). */
export function decodeStats(r: ByteReader, version: number): SSTableStats {
  const partitionCount = r.varint();
  const cellCount = r.varint();
  const tombstoneCount = r.varint();
  const minTimestamp = r.i64();
  const maxTimestamp = r.i64();
  const minLocalDeletionTime = r.u32();
  const maxLocalDeletionTime = r.u32();
  const firstPosition = boundedBytes(r, positionBytesMax);
  const lastPosition = boundedBytes(r, positionBytesMax);
  const firstKey = boundedBytes(r, keyBytesMax);
  const lastKey = boundedBytes(r, keyBytesMax);
  const dataSizeBytes = r.varint();
  const onDiskBytes = r.varint();
  const hasBound = r.u8();
  if (hasBound > 1) throw new RangeError(`bad commit log bound flag ${hasBound}`);
  let commitLogUpperBound: CommitLogPosition | null = null;
  if (hasBound === 1) {
    const segmentId = Number(r.i64());
    if (!Number.isSafeInteger(segmentId)) throw new RangeError('commit log segment id out of range');
    commitLogUpperBound = { segmentId, offset: r.varint() };
  }
  const level = r.varint();
  const compression = compressionFromCode(r.u8());
  const createdAtMs = r.varint();
  const partitionSizes = version >= 2 ? decodeHistogram(r) : null;
  const cellCounts = version >= 2 ? decodeHistogram(r) : null;
  return {
    partitionCount, cellCount, tombstoneCount, minTimestamp, maxTimestamp, minLocalDeletionTime,
    maxLocalDeletionTime, firstPosition, lastPosition, firstKey, lastKey, dataSizeBytes, onDiskBytes,
    commitLogUpperBound, level, compression, createdAtMs, partitionSizes, cellCounts,
  };
}

/** Reads and verifies Statistics.db at `path`, of any version still read; CorruptionError if it fails. */
export function readStats(fs: FileSystem, path: string): SSTableStats {
  const { body, version } = readVersionedComponent(fs, path, statisticsMagic, statisticsVersionMin, statisticsVersion, statisticsBytesMax);
  return decodeBody(path, body, (r) => decodeStats(r, version));
}
