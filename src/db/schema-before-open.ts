/**
 * The schema as the schema table's SSTables hold it, read before the engine opens. The engine
 * replays the commit log while opening, and replay must know every user table it meets (an
 * entry of an unknown table is skipped, and its segment later recycled). Schema changes are
 * flushed before they are acknowledged (system-schema.ts), so the SSTables alone hold every table
 * a logged write can belong to. It loads the table as the engine does (incomplete sets quarantined,
 * Summary/Filter/Statistics rebuilt, each logged); the engine opens the same files again afterwards.
 */
import type { Env } from '../env/index.js';
import { ChunkCache } from '../storage/sstable/index.js';
import { tableDirName } from '../storage/table-def.js';
import { type LoadOptions, loadSSTables } from '../storage/table-loader.js';
import { TableStore } from '../storage/table-store.js';
import { KEYSPACES_MAX, SCHEMA_SCAN, type StoredSchema, decodeStoredSchema } from './stored-schema.js';
import { SYSTEM_KEYSPACE, schemaTableDef } from './schema-table.js';

const CACHE_BYTES = 1 << 20;

export function readSchemaBeforeOpen(env: Env, dataDir: string, load: LoadOptions): StoredSchema {
  const def = schemaTableDef();
  const dir = `${dataDir}/data/${SYSTEM_KEYSPACE}/${tableDirName(def)}`;
  if (!env.fs.existsSync(dir)) return { keyspaces: [], indexBuilds: [], maxTimestamp: -(2n ** 63n) };
  const cache = new ChunkCache(CACHE_BYTES);
  const store = new TableStore(env, def, dir, cache);
  const { readers } = loadSSTables(env, dir, cache, load);
  store.replaceSSTables([], readers);
  try {
    const nowSec = Math.floor(env.clock.nowMs() / 1000);
    return decodeStoredSchema(store.scan(undefined, undefined, SCHEMA_SCAN, KEYSPACES_MAX, nowSec), nowSec);
  } finally {
    for (const r of readers) r.close();
  }
}
