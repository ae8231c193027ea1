/**
 * The schema survives restarts through the schema table: after a clean close, and after a
 * simulated power loss (the engine is never closed) with user data only in the commit log,
 * which replay keeps because the schema is read before the engine opens. Dropping a keyspace
 * removes its tables from the engine and stays dropped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRealEnv, type Env } from '../env/index.js';
import { MemoryFileSystem } from '../env/memory-file-system.js';
import { Murmur3Partitioner } from '../dht/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { UTF8_TYPE } from '../marshal/index.js';
import { type Schema, createColumnFamily, createKeyspace, loadJsonSchema } from '../schema/index.js';
import { BOTTOM, TOP, cellName, liveCell } from '../storage/model/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { processFs } from '../../test/support/process-fs.js';
import { SEED_000_TWITTER } from '../schema/fixtures/seed-schemas.js';
import { openNodeStorage } from './open-node-storage.js';

const OPTIONS = { commitlogSync: 'batch' as const };
const ALL = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };

function node(env: Env) {
  return openNodeStorage({ env, dataDir: '/data', partitioner: new Murmur3Partitioner(), options: OPTIONS });
}

async function insert(engine: StorageEngine, schema: Schema, cf: string, key: string, col: string, value: string): Promise<void> {
  const t = schema.getTable('Twitter', cf);
  await engine.apply(t.id, { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(cellName([UTF8_TYPE.toComparable(Buffer.from(col))]), Buffer.from(value), 1n)] });
}

function readValue(engine: StorageEngine, schema: Schema, cf: string, key: string): string | undefined {
  return engine.read(schema.getTable('Twitter', cf).id, Buffer.from(key), ALL)?.cells[0]?.value.toString();
}

test('schema and data survive a clean restart', async () => {
  const fs = new MemoryFileSystem();
  const env: Env = { ...createRealEnv(), fs };
  const a = await node(env);
  for (const ks of loadJsonSchema(SEED_000_TWITTER, env.random)) await a.keeper.addKeyspace(ks);
  await insert(a.engine, a.keeper.schema, 'Users', '5', 'screen_name', 'buttonscat');
  const version = a.keeper.schema.version;
  await a.engine.close();

  const b = await node(env);
  assert.equal(b.keeper.schema.version, version);
  assert.deepEqual(b.keeper.schema.getKeyspace('Twitter').tables.map((t) => t.name).sort(), ['StatusRelationships', 'Statuses', 'Users']);
  assert.equal(readValue(b.engine, b.keeper.schema, 'Users', '5'), 'buttonscat');
  await b.engine.close();
});

test('after a crash, replay keeps user writes that were only in the commit log', async () => {
  const mem = new MemoryFileSystem();
  const proc = processFs(mem);
  const a = await node({ ...createRealEnv(), fs: proc.fs });
  for (const ks of loadJsonSchema(SEED_000_TWITTER, createRealEnv().random)) await a.keeper.addKeyspace(ks);
  await a.keeper.addColumnFamily(createColumnFamily({ keyspace: 'Twitter', name: 'UserRelationships', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' }, createRealEnv().random));
  await a.keeper.updateColumnFamily(createColumnFamily({ keyspace: 'Twitter', name: 'Users', comparator: 'UTF8Type', comment: 'people' }, createRealEnv().random));
  await insert(a.engine, a.keeper.schema, 'Users', '5', 'screen_name', 'buttonscat');
  await insert(a.engine, a.keeper.schema, 'Statuses', '1', 'text', 'Nom nom nom nom nom.');
  const version = a.keeper.schema.version;
  proc.crash(); // power loss: never closed, nothing flushed but the schema table

  const b = await node({ ...createRealEnv(), fs: mem });
  assert.equal(b.keeper.schema.version, version);
  assert.equal(b.keeper.schema.getTable('Twitter', 'Users').comment, 'people');
  assert.equal(b.keeper.schema.getTable('Twitter', 'UserRelationships').subcomparator?.name, 'TimeUUIDType');
  assert.equal(readValue(b.engine, b.keeper.schema, 'Users', '5'), 'buttonscat');
  assert.equal(readValue(b.engine, b.keeper.schema, 'Statuses', '1'), 'Nom nom nom nom nom.');
  await b.engine.close();
});

test('dropping a keyspace removes its tables; it stays dropped; it can be created again', async () => {
  const fs = new MemoryFileSystem();
  const env: Env = { ...createRealEnv(), fs };
  const a = await node(env);
  for (const ks of loadJsonSchema(SEED_000_TWITTER, env.random)) await a.keeper.addKeyspace(ks);
  const ids = a.keeper.schema.tables.map((t) => t.id);
  await insert(a.engine, a.keeper.schema, 'Users', '5', 'screen_name', 'buttonscat');
  await a.keeper.dropKeyspace('Twitter');
  assert.equal(a.keeper.schema.keyspace('Twitter'), undefined);
  for (const id of ids) assert.ok(!a.engine.tableIds().includes(id));
  await a.engine.close();

  const b = await node(env);
  assert.equal(b.keeper.schema.keyspaces.length, 0);
  for (const id of ids) assert.ok(!b.engine.tableIds().includes(id));
  // Re-created with new ids and no old data, even though the clock may not have moved.
  await b.keeper.addKeyspace(createKeyspace({ name: 'Twitter', tables: [{ name: 'Users', comparator: 'UTF8Type' }] }, env.random));
  assert.equal(readValue(b.engine, b.keeper.schema, 'Users', '5'), undefined);
  await b.engine.close();
  const c = await node(env);
  assert.ok(c.keeper.schema.keyspace('Twitter'), 'the re-created keyspace is not shadowed by the drop');
  await c.engine.close();
});

test('a refused change is not persisted and leaves the schema unchanged', async () => {
  const fs = new MemoryFileSystem();
  const env: Env = { ...createRealEnv(), fs };
  const a = await node(env);
  for (const ks of loadJsonSchema(SEED_000_TWITTER, env.random)) await a.keeper.addKeyspace(ks);
  const before = a.keeper.schema;
  await assert.rejects(a.keeper.updateColumnFamily(createColumnFamily({ keyspace: 'Twitter', name: 'Users', comparator: 'LongType' }, env.random)), InvalidRequestError);
  await assert.rejects(a.keeper.dropColumnFamily('Twitter', 'Nope'), InvalidRequestError);
  assert.equal(a.keeper.schema, before);
  await a.keeper.dropColumnFamily('Twitter', 'Statuses'); // later changes still run
  await a.engine.close();
  const b = await node(env);
  assert.deepEqual(b.keeper.schema.getKeyspace('Twitter').tables.map((t) => t.name).sort(), ['StatusRelationships', 'Users']);
  await b.engine.close();
});
