/**
 * Counters over Thrift (add, remove_counter, counter mutations in batch_mutate) on Standard and
 * Super counter column families: reads answer counter columns, the calls of the other kind are
 * refused, refused batches write nothing, and Thrift and CQL count on the same cells.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_COLUMNS, bytes, mutationBatch, rejectsThrift, type ThriftTestNode, withThriftKeyspace } from '../../../test/support/thrift-test-node.js';
import type { ThriftMutation } from './cassandra-service.js';
import type { ThriftSession } from './thrift-session.js';

const ALL = ALL_COLUMNS;
const COUNTER = 'CounterColumnType';
const batch = mutationBatch;
const inc = (name: string, value: bigint): ThriftMutation => ({ columnOrSuperColumn: { counterColumn: { name: bytes(name), value } } });


/** Keyspace Ks: Hits (Standard counters), SupHits (Super counters), Plain (not counters). */
function withCounters(fn: (n: ThriftTestNode, s: ThriftSession) => Promise<void>): Promise<void> {
  return withThriftKeyspace(
    [
      { name: 'Hits', comparatorType: 'UTF8Type', keyValidationClass: 'UTF8Type', defaultValidationClass: COUNTER },
      { name: 'SupHits', columnType: 'Super', comparatorType: 'UTF8Type', subcomparatorType: 'UTF8Type', keyValidationClass: 'UTF8Type', defaultValidationClass: COUNTER },
      { name: 'Plain', comparatorType: 'UTF8Type' },
    ],
    fn,
  );
}

const counterOf = async (s: ThriftSession, key: string, name: string): Promise<bigint> =>
  (await s.get(bytes(key), { columnFamily: 'Hits', column: bytes(name) })).counterColumn!.value;

test('add increments and decrements; reads answer counter columns', () =>
  withCounters(async (_n, s) => {
    const hits = { columnFamily: 'Hits' };
    await s.add(bytes('page'), hits, { name: bytes('views'), value: 5n });
    await s.add(bytes('page'), hits, { name: bytes('views'), value: -2n });
    await s.add(bytes('page'), hits, { name: bytes('likes'), value: 1n });
    assert.equal(await counterOf(s, 'page', 'views'), 3n);
    assert.deepEqual(await s.getSlice(bytes('page'), hits, ALL), [
      { counterColumn: { name: bytes('likes'), value: 1n } },
      { counterColumn: { name: bytes('views'), value: 3n } },
    ]);
    assert.equal(await s.getCount(bytes('page'), hits, ALL), 2);
    const multi = await s.multigetSlice([bytes('page')], hits, { columnNames: [bytes('views')] });
    assert.deepEqual([...multi.values()], [[{ counterColumn: { name: bytes('views'), value: 3n } }]]);
    const ranges = await s.getRangeSlices(hits, { columnNames: [bytes('likes')] }, { startToken: '0', endToken: '0', count: 10 });
    assert.deepEqual(ranges, [{ key: bytes('page'), columns: [{ counterColumn: { name: bytes('likes'), value: 1n } }] }]);
    // Concurrent increments of one counter all count (read-modify-write under the partition lock).
    await Promise.all(Array.from({ length: 20 }, () => s.add(bytes('page'), hits, { name: bytes('views'), value: 1n })));
    assert.equal(await counterOf(s, 'page', 'views'), 23n);
    // Sums wrap as Java longs do.
    await s.add(bytes('big'), hits, { name: bytes('n'), value: 2n ** 63n - 1n });
    await s.add(bytes('big'), hits, { name: bytes('n'), value: 1n });
    assert.equal(await counterOf(s, 'big', 'n'), -(2n ** 63n));
  }));

test('super counter column families answer counter super columns', () =>
  withCounters(async (_n, s) => {
    await s.add(bytes('u'), { columnFamily: 'SupHits', superColumn: bytes('2024') }, { name: bytes('jan'), value: 4n });
    await s.add(bytes('u'), { columnFamily: 'SupHits', superColumn: bytes('2024') }, { name: bytes('feb'), value: 6n });
    const sc = await s.get(bytes('u'), { columnFamily: 'SupHits', superColumn: bytes('2024') });
    assert.deepEqual(sc, { counterSuperColumn: { name: bytes('2024'), columns: [{ name: bytes('feb'), value: 6n }, { name: bytes('jan'), value: 4n }] } });
    const sub = await s.get(bytes('u'), { columnFamily: 'SupHits', superColumn: bytes('2024'), column: bytes('jan') });
    assert.deepEqual(sub, { counterColumn: { name: bytes('jan'), value: 4n } });
    await rejectsThrift(s.add(bytes('u'), { columnFamily: 'SupHits' }, { name: bytes('jan'), value: 1n }), 'InvalidRequestException', /super CF SupHits/);
    await rejectsThrift(s.add(bytes('u'), { columnFamily: 'Hits', superColumn: bytes('x') }, { name: bytes('jan'), value: 1n }), 'InvalidRequestException', /standard CF Hits/);
  }));

test('each kind of column family refuses the other kind of call', () =>
  withCounters(async (_n, s) => {
    const commutative = /invalid operation for commutative columnfamily Hits/;
    const nonCommutative = /invalid operation for non commutative columnfamily Plain/;
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Hits' }, { name: bytes('c'), value: Buffer.alloc(8), timestamp: 1n }), 'InvalidRequestException', commutative);
    await rejectsThrift(s.remove(bytes('k'), { columnFamily: 'Hits', column: bytes('c') }, 1n), 'InvalidRequestException', commutative);
    await rejectsThrift(s.batchMutate(batch([['k', 'Hits', [{ columnOrSuperColumn: { column: { name: bytes('c'), value: Buffer.alloc(8), timestamp: 1n } } }]]])), 'InvalidRequestException', commutative);
    await rejectsThrift(s.add(bytes('k'), { columnFamily: 'Plain' }, { name: bytes('c'), value: 1n }), 'InvalidRequestException', nonCommutative);
    await rejectsThrift(s.removeCounter(bytes('k'), { columnFamily: 'Plain', column: bytes('c') }), 'InvalidRequestException', nonCommutative);
    await rejectsThrift(s.batchMutate(batch([['k', 'Plain', [inc('c', 1n)]]])), 'InvalidRequestException', nonCommutative);
    await rejectsThrift(s.add(bytes('k'), { columnFamily: 'Hits' }, { name: Buffer.from([0xff]), value: 1n }), 'InvalidRequestException', /UTF8Type/);
    await rejectsThrift(s.add(bytes('k'), { columnFamily: 'Hits' }, { name: bytes('c'), value: 2n ** 64n }), 'InvalidRequestException', /64-bit/);
  }));

test('remove_counter deletes; a later add starts from zero', () =>
  withCounters(async (_n, s) => {
    const hits = { columnFamily: 'Hits' };
    await s.add(bytes('k'), hits, { name: bytes('a'), value: 7n });
    await s.add(bytes('k'), hits, { name: bytes('b'), value: 1n });
    await s.removeCounter(bytes('k'), { columnFamily: 'Hits', column: bytes('a') });
    await rejectsThrift(s.get(bytes('k'), { columnFamily: 'Hits', column: bytes('a') }), 'NotFoundException');
    await s.add(bytes('k'), hits, { name: bytes('a'), value: 2n });
    assert.equal(await counterOf(s, 'k', 'a'), 2n);
    await s.removeCounter(bytes('k'), { columnFamily: 'Hits' }); // the whole row
    assert.deepEqual(await s.getSlice(bytes('k'), hits, ALL), []);
  }));

test('batch_mutate: counter and plain mutations together, deletions without timestamps, nothing written on refusal', () =>
  withCounters(async (_n, s) => {
    await s.batchMutate([
      [bytes('k'), new Map<string, ThriftMutation[]>([['Hits', [inc('a', 2n), inc('a', 3n), inc('b', 1n)]], ['Plain', [{ columnOrSuperColumn: { column: { name: bytes('x'), value: bytes('1'), timestamp: 1n } } }]]])],
      [bytes('u'), new Map<string, ThriftMutation[]>([['SupHits', [{ columnOrSuperColumn: { counterSuperColumn: { name: bytes('s'), columns: [{ name: bytes('c'), value: 9n }] } } }]]])],
    ]);
    assert.equal(await counterOf(s, 'k', 'a'), 5n);
    assert.equal(await counterOf(s, 'k', 'b'), 1n);
    assert.equal((await s.getSlice(bytes('k'), { columnFamily: 'Plain' }, ALL)).length, 1);
    assert.equal((await s.get(bytes('u'), { columnFamily: 'SupHits', superColumn: bytes('s'), column: bytes('c') })).counterColumn!.value, 9n);

    // A deletion and an increment of the same counter in one batch: the sum starts again from zero.
    await s.batchMutate(batch([['k', 'Hits', [{ deletion: { predicate: { columnNames: [bytes('a')] } } }, inc('a', 4n)]]]));
    assert.equal(await counterOf(s, 'k', 'a'), 4n);
    assert.equal(await counterOf(s, 'k', 'b'), 1n);

    // Refused anywhere (a bad plain mutation, a bad counter name): no counter moves, nothing is written.
    await rejectsThrift(
      s.batchMutate(batch([['k', 'Hits', [inc('a', 100n)]], ['k', 'Plain', [{ columnOrSuperColumn: { column: { name: Buffer.from([0xff]), value: bytes('1'), timestamp: 1n } } }]]])),
      'InvalidRequestException',
    );
    await rejectsThrift(s.batchMutate(batch([['k', 'Plain', [{ columnOrSuperColumn: { column: { name: bytes('y'), value: bytes('1'), timestamp: 1n } } }]], ['k', 'Hits', [inc('a', 100n), inc('', 1n)]]])), 'InvalidRequestException');
    await rejectsThrift(s.batchMutate(batch([['k', 'Hits', [{ columnOrSuperColumn: { counterColumn: { name: bytes('a'), value: 1n }, column: { name: bytes('a'), value: bytes('1'), timestamp: 1n } } }]]])), 'InvalidRequestException', /one \(and only one\)/);
    assert.equal(await counterOf(s, 'k', 'a'), 4n);
    assert.deepEqual((await s.getSlice(bytes('k'), { columnFamily: 'Plain' }, ALL)).map((c) => c.column!.name.toString()), ['x']);
  }));

test('Thrift and CQL count on the same cells, both ways', () =>
  withCounters(async (n, s) => {
    await s.add(bytes('page'), { columnFamily: 'Hits' }, { name: bytes('views'), value: 10n });
    assert.deepEqual(await n.cql(`SELECT key, column1, value FROM "Hits"`, 'Ks'), [{ key: 'page', column1: 'views', value: 10n }]);
    await n.cql(`UPDATE "Hits" SET value = value + 5 WHERE key = 'page' AND column1 = 'views'`, 'Ks');
    assert.equal(await counterOf(s, 'page', 'views'), 15n);
    await n.cql(`UPDATE "Hits" SET value = value - 1 WHERE key = 'other' AND column1 = 'c'`, 'Ks');
    assert.equal(await counterOf(s, 'other', 'c'), -1n);
    await s.add(bytes('other'), { columnFamily: 'Hits' }, { name: bytes('c'), value: 3n });
    assert.deepEqual(await n.cql(`SELECT value FROM "Hits" WHERE key = 'other' AND column1 = 'c'`, 'Ks'), [{ value: 2n }]);
    // Interleaved increments from both sides all count.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? s.add(bytes('page'), { columnFamily: 'Hits' }, { name: bytes('views'), value: 1n }) : n.cql(`UPDATE "Hits" SET value = value + 1 WHERE key = 'page' AND column1 = 'views'`, 'Ks'),
      ),
    );
    assert.deepEqual(await n.cql(`SELECT value FROM "Hits" WHERE key = 'page' AND column1 = 'views'`, 'Ks'), [{ value: 25n }]);
    // Super counters: column1 is the super column, column2 the sub-column.
    await s.add(bytes('u'), { columnFamily: 'SupHits', superColumn: bytes('s') }, { name: bytes('c'), value: 2n });
    await n.cql(`UPDATE "SupHits" SET value = value + 40 WHERE key = 'u' AND column1 = 's' AND column2 = 'c'`, 'Ks');
    assert.deepEqual(await n.cql(`SELECT column1, column2, value FROM "SupHits" WHERE key = 'u'`, 'Ks'), [{ column1: 's', column2: 'c', value: 42n }]);
  }));
