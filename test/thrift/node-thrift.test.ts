/**
 * The Node client generated from our IDL (`thrift --gen js:node`) on npm `thrift`, framed binary,
 * against `ilium start`: every call of the service once with its result checked (the Python
 * suite goes deeper), the exceptions clients branch on, and many calls in flight on several
 * connections at once, each answered with its own result.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CassandraClient, TColumnOrSuperColumn } from './thrift-js-client.js';
import { CLUSTER_NAME, SIMPLE_STRATEGY, THRIFT_PORT, type ThriftTestNode, nowMicros, startThriftNode, thriftRejects } from './thrift-test-node.js';

const KS = 'NodeKs';
let node: ThriftTestNode;
let ONE: number;

before(async () => {
  node = await startThriftNode('127.0.0.52');
  ONE = node.ONE;
});
after(async () => {
  await node?.close();
});

const all = (count = 100) => ({ slice_range: { start: '', finish: '', reversed: false, count } });
const names = (list: TColumnOrSuperColumn[]) => list.map((c) => c.column!.name.toString());
const long8 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(n));
  return b;
};

async function client(keyspace?: string): Promise<CassandraClient> {
  return (await node.connect(keyspace)).client;
}

test('ilium start names the Thrift server in its ready line, on rpc_port', () => {
  assert.equal(node.thriftPort, THRIFT_PORT);
  assert.match(node.process.output(), /Thrift/);
});

test('login and the describe calls', async () => {
  const c = await client();
  await c.login({ credentials: { username: 'u', password: 'p' } });
  assert.equal(await c.describe_version(), node.js.types.VERSION);
  assert.equal(await c.describe_cluster_name(), CLUSTER_NAME);
  assert.match(await c.describe_partitioner(), /^org\.apache\.cassandra\.dht\.\w+Partitioner$/);
  assert.match(await c.describe_snitch(), /^org\.apache\.cassandra\.locator\.\w*Snitch$/);
  const versions = await c.describe_schema_versions();
  assert.equal(Object.keys(versions).length, 1);
  assert.deepEqual(Object.values(versions)[0], [node.host]);
  await thriftRejects(c.describe_keyspace('NoSuchKs'), 'NotFoundException');
  await thriftRejects(c.set_keyspace('NoSuchKs'), 'InvalidRequestException', 'NoSuchKs');
  await thriftRejects(c.describe_ring('NoSuchKs'), 'InvalidRequestException', 'NoSuchKs');
  await thriftRejects(c.get_slice('k', { column_family: 'Cf' }, all(), ONE), 'InvalidRequestException', 'keyspace');
});

test('the schema calls: keyspaces and column families added, described, updated, dropped', async () => {
  const c = await client();
  const v1 = await c.system_add_keyspace({
    name: KS,
    strategy_class: SIMPLE_STRATEGY,
    replication_factor: 1,
    cf_defs: [
      { keyspace: KS, name: 'Standard1', comparator_type: 'UTF8Type' },
      { keyspace: KS, name: 'Super1', column_type: 'Super', comparator_type: 'UTF8Type', subcomparator_type: 'LongType' },
      { keyspace: KS, name: 'Counter1', default_validation_class: 'CounterColumnType' },
      {
        keyspace: KS,
        name: 'Indexed1',
        comparator_type: 'UTF8Type',
        column_metadata: [{ name: 'state', validation_class: 'UTF8Type', index_type: node.js.types.IndexType['KEYS']! }],
      },
    ],
  });
  assert.match(v1, /^[0-9a-f-]{36}$/);
  assert.deepEqual(Object.keys(await c.describe_schema_versions()), [v1]);
  assert.ok((await c.describe_keyspaces()).some((k) => k.name === KS));
  const ks = await c.describe_keyspace(KS);
  assert.deepEqual(ks.cf_defs.map((cf) => cf.name).sort(), ['Counter1', 'Indexed1', 'Standard1', 'Super1']);
  const sup = ks.cf_defs.find((cf) => cf.name === 'Super1')!;
  assert.equal(sup.column_type, 'Super');
  assert.equal(sup.subcomparator_type, 'org.apache.cassandra.db.marshal.LongType');
  await thriftRejects(c.system_add_keyspace({ name: KS, strategy_class: SIMPLE_STRATEGY, replication_factor: 1, cf_defs: [] }), 'InvalidRequestException', KS);

  await c.set_keyspace(KS);
  const v2 = await c.system_add_column_family({ keyspace: KS, name: 'Temp', comparator_type: 'BytesType', comment: 'a' });
  assert.notEqual(v2, v1);
  const temp = (await c.describe_keyspace(KS)).cf_defs.find((cf) => cf.name === 'Temp')!;
  temp.comment = 'b';
  await c.system_update_column_family(temp);
  assert.equal((await c.describe_keyspace(KS)).cf_defs.find((cf) => cf.name === 'Temp')!.comment, 'b');
  await c.system_drop_column_family('Temp');
  assert.ok(!(await c.describe_keyspace(KS)).cf_defs.some((cf) => cf.name === 'Temp'));
  await thriftRejects(c.system_drop_column_family('Temp'), 'InvalidRequestException', 'Temp');

  await c.system_add_keyspace({ name: 'NodeKs2', strategy_class: SIMPLE_STRATEGY, replication_factor: 1, cf_defs: [] });
  await c.system_update_keyspace({ name: 'NodeKs2', strategy_class: SIMPLE_STRATEGY, replication_factor: 3, cf_defs: [] });
  const ks2 = await c.describe_keyspace('NodeKs2');
  assert.ok(ks2.replication_factor === 3 || ks2.strategy_options?.['replication_factor'] === '3', JSON.stringify(ks2));
  await c.system_drop_keyspace('NodeKs2');
  await thriftRejects(c.describe_keyspace('NodeKs2'), 'NotFoundException');
});

test('reads and writes: insert, get, slices, counts, multigets, ranges, indexes, remove, batch_mutate, truncate', async () => {
  const c = await client(KS);
  const p = { column_family: 'Standard1' };
  const ts = nowMicros();
  for (const [n, v] of [['b', '2'], ['a', '1'], ['c', '3']] as const) await c.insert('r1', p, { name: n, value: v, timestamp: ts }, ONE);
  await c.insert('r2', p, { name: 'a', value: 'x', timestamp: ts }, ONE);

  const got = await c.get('r1', { column_family: 'Standard1', column: 'b' }, ONE);
  assert.equal(got.column!.value.toString(), '2');
  assert.equal(got.column!.timestamp.toNumber(), ts);
  await thriftRejects(c.get('r1', { column_family: 'Standard1', column: 'zz' }, ONE), 'NotFoundException');
  assert.deepEqual(names(await c.get_slice('r1', p, all(), ONE)), ['a', 'b', 'c']);
  assert.deepEqual(names(await c.get_slice('r1', p, { slice_range: { start: '', finish: '', reversed: true, count: 2 } }, ONE)), ['c', 'b']);
  assert.deepEqual(names(await c.get_slice('r1', p, { column_names: ['c', 'a'] }, ONE)), ['a', 'c']);
  assert.equal(await c.get_count('r1', p, all(), ONE), 3);
  const multi = await c.multiget_slice(['r1', 'r2', 'none'], p, { column_names: ['a'] }, ONE);
  assert.deepEqual(Object.keys(multi).sort(), ['none', 'r1', 'r2']);
  assert.deepEqual([names(multi['r1']!), names(multi['r2']!), multi['none']], [['a'], ['a'], []]);
  assert.deepEqual(await c.multiget_count(['r1', 'r2', 'none'], p, all(), ONE), { r1: 3, r2: 1, none: 0 });
  const rows = await c.get_range_slices(p, all(), { start_key: '', end_key: '', count: 100 }, ONE);
  assert.deepEqual(rows.map((r) => r.key.toString()).sort(), ['r1', 'r2']);

  // Super columns, sub columns in LongType order.
  const sp = { column_family: 'Super1', super_column: 'sc' };
  for (const n of [30, 1, 200]) await c.insert('s1', sp, { name: long8(n), value: `v${n}`, timestamp: ts }, ONE);
  const sc = await c.get('s1', { column_family: 'Super1', super_column: 'sc' }, ONE);
  assert.deepEqual(sc.super_column!.columns.map((x) => x.name.readBigInt64BE()), [1n, 30n, 200n]);
  await thriftRejects(c.insert('s1', { column_family: 'Standard1', super_column: 'sc' }, { name: 'a', value: 'v', timestamp: ts }, ONE), 'InvalidRequestException', 'standard CF Standard1');

  // Secondary index.
  const ip = { column_family: 'Indexed1' };
  for (const [k, s] of [['i1', 'NV'], ['i2', 'OR'], ['i3', 'NV']] as const) await c.insert(k, ip, { name: 'state', value: s, timestamp: ts }, ONE);
  const found = await c.get_indexed_slices(ip, { expressions: [{ column_name: 'state', op: node.js.types.IndexOperator['EQ']!, value: 'NV' }], start_key: '', count: 10 }, all(), ONE);
  assert.deepEqual(found.map((r) => r.key.toString()).sort(), ['i1', 'i3']);

  // Counters.
  const cp = { column_family: 'Counter1' };
  await c.add('cnt', cp, { name: 'n', value: 40 }, ONE);
  await c.add('cnt', cp, { name: 'n', value: 2 }, ONE);
  assert.equal((await c.get('cnt', { column_family: 'Counter1', column: 'n' }, ONE)).counter_column!.value.toNumber(), 42);
  await c.remove_counter('cnt', { column_family: 'Counter1', column: 'n' }, ONE);
  await thriftRejects(c.get('cnt', { column_family: 'Counter1', column: 'n' }, ONE), 'NotFoundException');

  // Deletions and batches.
  await c.remove('r1', { column_family: 'Standard1', column: 'a' }, nowMicros(), ONE);
  assert.deepEqual(names(await c.get_slice('r1', p, all(), ONE)), ['b', 'c']);
  const t2 = nowMicros();
  await c.batch_mutate({
    r1: { Standard1: [{ deletion: { timestamp: t2, predicate: { column_names: ['b'] } } }, { column_or_supercolumn: { column: { name: 'd', value: '4', timestamp: t2 } } }] },
    r3: { Standard1: [{ column_or_supercolumn: { column: { name: 'a', value: 'r3', timestamp: t2 } } }] },
  }, ONE);
  assert.deepEqual(names(await c.get_slice('r1', p, all(), ONE)), ['c', 'd']);
  assert.deepEqual(names(await c.get_slice('r3', p, all(), ONE)), ['a']);
  await c.truncate('Standard1');
  assert.deepEqual(await c.get_range_slices(p, all(), { start_key: '', end_key: '', count: 100 }, ONE), []);

  const ring = await c.describe_ring(KS);
  assert.ok(ring.length >= 1 && ring.every((r) => r.endpoints.includes(node.host)), JSON.stringify(ring));
  const splits = await c.describe_splits('Standard1', ring[0]!.start_token, ring[0]!.end_token, 64);
  assert.equal(splits[0], ring[0]!.start_token);
  assert.equal(splits.at(-1), ring[0]!.end_token);
});

test('errors name what is wrong and leave nothing written', async () => {
  const c = await client(KS);
  const p = { column_family: 'Standard1' };
  const ts = nowMicros();
  await thriftRejects(c.insert('e', { column_family: 'NoSuchCf' }, { name: 'a', value: 'v', timestamp: ts }, ONE), 'InvalidRequestException', 'NoSuchCf');
  await thriftRejects(c.insert('e', p, { name: Buffer.from([0xff, 0xfe]), value: 'v', timestamp: ts }, ONE), 'InvalidRequestException', 'utf');
  await thriftRejects(c.insert('e', sp(), { name: 'short', value: 'v', timestamp: ts }, ONE), 'InvalidRequestException');
  await thriftRejects(c.insert('e', { column_family: 'Super1' }, { name: 'a', value: 'v', timestamp: ts }, ONE), 'InvalidRequestException', 'Super1');
  await thriftRejects(c.insert('', p, { name: 'a', value: 'v', timestamp: ts }, ONE), 'InvalidRequestException', 'key');
  await thriftRejects(c.add('e', p, { name: 'a', value: 1 }, ONE), 'InvalidRequestException');
  await thriftRejects(c.batch_mutate({ e: { Standard1: [{ column_or_supercolumn: { column: { name: 'ok', value: 'v', timestamp: ts } } }, { column_or_supercolumn: { column: { name: Buffer.from([0xc3]), value: 'v', timestamp: ts } } }] } }, ONE), 'InvalidRequestException', 'utf');
  await thriftRejects(c.get_slice('e', p, { slice_range: { start: 'z', finish: 'a', reversed: false, count: 5 } }, ONE), 'InvalidRequestException', 'range finish');
  await thriftRejects(c.truncate('NoSuchCf'), 'InvalidRequestException', 'NoSuchCf');
  assert.equal(await c.get_count('e', p, all(), ONE), 0);
  assert.equal(await c.get_count('e', { column_family: 'Super1' }, all(), ONE), 0);
});

function sp(): { column_family: string; super_column: string } {
  return { column_family: 'Super1', super_column: 'sc' };
}

test('many calls in flight on several connections: each answered in order with its own result', async () => {
  const conns = await Promise.all([0, 1, 2, 3].map(() => client(KS)));
  const p = { column_family: 'Standard1' };
  const ts = nowMicros();
  const per = 150;
  // Writes: every connection pipelines its inserts without waiting.
  await Promise.all(conns.flatMap((c, ci) => Array.from({ length: per }, (_, i) => c.insert(`conc${ci}`, p, { name: `n${String(i).padStart(4, '0')}`, value: `${ci}:${i}`, timestamp: ts }, ONE))));
  // Reads, with an exception every seventh call: results and exceptions must match their calls.
  const reads = conns.flatMap((c, ci) =>
    Array.from({ length: per }, async (_, i) => {
      const column = i % 7 === 0 ? `missing${i}` : `n${String(i).padStart(4, '0')}`;
      const call = c.get(`conc${(ci + 1) % conns.length}`, { column_family: 'Standard1', column }, ONE);
      if (i % 7 === 0) {
        await thriftRejects(call, 'NotFoundException');
        return;
      }
      assert.equal((await call).column!.value.toString(), `${(ci + 1) % conns.length}:${i}`);
    }),
  );
  const counts = conns.map((c, ci) => c.get_count(`conc${ci}`, p, all(1000), ONE));
  await Promise.all(reads);
  assert.deepEqual(await Promise.all(counts), conns.map(() => per));
  const multi = await conns[0]!.multiget_count(conns.map((_, ci) => `conc${ci}`), p, all(1000), ONE);
  assert.deepEqual(multi, Object.fromEntries(conns.map((_, ci) => [`conc${ci}`, per])));
});
