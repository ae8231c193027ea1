/**
 * KEYS index lifecycle through schema changes: an index added to a column family with rows is
 * built from them before the change settles (beside concurrent writes, across a restart, and
 * finished on the next start after a crash in the middle of the build); dropping a column family
 * or removing an index drops the hidden index tables, leaving no files, also after a restart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { createRealEnv, type Env } from '../env/index.js';
import { MemoryFileSystem } from '../env/memory-file-system.js';
import { Murmur3Partitioner } from '../dht/index.js';
import { type ColumnDefinitionInput, createColumnFamily, createKeyspace } from '../schema/index.js';
import { BOTTOM, TOP } from '../storage/model/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { processFs } from '../../test/support/process-fs.js';
import { b, openTestNode, type TestNode } from '../../test/support/operations-test-node.js';
import { LocalOperations } from './operations/local-operations.js';
import { ThriftOperations } from './operations/thrift-operations.js';
import { LocalDataStore } from '../service/local-data-store.js';
import { indexPartitionKey, keysIndexesOf } from './operations/keys-index.js';
import type { IndexExpression } from './operations/thrift-types.js';
import { openNodeStorage } from './open-node-storage.js';
import type { SchemaKeeper } from './system-schema.js';
import { KEYSPACES_MAX, SCHEMA_SCAN, decodeStoredSchema } from './stored-schema.js';
import { SCHEMA_TABLE_ID } from './schema-table.js';
import { DEFAULT_REQUEST_TIMEOUTS } from './request-budget.js';

const ALL = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };
const PEOPLE_BASE = { keyspace: 'Test', name: 'People', comparator: 'UTF8Type', keyValidator: 'UTF8Type' };
const BASE_METADATA: ColumnDefinitionInput[] = [
  { name: 'state', validator: 'UTF8Type', indexType: 'KEYS' },
  { name: 'birth_year', validator: 'LongType', indexType: 'KEYS' },
];
const NAME_INDEXED: ColumnDefinitionInput = { name: 'name', validator: 'UTF8Type', indexType: 'KEYS' };
const NAME_PLAIN: ColumnDefinitionInput = { name: 'name', validator: 'UTF8Type' };

function people(env: Env, metadata: ColumnDefinitionInput[], name = 'People') {
  return createColumnFamily({ ...PEOPLE_BASE, name, columnMetadata: metadata }, env.random);
}

async function query(ops: ThriftOperations, column: string, value: string, cf = 'People'): Promise<string[]> {
  const expressions: IndexExpression[] = [{ columnName: b(column), op: 'EQ', value: b(value) }];
  return (await ops.getIndexedSlices('Test', { columnFamily: cf }, { expressions, startKey: Buffer.alloc(0), count: 10_000 }, ALL)).map((s) => s.key.toString()).sort();
}

/** The 0.7 operations over a node's local store. */
function requests(local: LocalOperations, env: Env): ThriftOperations {
  return new ThriftOperations({ ...local.ctx, store: new LocalDataStore(local.ctx), env, timeouts: DEFAULT_REQUEST_TIMEOUTS });
}

/** Live entries in the index partition of `value`, read straight from the hidden table. */
function entries(keeper: SchemaKeeper, engine: StorageEngine, column: string, value: string, cf = 'People'): number {
  const index = keysIndexesOf(keeper.schema.getTable('Test', cf)).find((i) => i.column.equals(b(column)))!;
  return engine.read(index.table.id, indexPartitionKey(b(value)), { slices: [{ start: BOTTOM, end: TOP }], reversed: false })?.cells.length ?? 0;
}

async function insert(ops: ThriftOperations, key: string, column: string, value: string, timestamp = 1n, cf = 'People'): Promise<void> {
  await ops.insert('Test', b(key), { columnFamily: cf }, { name: b(column), value: b(value), timestamp });
}

/** Index directories of People in the data folder. */
function indexDirs(dataDir: string): string[] {
  const dir = `${dataDir}/data/Test`;
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith('People.')).sort() : [];
}

test('an index added to a column family with rows is built before the update settles, and survives a restart', async () => {
  let node = await openTestNode();
  try {
    for (let i = 0; i < 600; i++) await insert(node.ops, `p${i}`, 'name', i % 3 === 0 ? 'ann' : 'bob');
    await insert(node.ops, 'gone', 'name', 'ann');
    await node.ops.remove('Test', b('gone'), { columnFamily: 'People' }, 2n);
    await node.ops.insert('Test', b('brief'), { columnFamily: 'People' }, { name: b('name'), value: b('ann'), timestamp: 1n, ttl: 60 });
    await node.engine.flush(); // some rows in SSTables, some in memtables
    for (let i = 0; i < 10; i++) await insert(node.ops, `p${i}`, 'name', 'cy', 5n);
    await assert.rejects(() => query(node.ops, 'name', 'ann'), /No indexed columns/);

    await node.keeper.updateColumnFamily(people(createRealEnv(), [...BASE_METADATA, NAME_INDEXED]));
    const ann = Array.from({ length: 600 }, (_, i) => i).filter((i) => i % 3 === 0 && i >= 10).map((i) => `p${i}`).sort();
    assert.deepEqual(await query(node.ops, 'name', 'ann'), [...ann, 'brief'].sort());
    assert.equal((await query(node.ops, 'name', 'cy')).length, 10);
    assert.equal(entries(node.keeper, node.engine, 'name', 'ann'), ann.length + 1, 'no entry for the deleted row or the replaced values');
    node.clock.advanceSeconds(61);
    assert.equal(entries(node.keeper, node.engine, 'name', 'ann'), ann.length, 'the entry expires with its TTL cell');

    node = await node.restart();
    assert.deepEqual(await query(node.ops, 'name', 'ann'), ann);
    assert.equal((await query(node.ops, 'name', 'bob')).length, 400 - 6);
  } finally {
    await node.close();
  }
});

/**
 * Writers running before, while and after the new definition is published: some of their writes
 * begin under the old definition and land after the build has scanned their row. On a column
 * family with an index already they wait for row locks first; on one without, they go straight
 * to the engine: the build must wait for both kinds.
 */
async function raceIndexBuild(cf: string, metadata: ColumnDefinitionInput[]): Promise<void> {
  const node = await openTestNode();
  try {
    if (cf !== 'People') await node.keeper.addColumnFamily(people(createRealEnv(), metadata, cf));
    for (let i = 0; i < 400; i++) await insert(node.ops, `p${i}`, 'name', 'ann', 10n, cf);
    let settled = false;
    const update = node.keeper.updateColumnFamily(people(createRealEnv(), [...metadata, NAME_INDEXED], cf)).then(() => (settled = true));
    const added: string[] = [];
    const writer = async (w: number): Promise<void> => {
      for (let n = 0; !settled || n < 3; n++) {
        added.push(`w${w}-${n}`);
        // With an indexed column too, so on People the write maintains the old indexes first.
        const columns = [['state', `s${n}`], ['name', 'ann']].map(([c, v]) => ({ columnOrSuperColumn: { column: { name: b(c!), value: b(v!), timestamp: 20n } } }));
        await node.ops.batchMutate('Test', [[b(`w${w}-${n}`), new Map([[cf, columns]])]]);
      }
    };
    const edits: Promise<void>[] = [];
    for (let i = 0; i < 400; i += 4) edits.push(insert(node.ops, `p${i}`, 'name', 'bob', 20n, cf));
    for (let i = 1; i < 400; i += 4) edits.push(node.ops.remove('Test', b(`p${i}`), { columnFamily: cf }, 20n));
    await Promise.all([update, ...edits, ...Array.from({ length: 16 }, (_, w) => writer(w))]);
    const ann = Array.from({ length: 400 }, (_, i) => i).filter((i) => i % 4 > 1).map((i) => `p${i}`);
    assert.deepEqual(await query(node.ops, 'name', 'ann', cf), [...ann, ...added].sort());
    assert.equal((await query(node.ops, 'name', 'bob', cf)).length, 100);
    assert.equal(entries(node.keeper, node.engine, 'name', 'ann', cf), ann.length + added.length, 'no stale entries either');
  } finally {
    await node.close();
  }
}

test('writes racing an index build leave the index exact (column family with indexes already)', () => raceIndexBuild('People', BASE_METADATA));

test('writes racing an index build leave the index exact (column family without indexes)', () => raceIndexBuild('Plain', [{ name: 'state', validator: 'UTF8Type' }]));

async function storedIndexBuilds(engine: StorageEngine, env: Env): Promise<number> {
  const nowSec = Math.floor(env.clock.nowMs() / 1000);
  return decodeStoredSchema(engine.scan(SCHEMA_TABLE_ID, undefined, undefined, SCHEMA_SCAN, KEYSPACES_MAX, nowSec), nowSec).indexBuilds.length;
}

test('a crash in the middle of an index build: the next start finishes it', async () => {
  const mem = new MemoryFileSystem();
  const proc = processFs(mem);
  const env: Env = { ...createRealEnv(), fs: proc.fs };
  const partitioner = new Murmur3Partitioner();
  const open = (e: Env) => openNodeStorage({ env: e, dataDir: '/data', partitioner, options: { commitlogSync: 'batch' } });
  const a = await open(env);
  await a.keeper.addKeyspace(createKeyspace({ name: 'Test', tables: [{ ...PEOPLE_BASE, columnMetadata: [...BASE_METADATA, NAME_PLAIN] }] }, env.random));
  const ops = requests(new LocalOperations(a.keeper, a.engine, env, partitioner), env);
  const rows = 2000;
  for (let i = 0; i < rows; i++) await insert(ops, `p${i}`, 'name', 'ann');

  let done = false;
  const update = a.keeper.updateColumnFamily(people(env, [...BASE_METADATA, NAME_INDEXED])).then(() => (done = true));
  update.catch(() => undefined);
  while (!a.keeper.schema.getTable('Test', 'People').columnMetadata.some((d) => d.indexType !== null && d.name.equals(b('name')))) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setImmediate(resolve)); // let the build write its first pages
  const builtBeforeCrash = entries(a.keeper, a.engine, 'name', 'ann');
  assert.ok(!done && builtBeforeCrash < rows, `the build was still running (${builtBeforeCrash} of ${rows} entries)`);
  assert.equal(await storedIndexBuilds(a.engine, env), 1, 'its marker is stored');
  proc.crash();

  const fresh: Env = { ...createRealEnv(), fs: mem };
  const b2 = await open(fresh);
  try {
    assert.equal(entries(b2.keeper, b2.engine, 'name', 'ann'), rows, 'the start rebuilt the index');
    assert.equal((await query(requests(new LocalOperations(b2.keeper, b2.engine, fresh, partitioner), fresh), 'name', 'ann')).length, rows);
    assert.equal(await storedIndexBuilds(b2.engine, fresh), 0, 'and cleared the marker');
  } finally {
    await b2.engine.close();
  }
});

test('dropping a column family or removing an index drops the index tables and their files, also across a restart', async () => {
  let node: TestNode = await openTestNode();
  try {
    const dataDir = node.engine.dataDir;
    for (let i = 0; i < 20; i++) await node.ops.batchMutate('Test', [[b(`p${i}`), new Map([['People', ['state', 'name'].map((c) => ({ columnOrSuperColumn: { column: { name: b(c), value: b(c === 'state' ? 'UT' : `n${i}`), timestamp: 1n } } }))]])]]);
    await node.engine.flush();
    const stateIndex = () => keysIndexesOf(node.keeper.schema.getTable('Test', 'People')).find((i) => i.column.equals(b('state')));
    const stateTable = stateIndex()!.table;
    assert.equal(indexDirs(dataDir).length, 2, 'state and birth_year');

    // Remove the state index: its table and directory go; birth_year's stays.
    await node.keeper.updateColumnFamily(people(createRealEnv(), [{ name: 'state', validator: 'UTF8Type' }, BASE_METADATA[1]!]));
    assert.ok(!node.engine.tableIds().includes(stateTable.id));
    assert.deepEqual(indexDirs(dataDir), indexDirs(dataDir).filter((d) => d.startsWith('People.People_birth_year_idx')));
    assert.equal(indexDirs(dataDir).length, 1);
    // Rows change while the column is not indexed.
    for (let i = 0; i < 5; i++) await insert(node.ops, `p${i}`, 'state', 'CA', 2n);

    node = await node.restart();
    assert.ok(!node.engine.tableIds().includes(stateTable.id), 'not registered again after a restart');
    assert.equal(indexDirs(dataDir).length, 1);

    // Adding it back builds it from the rows as they are now: no stale entries come back.
    await node.keeper.updateColumnFamily(people(createRealEnv(), BASE_METADATA));
    assert.equal(entries(node.keeper, node.engine, 'state', 'UT'), 15);
    assert.equal(entries(node.keeper, node.engine, 'state', 'CA'), 5);
    assert.equal(indexDirs(dataDir).length, 2);

    await node.keeper.dropColumnFamily('Test', 'People');
    assert.deepEqual(indexDirs(dataDir), [], 'index directories removed (the data table keeps its automatic snapshot)');
    const ids = node.engine.tableIds();
    node = await node.restart();
    assert.deepEqual(indexDirs(dataDir), []);
    assert.deepEqual(node.engine.tableIds().sort(), ids.sort(), 'nothing registered again');
  } finally {
    await node.close();
  }
});
