import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvariantViolation, invariant } from './invariant.js';

test('invariant passes on a true condition and throws a clear InvariantViolation otherwise', () => {
  invariant(1 + 1 === 2, 'arithmetic');
  assert.throws(() => invariant(false, 'in-flight bytes never go negative'), (e: unknown) => e instanceof InvariantViolation && e.message === 'invariant violated: in-flight bytes never go negative');
});

test('invariant narrows the type it checks, and every falsy value violates it', () => {
  const v: string | undefined = 'x';
  invariant(v !== undefined, 'v is set');
  assert.equal(v.length, 1);
  for (const falsy of [0, '', null, undefined, Number.NaN]) assert.throws(() => invariant(falsy, 'falsy'), InvariantViolation);
});
