/**
 * Every refused request raises a typed error and writes nothing: unknown keyspace or column
 * family, names of the wrong type, super column calls on a standard CF, invalid UTF-8 for a
 * UTF8Type validator, TTLs out of range — including a batch whose last mutation is the bad one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import { TTL_SECONDS_MAX, createColumnFamily } from '../../schema/index.js';
import { b, openTestNode } from '../../../test/support/operations-test-node.js';
import type { Mutation } from './thrift-types.js';

const ALL = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 100 } };
const BAD_UTF8 = Buffer.from([0xc3, 0x28]);

test('every refused request is typed and writes nothing', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    const users = { columnFamily: 'Users' };
    const col = (name: Buffer, value = b('v'), extra: object = {}) => ({ name, value, timestamp: 1n, ...extra });
    const refused: [string, () => unknown, new (...a: never[]) => Error, RegExp][] = [
      ['unknown keyspace', () => ops.insert('Nope', b('k'), users, col(b('a'))), InvalidRequestError, /Keyspace Nope does not exist/],
      ['unknown CF', () => ops.insert('Twitter', b('k'), { columnFamily: 'Nope' }, col(b('a'))), InvalidRequestError, /unconfigured columnfamily Nope/],
      ['empty key', () => ops.insert('Twitter', Buffer.alloc(0), users, col(b('a'))), InvalidRequestError, /Key may not be empty/],
      ['long key', () => ops.insert('Twitter', Buffer.alloc(0x10000), users, col(b('a'))), InvalidRequestError, /longer than maximum/],
      ['bad UTF8Type name', () => ops.insert('Twitter', b('k'), users, col(BAD_UTF8)), MarshalError, /column name/],
      ['LongType name of 3 bytes', () => ops.insert('Test', b('k'), { columnFamily: 'Numbers' }, col(b('abc'))), MarshalError, /LongType/],
      ['invalid UTF-8 value for a UTF8Type validator', () => ops.insert('Test', b('k'), { columnFamily: 'People' }, col(b('name'), BAD_UTF8)), MarshalError, /value/],
      ['invalid key for a UTF8Type key validator', () => ops.insert('Test', BAD_UTF8, { columnFamily: 'People' }, col(b('name'))), MarshalError, /key/],
      ['TTL zero', () => ops.insert('Twitter', b('k'), users, col(b('a'), b('v'), { ttl: 0 })), InvalidRequestError, /ttl must be positive/],
      ['TTL over 20 years', () => ops.insert('Twitter', b('k'), users, col(b('a'), b('v'), { ttl: TTL_SECONDS_MAX + 1 })), InvalidRequestError, /too large/],
      ['super column on a standard CF', () => ops.insert('Twitter', b('k'), { columnFamily: 'Users', superColumn: b('x') }, col(b('a'))), InvalidRequestError, /standard CF/],
      ['column without super column in a super CF', () => ops.insert('Test', b('k'), { columnFamily: 'Super' }, col(Buffer.alloc(8))), InvalidRequestError, /super CF/],
      ['get_slice with a super column on a standard CF', async () => (await ops.getSlice('Twitter', b('k'), { columnFamily: 'Users', superColumn: b('x') }, ALL)), InvalidRequestError, /standard CF/],
      ['get with a super column on a standard CF', async () => (await ops.get('Twitter', b('k'), { columnFamily: 'Users', superColumn: b('x'), column: b('a') })), InvalidRequestError, /standard CF/],
      ['remove with a super column on a standard CF', () => ops.remove('Twitter', b('k'), { columnFamily: 'Users', superColumn: b('x') }, 1n), InvalidRequestError, /standard CF/],
      ['slice finish before start', async () => (await ops.getSlice('Test', b('k'), { columnFamily: 'Numbers' }, { sliceRange: { start: Buffer.alloc(8, 1), finish: Buffer.alloc(8), reversed: false, count: 1 } })), InvalidRequestError, /order of traversal/],
      ['bad slice start', async () => (await ops.getSlice('Test', b('k'), { columnFamily: 'Numbers' }, { sliceRange: { start: b('x'), finish: Buffer.alloc(0), reversed: false, count: 1 } })), MarshalError, /range start/],
      ['negative count', async () => (await ops.getSlice('Twitter', b('k'), users, { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: -1 } })), InvalidRequestError, /non-negative count/],
      ['missing timestamp', () => ops.insert('Twitter', b('k'), users, { name: b('a'), value: b('v'), timestamp: 1 as unknown as bigint }), InvalidRequestError, /timestamp/],
    ];
    for (const [what, call, type, message] of refused) {
      await assert.rejects(async () => call(), (e: unknown) => e instanceof type && message.test((e as Error).message), what);
    }
    for (const [ks, cf] of [['Twitter', 'Users'], ['Test', 'Numbers'], ['Test', 'People'], ['Test', 'Super']] as const) {
      assert.deepEqual(node.engine.scan(node.keeper.schema.getTable(ks, cf).id, undefined, undefined, { slices: [{ start: Buffer.from([0x20]), end: Buffer.from([0x60]) }], reversed: false, includeTombstones: true }, 10), [], `${ks}.${cf} is empty`);
    }
  } finally {
    await node.close();
  }
});

test('batch_mutate whose last mutation is bad writes none of its rows', async () => {
  const node = await openTestNode();
  try {
    const { ops } = node;
    const col = (n: string, v: Buffer = b('v')): Mutation => ({ columnOrSuperColumn: { column: { name: b(n), value: v, timestamp: 1n } } });
    const batches: [string, Parameters<typeof ops.batchMutate>[1]][] = [
      ['bad value last', [[b('1'), new Map([['People', [col('name')]]])], [b('2'), new Map([['People', [col('state', b('CA')), col('name', Buffer.from([0xff]))]]])]]],
      ['unknown CF last', [[b('1'), new Map([['People', [col('name')]], ['Nope', [col('a')]]])]]],
      ['empty mutation last', [[b('1'), new Map([['People', [col('name'), {}]]])]]],
      ['super deletion on a standard CF last', [[b('1'), new Map([['People', [col('name'), { deletion: { timestamp: 2n, superColumn: b('x') } }]]])]]],
    ];
    for (const [what, batch] of batches) await assert.rejects(ops.batchMutate('Test', batch), InvalidRequestError, what);
    for (const key of ['1', '2']) assert.deepEqual((await ops.getSlice('Test', b(key), { columnFamily: 'People' }, ALL)), [], `row ${key} not written`);
    // Nor did an index entry appear: an indexed query for the batch's state finds nothing.
    assert.deepEqual((await ops.getIndexedSlices('Test', { columnFamily: 'People' }, { expressions: [{ columnName: b('state'), op: 'EQ', value: b('CA') }], startKey: Buffer.alloc(0), count: 10 }, ALL)), []);
  } finally {
    await node.close();
  }
});

test('Thrift writes to a materialized view are refused: it changes only through its base table', async () => {
  const node = await openTestNode();
  try {
    const { ops, keeper } = node;
    const base = keeper.schema.table('Twitter', 'Users')!;
    const cql = { partitionKey: [{ name: 'key', type: 'UTF8Type' }], regular: [{ name: 'v', type: 'UTF8Type' }] };
    const view = { baseTableId: base.id, baseTableName: 'Users', includeAllColumns: false, whereClause: 'key IS NOT NULL', filters: [{ column: 'key', op: 'IS NOT NULL' as const, values: [] }] };
    const random = { next: () => 0.5, bytes: (n: number) => Buffer.alloc(n, 7) };
    await keeper.addColumnFamily(createColumnFamily({ keyspace: 'Twitter', name: 'users_view', cql, view }, random));
    const target = { columnFamily: 'users_view' };
    await assert.rejects(async () => ops.insert('Twitter', b('k'), target, { name: b('v'), value: b('x'), timestamp: 1n }), /^InvalidRequestError: Cannot directly modify a materialized view$/);
    await assert.rejects(async () => ops.remove('Twitter', b('k'), target, 1n), /Cannot directly modify a materialized view/);
    const mutation: Mutation = { columnOrSuperColumn: { column: { name: b('v'), value: b('x'), timestamp: 1n } } };
    await assert.rejects(async () => ops.batchMutate('Twitter', new Map([[b('k'), new Map([['users_view', [mutation]]])]])), /Cannot directly modify a materialized view/);
  } finally {
    await node.close();
  }
});
