import type { Env } from '../../env/env.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { PartitionData } from '../model/partition-data.js';
import { BloomFilter, filterMagic, filterVersion } from './bloom-filter.js';
import { compareBytes } from './bytes.js';
import { ChunkCache } from './chunk-cache.js';
import { encodeComponent, writeNewFile } from './component-io.js';
import { type Compression, isCompression } from './compression.js';
import { compressionInfoMagic, compressionInfoVersion, encodeCompressionInfo, isValidChunkLength } from './compression-info.js';
import { DataFileWriter } from './data-file-writer.js';
import { Component, dataComponents, Descriptor } from './descriptor.js';
import {
  cellBlockBytesDefault,
  cellBlockBytesMin,
  chunkLengthDefault,
  fpChanceDefault,
  indexBlockEntriesDefault,
  indexBlockEntriesMax,
  positionBytesMax,
} from './limits.js';
import { PartitionEncoder } from './partition-codec.js';
import { IndexWriter } from './partition-index.js';
import { SSTableReader } from './sstable-reader.js';
import { encodeStats, type SSTableStats, StatsCollector, statisticsMagic, statisticsVersion } from './statistics.js';
import { encodeSummary, summaryMagic, summaryVersion } from './summary.js';
import { encodeToc } from './toc.js';
import { removeGeneration } from './sstable-directory.js';

export interface SSTableWriterOptions {
  readonly env: Env;
  readonly dir: string;
  readonly generation: number;
  readonly compression: Compression;
  /** Sizes the bloom filter. */
  readonly expectedPartitions: number;
  /** Recorded in the statistics: replay skips commit-log positions ≤ it. */
  readonly commitLogUpperBound: CommitLogPosition | null;
  readonly level?: number;
  /** Uncompressed Data.db chunk size: a power of two in [4 KiB, 1 MiB]; default 16 KiB. */
  readonly chunkLengthBytes?: number;
  /** Bloom filter false-positive target; default 0.01. */
  readonly fpChance?: number;
  /** Encoded cell bytes between per-partition index points (cell blocks); default 1 KiB. */
  readonly cellBlockBytes?: number;
  /** Index entries per Index.db block (one summary entry each); default 128. */
  readonly indexBlockEntries?: number;
  /** The cache the reader returned by finish() uses; default a private 1 MiB cache. */
  readonly cache?: ChunkCache;
  /** The value bound of the reader returned by finish() (SSTableReader.open). */
  readonly maxValueSizeBytes?: number;
}

type WriterState = 'writing' | 'finishing' | 'done' | 'aborted' | 'failed';

/** Bytes of the private cache a finished reader gets when the options name none. */
const defaultCacheBytes = 1024 * 1024;

/**
 * Writes one SSTable from partitions appended in strictly increasing position order. Components
 * are written under temporary names; finish() syncs them, renames them into place, syncs the
 * directory, then writes the TOC the same way — so a crash leaves either a complete SSTable or
 * files without a TOC, which `quarantineIncomplete` moves aside at the next start.
 */
export class SSTableWriter {
  private state: WriterState = 'writing';
  private readonly desc: Descriptor;
  private readonly encoder: PartitionEncoder;
  private readonly data: DataFileWriter;
  private readonly index: IndexWriter;
  private readonly filter: BloomFilter;
  private readonly collector = new StatsCollector();
  private lastPosition: Buffer | null = null;
  private readonly openFds: number[] = [];

  private constructor(private readonly opts: SSTableWriterOptions) {
    checkOptions(opts);
    const fs = opts.env.fs;
    this.desc = new Descriptor(opts.dir, opts.generation);
    if (fs.existsSync(this.desc.path(Component.TOC))) throw new Error(`sstable generation ${opts.generation} already exists in ${opts.dir}`);
    fs.mkdirSync(opts.dir);
    this.encoder = new PartitionEncoder(opts.cellBlockBytes ?? cellBlockBytesDefault);
    this.filter = BloomFilter.create(opts.expectedPartitions, opts.fpChance ?? fpChanceDefault);
    const dataFd = this.createTmp(Component.DATA);
    let indexFd: number;
    try {
      indexFd = this.createTmp(Component.INDEX);
    } catch (e) {
      this.closeFds();
      fs.unlinkSync(this.desc.tmpPath(Component.DATA));
      throw e;
    }
    this.data = new DataFileWriter(fs, dataFd, opts.compression, opts.chunkLengthBytes ?? chunkLengthDefault);
    this.index = new IndexWriter(fs, indexFd, opts.indexBlockEntries ?? indexBlockEntriesDefault);
  }

  static create(opts: SSTableWriterOptions): SSTableWriter {
    return new SSTableWriter(opts);
  }

  get partitionCount(): number {
    return this.collector.partitionCount;
  }

  /** Uncompressed bytes of partition records written so far. */
  get dataSizeBytes(): number {
    return this.data.position;
  }

  /** Appends a partition; throws RangeError (writing nothing) if it is out of order or invalid. */
  append(p: PartitionData): void {
    this.expectState('writing');
    if (this.lastPosition !== null && compareBytes(p.position, this.lastPosition) <= 0) {
      throw new RangeError('partitions must be appended in strictly increasing position order');
    }
    if (p.position.length > positionBytesMax) throw new RangeError(`position of ${p.position.length} bytes exceeds ${positionBytesMax}`);
    const encoded = this.encoder.encode(p);
    try {
      const dataOffset = this.data.position;
      this.data.append(encoded.bytes);
      this.index.add(p.position, dataOffset, encoded.bytes.length, encoded.headerWidth, encoded.blocks);
    } catch (e) {
      this.state = 'failed';
      throw e;
    }
    this.filter.add(p.position);
    this.collector.add(p, encoded.bytes.length);
    this.lastPosition = Buffer.from(p.position);
  }

  /**
   * Makes the SSTable durable and complete, then opens it. An empty writer must be aborted
   * instead (see `partitionCount`). If anything fails the writer is left for abort() to clean up.
   */
  async finish(): Promise<SSTableReader> {
    this.expectState('writing');
    if (this.collector.partitionCount === 0) throw new Error('no partitions appended: abort() an empty sstable writer');
    this.state = 'finishing';
    const { env, dir, generation } = this.opts;
    try {
      this.writeSmallComponents();
      await Promise.all(this.openFds.map((fd) => env.fs.fsync(fd)));
      this.closeFds();
      for (const c of dataComponents) env.fs.renameSync(this.desc.tmpPath(c), this.desc.path(c));
      await env.fs.fsyncDir(dir);
      await this.writeToc();
      const reader = SSTableReader.open(env, dir, generation, this.opts.cache ?? new ChunkCache(defaultCacheBytes), { maxValueSizeBytes: this.opts.maxValueSizeBytes });
      this.state = 'done';
      return reader;
    } catch (e) {
      this.state = 'failed';
      throw e;
    }
  }

  /**
   * Abandons the SSTable: closes and deletes everything written for this generation (even a
   * complete TOC, if finish() failed after writing it). After a successful finish() it does
   * nothing: the SSTable belongs to whoever holds its reader.
   */
  abort(): void {
    if (this.state === 'done' || this.state === 'aborted') return;
    this.state = 'aborted';
    this.closeFds();
    removeGeneration(this.opts.env, this.opts.dir, this.opts.generation);
  }

  private expectState(s: WriterState): void {
    if (this.state !== s) throw new Error(`sstable writer is ${this.state}, expected ${s}`);
  }

  private createTmp(c: Component): number {
    const fd = this.opts.env.fs.openSync(this.desc.tmpPath(c), 'wx');
    this.openFds.push(fd);
    return fd;
  }

  private writeSmallComponents(): void {
    const fs = this.opts.env.fs;
    const info = this.data.finish();
    const summary = this.index.finish();
    const stats = this.buildStats(info.uncompressedLength);
    const components: [Component, Buffer][] = [
      [Component.COMPRESSION_INFO, encodeComponent(compressionInfoMagic, compressionInfoVersion, (w) => encodeCompressionInfo(w, info))],
      [Component.SUMMARY, encodeComponent(summaryMagic, summaryVersion, (w) => encodeSummary(w, summary))],
      [Component.FILTER, encodeComponent(filterMagic, filterVersion, (w) => this.filter.encode(w))],
      [Component.STATISTICS, encodeComponent(statisticsMagic, statisticsVersion, (w) => encodeStats(w, stats))],
    ];
    for (const [c, bytes] of components) this.openFds.push(writeNewFile(fs, this.desc.tmpPath(c), bytes));
  }

  private buildStats(dataSizeBytes: number): SSTableStats {
    return this.collector.finish({
      dataSizeBytes,
      onDiskBytes: this.data.onDiskBytes,
      commitLogUpperBound: this.opts.commitLogUpperBound,
      level: this.opts.level ?? 0,
      compression: this.opts.compression,
      createdAtMs: Math.floor(this.opts.env.clock.nowMs()),
    });
  }

  private async writeToc(): Promise<void> {
    const fs = this.opts.env.fs;
    const sizes = new Map<Component, number>();
    for (const c of dataComponents) sizes.set(c, fs.statSync(this.desc.path(c)).size);
    const tmp = this.desc.tmpPath(Component.TOC);
    const fd = writeNewFile(fs, tmp, encodeToc(sizes));
    this.openFds.push(fd);
    await fs.fsync(fd);
    this.closeFds();
    fs.renameSync(tmp, this.desc.path(Component.TOC));
    await fs.fsyncDir(this.opts.dir);
  }

  private closeFds(): void {
    for (const fd of this.openFds.splice(0)) {
      try {
        this.opts.env.fs.closeSync(fd);
      } catch {
        // Closing is best effort; a failed close after a successful fsync loses nothing.
      }
    }
  }
}

function checkOptions(o: SSTableWriterOptions): void {
  if (!isCompression(o.compression)) throw new RangeError(`unknown compression ${String(o.compression)}`);
  if (o.chunkLengthBytes !== undefined && !isValidChunkLength(o.chunkLengthBytes)) {
    throw new RangeError(`chunkLengthBytes must be a power of two in [4 KiB, 1 MiB]: ${o.chunkLengthBytes}`);
  }
  if (!(Number.isFinite(o.expectedPartitions) && o.expectedPartitions >= 0)) throw new RangeError(`bad expectedPartitions ${o.expectedPartitions}`);
  if (o.cellBlockBytes !== undefined && !(Number.isInteger(o.cellBlockBytes) && o.cellBlockBytes >= cellBlockBytesMin)) {
    throw new RangeError(`cellBlockBytes must be an integer ≥ ${cellBlockBytesMin}`);
  }
  const e = o.indexBlockEntries;
  if (e !== undefined && !(Number.isInteger(e) && e >= 1 && e <= indexBlockEntriesMax)) {
    throw new RangeError(`indexBlockEntries must be in [1, ${indexBlockEntriesMax}]`);
  }
  if (o.level !== undefined && !(Number.isSafeInteger(o.level) && o.level >= 0)) throw new RangeError(`bad level ${o.level}`);
}
