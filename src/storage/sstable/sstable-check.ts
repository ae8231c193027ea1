import type { Env } from '../../env/env.js';
import { ChunkCache } from './chunk-cache.js';
import { rebuildDerived } from './component-rebuild.js';
import { Component, Descriptor } from './descriptor.js';
import { SSTableReader } from './sstable-reader.js';
import { SSTableWriter } from './sstable-writer.js';

/**
 * Verify and scrub, as Cassandra's sstableverify / sstablescrub and nodetool verify / scrub do:
 *
 *   verify   reads every partition of an SSTable, checking every checksum and every record, and
 *            reports what it could not read — it changes nothing.
 *   scrub    the same walk, writing the partitions that read back intact to a new generation;
 *            the damaged ones are dropped and counted (partitions, and the uncompressed bytes
 *            they took in Data.db). The caller moves the old set aside (quarantine, never delete).
 *
 * Both first rebuild a missing or damaged Summary.db, Filter.db or Statistics.db (component-rebuild.ts),
 * which they need to open the SSTable (scrub even when the data is damaged too: statistics from the
 * intact partitions); damage elsewhere in the small components stops them with a CorruptionError
 * naming the file.
 */

/** What one SSTable held, and what of it could not be read. */
export interface CheckReport {
  readonly file: string;
  readonly partitions: number;
  readonly cells: number;
  /** Partitions that failed their checks (dropped by scrub). */
  readonly damagedPartitions: number;
  /** Cells the statistics count beyond those read intact (dropped by scrub). */
  readonly damagedCells: number;
  /** Uncompressed Data.db bytes of those partitions. */
  readonly damagedBytes: number;
  /** Index blocks that failed their checks: their partitions could not even be listed. */
  readonly damagedIndexBlocks: number;
  /** The rebuilt small components, if any. */
  readonly rebuilt: readonly string[];
  /** One message per damage found, with its file and position. */
  readonly errors: readonly string[];
}

const checkCacheBytes = 1 << 20;

/**
 * Reads all of one SSTable; reports what is damaged. `maxValueSizeBytes`: a longer value is damage
 * (a running node passes its max_value_size_in_mb, so verify reports what its reads would fail on).
 */
export function verifySSTable(env: Env, dir: string, generation: number, maxValueSizeBytes?: number): CheckReport {
  const rebuilt = rebuildDerived(env, dir, generation);
  const reader = SSTableReader.open(env, dir, generation, new ChunkCache(checkCacheBytes), { maxValueSizeBytes });
  try {
    return walkReport(reader, rebuilt, () => undefined);
  } finally {
    reader.close();
  }
}

/**
 * Rewrites one SSTable as `newGeneration` keeping the partitions that read back intact. Returns the
 * report and the new SSTable's reader (null when nothing was intact: no new set is written).
 */
export async function scrubSSTable(env: Env, dir: string, generation: number, newGeneration: number, cache?: ChunkCache, maxValueSizeBytes?: number): Promise<{ report: CheckReport; reader: SSTableReader | null }> {
  const rebuilt = rebuildDerived(env, dir, generation, { partialStatistics: true });
  const old = SSTableReader.open(env, dir, generation, new ChunkCache(checkCacheBytes), { maxValueSizeBytes });
  let writer: SSTableWriter | null = null;
  try {
    const s = old.stats;
    const w = SSTableWriter.create({
      env, dir, generation: newGeneration, compression: s.compression, expectedPartitions: s.partitionCount,
      commitLogUpperBound: s.commitLogUpperBound, level: s.level, ...(cache === undefined ? {} : { cache }), maxValueSizeBytes,
    });
    writer = w;
    const report = walkReport(old, rebuilt, (p) => w.append(p));
    if (w.partitionCount === 0) {
      w.abort();
      return { report, reader: null };
    }
    return { report, reader: await w.finish() };
  } catch (e) {
    writer?.abort();
    throw e;
  } finally {
    old.close();
  }
}

function walkReport(reader: SSTableReader, rebuilt: readonly string[], keep: (p: Parameters<SSTableWriter['append']>[0]) => void): CheckReport {
  let partitions = 0;
  let cells = 0;
  let damagedPartitions = 0;
  let damagedBytes = 0;
  let damagedIndexBlocks = 0;
  const errors: string[] = [];
  for (const item of reader.walk()) {
    if (item.kind === 'partition') {
      partitions++;
      cells += item.partition.cells.length;
      keep(item.partition);
    } else if (item.kind === 'damaged') {
      damagedPartitions++;
      damagedBytes += item.dataWidth;
      errors.push(item.error.message);
    } else {
      damagedIndexBlocks++;
      errors.push(item.error.message);
    }
  }
  const file = new Descriptor(reader.descriptor.dir, reader.generation).path(Component.DATA);
  const damagedCells = Math.max(0, reader.stats.cellCount - cells);
  return { file, partitions, cells, damagedPartitions, damagedCells, damagedBytes, damagedIndexBlocks, rebuilt, errors };
}

/** One line per SSTable for the tools: what was read and what was (or would be) dropped. */
export function formatCheckReport(r: CheckReport, verb: 'verified' | 'scrubbed'): string {
  const dropped = verb === 'scrubbed' ? 'dropped' : 'damaged';
  const rebuilt = r.rebuilt.length === 0 ? '' : `; rebuilt ${r.rebuilt.join(', ')}`;
  const index = r.damagedIndexBlocks === 0 ? '' : `; ${r.damagedIndexBlocks} unreadable index blocks (their partitions ${dropped}, count unknown)`;
  return `${r.file}: ${verb} ${r.partitions} partitions (${r.cells} cells) intact; ${r.damagedPartitions} partitions, ${r.damagedCells} cells ${dropped} (${r.damagedBytes} bytes)${index}${rebuilt}`;
}
