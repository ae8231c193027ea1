/**
 * Comparators of issue 17 (item 7) over the generated Node Thrift client against `ilium start`.
 *
 * DynamicCompositeType with the alias syntax: a column family made with it, names written with
 * aliases and with type names, read back as written in Cassandra's order.
 *
 * IntegerType column names come back byte for byte as written, as Cassandra
 * 0.7 returned them: `00000001` stays `00000001`, in a Standard column family and inside a
 * CompositeType name, over the generated Node Thrift client against `ilium start`. Equal values of
 * different widths are distinct columns, adjacent, narrowest first (a slice's bounds are placed
 * in that order too).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import type { CassandraClient, TColumnOrSuperColumn } from './thrift-js-client.js';
import { SIMPLE_STRATEGY, type ThriftTestNode, nowMicros, startThriftNode, thriftRejects } from './thrift-test-node.js';

const KS = 'IntNames';
let node: ThriftTestNode;
let c: CassandraClient;

before(async () => {
  node = await startThriftNode('127.0.29.2');
  c = (await node.connect()).client;
  await c.system_add_keyspace({
    name: KS,
    strategy_class: SIMPLE_STRATEGY,
    replication_factor: 1,
    cf_defs: [
      { keyspace: KS, name: 'Ints', comparator_type: 'IntegerType' },
      { keyspace: KS, name: 'Composite', comparator_type: 'CompositeType(IntegerType, UTF8Type)' },
      { keyspace: KS, name: 'Dynamic', comparator_type: 'DynamicCompositeType(s => UTF8Type, i => Int32Type)' },
    ],
  });
  await c.set_keyspace(KS);
});
after(async () => {
  await node?.close();
});

const hex = (s: string): Buffer => Buffer.from(s, 'hex');
const names = (list: TColumnOrSuperColumn[]): string[] => list.map((x) => x.column!.name.toString('hex'));
const slice = (start: Buffer | string, finish: Buffer | string, count = 100) => ({ slice_range: { start, finish, reversed: false, count } });

async function insert(cf: string, key: string, name: Buffer, value: string): Promise<void> {
  await c.insert(key, { column_family: cf }, { name, value: Buffer.from(value), timestamp: nowMicros() }, node.ONE);
}

test('IntegerType names read back as written, ordered by value then width', async () => {
  const written = ['00000001', '01', '02', 'ff', 'ffffff80', '0080', '000080', '0000'];
  for (const n of written) await insert('Ints', 'k', hex(n), `v${n}`);
  const all = await c.get_slice('k', { column_family: 'Ints' }, slice('', ''), node.ONE);
  assert.deepEqual(names(all), ['ffffff80', 'ff', '0000', '01', '00000001', '02', '0080', '000080']);
  assert.deepEqual(all.map((x) => x.column!.value.toString()), ['vffffff80', 'vff', 'v0000', 'v01', 'v00000001', 'v02', 'v0080', 'v000080']);
  const one = await c.get('k', { column_family: 'Ints', column: hex('00000001') }, node.ONE);
  assert.equal(one.column!.name.toString('hex'), '00000001');
  assert.equal(one.column!.value.toString(), 'v00000001');
  // A slice's bounds are names too: each width is its own place in the order.
  assert.deepEqual(names(await c.get_slice('k', { column_family: 'Ints' }, slice(hex('01'), hex('01')), node.ONE)), ['01']);
  assert.deepEqual(names(await c.get_slice('k', { column_family: 'Ints' }, slice(hex('00000001'), hex('00000001')), node.ONE)), ['00000001']);
  assert.deepEqual(names(await c.get_slice('k', { column_family: 'Ints' }, slice(hex('01'), hex('0080'), 3), node.ONE)), ['01', '00000001', '02']);
  assert.equal(await c.get_count('k', { column_family: 'Ints' }, slice('', ''), node.ONE), written.length);
});

test('inside a CompositeType name the IntegerType component keeps its width', async () => {
  const composite = (int: string, text: string): Buffer => {
    const parts: Buffer[] = [];
    for (const b of [hex(int), Buffer.from(text)]) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(b.length);
      parts.push(len, b, Buffer.from([0]));
    }
    return Buffer.concat(parts);
  };
  const written = [composite('00000001', 'a'), composite('01', 'b'), composite('0002', 'a')];
  for (const n of written) await insert('Composite', 'k', n, 'x');
  const all = await c.get_slice('k', { column_family: 'Composite' }, slice('', ''), node.ONE);
  // Cassandra's order: the components by value first ((1, 'a') before (1, 'b')), widths last.
  assert.deepEqual(names(all), [composite('00000001', 'a'), composite('01', 'b'), composite('0002', 'a')].map((b) => b.toString('hex')));
  await insert('Composite', 'k', composite('01', 'a'), 'y');
  const again = await c.get_slice('k', { column_family: 'Composite' }, slice('', ''), node.ONE);
  assert.deepEqual(names(again).slice(0, 2), [composite('01', 'a'), composite('00000001', 'a')].map((b) => b.toString('hex')), 'equal names, the narrower first');
});

test('DynamicCompositeType with aliases: created over Thrift, names read back as written, in Cassandra\'s order', async () => {
  const ks = await c.describe_keyspace(KS);
  const def = ks.cf_defs.find((cf) => cf.name === 'Dynamic')!;
  assert.equal(def.comparator_type, 'org.apache.cassandra.db.marshal.DynamicCompositeType(i=>org.apache.cassandra.db.marshal.Int32Type,s=>org.apache.cassandra.db.marshal.UTF8Type)');
  const part = (header: Buffer, value: Buffer, eoc = 0): Buffer => {
    const len = Buffer.alloc(2);
    len.writeUInt16BE(value.length);
    return Buffer.concat([header, len, value, Buffer.from([eoc & 0xff])]);
  };
  const alias = (ch: string) => Buffer.from([0x80, ch.charCodeAt(0)]);
  const named = (n: string) => Buffer.concat([Buffer.from([0, n.length]), Buffer.from(n)]);
  const int = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  const a = part(alias('s'), Buffer.from('apple'));
  const b = Buffer.concat([part(alias('s'), Buffer.from('apple')), part(alias('i'), int(-5))]);
  const c2 = Buffer.concat([part(named('UTF8Type'), Buffer.from('apple')), part(alias('i'), int(3))]);
  const d = part(alias('s'), Buffer.from('banana'));
  const e = part(alias('i'), int(1_000_000));
  for (const n of [d, c2, a, e, b]) await insert('Dynamic', 'k', n, 'x');
  const all = await c.get_slice('k', { column_family: 'Dynamic' }, slice('', ''), node.ONE);
  // Int32Type sorts before UTF8Type (by class name); then by value; a prefix first; an alias and a
  // type name for one type compare alike (-5 before 3).
  assert.deepEqual(names(all), [e, a, b, c2, d].map((x) => x.toString('hex')));
  // A slice from every 'apple…' name to just before 'banana' (end-of-component -1 as the finish).
  const from = part(alias('s'), Buffer.from('apple'), -1);
  const to = part(alias('s'), Buffer.from('banana'), -1);
  assert.deepEqual(names(await c.get_slice('k', { column_family: 'Dynamic' }, slice(from, to), node.ONE)), [a, b, c2].map((x) => x.toString('hex')));
  await thriftRejects(insert('Dynamic', 'k', part(alias('x'), Buffer.from('?')), 'x'), 'InvalidRequestException', 'Cannot find comparator for component 0');
  // The CQL view of the column family: one clustering column of the custom type, the names as written.
  const cql = new cassandra.Client({ contactPoints: [`${node.process.host}:${node.process.port}`], localDataCenter: 'datacenter1' });
  try {
    const rows = (await cql.execute('SELECT column1 FROM "IntNames"."Dynamic" WHERE key = ?', [Buffer.from('k')], { prepare: true })).rows;
    assert.deepEqual(rows.map((r) => (r['column1'] as Buffer).toString('hex')), [e, a, b, c2, d].map((x) => x.toString('hex')));
  } finally {
    await cql.shutdown();
  }
});
