import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generationAt, heartbeat } from './heartbeat-state.js';
import { VersionGenerator, versioned } from './versioned-value.js';

test('the generation is the start second, and always above a previous one', () => {
  assert.equal(generationAt(1_700_000_000_999), 1_700_000_000);
  assert.equal(generationAt(1_700_000_000_999, 1_699_999_000), 1_700_000_000);
  assert.equal(generationAt(1_700_000_000_999, 1_700_000_000), 1_700_000_001, 'a restart within the same second');
  assert.throws(() => heartbeat(-1, 0), RangeError);
  assert.throws(() => heartbeat(1, 2 ** 31), RangeError);
});

test('one generator per node: versions only rise', () => {
  const g = new VersionGenerator();
  const a = g.next();
  const b = g.next();
  assert.ok(b > a && a >= 1);
  assert.equal(g.current, b);
  assert.deepEqual(versioned('x', 3), { value: 'x', version: 3 });
  assert.throws(() => versioned('x', -1), RangeError);
});
