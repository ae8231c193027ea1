/**
 * A result written in steps (struct-codec.ts's `writeSteps`, encode-step.ts): the same bytes as
 * `write` in one go; a step ends between two elements of a list or map, at any depth, once
 * ENCODE_STEP_ELEMENTS_MAX elements or ENCODE_STEP_BYTES_MAX bytes were written; a value of fewer
 * elements is written at the first step; a value that does not fit the IDL fails in the step
 * that reaches it, naming its path.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageType, ThriftWriter } from '../../transport/thrift/index.js';
import { loadCassandraIdl } from './cassandra-idl.js';
import { ENCODE_STEP_BYTES_MAX, ENCODE_STEP_ELEMENTS_MAX } from './encode-step.js';
import { ThriftValueError } from './struct-codec.js';

const idl = loadCassandraIdl();
const column = (name: string, valueBytes = 1) => ({ column: { name: Buffer.from(name), value: Buffer.alloc(valueBytes, 0x61), timestamp: 1n } });
const columns = (n: number, valueBytes = 1) => Array.from({ length: n }, (_, i) => column(`c${i}`, valueBytes));

/** The reply frame through `writeSteps` and through `write`, and how many steps the first took. */
function both(method: string, success: unknown): { steps: number; frame: Buffer; inOneGo: Buffer } {
  const m = idl.methods.get(method)!;
  const w = new ThriftWriter().frame().messageBegin(method, MessageType.REPLY, 1);
  const it = m.result.writeSteps(w, { success });
  let steps = 1;
  while (it.next().done !== true) steps++;
  const one = new ThriftWriter().frame().messageBegin(method, MessageType.REPLY, 1);
  m.result.write(one, { success });
  return { steps, frame: w.finishFrame(), inOneGo: one.finishFrame() };
}

test('a result is written in steps of at most ENCODE_STEP_ELEMENTS_MAX elements or ENCODE_STEP_BYTES_MAX bytes, to the same bytes as in one go', () => {
  const max = ENCODE_STEP_ELEMENTS_MAX;
  const keySlice = (i: number, n: number) => ({ key: Buffer.from(`r${i}`), columns: columns(n) });
  const superColumn = (n: number) => ({ superColumn: { name: Buffer.from('s'), columns: columns(n).map((c) => c.column) } });
  const cases: [string, string, unknown, number][] = [
    ['an empty list', 'get_slice', [], 1],
    ['one column', 'get_slice', columns(1), 1],
    ['one step of elements less one', 'get_slice', columns(max - 1), 1],
    // A value of `max` elements or more steps: its step ends after the element that fills it.
    ['one step of elements', 'get_slice', columns(max), 2],
    ['2.5 steps of elements', 'get_slice', columns(max * 2.5), 3],
    // Each KeySlice of 3 columns counts 4: written at once inside its step.
    ['KeySlices', 'get_range_slices', Array.from({ length: max }, (_, i) => keySlice(i, 3)), 5],
    // A row wider than a step is stepped through inside.
    ['a wide KeySlice among narrow ones', 'get_range_slices', [keySlice(0, 1), keySlice(1, max * 2), keySlice(2, 1)], 3],
    ['a super column wider than a step', 'get_slice', [superColumn(max * 2)], 3],
    ['a map of lists', 'multiget_slice', new Map(Array.from({ length: 4 }, (_, i) => [Buffer.from(`k${i}`), columns(max / 2)])), 3],
    ['a map of counts', 'multiget_count', new Map(Array.from({ length: max * 2 }, (_, i) => [Buffer.from(`k${i}`), i])), 3],
    // Nine values of a quarter of the byte bound first: a step ends after the column that reaches it.
    ['bytes', 'get_slice', [...columns(9, ENCODE_STEP_BYTES_MAX / 4), ...columns(max - 9)], 3],
    ['a count', 'get_count', 7, 1],
  ];
  for (const [name, method, success, expectedSteps] of cases) {
    const { steps, frame, inOneGo } = both(method, success);
    assert.equal(steps, expectedSteps, `${name}: steps`);
    assert.ok(frame.equals(inOneGo), `${name}: the same frame as in one go`);
    assert.equal(frame.readUInt32BE(0), frame.length - 4, `${name}: the frame's length, written once complete`);
  }
});

test('a value that does not fit the IDL fails in the step that reaches it, naming its path', () => {
  const m = idl.methods.get('get_slice')!;
  const bad = [...columns(ENCODE_STEP_ELEMENTS_MAX), { column: { name: Buffer.from('x'), value: 5, timestamp: 1n } }];
  const it = m.result.writeSteps(new ThriftWriter(), { success: bad });
  assert.equal(it.next().done, false);
  assert.throws(() => it.next(), (e: unknown) => e instanceof ThriftValueError && /^get_slice_result\.success\.column\.value: expected a Buffer$/.test(e.message));
  // Written at once (fewer elements than a step), the same error.
  assert.throws(() => m.result.writeSteps(new ThriftWriter(), { success: bad.slice(-2) }).next(), (e: unknown) => e instanceof ThriftValueError && e.message === 'get_slice_result.success.column.value: expected a Buffer');
  assert.throws(() => m.result.writeSteps(new ThriftWriter(), { success: [{ column: { name: Buffer.from('x'), value: Buffer.alloc(1) } }] }).next(), /get_slice_result\.success\.column\.timestamp is required/);
});
