/**
 * The virtual tables read through their store as the engine would answer: system.local from the
 * node info and live schema version, system_schema.* from the live schema (CQL tables and
 * Thrift-made column families), system_virtual_schema.*; slices, reversed reads, limits, scans;
 * writes and truncation refused.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { UTF8_TYPE } from '../../marshal/index.js';
import { createColumnFamily } from '../../schema/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { lookupTable } from '../execution/index.js';
import { assembleRows } from '../storage/row-assembler.js';
import { decodePartitionKey } from '../../db/cql-layout/partition-key.js';
import type { SliceQuery } from '../execution/index.js';

const ALL: SliceQuery = { slices: [{ start: BOTTOM, end: TOP }], reversed: false };

/** Rows of a virtual table (one partition when `key` is given) as objects of JS values. */
async function rows(n: CqlTestNode, ks: string, table: string, key?: string, query: SliceQuery = ALL): Promise<Record<string, unknown>[]> {
  const ref = lookupTable(n.ctx, { keyspace: ks, name: table }, undefined);
  assert.equal(ref.virtual, true);
  const nowSec = n.ctx.nowSec();
  const parts = key === undefined ? await ref.store.scan(ref.cf, undefined, undefined, query, 1000, 'ONE', nowSec) : [await ref.store.read(ref.cf, UTF8_TYPE.decompose(key), query, 'ONE', nowSec)].filter((p) => p !== null);
  const out: Record<string, unknown>[] = [];
  for (const p of parts) {
    const pk = decodePartitionKey(ref.cf.cql, p!.key);
    for (const r of assembleRows(ref.layout, p!.cells, nowSec, query.reversed).rows) {
      const o: Record<string, unknown> = {};
      ref.cf.cql.partitionKey.forEach((c, i) => (o[c.name] = c.type.compose(pk[i]!)));
      ref.cf.cql.clustering.forEach((c, i) => (o[c.name] = c.type.compose(r.clustering[i]!)));
      for (const [name, v] of r.columns) {
        const col = ref.cf.cql.columns.get(name)!;
        o[name] = Array.isArray(v) ? (col.type as unknown as { fromCells(c: unknown): Buffer; compose(b: Buffer): unknown }).compose((col.type as unknown as { fromCells(c: unknown): Buffer }).fromCells(v.map((e) => ({ path: e.path, value: e.cell.value })))) : col.type.compose(v.value);
      }
      out.push(o);
    }
  }
  return out;
}

async function node(): Promise<CqlTestNode> {
  const n = await openCqlTestNode();
  await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  n.state.keyspace = 'ks';
  return n;
}

test('system.local: node info, live schema version, tokens; peers empty', async () => {
  const n = await node();
  try {
    const [local] = await rows(n, 'system', 'local', 'local');
    assert.equal(local!.cluster_name, 'Test Cluster');
    assert.equal(local!.data_center, 'datacenter1');
    assert.equal(local!.host_id, '0f0e0d0c-0b0a-4908-8007-060504030201');
    assert.equal(local!.partitioner, 'org.apache.cassandra.dht.Murmur3Partitioner');
    assert.equal(local!.release_version, '4.0.11');
    assert.equal(local!.rpc_address, '127.0.0.1');
    assert.deepEqual(local!.tokens, ['0']);
    assert.equal(local!.schema_version, n.ctx.schema().version);
    await n.run('CREATE TABLE t (k int PRIMARY KEY)');
    const [after] = await rows(n, 'system', 'local', 'local');
    assert.equal(after!.schema_version, n.ctx.schema().version, 'follows schema changes');
    assert.notEqual(after!.schema_version, local!.schema_version);
    assert.deepEqual(await rows(n, 'system', 'peers'), []);
    assert.deepEqual(await rows(n, 'system', 'peers_v2'), []);
  } finally {
    await n.close();
  }
});

test('system_schema: keyspaces, tables, columns, dropped columns, types, indexes from the live schema', async () => {
  const n = await node();
  try {
    await n.run('CREATE TYPE addr (street text, no int)');
    await n.run("CREATE TABLE t (k int, c text, v addr, s int static, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC) AND comment = 'hi'");
    await n.run('CREATE TABLE cnt (k int PRIMARY KEY, n counter)');
    await n.run('ALTER TABLE t ADD w int');
    await n.run('ALTER TABLE t DROP w USING TIMESTAMP 5000');
    await n.run('CREATE INDEX ON t (s)');
    const ks = (await rows(n, 'system_schema', 'keyspaces')).find((r) => r.keyspace_name === 'ks')!;
    assert.deepEqual(ks, { keyspace_name: 'ks', durable_writes: true, replication: new Map([['class', 'org.apache.cassandra.locator.SimpleStrategy'], ['replication_factor', '2']]) });
    const names = (await rows(n, 'system_schema', 'keyspaces')).map((r) => r.keyspace_name);
    assert.ok(names.includes('system') && names.includes('system_schema'), 'Cassandra lists its own keyspaces');
    const tables = await rows(n, 'system_schema', 'tables', 'ks');
    assert.deepEqual(tables.map((r) => r.table_name), ['cnt', 't']);
    const t = tables[1]!;
    assert.equal(t.comment, 'hi');
    assert.deepEqual(t.flags, ['compound']);
    assert.deepEqual(tables[0]!.flags, ['compound', 'counter']);
    assert.equal(t.id, n.ctx.schema().table('ks', 't')!.id);
    assert.equal(t.gc_grace_seconds, 864000);
    assert.equal(t.bloom_filter_fp_chance, 0.01);
    assert.deepEqual(t.caching, new Map([['keys', 'ALL'], ['rows_per_partition', 'NONE']]));
    assert.equal(t.speculative_retry, '99p');
    assert.equal(t.read_repair, 'BLOCKING');
    const columns = (await rows(n, 'system_schema', 'columns', 'ks')).filter((r) => r.table_name === 't');
    assert.deepEqual(columns.map((r) => [r.column_name, r.kind, r.position, r.clustering_order, r.type]), [
      ['c', 'clustering', 0, 'desc', 'text'],
      ['k', 'partition_key', 0, 'none', 'int'],
      ['s', 'static', -1, 'none', 'int'],
      ['v', 'regular', -1, 'none', 'addr'],
    ]);
    const dropped = await rows(n, 'system_schema', 'dropped_columns', 'ks');
    assert.deepEqual(dropped.map((r) => [r.table_name, r.column_name, r.kind, r.type, (r.dropped_time as Date).getTime()]), [['t', 'w', 'regular', 'int', 5]]);
    assert.deepEqual(await rows(n, 'system_schema', 'types', 'ks'), [{ keyspace_name: 'ks', type_name: 'addr', field_names: ['street', 'no'], field_types: ['text', 'int'] }]);
    assert.deepEqual(await rows(n, 'system_schema', 'indexes', 'ks'), [{ keyspace_name: 'ks', table_name: 't', index_name: 't_s_idx', kind: 'COMPOSITES', options: new Map([['target', 's']]) }]);
    for (const empty of ['triggers', 'views', 'functions', 'aggregates']) assert.deepEqual(await rows(n, 'system_schema', empty, 'ks'), []);
    const own = (await rows(n, 'system_schema', 'tables', 'system')).map((r) => r.table_name);
    assert.deepEqual(own, ['local', 'peers', 'peers_v2']);
  } finally {
    await n.close();
  }
});

test('system_schema shows Thrift-made column families through their CQL view', async () => {
  const n = await node();
  try {
    const random = n.env.random;
    await n.ctx.keeper.addColumnFamily(createColumnFamily({ keyspace: 'ks', name: 'Timeline', comparator: 'TimeUUIDType', keyValidator: 'UTF8Type', defaultValidator: 'UTF8Type' }, random));
    await n.ctx.keeper.addColumnFamily(createColumnFamily({ keyspace: 'ks', name: 'Users', comparator: 'UTF8Type', columnMetadata: [{ name: 'state', validator: 'UTF8Type', indexType: 'KEYS' }] }, random));
    await n.ctx.keeper.addColumnFamily(createColumnFamily({ keyspace: 'ks', name: 'Rel', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' }, random));
    const flags = Object.fromEntries((await rows(n, 'system_schema', 'tables', 'ks')).map((r) => [r.table_name, r.flags]));
    assert.deepEqual(flags, { Rel: ['dense', 'super'], Timeline: ['dense'], Users: [] });
    const cols = await rows(n, 'system_schema', 'columns', 'ks');
    const of = (t: string) => cols.filter((r) => r.table_name === t).map((r) => [r.column_name, r.kind, r.type]);
    assert.deepEqual(of('Timeline'), [['column1', 'clustering', 'timeuuid'], ['key', 'partition_key', 'text'], ['value', 'regular', 'text']]);
    assert.deepEqual(of('Users'), [['key', 'partition_key', 'blob'], ['state', 'static', 'text']]);
    const idx = await rows(n, 'system_schema', 'indexes', 'ks');
    assert.deepEqual(idx.map((r) => [r.table_name, r.index_name, r.kind, r.options]), [['Users', 'Users_state_idx', 'KEYS', new Map([['target', 'state']])]]);
  } finally {
    await n.close();
  }
});

test('virtual reads honour slices, reversed order and limits; writes and truncation are refused', async () => {
  const n = await node();
  try {
    for (const t of ['a', 'b', 'c', 'd']) await n.run(`CREATE TABLE ${t} (k int PRIMARY KEY)`);
    const ref = lookupTable(n.ctx, { keyspace: 'system_schema', name: 'tables' }, undefined);
    const reversed = await rows(n, 'system_schema', 'tables', 'ks', { ...ALL, reversed: true });
    assert.deepEqual(reversed.map((r) => r.table_name), ['d', 'c', 'b', 'a']);
    const limited = await rows(n, 'system_schema', 'tables', 'ks', { ...ALL, groupLimit: 2, groupLength: ref.layout.groupLength });
    assert.deepEqual(limited.map((r) => r.table_name), ['a', 'b']);
    const b = [UTF8_TYPE.decompose('b')];
    const c = [UTF8_TYPE.decompose('c')];
    const slice = await rows(n, 'system_schema', 'tables', 'ks', { slices: [{ start: ref.layout.prefixStart(b), end: ref.layout.prefixEnd(c) }], reversed: false });
    assert.deepEqual(slice.map((r) => r.table_name), ['b', 'c']);
    await assert.rejects(ref.store.apply([{ cf: ref.cf, update: { key: Buffer.from('x'), partitionDeletion: null, rangeTombstones: [], cells: [] } }], 'ONE'), (e) => e instanceof InvalidRequestError && /Modification is not supported by table system_schema.tables/.test(e.message));
    await assert.rejects(ref.store.truncate(ref.cf), /Truncation is not supported by table system_schema.tables/);
    assert.equal(n.ctx.virtualTables.isVirtualKeyspace('system_schema'), true);
    assert.equal(n.ctx.virtualTables.isVirtualKeyspace('ks'), false);
    assert.throws(() => lookupTable(n.ctx, { keyspace: 'system_schema', name: 'nope' }, undefined), /table nope does not exist/);
  } finally {
    await n.close();
  }
});

test('system_virtual_schema describes itself and system_views', async () => {
  const n = await node();
  try {
    assert.deepEqual((await rows(n, 'system_virtual_schema', 'keyspaces')).map((r) => r.keyspace_name).sort(), ['system_views', 'system_virtual_schema']);
    const own = (await rows(n, 'system_virtual_schema', 'tables')).filter((r) => r.keyspace_name === 'system_virtual_schema');
    assert.deepEqual(own.map((r) => r.table_name), ['columns', 'keyspaces', 'tables']);
    const cols = await rows(n, 'system_virtual_schema', 'columns');
    assert.ok(cols.some((r) => r.table_name === 'tables' && r.column_name === 'comment' && r.type === 'text' && r.kind === 'regular'));
  } finally {
    await n.close();
  }
});
