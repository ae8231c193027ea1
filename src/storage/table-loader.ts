import { type Env, mkdirDurable } from '../env/index.js';
import { readJournals } from './compaction/compaction-journal.js';
import { type ChunkCache, SSTableReader, listSSTables, removeGeneration, removeIncomplete } from './sstable/index.js';

/**
 * Opens a table directory after a restart: finishes or rolls back interrupted compactions,
 * removes half-written SSTables, and opens every complete one (checksums of the small components
 * are verified on open; a corrupt SSTable stops the load with a CorruptionError).
 */
export function loadSSTables(env: Env, dir: string, cache: ChunkCache): { readers: SSTableReader[]; maxGeneration: number } {
  mkdirDurable(env.fs, dir);
  let complete = new Set(listSSTables(env, dir));
  for (const j of readJournals(env, dir)) {
    if (complete.has(j.output)) {
      // Inputs may be half-deleted already: remove them by name, never by opening them.
      for (const g of j.inputs) removeGeneration(env, dir, g);
    }
    env.fs.unlinkSync(j.path);
  }
  removeIncomplete(env, dir);
  complete = new Set(listSSTables(env, dir));
  const readers = [...complete].sort((a, b) => b - a).map((g) => SSTableReader.open(env, dir, g, cache));
  const maxGeneration = Math.max(0, ...readers.map((r) => r.generation), ...generationsOnDisk(env, dir));
  return { readers, maxGeneration };
}

/** Generations present in any file name (complete or not), so a new one never reuses a number. */
function generationsOnDisk(env: Env, dir: string): number[] {
  const out: number[] = [];
  for (const name of env.fs.readdirSync(dir)) {
    const m = /(\d+)/.exec(name);
    if (m) out.push(Number(m[1]));
  }
  return out;
}
