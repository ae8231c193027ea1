/**
 * Part 3: get_indexed_slices over KEYS indexes, and the index staying consistent with its data
 * after overwrites, column and row deletions, TTL expiry (manual clock) and a restart.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../../errors/index.js';
import { LONG_TYPE } from '../../marshal/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import { b, openTestNode, type TestNode } from '../../../test/support/operations-test-node.js';
import { indexPartitionKey, keysIndexesOf } from './keys-index.js';
import type { IndexExpression } from './thrift-types.js';

const ALL = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };
const PEOPLE = { columnFamily: 'People' };
const year = (n: number): Buffer => LONG_TYPE.decompose(BigInt(n));
const eq = (state: string): IndexExpression => ({ columnName: b('state'), op: 'EQ', value: b(state) });

async function query(node: TestNode, expressions: IndexExpression[], count = 100, startKey = ''): Promise<string[]> {
  return (await node.ops.getIndexedSlices('Test', PEOPLE, { expressions, startKey: b(startKey), count }, ALL)).map((s) => s.key.toString()).sort();
}

/** Live index entries for a state value, by scanning the hidden index table. */
function entries(node: TestNode, state: string): number {
  const index = keysIndexesOf(node.keeper.schema.getTable('Test', 'People')).find((i) => i.column.equals(b('state')))!;
  return node.engine.read(index.table.id, indexPartitionKey(b(state)), { slices: [{ start: BOTTOM, end: TOP }], reversed: false })?.cells.length ?? 0;
}

async function person(node: TestNode, key: string, state: string, born: number, ts: bigint, ttl?: number): Promise<void> {
  const col = (name: string, value: Buffer) => ({ columnOrSuperColumn: { column: { name: b(name), value, timestamp: ts, ...(ttl === undefined ? {} : { ttl }) } } });
  await node.ops.batchMutate('Test', [[b(key), new Map([['People', [col('state', b(state)), col('birth_year', year(born)), col('name', b(key))]]])]]);
}

test('get_indexed_slices: an EQ on an indexed column plus further filters, start key and count', async () => {
  const node = await openTestNode();
  try {
    await person(node, 'alice', 'UT', 1970, 1n);
    await person(node, 'bob', 'UT', 1985, 1n);
    await person(node, 'carol', 'CA', 1985, 1n);
    await person(node, 'dave', 'UT', 1990, 1n);
    assert.deepEqual((await query(node, [eq('UT')])), ['alice', 'bob', 'dave']);
    assert.deepEqual((await query(node, [eq('UT'), { columnName: b('birth_year'), op: 'GT', value: year(1980) }])), ['bob', 'dave']);
    assert.deepEqual((await query(node, [eq('UT'), { columnName: b('birth_year'), op: 'LTE', value: year(1985) }])), ['alice', 'bob']);
    assert.deepEqual((await query(node, [{ columnName: b('birth_year'), op: 'EQ', value: year(1985) }])), ['bob', 'carol']);
    assert.equal((await query(node, [eq('UT')], 2)).length, 2);
    // Paging: the next call starts at the last key returned (inclusive), in partitioner order.
    const first = (await node.ops.getIndexedSlices('Test', PEOPLE, { expressions: [eq('UT')], startKey: Buffer.alloc(0), count: 2 }, ALL));
    const rest = (await node.ops.getIndexedSlices('Test', PEOPLE, { expressions: [eq('UT')], startKey: first[1]!.key, count: 10 }, ALL));
    assert.deepEqual([...first, ...rest.slice(1)].map((s) => s.key.toString()).sort(), ['alice', 'bob', 'dave']);
    const sliced = (await node.ops.getIndexedSlices('Test', PEOPLE, { expressions: [eq('CA')], startKey: Buffer.alloc(0), count: 10 }, { columnNames: [b('name')] }));
    assert.deepEqual(sliced[0]!.columns.map((c) => c.column!.value.toString()), ['carol']);
    await assert.rejects(async () => (await query(node, [{ columnName: b('name'), op: 'EQ', value: b('bob') }])), /No indexed columns present in index clause with operator EQ/);
    await assert.rejects(async () => (await query(node, [{ columnName: b('state'), op: 'GT', value: b('A') }])), InvalidRequestError);
    await assert.rejects(async () => (await query(node, [])), /may not be empty/);
  } finally {
    await node.close();
  }
});

test('the index follows overwrites, stale writes, column and row deletions', async () => {
  const node = await openTestNode();
  try {
    await person(node, 'alice', 'UT', 1970, 10n);
    await node.ops.insert('Test', b('alice'), PEOPLE, { name: b('state'), value: b('CA'), timestamp: 20n });
    assert.deepEqual((await query(node, [eq('UT')])), []);
    assert.deepEqual((await query(node, [eq('CA')])), ['alice']);
    assert.equal(entries(node, 'UT'), 0, 'the stale entry was deleted (read-before-write)');
    // An older write loses to the current value and must not move the index.
    await node.ops.insert('Test', b('alice'), PEOPLE, { name: b('state'), value: b('NV'), timestamp: 15n });
    assert.deepEqual((await query(node, [eq('NV')])), []);
    assert.deepEqual((await query(node, [eq('CA')])), ['alice']);
    await node.ops.remove('Test', b('alice'), { columnFamily: 'People', column: b('state') }, 30n);
    assert.deepEqual((await query(node, [eq('CA')])), []);
    assert.equal(entries(node, 'CA'), 0);
    await person(node, 'bob', 'UT', 1980, 40n);
    await node.ops.remove('Test', b('bob'), { columnFamily: 'People' }, 41n);
    assert.deepEqual((await query(node, [eq('UT')])), []);
    assert.equal(entries(node, 'UT'), 0);
    await person(node, 'bob', 'UT', 1980, 50n);
    assert.deepEqual((await query(node, [eq('UT')])), ['bob'], 're-inserted after the row deletion');
  } finally {
    await node.close();
  }
});

test('TTL expiry keeps the index consistent; the index survives a restart', async () => {
  let node = await openTestNode();
  try {
    await person(node, 'eve', 'UT', 1970, 1n, 60);
    await person(node, 'frank', 'UT', 1970, 1n);
    assert.deepEqual((await query(node, [eq('UT')])), ['eve', 'frank']);
    node.clock.advanceSeconds(61);
    assert.deepEqual((await query(node, [eq('UT')])), ['frank']);
    assert.equal(entries(node, 'UT'), 1, 'the entry expired with its data cell');
    // Expired, then written again with a different value: no ghost entry for the old one.
    await node.ops.insert('Test', b('eve'), PEOPLE, { name: b('state'), value: b('CA'), timestamp: 2n });
    assert.deepEqual((await query(node, [eq('CA')])), ['eve']);
    node = await node.restart();
    assert.deepEqual((await query(node, [eq('UT')])), ['frank']);
    assert.deepEqual((await query(node, [eq('CA')])), ['eve']);
    await node.ops.truncate('Test', 'People');
    assert.equal(entries(node, 'CA'), 0, 'truncate empties the index too');
  } finally {
    await node.close();
  }
});

// Regression: replay after a crash did not know the hidden index tables, so index entries that were
// only in the commit log were dropped and indexed queries missed rows written before the crash.
test('index entries written before a crash are replayed with the data', async () => {
  const node = await openTestNode();
  try {
    await person(node, 'zoe', 'OR', 1990, 5n);
    const again = await node.crashRestart();
    assert.deepEqual((await query(again, [eq('OR')])), ['zoe']);
    await again.close();
  } finally {
    await node.close().catch(() => undefined);
  }
});
