/**
 * IntegerType column names come back byte for byte as written (issue 17, item 7), as Cassandra
 * 0.7 returned them: `00000001` stays `00000001`, in a Standard column family and inside a
 * CompositeType name, over the generated Node Thrift client against `ilium start`. Equal values of
 * different widths are distinct columns, adjacent, narrowest first (a slice's bounds are placed
 * in that order too).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CassandraClient, TColumnOrSuperColumn } from './thrift-js-client.js';
import { SIMPLE_STRATEGY, type ThriftTestNode, nowMicros, startThriftNode } from './thrift-test-node.js';

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
