import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_BUCKETS, buckets, pickCompaction } from './size-tiered.js';

const o = { minThreshold: 4, maxThreshold: 32, ...DEFAULT_BUCKETS, minSSTableBytes: 10 };
const t = (...sizes: number[]) => sizes.map((sizeBytes) => ({ sizeBytes }));

test('similar sizes share a tier; small tables all share one', () => {
  const b = buckets(t(1, 2, 100, 110, 120, 1000), o);
  assert.deepEqual(b.map((x) => x.map((y) => y.sizeBytes)), [[1, 2], [100, 110, 120], [1000]]);
});

test('a tier is compacted once it has minThreshold members, smallest tier first, at most maxThreshold', () => {
  assert.equal(pickCompaction(t(100, 110, 120, 1000), o), null);
  assert.deepEqual(pickCompaction(t(100, 110, 120, 130, 1000, 1100, 1200, 1300), o)!.map((x) => x.sizeBytes), [100, 110, 120, 130]);
  assert.equal(pickCompaction(t(...Array.from({ length: 40 }, () => 100)), o)!.length, 32);
});
