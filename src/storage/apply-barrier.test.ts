/** ApplyBarrier: a barrier waits for the applies begun before it, not for later ones, and never resolves before an earlier barrier. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApplyBarrier } from './apply-barrier.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('settled() waits for earlier applies only, and barriers resolve in order', async () => {
  const b = new ApplyBarrier();
  let idle = false;
  await b.settled().then(() => (idle = true));
  assert.ok(idle, 'nothing in flight: resolves at once');

  const first = b.begin();
  const second = b.begin();
  const seen: string[] = [];
  void b.settled().then(() => seen.push('barrier1'));
  const later = b.begin(); // begun after barrier1: does not hold it
  void b.settled().then(() => seen.push('barrier2'));
  later.end();
  await tick();
  assert.deepEqual(seen, [], 'barrier2 still waits for the applies barrier1 waits for');
  first.end();
  await tick();
  assert.deepEqual(seen, []);
  second.end();
  await tick();
  assert.deepEqual(seen, ['barrier1', 'barrier2']);
});
