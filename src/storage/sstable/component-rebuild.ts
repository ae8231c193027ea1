import type { Env } from '../../env/env.js';
import { CorruptionError } from '../../errors/ilium-error.js';
import { BloomFilter, filterMagic, filterVersion } from './bloom-filter.js';
import { ChunkCache } from './chunk-cache.js';
import { compressionInfoMagic, compressionInfoVersion, decodeCompressionInfo } from './compression-info.js';
import { decodeBody, encodeComponent, readComponent, writeNewFile } from './component-io.js';
import { Component, Descriptor } from './descriptor.js';
import { compressionInfoBytesMax, filterBytesMax, fpChanceDefault, indexBlockBytesMax, summaryBytesMax } from './limits.js';
import { copyPosition, IndexBlock, type SummaryEntry, verifyIndexBlock } from './partition-index.js';
import { SSTableReader } from './sstable-reader.js';
import { encodeStats, readStats, type SSTableStats, StatsCollector, statisticsMagic, statisticsVersion } from './statistics.js';
import { EstimatedHistogram } from '../metrics/estimated-histogram.js';
import { encodeSummary, Summary, summaryMagic, summaryVersion } from './summary.js';
import { encodeToc, readToc } from './toc.js';

/**
 * Rebuilding an SSTable's derived components from its Index.db (and Data.db) when they are missing
 * or damaged:
 *
 *   Summary.db   each Index.db block's first position, offset and length: the blocks are found
 *                by walking Index.db (a block ends where its trailer `n:u32 crc32c:u32` checks)
 *   Filter.db    a bloom filter over every position in Index.db (default false-positive chance)
 *
 *   Statistics.db  counts, timestamps and bounds, by reading every partition (which must all read
 *                back intact; otherwise scrub the set); the commit-log bound is not recorded
 *                anywhere else, so it is left out (replay then re-applies what the retained
 *                segments hold for the table: harmless, writes reconcile), and the level is 0
 *
 * The rebuilt files are written beside the set, synced, renamed into place, then the TOC is
 * rewritten with the new sizes the same way. Index.db itself must be intact (each block's
 * checksum is verified); otherwise a CorruptionError naming it is thrown and nothing changes.
 */

export interface RebuildOptions {
  /**
   * Scrub's case: Statistics.db is remade even when some partitions do not read back — counted
   * from the intact ones, with the partition count and bounds from Index.db — so the set opens and
   * the damaged partitions can be dropped. Never at start, where the policy decides.
   */
  readonly partialStatistics?: boolean;
}

/** Components `rebuildDerived` can make again from Index.db. */
export const rebuildableComponents: readonly Component[] = [Component.SUMMARY, Component.FILTER, Component.STATISTICS];

/** True when `path` is a component `rebuildDerived` can make again. */
export function isRebuildable(path: string): boolean {
  return rebuildableComponents.some((c) => path.endsWith(`-${c}`));
}

/**
 * Checks Summary.db, Filter.db and Statistics.db of a complete SSTable (TOC present and valid) and rebuilds those
 * that are missing, of the wrong size or fail their checksum. Returns the components rebuilt.
 * Synchronous (start-up opens tables synchronously); it runs only on a damaged set.
 */
export function rebuildDerived(env: Env, dir: string, generation: number, opts: RebuildOptions = {}): Component[] {
  const desc = new Descriptor(dir, generation);
  const sizes = readToc(env.fs, desc.path(Component.TOC));
  const damaged = rebuildableComponents.filter((c) => !componentIntact(env, desc, c, sizes.get(c)!, sizes.get(Component.INDEX)!));
  if (damaged.length === 0) return [];
  const indexPath = desc.path(Component.INDEX);
  if (!env.fs.existsSync(indexPath) || env.fs.statSync(indexPath).size !== sizes.get(Component.INDEX)) {
    throw new CorruptionError(indexPath, 0, 'Index.db missing or of the wrong size: Summary, Filter and Statistics cannot be rebuilt');
  }
  const { summary, positions } = walkIndex(indexPath, env.fs.readFileSync(indexPath));
  const bytes = new Map<Component, Buffer>([
    [Component.SUMMARY, encodeComponent(summaryMagic, summaryVersion, (w) => encodeSummary(w, summary))],
    [Component.FILTER, encodeComponent(filterMagic, filterVersion, (w) => filterOf(positions).encode(w))],
  ]);
  const fs = env.fs;
  const newSizes = new Map(sizes);
  // Summary and Filter first: the walk that remakes Statistics opens the set with them.
  for (const c of damaged.filter((d) => d !== Component.STATISTICS)) {
    const b = bytes.get(c)!;
    replaceFile(env, desc.tmpPath(c), desc.path(c), b);
    newSizes.set(c, b.length);
  }
  if (damaged.includes(Component.STATISTICS)) {
    fs.fsyncDirSync(dir);
    replaceFile(env, desc.tmpPath(Component.TOC), desc.path(Component.TOC), encodeToc(newSizes));
    const b = encodeComponent(statisticsMagic, statisticsVersion, (w) => encodeStats(w, statsByWalking(env, desc, positions, opts.partialStatistics === true)));
    replaceFile(env, desc.tmpPath(Component.STATISTICS), desc.path(Component.STATISTICS), b);
    newSizes.set(Component.STATISTICS, b.length);
  }
  fs.fsyncDirSync(dir);
  replaceFile(env, desc.tmpPath(Component.TOC), desc.path(Component.TOC), encodeToc(newSizes));
  fs.fsyncDirSync(dir);
  return damaged;
}

function componentIntact(env: Env, desc: Descriptor, c: Component, tocSize: number, indexSize: number): boolean {
  const path = desc.path(c);
  if (!env.fs.existsSync(path) || env.fs.statSync(path).size !== tocSize) return false;
  try {
    if (c === Component.SUMMARY) decodeBody(path, readComponent(env.fs, path, summaryMagic, summaryVersion, summaryBytesMax), (r) => Summary.decode(r, indexSize));
    else if (c === Component.FILTER) decodeBody(path, readComponent(env.fs, path, filterMagic, filterVersion, filterBytesMax), BloomFilter.decode);
    else readStats(env.fs, path);
    return true;
  } catch (e) {
    if (e instanceof CorruptionError) return false;
    throw e;
  }
}

/** Splits Index.db into its blocks; returns the summary entries and every partition position. */
export function walkIndex(path: string, buf: Buffer): { summary: SummaryEntry[]; positions: Buffer[] } {
  const summary: SummaryEntry[] = [];
  const positions: Buffer[] = [];
  for (let start = 0; start < buf.length; ) {
    const end = blockEnd(buf, start);
    if (end < 0) throw new CorruptionError(path, start, 'no intact index block starts here: Summary, Filter and Statistics cannot be rebuilt');
    const block = new IndexBlock(verifyIndexBlock(buf.subarray(start, end))!);
    for (let i = 0; i < block.count; i++) {
      try {
        positions.push(copyPosition(block.entry(i)));
      } catch (e) {
        throw new CorruptionError(path, start, `index block entry ${i}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    summary.push({ firstPosition: positions[positions.length - block.count]!, offset: start, length: end - start });
    start = end;
  }
  return { summary, positions };
}

/**
 * Where the index block starting at `start` ends: the first end whose trailer is plausible (an
 * entry count n ≥ 1, the first entry at offset 0) and whose checksum matches; -1 if none.
 */
function blockEnd(buf: Buffer, start: number): number {
  const last = Math.min(buf.length, start + indexBlockBytesMax);
  for (let end = start + 13; end <= last; end++) {
    const n = buf.readUInt32BE(end - 8);
    const tableAt = end - 8 - 4 * n;
    if (n < 1 || tableAt <= start || buf.readUInt32BE(tableAt) !== 0) continue;
    if (verifyIndexBlock(buf.subarray(start, end)) !== null) return end;
  }
  return -1;
}

/**
 * Statistics from every partition: the set is opened with stand-in statistics (what Index.db and
 * CompressionInfo.db tell) and walked; a partition that does not read back intact stops it.
 */
function statsByWalking(env: Env, desc: Descriptor, positions: readonly Buffer[], partial: boolean): SSTableStats {
  const ciPath = desc.path(Component.COMPRESSION_INFO);
  const info = decodeBody(ciPath, readComponent(env.fs, ciPath, compressionInfoMagic, compressionInfoVersion, compressionInfoBytesMax), decodeCompressionInfo);
  const file = {
    dataSizeBytes: info.uncompressedLength,
    onDiskBytes: env.fs.statSync(desc.path(Component.DATA)).size,
    commitLogUpperBound: null,
    level: 0,
    compression: info.algorithm,
    createdAtMs: Math.floor(env.clock.nowMs()),
  };
  const first = positions[0] ?? Buffer.alloc(0);
  const none = Buffer.alloc(0);
  // Only what opening checks and walking uses is real here; the walk counts the rest.
  const provisional: SSTableStats = {
    partitionCount: positions.length, cellCount: 0, tombstoneCount: 0, minTimestamp: 0n, maxTimestamp: 0n, minLocalDeletionTime: 0,
    maxLocalDeletionTime: 0, firstPosition: first, lastPosition: positions[positions.length - 1] ?? first, firstKey: none, lastKey: none, ...file,
    partitionSizes: new EstimatedHistogram(), cellCounts: new EstimatedHistogram(),
  };
  const reader = SSTableReader.open(env, desc.dir, desc.generation, new ChunkCache(1 << 20), { stats: provisional });
  const collector = new StatsCollector();
  let damaged = false;
  try {
    for (const item of reader.walk()) {
      if (item.kind === 'partition') collector.add(item.partition, item.dataWidth);
      else if (partial) damaged = true;
      else throw new CorruptionError(desc.path(Component.DATA), 0, `Statistics.db cannot be rebuilt from damaged data (${item.error.message}); scrub the sstable`);
    }
  } finally {
    reader.close();
  }
  if (!damaged) return collector.finish(file);
  const counted = collector.partitionCount === 0 ? provisional : collector.finish(file);
  return { ...counted, partitionCount: provisional.partitionCount, firstPosition: provisional.firstPosition, lastPosition: provisional.lastPosition };
}

function filterOf(positions: readonly Buffer[]): BloomFilter {
  const f = BloomFilter.create(positions.length, fpChanceDefault);
  for (const p of positions) f.add(p);
  return f;
}

/** Writes `bytes` to `tmp` (replacing a leftover), syncs it, and renames it over `path`. */
function replaceFile(env: Env, tmp: string, path: string, bytes: Buffer): void {
  const fs = env.fs;
  if (fs.existsSync(tmp)) fs.unlinkSync(tmp);
  const fd = writeNewFile(fs, tmp, bytes);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, path);
}
