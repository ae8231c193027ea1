import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvariantViolation, invariant } from './invariant.js';

test('invariant passes a true condition through and narrows its type', () => {
  const v: string | undefined = 'x';
  invariant(v !== undefined, 'v is set');
  assert.equal(v.length, 1);
});

test('invariant throws "invariant violated: …" on a false condition', () => {
  assert.throws(() => invariant(false, 'synced ≤ written'), (e: unknown) => e instanceof InvariantViolation && e.message === 'invariant violated: synced ≤ written');
  for (const falsy of [0, '', null, undefined, Number.NaN]) assert.throws(() => invariant(falsy, 'falsy'), InvariantViolation);
});
