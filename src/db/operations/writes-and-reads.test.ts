/**
 * Part 1 of the operations: insert, get, get_slice, remove, batch_mutate — seed 000's demo, the
 * cell layout of Standard and Super column families, slices by names and ranges, reversed and
 * counted (super column counts count super columns), deletions at every grain, TTLs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NotFoundError } from '../../errors/index.js';
import { makeTimeUuid, unixMsToTimestamp } from '../../marshal/index.js';
import { LONG_TYPE } from '../../marshal/index.js';
import { b, openTestNode } from '../../../test/support/operations-test-node.js';
import type { ColumnOrSuperColumn, Mutation } from './thrift-types.js';

const NODE = Buffer.from('0102030405060708', 'hex');
const timeUuid = (ms: number): Buffer => makeTimeUuid(unixMsToTimestamp(ms), NODE);
const long = (n: number): Buffer => LONG_TYPE.decompose(BigInt(n));
const names = (cols: ColumnOrSuperColumn[]): string[] => cols.map((c) => c.column!.name.toString());
const values = (cols: ColumnOrSuperColumn[]): string[] => cols.map((c) => c.column!.value.toString());
const ALL = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };

test("seed 000: the reversed user_timeline yields statuses '2','1' and their texts", async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    let ts = 1n;
    const put = (cf: string, key: string, cols: Record<string, string>) =>
      ops.batchMutate('Twitter', [[b(key), new Map([[cf, Object.entries(cols).map(([n, v]): Mutation => ({ columnOrSuperColumn: { column: { name: b(n), value: b(v), timestamp: ts++ } } }))]])]]);
    await put('Users', '5', { screen_name: 'buttonscat' });
    await put('Statuses', '1', { text: 'Nom nom nom nom nom.', user_id: '5' });
    await put('Statuses', '2', { text: '@evan Zzzz....', user_id: '5', reply_to_id: '8' });
    const parent = { columnFamily: 'UserRelationships', superColumn: b('user_timeline') };
    await ops.insert('Twitter', b('5'), parent, { name: timeUuid(1_000), value: b('1'), timestamp: ts++ });
    await ops.insert('Twitter', b('5'), parent, { name: timeUuid(2_000), value: b('2'), timestamp: ts++ });
    const timeline = (await ops.getSlice('Twitter', b('5'), parent, { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: true, count: 100 } }));
    assert.deepEqual(values(timeline), ['2', '1']);
    const texts = await Promise.all(timeline.map(async (c) => (await ops.get('Twitter', c.column!.value, { columnFamily: 'Statuses', column: b('text') })).column!.value.toString()));
    assert.deepEqual(texts, ['@evan Zzzz....', 'Nom nom nom nom nom.']);
    assert.equal((await ops.get('Twitter', b('5'), { columnFamily: 'Users', column: b('screen_name') })).column!.value.toString(), 'buttonscat');
    // Statuses '1' and '2' have different columns; names come back in UTF8Type order.
    assert.deepEqual(names((await ops.getSlice('Twitter', b('2'), { columnFamily: 'Statuses' }, ALL))), ['reply_to_id', 'text', 'user_id']);
  } finally {
    await node.close();
  }
});

test('get of an absent column, super column or row is NotFoundError', async () => {
  const node = await openTestNode();
  try {
    await assert.rejects(async () => (await node.ops.get('Twitter', b('nobody'), { columnFamily: 'Users', column: b('x') })), NotFoundError);
    await node.ops.insert('Twitter', b('5'), { columnFamily: 'Users' }, { name: b('a'), value: b('1'), timestamp: 1n });
    await assert.rejects(async () => (await node.ops.get('Twitter', b('5'), { columnFamily: 'Users', column: b('b') })), NotFoundError);
    await assert.rejects(async () => (await node.ops.get('Twitter', b('5'), { columnFamily: 'UserRelationships', superColumn: b('none') })), NotFoundError);
  } finally {
    await node.close();
  }
});

test('slices of a LongType column family: ranges, reversed, counts, names in comparator order', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    for (const n of [123, 832416, 3, 976, -5]) await ops.insert('Test', b('k'), { columnFamily: 'Numbers' }, { name: long(n), value: b(String(n)), timestamp: 1n });
    const slice = async (start: Buffer, finish: Buffer, reversed: boolean, count: number) => values((await ops.getSlice('Test', b('k'), { columnFamily: 'Numbers' }, { sliceRange: { start, finish, reversed, count } })));
    const none = Buffer.alloc(0);
    assert.deepEqual((await slice(none, none, false, 100)), ['-5', '3', '123', '976', '832416']);
    assert.deepEqual((await slice(long(3), long(976), false, 100)), ['3', '123', '976']);
    assert.deepEqual((await slice(long(976), long(3), true, 2)), ['976', '123'], 'reversed: start is the high end');
    assert.deepEqual((await slice(none, none, true, 1)), ['832416']);
    assert.deepEqual((await slice(long(100), none, false, 100)), ['123', '976', '832416']);
    const byNames = (await ops.getSlice('Test', b('k'), { columnFamily: 'Numbers' }, { columnNames: [long(976), long(7), long(-5), long(976)] }));
    assert.deepEqual(values(byNames), ['-5', '976'], 'comparator order, absent skipped, duplicates once');
    assert.equal((await ops.getCount('Test', b('k'), { columnFamily: 'Numbers' }, ALL)), 5);
  } finally {
    await node.close();
  }
});

test('super column families: slices of super columns (count counts super columns) and of sub-columns', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    for (const sc of ['a', 'b', 'c']) for (const n of [3, 1, 2]) await ops.insert('Test', b('row'), { columnFamily: 'Super', superColumn: b(sc) }, { name: long(n), value: b(`${sc}${n}`), timestamp: 1n });
    const supers = async (reversed: boolean, count: number, start = '', finish = '') =>
      (await ops.getSlice('Test', b('row'), { columnFamily: 'Super' }, { sliceRange: { start: b(start), finish: b(finish), reversed, count } })).map((c) => `${c.superColumn!.name}:${c.superColumn!.columns.map((x) => x.value.toString()).join(',')}`);
    assert.deepEqual((await supers(false, 2)), ['a:a1,a2,a3', 'b:b1,b2,b3']);
    assert.deepEqual((await supers(true, 2)), ['c:c1,c2,c3', 'b:b1,b2,b3'], 'reversed super columns, sub-columns still ascending');
    assert.deepEqual((await supers(false, 10, 'b', 'c')), ['b:b1,b2,b3', 'c:c1,c2,c3']);
    assert.equal((await ops.getCount('Test', b('row'), { columnFamily: 'Super' }, ALL)), 3);
    const subs = (await ops.getSlice('Test', b('row'), { columnFamily: 'Super', superColumn: b('b') }, { sliceRange: { start: long(3), finish: Buffer.alloc(0), reversed: true, count: 2 } }));
    assert.deepEqual(values(subs), ['b3', 'b2']);
    assert.equal((await ops.getCount('Test', b('row'), { columnFamily: 'Super', superColumn: b('b') }, ALL)), 3);
    const one = (await ops.get('Test', b('row'), { columnFamily: 'Super', superColumn: b('c') }));
    assert.deepEqual(one.superColumn!.columns.map((c) => c.value.toString()), ['c1', 'c2', 'c3']);
    assert.equal((await ops.get('Test', b('row'), { columnFamily: 'Super', superColumn: b('a'), column: long(2) })).column!.value.toString(), 'a2');
    const named = (await ops.getSlice('Test', b('row'), { columnFamily: 'Super' }, { columnNames: [b('c'), b('zz'), b('a')] }));
    assert.deepEqual(named.map((c) => c.superColumn!.name.toString()), ['a', 'c']);
  } finally {
    await node.close();
  }
});

test('remove: a column, a sub-column, a super column, a row; older writes stay deleted', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    const sup = (sc: string) => ({ columnFamily: 'Super', superColumn: b(sc) });
    for (const sc of ['a', 'b']) for (const n of [1, 2]) await ops.insert('Test', b('r'), sup(sc), { name: long(n), value: b(`${sc}${n}`), timestamp: 10n });
    await ops.remove('Test', b('r'), { columnFamily: 'Super', superColumn: b('a'), column: long(1) }, 11n);
    assert.deepEqual(values((await ops.getSlice('Test', b('r'), sup('a'), ALL))), ['a2']);
    await ops.remove('Test', b('r'), { columnFamily: 'Super', superColumn: b('a') }, 11n);
    assert.equal((await ops.getCount('Test', b('r'), { columnFamily: 'Super' }, ALL)), 1);
    await ops.insert('Test', b('r'), sup('a'), { name: long(5), value: b('old'), timestamp: 5n });
    assert.equal((await ops.getCount('Test', b('r'), { columnFamily: 'Super' }, ALL)), 1, 'a write older than the super column deletion stays deleted');
    await ops.insert('Twitter', b('u'), { columnFamily: 'Users' }, { name: b('x'), value: b('1'), timestamp: 1n });
    await ops.insert('Twitter', b('u'), { columnFamily: 'Users' }, { name: b('y'), value: b('1'), timestamp: 1n });
    await ops.remove('Twitter', b('u'), { columnFamily: 'Users', column: b('x') }, 2n);
    assert.deepEqual(names((await ops.getSlice('Twitter', b('u'), { columnFamily: 'Users' }, ALL))), ['y']);
    await ops.remove('Twitter', b('u'), { columnFamily: 'Users' }, 2n);
    assert.deepEqual((await ops.getSlice('Twitter', b('u'), { columnFamily: 'Users' }, ALL)), []);
    await ops.insert('Twitter', b('u'), { columnFamily: 'Users' }, { name: b('z'), value: b('1'), timestamp: 3n });
    assert.deepEqual(names((await ops.getSlice('Twitter', b('u'), { columnFamily: 'Users' }, ALL))), ['z'], 'a newer write after a row deletion is live');
  } finally {
    await node.close();
  }
});

test('batch_mutate: many rows and column families; deletions by names, slice ranges and super columns', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    const col = (n: string, v: string, ts = 1n): Mutation => ({ columnOrSuperColumn: { column: { name: b(n), value: b(v), timestamp: ts } } });
    await ops.batchMutate('Twitter', new Map([
      [b('1'), new Map([['Users', [col('a', '1'), col('b', '2'), col('c', '3'), col('d', '4')]], ['Statuses', [col('text', 'hi')]]])],
      [b('2'), new Map([['Users', [col('a', 'x')]]])],
    ]));
    assert.equal((await ops.getCount('Twitter', b('1'), { columnFamily: 'Users' }, ALL)), 4);
    assert.equal((await ops.get('Twitter', b('1'), { columnFamily: 'Statuses', column: b('text') })).column!.value.toString(), 'hi');
    await ops.batchMutate('Twitter', new Map([[b('1'), new Map([['Users', [
      { deletion: { timestamp: 2n, predicate: { columnNames: [b('a')] } } },
      { deletion: { timestamp: 2n, predicate: { sliceRange: { start: b('b'), finish: b('c'), reversed: false, count: 1 } } } },
    ]]])]]));
    // The slice deletion removed b and c: its count (1) does not apply, as in Cassandra 1.2–3.x.
    assert.deepEqual(names((await ops.getSlice('Twitter', b('1'), { columnFamily: 'Users' }, ALL))), ['d']);
    await ops.batchMutate('Twitter', [[b('2'), new Map([['Users', [{ deletion: { timestamp: 2n } }]]])]]);
    assert.deepEqual((await ops.getSlice('Twitter', b('2'), { columnFamily: 'Users' }, ALL)), []);
    // Super CF: a whole super column as a mutation, then deletions of sub-columns and super columns.
    const sc = (name: string, subs: number[]): Mutation => ({ columnOrSuperColumn: { superColumn: { name: b(name), columns: subs.map((n) => ({ name: long(n), value: b(`${name}${n}`), timestamp: 1n })) } } });
    await ops.batchMutate('Test', [[b('s'), new Map([['Super', [sc('a', [1, 2, 3]), sc('b', [1]), sc('c', [1])]]])]]);
    await ops.batchMutate('Test', [[b('s'), new Map([['Super', [
      { deletion: { timestamp: 2n, superColumn: b('a'), predicate: { sliceRange: { start: long(2), finish: Buffer.alloc(0), reversed: false, count: 10 } } } },
      { deletion: { timestamp: 2n, predicate: { columnNames: [b('b')] } } },
    ]]])]]);
    const left = (await ops.getSlice('Test', b('s'), { columnFamily: 'Super' }, ALL)).map((c) => `${c.superColumn!.name}:${c.superColumn!.columns.length}`);
    assert.deepEqual(left, ['a:1', 'c:1']);
  } finally {
    await node.close();
  }
});

test('TTL: a column expires; the column family default TTL applies when none is given', async () => {
  const node = await openTestNode();
  try {
    const { ops, clock } = node;
    await ops.insert('Twitter', b('t'), { columnFamily: 'Users' }, { name: b('short'), value: b('1'), timestamp: 1n, ttl: 10 });
    await ops.insert('Twitter', b('t'), { columnFamily: 'Users' }, { name: b('long'), value: b('1'), timestamp: 1n });
    await ops.insert('Test', b('t'), { columnFamily: 'Expiring' }, { name: b('d'), value: b('1'), timestamp: 1n });
    assert.equal((await ops.get('Twitter', b('t'), { columnFamily: 'Users', column: b('short') })).column!.ttl, 10);
    assert.equal((await ops.get('Test', b('t'), { columnFamily: 'Expiring', column: b('d') })).column!.ttl, 100);
    clock.advanceSeconds(11);
    assert.deepEqual(names((await ops.getSlice('Twitter', b('t'), { columnFamily: 'Users' }, ALL))), ['long']);
    clock.advanceSeconds(100);
    await assert.rejects(async () => (await ops.get('Test', b('t'), { columnFamily: 'Expiring', column: b('d') })), NotFoundError);
  } finally {
    await node.close();
  }
});
