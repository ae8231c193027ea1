/**
 * How a node opens its storage: read the schema the schema table's SSTables hold, open the
 * engine with the schema table and a `resolveTable` hook answering from that schema (so commit
 * log replay keeps the writes of every user table and KEYS index), then load the schema through
 * the engine (which now includes replayed schema writes), register every user and index table,
 * and finish any KEYS index build a crash interrupted (SchemaKeeper.open).
 */
import type { Env } from '../env/index.js';
import { StorageEngine, type StorageEngineConfig } from '../storage/storage-engine.js';
import type { KeyDecorator, TableDef } from '../storage/table-def.js';
import { readSchemaBeforeOpen } from './schema-before-open.js';
import { batchlogTableDef } from './batchlog-table.js';
import { paxosTableDef } from './paxos-table.js';
import { schemaTableDef } from './schema-table.js';
import { SchemaKeeper } from './system-schema.js';
import { toTableDef } from './to-table-def.js';
import { allIndexTableDefs } from './index-changes.js';
import { Schema } from '../schema/index.js';

export interface NodeStorageConfig {
  readonly env: Env;
  readonly dataDir: string;
  /** The cluster's partitioner; user tables order their partitions by it. */
  readonly partitioner: KeyDecorator;
  readonly options?: StorageEngineConfig['options'];
  readonly log?: StorageEngineConfig['log'];
  readonly onFailure?: StorageEngineConfig['onFailure'];
  readonly background?: StorageEngineConfig['background'];
}

export async function openNodeStorage(cfg: NodeStorageConfig): Promise<{ engine: StorageEngine; keeper: SchemaKeeper }> {
  const stored = readSchemaBeforeOpen(cfg.env, cfg.dataDir, { policy: cfg.options?.diskFailurePolicy ?? 'stop', log: cfg.log ?? (() => undefined) });
  const known = new Map<string, TableDef>();
  for (const ks of stored.keyspaces) for (const t of ks.tables) known.set(t.id, toTableDef(t, cfg.partitioner));
  // Hidden index tables (KEYS and CQL) too: after a crash their unflushed entries are in the commit log.
  for (const t of allIndexTableDefs(Schema.of(stored.keyspaces))) known.set(t.id, t);
  // Paxos state (paxos-table.ts), registered when first used: after a crash its writes are in the commit log too.
  // So is the batch log (batchlog-table.ts).
  for (const t of [paxosTableDef(), batchlogTableDef()]) known.set(t.id, t);
  const engine = await StorageEngine.open({
    env: cfg.env,
    dataDir: cfg.dataDir,
    options: cfg.options,
    log: cfg.log,
    ...(cfg.onFailure === undefined ? {} : { onFailure: cfg.onFailure }),
    ...(cfg.background === undefined ? {} : { background: cfg.background }),
    tables: [schemaTableDef()],
    resolveTable: (id) => known.get(id),
  });
  const keeper = await SchemaKeeper.open(engine, cfg.env, cfg.partitioner);
  return { engine, keeper };
}
