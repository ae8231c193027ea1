/**
 * The 0.7 reads in bounded steps (issue 16, slice-steps.ts): get_slice, get_count, multiget_slice,
 * multiget_count and get_range_slices over rows wider than several steps of 1000 columns —
 * deleted columns among them, forward and reversed, capped by a count, at the column and the
 * super column level — answer exactly what the rows hold (computed here from what was written);
 * past read_request_timeout_in_ms / range_request_timeout_in_ms they stop with TimedOutException.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type ThriftTestNode, bytes, mutationBatch, openThriftTestNode, rejectsThrift } from '../../../test/support/thrift-test-node.js';
import type { ThriftMutation } from './cassandra-service.js';
import type { ThriftSession } from './thrift-session.js';

const WIDE = 3500;
const SUPERS = 1300;
const NARROW_ROWS = 60;
/** Column i of the wide row was deleted after it was written. */
const deleted = (i: number): boolean => i % 7 === 3;
const name = (i: number): string => `c${String(i).padStart(6, '0')}`;
const live = Array.from({ length: WIDE }, (_, i) => i).filter((i) => !deleted(i)).map(name);

let n: ThriftTestNode;
let s: ThriftSession;

const range = (count: number, reversed = false, start = '', finish = '') => ({ sliceRange: { start: bytes(start), finish: bytes(finish), reversed, count } });
const column = (col: string, ts: bigint): ThriftMutation => ({ columnOrSuperColumn: { column: { name: bytes(col), value: bytes('v'), timestamp: ts } } });

before(async () => {
  n = await openThriftTestNode();
  await n.session().systemAddKeyspace({
    name: 'Ks', strategyClass: 'SimpleStrategy', replicationFactor: 1,
    cfDefs: [{ keyspace: 'Ks', name: 'Std', comparatorType: 'UTF8Type' }, { keyspace: 'Ks', name: 'Sup', columnType: 'Super', comparatorType: 'UTF8Type', subcomparatorType: 'UTF8Type' }],
  });
  s = await n.sessionIn('Ks');
  await s.batchMutate(mutationBatch([['wide', 'Std', Array.from({ length: WIDE }, (_, i) => column(name(i), 1n))]]));
  await s.batchMutate(mutationBatch([['wide', 'Std', Array.from({ length: WIDE }, (_, i) => i).filter(deleted).map((i) => ({ deletion: { timestamp: 2n, predicate: { columnNames: [bytes(name(i))] } } }))]]));
  const supers: ThriftMutation[] = Array.from({ length: SUPERS }, (_, i) => ({ columnOrSuperColumn: { superColumn: { name: bytes(name(i)), columns: ['a', 'b', 'c'].map((x) => ({ name: bytes(x), value: bytes('v'), timestamp: 1n })) } } }));
  await s.batchMutate(mutationBatch([['wide', 'Sup', supers]]));
  await s.batchMutate(mutationBatch(Array.from({ length: NARROW_ROWS }, (_, k) => [`n${k}`, 'Std', [column('x', 1n), column('y', 1n)]] as [string, string, ThriftMutation[]])));
});
after(() => n.close());

const names = (cols: readonly { column?: { name: Buffer }; superColumn?: { name: Buffer } }[]): string[] => cols.map((c) => (c.column ?? c.superColumn)!.name.toString());

test('get_slice and get_count over a row of several steps: every live column once, in order, capped by count', async () => {
  assert.deepEqual(names(await s.getSlice(bytes('wide'), { columnFamily: 'Std' }, range(1_000_000))), live);
  assert.deepEqual(names(await s.getSlice(bytes('wide'), { columnFamily: 'Std' }, range(1_000_000, true))), [...live].reverse());
  assert.deepEqual(names(await s.getSlice(bytes('wide'), { columnFamily: 'Std' }, range(2100))), live.slice(0, 2100));
  assert.deepEqual(names(await s.getSlice(bytes('wide'), { columnFamily: 'Std' }, range(1500, true, name(3000), name(100)))), live.filter((c) => c >= name(100) && c <= name(3000)).reverse().slice(0, 1500));
  assert.equal(await s.getCount(bytes('wide'), { columnFamily: 'Std' }, range(2 ** 31 - 1)), live.length);
  assert.equal(await s.getCount(bytes('wide'), { columnFamily: 'Std' }, range(2345, true)), 2345);
  // Several reads of at most 1000 columns each, not one.
  const reads: number[] = [];
  const inner = n.cqlContext.data;
  const counting = n.session({ data: { ...inner, read: async (...a: Parameters<typeof inner.read>) => { const r = await inner.read(...a); reads.push(r?.cells.length ?? 0); return r; } } as typeof inner });
  await counting.setKeyspace('Ks');
  assert.equal(await counting.getCount(bytes('wide'), { columnFamily: 'Std' }, range(2 ** 31 - 1)), live.length);
  assert.ok(reads.length >= Math.ceil(live.length / 1000) && reads.every((cells) => cells <= 1000 + WIDE / 7 + 1), `reads of ${reads}`);
  const asked = Array.from({ length: 2500 }, (_, i) => name(i * 2));
  assert.deepEqual(names(await s.getSlice(bytes('wide'), { columnFamily: 'Std' }, { columnNames: asked.map(bytes) })), asked.filter((c) => live.includes(c)));
});

test('super columns: steps end between super columns; counts count super columns', async () => {
  const all = Array.from({ length: SUPERS }, (_, i) => name(i));
  const got = await s.getSlice(bytes('wide'), { columnFamily: 'Sup' }, range(1_000_000));
  assert.deepEqual(names(got), all);
  assert.ok(got.every((c) => c.superColumn?.columns.length === 3));
  assert.deepEqual(names(await s.getSlice(bytes('wide'), { columnFamily: 'Sup' }, range(1100, true))), [...all].reverse().slice(0, 1100));
  assert.equal(await s.getCount(bytes('wide'), { columnFamily: 'Sup' }, range(1_000_000)), SUPERS);
  assert.equal(await s.getCount(bytes('wide'), { columnFamily: 'Sup', superColumn: bytes(name(5)) }, range(100)), 3);
});

test('multiget over more keys than one step holds, with a wide row among them', async () => {
  const keys = ['wide', ...Array.from({ length: NARROW_ROWS }, (_, k) => `n${k}`), 'absent'].map(bytes);
  const counts = await s.multigetCount(keys, { columnFamily: 'Std' }, range(1_000_000));
  assert.deepEqual([...counts].map(([k, c]) => `${k.toString()}=${c}`), [`wide=${live.length}`, ...Array.from({ length: NARROW_ROWS }, (_, k) => `n${k}=2`), 'absent=0']);
  const slices = await s.multigetSlice(keys, { columnFamily: 'Std' }, range(1_000_000));
  assert.deepEqual(names(slices.get(keys[0]!)!), live);
  assert.deepEqual(names([...slices.values()][5]!), ['x', 'y']);
});

test('get_range_slices steps over many rows and reads a wide one on by key', async () => {
  const rows = await s.getRangeSlices({ columnFamily: 'Std' }, range(1_000_000), { startKey: Buffer.alloc(0), endKey: Buffer.alloc(0), count: 1000 });
  assert.equal(rows.length, NARROW_ROWS + 1);
  assert.equal(new Set(rows.map((r) => r.key.toString())).size, NARROW_ROWS + 1);
  for (const r of rows) assert.deepEqual(names(r.columns), r.key.toString() === 'wide' ? live : ['x', 'y'], r.key.toString());
  const first = await s.getRangeSlices({ columnFamily: 'Std' }, range(1), { startKey: Buffer.alloc(0), endKey: Buffer.alloc(0), count: 17 });
  assert.deepEqual(first.map((r) => r.key.toString()), rows.slice(0, 17).map((r) => r.key.toString()));
  assert.ok(first.every((r) => r.columns.length === 1));
});

test('past the read and range timeouts the calls stop with TimedOutException', async (t) => {
  const slow = await openThriftTestNode(undefined, { readMs: 1, rangeMs: 1, writeMs: 2000 });
  t.after(() => slow.close());
  await slow.session().systemAddKeyspace({ name: 'Ks', strategyClass: 'SimpleStrategy', replicationFactor: 1, cfDefs: [{ keyspace: 'Ks', name: 'Std', comparatorType: 'UTF8Type' }] });
  const ss = await slow.sessionIn('Ks');
  await ss.batchMutate(mutationBatch([['wide', 'Std', Array.from({ length: 20_000 }, (_, i) => column(name(i), 1n))]]));
  await rejectsThrift(ss.getCount(bytes('wide'), { columnFamily: 'Std' }, range(1_000_000)), 'TimedOutException');
  await rejectsThrift(ss.getRangeSlices({ columnFamily: 'Std' }, range(1_000_000), { startKey: Buffer.alloc(0), endKey: Buffer.alloc(0), count: 100 }), 'TimedOutException');
});
