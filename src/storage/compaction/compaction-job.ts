import type { Env } from '../../env/index.js';
import type { CommitLogPosition } from '../model/commit-log-position.js';
import type { PartitionData } from '../model/partition-data.js';
import { ChunkCache, SSTableReader, SSTableWriter } from '../sstable/index.js';
import type { Compression } from '../storage-options.js';
import { YieldBudget } from '../yield-budget.js';
import { writeJournal } from './compaction-journal.js';
import { mergePartition } from './merge-partition.js';

/**
 * One compaction as plain data, so it can run on the main thread or in a worker thread: merge the
 * `inputs` generations of `dir` into generation `output`. Tombstones may be purged when older than
 * `gcBefore` and older than `maxPurgeableTimestamp` — the oldest write in any memtable or SSTable
 * outside the compaction, taken when the job was made (conservative: it holds for every key).
 * The journal is written before the output is completed, so a crash is resolved on startup.
 */
export interface CompactionJob {
  readonly dir: string;
  readonly inputs: readonly number[];
  readonly output: number;
  readonly compression: Compression;
  readonly nowSec: number;
  readonly gcBefore: number;
  /** bigint as a decimal string (structured clone carries bigint, but keep the job JSON-able). */
  readonly maxPurgeableTimestamp: string;
  readonly commitLogUpperBound: CommitLogPosition | null;
  readonly expectedPartitions: number;
  readonly bytesPerSec: number;
  /** A longer value in an input is damage (max_value_size_in_mb). */
  readonly maxValueSizeBytes: number;
  /** Cleanup: only partitions inside one of these position intervals are written; all when absent. */
  readonly keep?: readonly KeepInterval[];
}

/** A position interval as plain data (hex positions; `end` null: to the end). */
export interface KeepInterval {
  readonly start: string;
  readonly startInclusive: boolean;
  readonly end: string | null;
  readonly endInclusive: boolean;
}

function kept(position: Buffer, keep: readonly KeepInterval[] | undefined): boolean {
  if (keep === undefined) return true;
  return keep.some((k) => {
    const a = Buffer.compare(position, Buffer.from(k.start, 'hex'));
    if (a < 0 || (a === 0 && !k.startInclusive)) return false;
    if (k.end === null) return true;
    const b = Buffer.compare(position, Buffer.from(k.end, 'hex'));
    return b < 0 || (b === 0 && k.endInclusive);
  });
}

export interface CompactionResult {
  /** The output generation, or null when everything was purged and nothing was written. */
  readonly output: number | null;
  readonly partitions: number;
  readonly journalPath: string;
}

/** Scratch cache for a job's reads: compaction must not evict the read path's hot chunks. */
const JOB_CACHE_BYTES = 1 << 20;

export async function runCompactionJob(env: Env, job: CompactionJob): Promise<CompactionResult> {
  const cache = new ChunkCache(JOB_CACHE_BYTES);
  const readers = job.inputs.map((g) => SSTableReader.open(env, job.dir, g, cache, { maxValueSizeBytes: job.maxValueSizeBytes }));
  const writer = SSTableWriter.create({
    env,
    dir: job.dir,
    generation: job.output,
    compression: job.compression,
    expectedPartitions: job.expectedPartitions,
    commitLogUpperBound: job.commitLogUpperBound,
    cache,
  });
  try {
    const partitions = await mergeInto(env, readers, writer, job);
    const journalPath = writeJournal(env, job.dir, job.output, job.inputs);
    if (partitions === 0) {
      writer.abort();
      return { output: null, partitions, journalPath };
    }
    (await writer.finish()).close();
    return { output: job.output, partitions, journalPath };
  } catch (e) {
    writer.abort();
    throw e;
  } finally {
    for (const r of readers) r.close();
  }
}

async function mergeInto(env: Env, readers: readonly SSTableReader[], writer: SSTableWriter, job: CompactionJob): Promise<number> {
  const budget = new YieldBudget(env, job.bytesPerSec);
  const purge = { gcBefore: job.gcBefore, maxPurgeableTimestamp: BigInt(job.maxPurgeableTimestamp) };
  const streams = readers.map((s) => s.scan(undefined, undefined, { fillCache: false }));
  const heads = streams.map((s) => s.next());
  let written = 0;
  for (;;) {
    let min: Buffer | null = null;
    for (const h of heads) if (!h.done && (min === null || Buffer.compare(h.value.position, min) < 0)) min = h.value.position;
    if (min === null) return written;
    const parts: PartitionData[] = [];
    let bytes = 0;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i]!;
      if (!h.done && h.value.position.equals(min)) {
        parts.push(h.value);
        for (const c of h.value.cells) bytes += c.name.length + c.value.length + 16;
        heads[i] = streams[i]!.next();
      }
    }
    const merged = kept(min, job.keep) ? mergePartition(parts, job.nowSec, purge) : null;
    if (merged !== null) {
      writer.append(merged);
      written++;
    }
    await budget.tick(bytes);
  }
}
