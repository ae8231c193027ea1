/** A node's load as nodetool and gossip's LOAD report it: bytes of SSTable files on disk, all tables. */
import type { Env } from '../env/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';

export function loadOf(engine: StorageEngine, env: Env): number {
  let total = 0;
  for (const id of engine.tableIds()) for (const s of engine.table(id).sstables) for (const f of s.files) total += fileSize(env, f);
  return total;
}

export function fileSize(env: Env, file: string): number {
  try {
    return env.fs.statSync(file).size;
  } catch {
    return 0; // compacted away meanwhile
  }
}
