import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvariantViolation, invariant } from './invariant.js';

test('invariant passes on a true condition and throws a clear InvariantViolation otherwise', () => {
  invariant(1 + 1 === 2, 'arithmetic');
  assert.throws(() => invariant(false, 'in-flight bytes never go negative'), (e: unknown) => e instanceof InvariantViolation && e.message === 'invariant violated: in-flight bytes never go negative');
});
