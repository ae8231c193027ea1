import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { pushAll } from './push-all.js';

test('pushAll appends in order and returns the target', () => {
  const a = [1];
  assert.equal(pushAll(a, [2, 3]), a);
  assert.deepEqual(a, [1, 2, 3]);
});

test('pushAll appends 500k items where a spread push overflows the stack', () => {
  const big = new Array<number>(500_000).fill(7);
  assert.throws(() => [].push(...(big as never[])), RangeError);
  const out: number[] = [];
  pushAll(out, big);
  assert.equal(out.length, 500_000);
});
