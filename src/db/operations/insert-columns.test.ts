/**
 * insert_columns (the API's insert) against batch_mutate of the same mutations: the same cells
 * (names, values, timestamps, TTLs, the default TTL), the same errors in the same order with
 * nothing written, KEYS indexes maintained, and columnWriteMutations' grouping of sub-columns.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LONG_TYPE } from '../../marshal/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import { b, openTestNode, type TestNode } from '../../../test/support/operations-test-node.js';
import { type ColumnWrite, columnWriteMutations } from './insert-columns.js';

const ALL = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };
const col = (name: string | Buffer, value: string | Buffer, superName?: string): ColumnWrite => ({
  superName: superName === undefined ? undefined : b(superName),
  name: typeof name === 'string' ? b(name) : name,
  value: typeof value === 'string' ? b(value) : value,
});
const year = (n: number): Buffer => LONG_TYPE.decompose(BigInt(n));

/** The row's raw cells (every field the engine keeps). */
function cellsOf(node: TestNode, cf: string, key: string) {
  const table = node.keeper.schema.getTable('Test', cf);
  return node.engine.read(table.id, b(key), { slices: [{ start: BOTTOM, end: TOP }], reversed: false })?.cells ?? [];
}

/** Both ways of writing one row; resolves with each way's outcome (an error or the cells). */
async function bothWays(node: TestNode, cf: string, columns: ColumnWrite[], timestamp: bigint, ttl?: number, key = 'k') {
  const direct = await node.ops.insertColumns('Test', cf, b(`${key}-direct`), columns, timestamp, ttl).then(
    () => cellsOf(node, cf, `${key}-direct`),
    (e: unknown) => e,
  );
  const batch = await node.ops.batchMutate('Test', [[b(`${key}-batch`), new Map([[cf, columnWriteMutations(columns, timestamp, ttl)]])]]).then(
    () => cellsOf(node, cf, `${key}-batch`),
    (e: unknown) => e,
  );
  return { direct, batch };
}

test('insert_columns writes the cells batch_mutate writes: standard, super, TTL and default TTL', async () => {
  const node = await openTestNode();
  try {
    const cases: [string, ColumnWrite[], number | undefined][] = [
      ['People', [col('name', 'alice'), col('state', 'UT'), col('birth_year', year(1970))], undefined],
      ['Numbers', [col(year(3), 'three'), col(year(-1), 'minus one')], 60],
      ['Super', [col(year(2), 'b', 'x'), col(year(1), 'a', 'x'), col(year(5), 'e', 'y')], undefined],
      ['Expiring', [col('a', '1')], undefined],
      ['Expiring', [col('a', '1')], 7],
    ];
    for (const [i, [cf, columns, ttl]] of cases.entries()) {
      const { direct, batch } = await bothWays(node, cf, columns, 42n, ttl, `row${i}`);
      assert.ok(Array.isArray(direct) && direct.length > 0, `${cf}: written`);
      assert.deepEqual(direct, batch, `${cf} ttl=${ttl}`);
    }
    const expiring = cellsOf(node, 'Expiring', 'row3-direct');
    assert.equal(expiring[0]!.ttl, 100, 'the column family default TTL applies');
    const slice = (await node.ops.getSlice('Test', b('row2-direct'), { columnFamily: 'Super' }, ALL));
    assert.deepEqual(
      slice.map((c) => [c.superColumn!.name.toString(), c.superColumn!.columns.map((s) => s.value.toString())]),
      [['x', ['a', 'b']], ['y', ['e']]],
    );
  } finally {
    await node.close();
  }
});

test('insert_columns refuses what batch_mutate refuses, with the same error, and writes nothing', async () => {
  const node = await openTestNode();
  try {
    const cases: [string, ColumnWrite[], bigint, number | undefined][] = [
      ['Nope', [col('a', '1')], 1n, undefined],
      ['Numbers', [col(year(1), 'ok'), col(b('abc'), 'bad name')], 1n, undefined],
      ['Numbers', [col(Buffer.alloc(0), 'empty name')], 1n, undefined],
      ['People', [col('name', 'ok'), col('birth_year', b('abc'))], 1n, undefined],
      ['People', [col('name', Buffer.from([0xc3, 0x28]))], 1n, undefined],
      ['People', [col('name', 'x')], 2n ** 63n, undefined],
      ['People', [col('name', 'x')], 1n, 0],
      ['People', [col('name', 'x')], 1n, 20 * 365 * 24 * 3600 + 1],
      ['Super', [col(year(1), 'no super column')], 1n, undefined],
      ['People', [col('name', 'x', 'a super column')], 1n, undefined],
      ['Super', [col(year(1), 'x', '')], 1n, undefined],
    ];
    for (const [i, [cf, columns, ts, ttl]] of cases.entries()) {
      const { direct, batch } = await bothWays(node, cf, columns, ts, ttl, `bad${i}`);
      assert.ok(direct instanceof Error, `case ${i}: refused`);
      assert.ok(batch instanceof Error);
      assert.equal(direct.constructor, batch.constructor, `case ${i}: ${direct.message}`);
      assert.equal(direct.message, batch.message);
      if (cf !== 'Nope') assert.equal(cellsOf(node, cf, `bad${i}-direct`).length, 0, `case ${i}: nothing written`);
    }
    const noKeyspace = await node.ops.insertColumns('Nowhere', 'People', b('k'), [col('name', 'x')], 1n, undefined).catch((e: Error) => e);
    assert.match(String(noKeyspace), /Keyspace Nowhere does not exist/);
    const noKey = await node.ops.insertColumns('Test', 'People', Buffer.alloc(0), [col('name', 'x')], 1n, undefined).catch((e: Error) => e);
    assert.match(String(noKey), /Key may not be empty/);
  } finally {
    await node.close();
  }
});

test('insert_columns keeps KEYS indexes consistent with the data', async () => {
  const node = await openTestNode();
  try {
    const byState = async (state: string) =>
      (await node.ops.getIndexedSlices('Test', { columnFamily: 'People' }, { expressions: [{ columnName: b('state'), op: 'EQ', value: b(state) }], startKey: Buffer.alloc(0), count: 10 }, ALL)).map((s) => s.key.toString());
    await node.ops.insertColumns('Test', 'People', b('alice'), [col('state', 'UT'), col('name', 'Alice')], 1n, undefined);
    assert.deepEqual((await byState('UT')), ['alice']);
    await node.ops.insertColumns('Test', 'People', b('alice'), [col('state', 'CA')], 2n, undefined);
    assert.deepEqual((await byState('UT')), []);
    assert.deepEqual((await byState('CA')), ['alice']);
    // An older write loses to the current value and does not move the index.
    await node.ops.insertColumns('Test', 'People', b('alice'), [col('state', 'NV')], 1n, undefined);
    assert.deepEqual((await byState('NV')), []);
    assert.deepEqual((await byState('CA')), ['alice']);
  } finally {
    await node.close();
  }
});

test('columnWriteMutations: one column mutation each, sub-columns grouped under one SuperColumn per name', () => {
  const m = columnWriteMutations([col('a', '1'), col('s1', 'x', 'S'), col('t', 'y', 'T'), col('s2', 'z', 'S')], 9n, 30);
  assert.equal(m.length, 3);
  assert.deepEqual(m[0], { columnOrSuperColumn: { column: { name: b('a'), value: b('1'), timestamp: 9n, ttl: 30 } } });
  assert.deepEqual(
    m[1]!.columnOrSuperColumn!.superColumn!.columns.map((c) => c.name.toString()),
    ['s1', 's2'],
  );
  assert.equal(m[2]!.columnOrSuperColumn!.superColumn!.name.toString(), 'T');
  assert.equal('ttl' in columnWriteMutations([col('a', '1')], 1n, undefined)[0]!.columnOrSuperColumn!.column!, false);
});
