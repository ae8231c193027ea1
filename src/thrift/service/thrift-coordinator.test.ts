/**
 * Every Thrift data call reaches the node's DataStore (the coordinator on a ring) with the call's
 * consistency level — ONE when the call carries none, as the IDL defaults it — and nothing else:
 * a spying store in front of the node's own records what each call asks. Levels Cassandra refuses
 * are refused before the store is asked; the store's Unavailable and timeouts leave as 0.7's
 * UnavailableException and TimedOutException.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DataStore } from '../../cql/execution/index.js';
import { ReadTimeoutError, UnavailableError, WriteTimeoutError } from '../../errors/index.js';
import { ALL_COLUMNS, bytes, mutationBatch, rejectsThrift, type ThriftTestNode, withThriftKeyspace } from '../../../test/support/thrift-test-node.js';
import type { ThriftSession } from './thrift-session.js';

type Call = [method: string, level: string | undefined];

/** A DataStore that records (method, level) of each call and hands it on; `fail` replaces the answer. */
function spy(inner: DataStore, calls: Call[], fail?: (method: string) => Error | undefined): DataStore {
  const wrap = <A extends unknown[], R>(method: string, levelAt: number | undefined, fn: (...a: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      calls.push([method, levelAt === undefined ? undefined : String(args[levelAt])]);
      const err = fail?.(method);
      return err === undefined ? fn(...args) : Promise.reject(err);
    };
  return {
    read: wrap('read', 3, inner.read.bind(inner)),
    readMany: wrap('readMany', 3, inner.readMany.bind(inner)),
    scan: wrap('scan', 5, inner.scan.bind(inner)),
    apply: wrap('apply', 1, inner.apply.bind(inner)),
    withPartitionLock: (cf, key, fn) => inner.withPartitionLock(cf, key, fn),
    cas: (cf, key, levels, decide) => inner.cas(cf, key, levels, decide),
    truncate: wrap('truncate', undefined, inner.truncate.bind(inner)),
    readIndex: wrap('readIndex', 4, inner.readIndex.bind(inner)),
    cleanIndex: (cf, index, key, entries) => inner.cleanIndex(cf, index, key, entries),
  };
}

const CF_DEFS = [
  { name: 'Std', comparatorType: 'UTF8Type', defaultValidationClass: 'UTF8Type' },
  { name: 'Idx', comparatorType: 'UTF8Type', columnMetadata: [{ name: bytes('city'), validationClass: 'UTF8Type', indexType: 'KEYS' as const }] },
  { name: 'Counts', defaultValidationClass: 'CounterColumnType' },
];

async function spied(n: ThriftTestNode, fail?: (method: string) => Error | undefined): Promise<{ s: ThriftSession; calls: Call[] }> {
  const calls: Call[] = [];
  const s = n.session({ data: spy(n.cqlContext.data, calls, fail) });
  await s.setKeyspace('Ks');
  return { s, calls };
}

const col = (name: string, value: string) => ({ name: bytes(name), value: bytes(value), timestamp: 1n });

test('every data call goes through the DataStore at its level (ONE by default)', () =>
  withThriftKeyspace(CF_DEFS, async (n) => {
    const { s, calls } = await spied(n);
    const take = (): Call[] => calls.splice(0);

    await s.insert(bytes('a'), { columnFamily: 'Std' }, col('x', '1'), 'QUORUM');
    assert.deepEqual(take(), [['apply', 'QUORUM']]);
    await s.insert(bytes('b'), { columnFamily: 'Std' }, col('x', '2'));
    assert.deepEqual(take(), [['apply', 'ONE']], 'the IDL default');
    await s.batchMutate(mutationBatch([['c', 'Std', [{ columnOrSuperColumn: { column: col('x', '3') } }]], ['d', 'Idx', [{ columnOrSuperColumn: { column: col('city', 'Oslo') } }]]]), 'ALL');
    assert.deepEqual(take(), [['apply', 'ALL']], 'one apply for the whole batch');

    assert.equal((await s.get(bytes('a'), { columnFamily: 'Std', column: bytes('x') }, 'TWO')).column?.value.toString(), '1');
    assert.deepEqual(take(), [['read', 'TWO']]);
    assert.equal((await s.getSlice(bytes('a'), { columnFamily: 'Std' }, ALL_COLUMNS, 'LOCAL_QUORUM')).length, 1);
    assert.deepEqual(take(), [['read', 'LOCAL_QUORUM']]);
    assert.equal(await s.getCount(bytes('a'), { columnFamily: 'Std' }, ALL_COLUMNS, 'THREE'), 1);
    assert.deepEqual(take(), [['read', 'THREE']]);
    const many = await s.multigetSlice([bytes('a'), bytes('b'), bytes('c'), bytes('none')], { columnFamily: 'Std' }, ALL_COLUMNS, 'QUORUM');
    assert.equal(many.size, 4);
    assert.deepEqual(take(), [['readMany', 'QUORUM']], 'a multiget is one batched read, as an IN is');
    assert.equal((await s.multigetCount([bytes('a'), bytes('c')], { columnFamily: 'Std' }, ALL_COLUMNS, 'QUORUM')).size, 2);
    assert.deepEqual(take(), [['readMany', 'QUORUM']]);
    const range = await s.getRangeSlices({ columnFamily: 'Std' }, ALL_COLUMNS, { startKey: Buffer.alloc(0), endKey: Buffer.alloc(0), count: 10 }, 'QUORUM');
    assert.deepEqual(range.map((r) => r.key.toString()).sort(), ['a', 'b', 'c']);
    // Scan steps, each at the level: one row first, then as many as fit 1000 columns (as a CQL scan).
    const scans = take();
    assert.ok(scans.length >= 2 && scans.every(([m, cl]) => m === 'scan' && cl === 'QUORUM'), JSON.stringify(scans));
    const indexed = await s.getIndexedSlices({ columnFamily: 'Idx' }, { expressions: [{ columnName: bytes('city'), op: 'EQ', value: bytes('Oslo') }], startKey: Buffer.alloc(0), count: 10 }, ALL_COLUMNS, 'QUORUM');
    assert.deepEqual(indexed.map((r) => r.key.toString()), ['d']);
    // Entries from the index, the rows' current values to re-check them, then the matching rows' slices.
    assert.deepEqual(take(), [['readIndex', 'QUORUM'], ['readMany', 'QUORUM'], ['readMany', 'QUORUM']]);

    await s.remove(bytes('a'), { columnFamily: 'Std', column: bytes('x') }, 2n, 'QUORUM');
    assert.deepEqual(take(), [['apply', 'QUORUM']]);
    await s.add(bytes('k'), { columnFamily: 'Counts' }, { name: bytes('hits'), value: 5n }, 'QUORUM');
    assert.deepEqual(take(), [['read', 'QUORUM'], ['apply', 'QUORUM']], 'a counter: read, add, write at the level');
    await s.truncate('Std');
    assert.deepEqual(take(), [['truncate', undefined]]);
  }));

test('levels Cassandra refuses are refused before the store is asked', () =>
  withThriftKeyspace(CF_DEFS, async (n) => {
    const { s, calls } = await spied(n);
    await rejectsThrift(s.getSlice(bytes('a'), { columnFamily: 'Std' }, ALL_COLUMNS, 'ANY'), 'InvalidRequestException', /^ANY ConsistencyLevel is only supported for writes$/);
    await rejectsThrift(s.multigetSlice([bytes('a')], { columnFamily: 'Std' }, ALL_COLUMNS, 'ANY'), 'InvalidRequestException', /only supported for writes/);
    await rejectsThrift(s.add(bytes('k'), { columnFamily: 'Counts' }, { name: bytes('hits'), value: 1n }, 'ANY'), 'InvalidRequestException', /^Consistency level ANY is not yet supported for counter table Counts$/);
    assert.deepEqual(calls, []);
    // ANY is a write level: accepted for a plain insert.
    await s.insert(bytes('a'), { columnFamily: 'Std' }, col('x', '1'), 'ANY');
    assert.deepEqual(calls, [['apply', 'ANY']]);
  }));

test("the store's Unavailable and timeouts leave as 0.7's exceptions", () =>
  withThriftKeyspace(CF_DEFS, async (n) => {
    const unavailable = await spied(n, () => new UnavailableError('Cannot achieve consistency level QUORUM', 'QUORUM', 2, 1));
    await rejectsThrift(unavailable.s.getSlice(bytes('a'), { columnFamily: 'Std' }, ALL_COLUMNS, 'QUORUM'), 'UnavailableException');
    await rejectsThrift(unavailable.s.insert(bytes('a'), { columnFamily: 'Std' }, col('x', '1'), 'QUORUM'), 'UnavailableException');
    await rejectsThrift(unavailable.s.getRangeSlices({ columnFamily: 'Std' }, ALL_COLUMNS, { startKey: Buffer.alloc(0), count: 10 }, 'QUORUM'), 'UnavailableException');
    const slow = await spied(n, (m) => (m === 'apply' ? new WriteTimeoutError('timed out', 'QUORUM', 1, 2, 'SIMPLE') : new ReadTimeoutError('timed out', 'QUORUM', 1, 2, false)));
    await rejectsThrift(slow.s.get(bytes('a'), { columnFamily: 'Std', column: bytes('x') }, 'QUORUM'), 'TimedOutException');
    await rejectsThrift(slow.s.batchMutate(mutationBatch([['a', 'Std', [{ columnOrSuperColumn: { column: col('x', '1') } }]]]), 'QUORUM'), 'TimedOutException');
    await rejectsThrift(slow.s.getIndexedSlices({ columnFamily: 'Idx' }, { expressions: [{ columnName: bytes('city'), op: 'EQ', value: bytes('Oslo') }], startKey: Buffer.alloc(0), count: 10 }, ALL_COLUMNS, 'QUORUM'), 'TimedOutException');
  }));
