/**
 * The CQL layouts against the real engine: sparse rows (clustering order with DESC, row markers,
 * statics first), and the Thrift layouts seen through CQL — a column written by the Thrift
 * operations is read back as a CQL row of the same column family (DESIGN §1, two views).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INT32_TYPE, LONG_TYPE, TIME_UUID_TYPE, UTF8_TYPE } from '../../marshal/index.js';
import { createColumnFamily } from '../../schema/index.js';
import { BOTTOM, TOP, liveCell } from '../../storage/model/index.js';
import { b, openTestNode } from '../../../test/support/operations-test-node.js';
import { decodePartitionKey, encodePartitionKey } from '../../db/cql-layout/partition-key.js';
import { assembleRows } from './row-assembler.js';
import { TableLayout } from '../../db/cql-layout/table-layout.js';

const i32 = (n: number): Buffer => INT32_TYPE.decompose(n);
const text = (s: string): Buffer => UTF8_TYPE.decompose(s);

test('sparse rows come back in clustering order (DESC honoured) with statics first and markers kept', async () => {
  const node = await openTestNode();
  try {
    const cf = createColumnFamily(
      {
        keyspace: 'Test',
        name: 'events',
        cql: {
          partitionKey: [{ name: 'k', type: 'text' }, { name: 'day', type: 'int' }],
          clustering: [{ name: 'a', type: 'int', order: 'DESC' }, { name: 'b', type: 'text' }],
          regular: [{ name: 'v', type: 'int' }],
          statics: [{ name: 's', type: 'text' }],
        },
      },
      { next: () => 0.5, bytes: (n: number) => Buffer.alloc(n, 7) },
    );
    await node.keeper.addColumnFamily(cf);
    const layout = new TableLayout(cf);
    const key = encodePartitionKey(cf.cql, [text('t1'), i32(3)]);
    assert.deepEqual(decodePartitionKey(cf.cql, key).map((x) => x.toString('hex')), [text('t1').toString('hex'), i32(3).toString('hex')]);
    const v = cf.cql.columns.get('v')!;
    const s = cf.cql.columns.get('s')!;
    const cells = [
      liveCell(layout.cellName([i32(1), text('x')], v), i32(10), 1n),
      liveCell(layout.cellName([i32(5), text('y')], v), i32(50), 1n),
      liveCell(layout.markerName([i32(2), text('z')])!, Buffer.alloc(0), 1n),
      liveCell(layout.cellName([], s), text('static!'), 1n),
    ];
    await node.engine.apply(cf.id, { key, partitionDeletion: null, rangeTombstones: [], cells });
    const read = node.engine.read(cf.id, key, { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 0)!;
    const { statics, rows } = assembleRows(layout, read.cells, 0, false);
    assert.equal((statics!.columns.get('s') as { value: Buffer }).value.toString(), 'static!');
    assert.deepEqual(rows.map((r) => INT32_TYPE.compose(r.clustering[0]!)), [5, 2, 1], 'a DESC');
    assert.equal(rows[1]!.columns.size, 0);
    assert.ok(rows[1]!.marker !== null, 'a row with only its marker exists');
    // A clustering slice excludes the statics; one row's bounds hold exactly its cells.
    const one = node.engine.read(cf.id, key, { slices: [{ start: layout.prefixStart([i32(5)]), end: layout.prefixEnd([i32(5)]) }], reversed: false }, 0)!;
    assert.deepEqual(assembleRows(layout, one.cells, 0, false).rows.map((r) => UTF8_TYPE.compose(r.clustering[1]!)), ['y']);
    assert.equal(assembleRows(layout, one.cells, 0, false).statics, null);
  } finally {
    await node.close();
  }
});

test('Thrift columns are CQL rows of the same column family', async () => {
  const node = await openTestNode();
  try {
    await node.ops.insert('Test', b('n1'), { columnFamily: 'Numbers' }, { name: LONG_TYPE.decompose(42n), value: b('forty-two'), timestamp: 1n });
    await node.ops.insert('Test', b('p1'), { columnFamily: 'People' }, { name: b('name'), value: b('Ann'), timestamp: 1n });
    const uuid = Buffer.from('b06e80b08c6111de8287c1fa647fd821', 'hex');
    await node.ops.insert('Twitter', b('5'), { columnFamily: 'UserRelationships', superColumn: b('user_timeline') }, { name: uuid, value: b('s1'), timestamp: 1n });
    const rowsOf = (ks: string, name: string, key: string) => {
      const cf = node.keeper.schema.keyspace(ks)!.tables.find((t) => t.name === name)!;
      const layout = new TableLayout(cf);
      const read = node.engine.read(cf.id, b(key), { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 0)!;
      return assembleRows(layout, read.cells, 0, false).rows;
    };
    const numbers = rowsOf('Test', 'Numbers', 'n1');
    assert.equal(LONG_TYPE.compose(numbers[0]!.clustering[0]!), 42n);
    assert.equal((numbers[0]!.columns.get('value') as { value: Buffer }).value.toString(), 'forty-two');
    const people = rowsOf('Test', 'People', 'p1');
    assert.equal((people[0]!.columns.get('name') as { value: Buffer }).value.toString(), 'Ann');
    const rel = rowsOf('Twitter', 'UserRelationships', '5');
    assert.equal(UTF8_TYPE.compose(rel[0]!.clustering[0]!), 'user_timeline');
    assert.equal(TIME_UUID_TYPE.toString(rel[0]!.clustering[1]!), 'b06e80b0-8c61-11de-8287-c1fa647fd821');
  } finally {
    await node.close();
  }
});

test('cell names decode back to their column whether the name needs escapes or not; group lengths match decode', () => {
  const random = { next: () => 0.5, bytes: (n: number) => Buffer.alloc(n, 7) };
  const plain = createColumnFamily(
    { keyspace: 'Test', name: 'kv', cql: { partitionKey: [{ name: 'k', type: 'text' }], clustering: [], regular: [{ name: 'v', type: 'blob' }, { name: 'é\u0001x', type: 'int' }], statics: [] } },
    random,
  );
  const clustered = createColumnFamily(
    { keyspace: 'Test', name: 'rows', cql: { partitionKey: [{ name: 'k', type: 'text' }], clustering: [{ name: 'c', type: 'text' }], regular: [{ name: 'v', type: 'int' }], statics: [{ name: 's', type: 'int' }] } },
    random,
  );
  for (const cf of [plain, clustered]) {
    const layout = new TableLayout(cf);
    const clustering = cf.cql.clustering.length === 0 ? [] : [text('a\u0000b')];
    for (const column of [...cf.cql.regular, ...cf.cql.statics]) {
      const name = layout.cellName(column.kind === 'static' ? [] : clustering, column);
      const d = layout.decode(name);
      assert.equal(d.column, column, `${cf.name}.${column.name}`);
      assert.equal(layout.groupLength(name), d.prefixLength);
    }
    const marker = layout.markerName(clustering)!;
    assert.equal(layout.decode(marker).column, null, 'the row marker');
    assert.equal(layout.groupLength(marker), layout.decode(marker).prefixLength);
  }
});
