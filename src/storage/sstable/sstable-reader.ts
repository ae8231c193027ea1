import type { Env } from '../../env/env.js';
import { CorruptionError, EngineStateError } from '../../errors/ilium-error.js';
import type { Cell } from '../model/cell.js';
import type { PartitionData } from '../model/partition-data.js';
import { BloomFilter, filterMagic, filterVersion } from './bloom-filter.js';
import { compareBytes } from './bytes.js';
import { IndexedBlockSource, SingleBlockSource } from './cell-block-source.js';
import { CellRun } from './cell-run.js';
import type { ChunkCache } from './chunk-cache.js';
import { decodeBody, readComponent } from './component-io.js';
import { type CompressionInfo, compressionInfoMagic, compressionInfoVersion, decodeCompressionInfo } from './compression-info.js';
import { type ByteSpan, DataFileReader } from './data-file-reader.js';
import { Component, dataComponents, Descriptor } from './descriptor.js';
import { IndexReader } from './index-reader.js';
import {
  compressionInfoBytesMax,
  filterBytesMax,
  prefetchBytesMax,
  summaryBytesMax,
  valueBytesMax,
} from './limits.js';
import { decodeHeader, type PartitionHeader } from './partition-codec.js';
import { type CellBlockSource, openCursor, type PartitionCursor, type Slice } from './partition-cursor.js';
import { comparePosition, copyPosition, type IndexBlock, type IndexEntry } from './partition-index.js';
import { readStats, type SSTableStats } from './statistics.js';
import { Summary, summaryMagic, summaryVersion } from './summary.js';
import { sliceExtent } from './slice-extent.js';
import { readToc } from './toc.js';

const EMPTY = Buffer.alloc(0);

/** One end of a scan's position range. */
export interface ScanBound {
  readonly position: Buffer;
  readonly inclusive: boolean;
}

/** A partition a lazy scan found: its position, and a cursor over a slice of it on demand. */
export interface LazyPartition {
  readonly position: Buffer;
  open(slice: Slice): PartitionCursor;
}

export interface ScanOptions {
  /** Cache chunks read by the scan (default true); compaction passes false to keep the cache hot. */
  readonly fillCache?: boolean;
}

/** One step of `walk`: an intact partition, a damaged one, or an index block that cannot be read. */
export type WalkItem =
  | { readonly kind: 'partition'; readonly partition: PartitionData; readonly dataWidth: number }
  | { readonly kind: 'damaged'; readonly error: Error; readonly dataOffset: number; readonly dataWidth: number }
  | { readonly kind: 'damaged-index'; readonly error: Error; readonly block: number };

/** The small components, verified and decoded at open. */
interface Metadata {
  readonly info: CompressionInfo;
  readonly summary: Summary;
  readonly filter: BloomFilter;
  readonly stats: SSTableStats;
}

/**
 * Reads one complete SSTable. Opening verifies the TOC, every component's size, and the whole
 * checksums of the small components; Data.db chunks and Index.db blocks are verified when first
 * read. Any damage surfaces as a CorruptionError naming the file and offset; wrong data is never
 * returned. Reads are synchronous passes over the engine's shared chunk cache; `prefetch` loads
 * what a point read will touch off the event loop first.
 */
export interface SSTableOpenOptions {
  readonly stats?: SSTableStats;
  readonly maxValueSizeBytes?: number;
}

export class SSTableReader {
  readonly generation: number;
  readonly stats: SSTableStats;
  /** Component paths (TOC last), for snapshots (hard links) and deletion. */
  readonly files: readonly string[];
  private readonly summary: Summary;
  private readonly filter: BloomFilter;
  private closed = false;

  private constructor(
    readonly descriptor: Descriptor,
    meta: Metadata,
    private readonly data: DataFileReader,
    private readonly index: IndexReader,
    private readonly maxValueSizeBytes: number,
  ) {
    this.generation = descriptor.generation;
    this.stats = meta.stats;
    this.summary = meta.summary;
    this.filter = meta.filter;
    this.files = descriptor.allPaths();
  }

  /**
   * Opens a complete SSTable. `stats`, when given, stands in for Statistics.db, which is then not
   * read (component-rebuild.ts remakes it by walking the data this way). `maxValueSizeBytes`: a
   * longer value met by a read is damage (the node's max_value_size_in_mb; the format's bound by default).
   */
  static open(env: Env, dir: string, generation: number, cache: ChunkCache, opts: SSTableOpenOptions = {}): SSTableReader {
    const { stats, maxValueSizeBytes = valueBytesMax } = opts;
    const desc = new Descriptor(dir, generation);
    const sizes = checkComponents(env, desc, stats === undefined ? dataComponents : dataComponents.filter((c) => c !== Component.STATISTICS));
    const meta = readMetadata(env, desc, sizes, stats);
    const fs = env.fs;
    const dataFd = fs.openSync(desc.path(Component.DATA), 'r');
    let indexFd = -1;
    try {
      indexFd = fs.openSync(desc.path(Component.INDEX), 'r');
    } catch (e) {
      fs.closeSync(dataFd);
      throw e;
    }
    const data = new DataFileReader(fs, desc.path(Component.DATA), dataFd, meta.info, cache, cache.registerFile());
    const index = new IndexReader(fs, desc.path(Component.INDEX), indexFd, meta.summary, cache, cache.registerFile());
    return new SSTableReader(desc, meta, data, index, maxValueSizeBytes);
  }

  /** False when the partition is certainly absent (bloom filter). */
  mayContain(position: Buffer): boolean {
    return this.filter.mayContain(position);
  }

  /** One partition restricted to a slice, or null if absent. */
  readPartition(position: Buffer, slice: Slice): PartitionData | null {
    const cursor = this.cursorFor(position, slice, true);
    if (cursor === null) return null;
    const cells: Cell[] = [];
    for (let c = cursor.next(); c !== null; c = cursor.next()) cells.push(c);
    return {
      key: cursor.key,
      position: Buffer.from(position),
      partitionDeletion: cursor.partitionDeletion,
      rangeTombstones: cursor.rangeTombstones,
      cells,
    };
  }

  /**
   * Loads into the chunk cache, off the event loop, what a read of the partition at `position` in
   * `slices` will touch: its index block, then its header and the cells of each slice (at most
   * `bytesMax` a slice, `slice-extent.ts`). Undefined when all of it is cached or the partition
   * is not here. Never rejects: damage is left for the read itself to meet and report.
   */
  prefetch(position: Buffer, slices: readonly Slice[], bytesMax = prefetchBytesMax): Promise<void> | undefined {
    if (this.closed || !this.filter.mayContain(position) || compareBytes(position, this.stats.lastPosition) > 0) return undefined;
    const b = this.summary.blockFor(position);
    if (b < 0) return undefined;
    const indexLoad = this.index.prefetch(b);
    const loads = indexLoad === undefined ? this.prefetchData(position, slices, bytesMax) : indexLoad.then(() => this.prefetchData(position, slices, bytesMax));
    return loads?.then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Loads into the chunk cache, off the event loop, what a scan from `from` starts with: the two
   * index blocks from there on, then the first `prefetchBytesMax` of Data.db from the first
   * partition in range (partitions lie in position order, so a scan reads Data.db forward).
   * Undefined when all of it is cached. Never rejects, as `prefetch`.
   */
  prefetchScan(from: ScanBound | undefined): Promise<void> | undefined {
    if (this.closed || (from !== undefined && compareBytes(from.position, this.stats.lastPosition) > 0)) return undefined;
    const b = from === undefined ? 0 : Math.max(0, this.summary.blockFor(from.position));
    const blocks = [this.index.prefetch(b), b + 1 < this.summary.blockCount ? this.index.prefetch(b + 1) : undefined].filter((l) => l !== undefined);
    const data = (): Promise<void> | undefined => {
      if (this.closed) return undefined;
      let first: IndexEntry | undefined;
      try {
        first = this.entries(from, undefined, true).next().value ?? undefined;
      } catch {
        return undefined;
      }
      return first === undefined ? undefined : this.data.prefetch(first.dataOffset, Math.min(prefetchBytesMax, this.data.length - first.dataOffset));
    };
    const loads = blocks.length === 0 ? data() : Promise.all(blocks).then(data);
    return loads?.then(
      () => undefined,
      () => undefined,
    );
  }

  private prefetchData(position: Buffer, slices: readonly Slice[], bytesMax: number): Promise<unknown> | undefined {
    if (this.closed) return undefined;
    let entry: IndexEntry | null;
    try {
      entry = this.findEntry(position);
    } catch {
      return undefined;
    }
    if (entry === null) return undefined;
    const { dataOffset, dataWidth, headerWidth, cellBlocks } = entry;
    // Bounded even if the entry's widths are damaged (the read then reports the damage).
    if (cellBlocks === null) return this.data.prefetch(dataOffset, Math.min(dataWidth, bytesMax));
    const loads = [this.data.prefetch(dataOffset, Math.min(headerWidth, bytesMax))];
    for (const slice of slices) {
      const extent = sliceExtent(cellBlocks, slice, bytesMax);
      if (extent !== null) loads.push(this.data.prefetch(dataOffset + extent.offset, extent.length));
    }
    const pending = loads.filter((l) => l !== undefined);
    return pending.length === 0 ? undefined : Promise.all(pending);
  }

  /** A lazy cursor over one partition's cells in a slice, or null if the partition is absent. */
  openPartition(position: Buffer, slice: Slice): PartitionCursor | null {
    return this.cursorFor(position, slice, false);
  }

  private cursorFor(position: Buffer, slice: Slice, longLived: boolean): PartitionCursor | null {
    this.checkOpen();
    if (!this.filter.mayContain(position)) return null;
    if (compareBytes(position, this.stats.lastPosition) > 0) return null;
    const entry = this.findEntry(position);
    return entry === null ? null : this.cursorAt(entry, slice, longLived);
  }

  private cursorAt(entry: IndexEntry, slice: Slice, longLived: boolean): PartitionCursor {
    const wrap = (e: unknown): Error => this.corrupt(entry.dataOffset, e);
    try {
      const { header, source } = this.partitionSource(entry, true);
      return openCursor(header, source, slice, wrap, longLived, this.maxValueSizeBytes);
    } catch (e) {
      throw wrap(e);
    }
  }

  /** Every partition with a position inside the bounds, in position order, with all contents. */
  *scan(from?: ScanBound, to?: ScanBound, options?: ScanOptions): Generator<PartitionData, void, undefined> {
    const fillCache = options?.fillCache ?? true;
    for (const entry of this.entries(from, to, fillCache)) yield this.readWhole(entry, fillCache);
  }

  /**
   * The partitions inside the bounds, in position order, each opened only when asked and read only
   * as far as its cursor moves: a scan step that wants 1000 cells of a partition of millions
   * decodes what it reads, not the whole partition (issue 16).
   */
  *scanLazily(from?: ScanBound, to?: ScanBound): Generator<LazyPartition, void, undefined> {
    for (const entry of this.entries(from, to, true)) {
      const position = copyPosition(entry);
      yield { position, open: (slice) => this.cursorAt(entry, slice, false) };
    }
  }

  /** The index entries of the partitions inside the bounds, in position order. */
  private *entries(from: ScanBound | undefined, to: ScanBound | undefined, fillCache: boolean): Generator<IndexEntry, void, undefined> {
    let b = 0;
    let i = 0;
    if (from !== undefined) {
      b = Math.max(0, this.summary.blockFor(from.position));
      i = this.indexBlock(b, fillCache, (block) => block.lowerBound(from.position, from.inclusive));
    }
    for (; b < this.summary.blockCount; b++, i = 0) {
      this.checkOpen();
      const block = this.index.block(b, fillCache);
      for (; i < block.count; i++) {
        let entry: IndexEntry;
        try {
          entry = block.entry(i);
        } catch (e) {
          throw this.index.corrupt(b, e);
        }
        if (to !== undefined) {
          const c = comparePosition(entry, to.position);
          if (c > 0 || (c === 0 && !to.inclusive)) return;
        }
        yield entry;
      }
    }
  }

  /**
   * Every partition in position order, damage included, for verify and scrub: a partition that
   * fails its checks is reported with its place in Data.db and the walk goes on; an index block
   * that fails is reported once and its partitions skipped. Reads bypass the cache.
   */
  *walk(): Generator<WalkItem, void, undefined> {
    for (let b = 0; b < this.summary.blockCount; b++) {
      this.checkOpen();
      let block: IndexBlock;
      try {
        block = this.index.block(b, false);
      } catch (e) {
        yield { kind: 'damaged-index', error: this.index.corrupt(b, e), block: b };
        continue;
      }
      for (let i = 0; i < block.count; i++) {
        let entry: IndexEntry;
        try {
          entry = block.entry(i);
        } catch (e) {
          yield { kind: 'damaged-index', error: this.index.corrupt(b, e), block: b };
          break;
        }
        let item: WalkItem;
        try {
          item = { kind: 'partition', partition: this.readWhole(entry, false), dataWidth: entry.dataWidth };
        } catch (e) {
          item = { kind: 'damaged', error: e instanceof Error ? e : new Error(String(e)), dataOffset: entry.dataOffset, dataWidth: entry.dataWidth };
        }
        yield item;
      }
    }
  }

  /** Closes both files; cursors and scans still open on this reader then fail with EngineStateError. */
  /** Released: its files' descriptors are closed; it serves no read again. */
  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.data.close();
    this.index.close();
  }

  private checkOpen(): void {
    if (this.closed) throw new EngineStateError(`sstable ${this.descriptor.path(Component.DATA)} is closed`);
  }

  private findEntry(position: Buffer): IndexEntry | null {
    const b = this.summary.blockFor(position);
    if (b < 0) return null;
    return this.indexBlock(b, true, (block) => {
      const i = block.find(position);
      return i < 0 ? null : block.entry(i);
    });
  }

  /** Runs `fn` on index block b, turning decoding errors into CorruptionError. */
  private indexBlock<T>(b: number, fillCache: boolean, fn: (block: IndexBlock) => T): T {
    const block = this.index.block(b, fillCache);
    try {
      return fn(block);
    } catch (e) {
      throw this.index.corrupt(b, e);
    }
  }

  private partitionSource(entry: IndexEntry, fillCache: boolean): { header: PartitionHeader; source: CellBlockSource } {
    const { dataOffset, dataWidth, headerWidth, cellBlocks } = entry;
    const span: ByteSpan = { buf: EMPTY, start: 0 };
    this.data.locate(dataOffset, cellBlocks === null ? dataWidth : headerWidth, fillCache, span);
    const { buf, start } = span;
    const header = decodeHeader(buf, start, start + headerWidth);
    if (header.cellsStart !== start + headerWidth) throw new RangeError(`header width disagrees with the index (${headerWidth})`);
    const source =
      cellBlocks === null
        ? new SingleBlockSource(buf, start + headerWidth, start + dataWidth, header.tsBase)
        : new IndexedBlockSource(this.data, dataOffset, headerWidth, dataWidth, cellBlocks, header.tsBase, fillCache);
    return { header, source };
  }

  private readWhole(entry: IndexEntry, fillCache: boolean): PartitionData {
    try {
      const buf = this.data.read(entry.dataOffset, entry.dataWidth, fillCache);
      const header = decodeHeader(buf, 0, entry.headerWidth);
      if (header.cellsStart !== entry.headerWidth) throw new RangeError('header width does not match the index');
      const run = new CellRun(this.maxValueSizeBytes);
      run.reset(buf, header.cellsStart, entry.dataWidth, header.tsBase);
      const cells: Cell[] = [];
      while (run.advance()) {
        if (cells.length >= header.cellCount) throw new RangeError(`more than the ${header.cellCount} cells announced`);
        cells.push(run.longLivedCell());
      }
      if (cells.length !== header.cellCount) throw new RangeError(`${cells.length} cells, header says ${header.cellCount}`);
      return { key: header.key, position: copyPosition(entry), partitionDeletion: header.partitionDeletion, rangeTombstones: header.rangeTombstones, cells };
    } catch (e) {
      throw this.corrupt(entry.dataOffset, e);
    }
  }

  private corrupt(dataOffset: number, e: unknown): Error {
    if (e instanceof CorruptionError || e instanceof EngineStateError) return e;
    const msg = e instanceof Error ? e.message : String(e);
    return new CorruptionError(this.data.path, dataOffset, `partition record at uncompressed offset ${dataOffset}: ${msg}`);
  }
}

/** Verifies the TOC and that every component exists with the size it records. */
function checkComponents(env: Env, desc: Descriptor, components: readonly Component[]): ReadonlyMap<Component, number> {
  const tocPath = desc.path(Component.TOC);
  if (!env.fs.existsSync(tocPath)) throw new CorruptionError(tocPath, 0, 'TOC missing: the sstable is incomplete');
  const sizes = readToc(env.fs, tocPath);
  for (const c of components) {
    const path = desc.path(c);
    if (!env.fs.existsSync(path)) throw new CorruptionError(path, 0, 'component file missing');
    const size = env.fs.statSync(path).size;
    if (size !== sizes.get(c)) throw new CorruptionError(path, Math.min(size, sizes.get(c) ?? 0), `size ${size}, TOC says ${sizes.get(c)}`);
  }
  return sizes;
}

function readMetadata(env: Env, desc: Descriptor, sizes: ReadonlyMap<Component, number>, given: SSTableStats | undefined): Metadata {
  const fs = env.fs;
  const ciPath = desc.path(Component.COMPRESSION_INFO);
  const ciReader = readComponent(fs, ciPath, compressionInfoMagic, compressionInfoVersion, compressionInfoBytesMax);
  const info = decodeBody(ciPath, ciReader, decodeCompressionInfo);
  const dataPath = desc.path(Component.DATA);
  const dataSize = sizes.get(Component.DATA)!;
  if (info.offsets[info.offsets.length - 1] !== dataSize) throw new CorruptionError(dataPath, 0, 'chunk offsets do not cover Data.db');
  const sumPath = desc.path(Component.SUMMARY);
  const sumReader = readComponent(fs, sumPath, summaryMagic, summaryVersion, summaryBytesMax);
  const summary = decodeBody(sumPath, sumReader, (r) => Summary.decode(r, sizes.get(Component.INDEX)!));
  const filterPath = desc.path(Component.FILTER);
  const filter = decodeBody(filterPath, readComponent(fs, filterPath, filterMagic, filterVersion, filterBytesMax), BloomFilter.decode);
  const statsPath = desc.path(Component.STATISTICS);
  const stats = given ?? readStats(fs, statsPath);
  if (stats.dataSizeBytes !== info.uncompressedLength || stats.onDiskBytes !== dataSize) {
    throw new CorruptionError(statsPath, 0, 'statistics disagree with Data.db');
  }
  if (summary.blockCount === 0 || stats.partitionCount === 0) throw new CorruptionError(sumPath, 0, 'sstable has no partitions');
  if (compareBytes(summary.firstPosition(0), stats.firstPosition) !== 0) {
    throw new CorruptionError(sumPath, 0, 'first position disagrees with statistics');
  }
  return { info, summary, filter, stats };
}
