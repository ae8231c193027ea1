import { join } from 'node:path';
import { type Env, mkdirDurable } from '../env/index.js';
import { CorruptionError } from '../errors/index.js';
import { readJournals } from './compaction/compaction-journal.js';
import { type DiskFailurePolicy, skipsDamagedAtStart, type StorageLog } from './disk-failure.js';
import { isRebuildable, rebuildDerived } from './sstable/component-rebuild.js';
import { type ChunkCache, SSTableReader, generationsEverSeen, listSSTables, quarantineDirName, quarantineIncomplete, removeGeneration } from './sstable/index.js';

export interface LoadOptions {
  /** What a damaged SSTable that cannot be repaired does to the start (disk_failure_policy). */
  readonly policy: DiskFailurePolicy;
  readonly log: StorageLog;
  /** A longer value met by a read is damage (max_value_size_in_mb). */
  readonly maxValueSizeBytes?: number;
}

/**
 * Opens a table directory after a restart, saying what it changed on disk:
 *
 * 1. finishes interrupted compactions (inputs of a complete output are deleted, logged) and drops
 *    their journals;
 * 2. moves incomplete SSTable sets (no TOC.txt: a flush or compaction cut short) to `quarantine/`,
 *    logged at WARN — never deleted; the commit log or the compaction inputs still hold the data;
 * 3. opens every complete SSTable; a missing or damaged Summary.db, Filter.db or Statistics.db is
 *    rebuilt (component-rebuild.ts, logged); any other damage stops the load (CorruptionError) unless the policy is
 *    best_effort or ignore, which leave the SSTable on disk unread (logged at ERROR).
 *
 * `maxGeneration` covers every generation ever named in the directory or its quarantine, so a
 * new SSTable never reuses a number.
 */
export function loadSSTables(env: Env, dir: string, cache: ChunkCache, opts: LoadOptions): { readers: SSTableReader[]; maxGeneration: number } {
  mkdirDurable(env.fs, dir);
  let complete = new Set(listSSTables(env, dir));
  for (const j of readJournals(env, dir)) {
    if (complete.has(j.output)) {
      // Inputs may be half-deleted already: remove them by name, never by opening them.
      for (const g of j.inputs) removeGeneration(env, dir, g);
      opts.log('compaction_inputs_removed', { dir, output: j.output, generations: j.inputs, reason: 'the interrupted compaction had finished its output' });
    }
    env.fs.unlinkSync(j.path);
  }
  const moved = quarantineIncomplete(env, dir);
  if (moved.length > 0) {
    opts.log('sstables_quarantined', {
      dir,
      quarantine: join(dir, quarantineDirName),
      files: moved,
      reason: 'no TOC.txt: a flush or compaction cut short (its data is still in the commit log or the compaction inputs)',
    }, 'warn');
  }
  complete = new Set(listSSTables(env, dir));
  const readers: SSTableReader[] = [];
  for (const g of [...complete].sort((a, b) => b - a)) {
    const r = openRepairing(env, dir, g, cache, opts);
    if (r !== null) readers.push(r);
  }
  const maxGeneration = Math.max(0, ...complete, ...generationsEverSeen(env, dir));
  return { readers, maxGeneration };
}

/** Opens one SSTable, rebuilding Summary/Filter/Statistics once if they are what is damaged; null if skipped by the policy. */
export function openRepairing(env: Env, dir: string, generation: number, cache: ChunkCache, opts: LoadOptions): SSTableReader | null {
  try {
    try {
      return SSTableReader.open(env, dir, generation, cache, { maxValueSizeBytes: opts.maxValueSizeBytes });
    } catch (e) {
      if (!(e instanceof CorruptionError) || !isRebuildable(e.file)) throw e;
      const rebuilt = rebuildDerived(env, dir, generation);
      opts.log('sstable_components_rebuilt', { file: e.file, damage: e.message, rebuilt }, 'warn');
      return SSTableReader.open(env, dir, generation, cache, { maxValueSizeBytes: opts.maxValueSizeBytes });
    }
  } catch (e) {
    if (!(e instanceof CorruptionError)) throw e;
    const fields = { file: e.file, position: e.offset, error: e.message, disk_failure_policy: opts.policy };
    if (!skipsDamagedAtStart(opts.policy)) {
      opts.log('sstable_corrupt_at_start', fields, 'error');
      throw e;
    }
    opts.log('sstable_corrupt_skipped', { ...fields, generation }, 'error');
    return null;
  }
}
