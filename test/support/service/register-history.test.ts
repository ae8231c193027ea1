import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CasOp, checkRegisterHistory } from './register-history.js';

const applied = (id: string, startMs: number, endMs: number, expected: string | null, next: string): CasOp => ({ id, startMs, endMs, expected, next, outcome: { kind: 'applied' } });
const failed = (id: string, startMs: number, endMs: number, saw: string | null): CasOp => ({ id, startMs, endMs, expected: '\u0000never', next: `${id}-r`, outcome: { kind: 'failed', saw } });
const unknown = (id: string, startMs: number, expected: string | null, next: string): CasOp => ({ id, startMs, endMs: Infinity, expected, next, outcome: { kind: 'unknown' } });

test('a chain of applied operations with reads in their windows is linearizable', () => {
  const r = checkRegisterHistory([applied('a', 0, 10, null, 'A'), failed('r1', 5, 6, null), applied('b', 11, 20, 'A', 'B'), failed('r2', 12, 30, 'A'), failed('r3', 25, 30, 'B')]);
  assert.deepEqual(r, { ok: true, chain: ['a', 'b'], problems: [] });
});

test('two operations applied on the same value are not', () => {
  const r = checkRegisterHistory([applied('a', 0, 10, null, 'A'), applied('b', 0, 10, null, 'B')]);
  assert.equal(r.ok, false);
  assert.match(r.problems.join(), /both applied on null/);
});

test('an applied operation that expects a value never written is not', () => {
  const r = checkRegisterHistory([applied('a', 0, 10, null, 'A'), applied('b', 20, 30, 'X', 'B')]);
  assert.equal(r.ok, false);
  assert.match(r.problems.join(), /only 1 of 2 applied/);
});

test('real time: a link that ended before an earlier link started, or a stale read, is not', () => {
  assert.equal(checkRegisterHistory([applied('a', 50, 60, null, 'A'), applied('b', 70, 80, 'A', 'B'), applied('c', 0, 10, 'B', 'C')]).ok, false);
  const stale = checkRegisterHistory([applied('a', 0, 10, null, 'A'), failed('r', 20, 30, null)]);
  assert.equal(stale.ok, false);
  assert.match(stale.problems.join(), /after a had replaced it/);
  const early = checkRegisterHistory([failed('r', 0, 5, 'A'), applied('a', 10, 20, null, 'A')]);
  assert.match(early.problems.join(), /before a wrote it/);
});

test('unknown operations may or may not have taken effect — whichever makes the history linearizable', () => {
  // u took effect (b expects its value) ...
  assert.equal(checkRegisterHistory([unknown('u', 0, null, 'U'), applied('b', 10, 20, 'U', 'B')]).ok, true);
  // ... or did not (b expects the initial value).
  assert.deepEqual(checkRegisterHistory([unknown('u', 0, null, 'U'), applied('b', 10, 20, null, 'B')]).chain, ['b']);
  // A read may see an unknown operation's value only after it started.
  assert.equal(checkRegisterHistory([unknown('u', 10, null, 'U'), failed('r', 0, 5, 'U')]).ok, false);
  // A failed compare-and-set that saw what it expected is a violation.
  assert.equal(checkRegisterHistory([{ id: 'x', startMs: 0, endMs: 1, expected: null, next: 'X', outcome: { kind: 'failed', saw: null } }]).ok, false);
});
