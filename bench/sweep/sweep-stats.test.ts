import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { LevelFigures } from './sweep-data.js';
import { median, medianFigures, medianSeries, percentileGrid, saturationLevel } from './sweep-stats.js';

test('median of odd and even counts; nothing is an error', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
  assert.throws(() => median([]), RangeError);
});

test('the median lies between the smallest and the largest', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ noNaN: true, min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 15 }), (xs) => {
      const m = median(xs);
      assert.ok(m >= Math.min(...xs) && m <= Math.max(...xs));
    }),
  );
});

const fig = (opsPerSec: number, p99Ms: number, load1: number): LevelFigures => ({ opsPerSec, p50Ms: p99Ms / 4, p90Ms: p99Ms / 2, p99Ms, p999Ms: p99Ms * 2, maxMs: p99Ms * 5, errors: 0, notFound: 0, load1 });

test('medianFigures takes each figure on its own', () => {
  const m = medianFigures([fig(1000, 9, 1), fig(3000, 1, 3), fig(2000, 5, 2)]);
  assert.equal(m.opsPerSec, 2000);
  assert.equal(m.p99Ms, 5);
  assert.equal(m.maxMs, 25);
  assert.equal(m.load1, 2);
});

test('the percentile grid: 0%, 50%, then evenly on the HDR axis up to what the count supports', () => {
  const g = percentileGrid(1000, 1);
  assert.deepEqual(g, [0, 50, 90, 99, 99.9]);
  const fine = percentileGrid(1e9);
  assert.equal(fine.length, 2 + 50);
  assert.ok(fine.includes(99) && fine.includes(99.999));
  assert.deepEqual(percentileGrid(1), [0]);
  for (let i = 1; i < fine.length; i++) assert.ok(fine[i]! > fine[i - 1]!);
});

test('medianSeries: pointwise, cut to the shortest run, monotone when the runs are', () => {
  assert.deepEqual(medianSeries([[1, 2, 3], [2, 4, 6, 8], [0, 1, 9]]), [1, 2, 6]);
  assert.deepEqual(medianSeries([]), []);
  fc.assert(
    fc.property(fc.array(fc.array(fc.nat(1000), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (raw) => {
      const runs = raw.map((r) => [...r].sort((a, b) => a - b));
      const m = medianSeries(runs);
      for (let i = 1; i < m.length; i++) assert.ok(m[i]! >= m[i - 1]!);
    }),
  );
});

test('saturation: the lowest level within 10% of the best throughput', () => {
  const levels = [
    { concurrency: 1, opsPerSec: 2000 },
    { concurrency: 4, opsPerSec: 9000 },
    { concurrency: 16, opsPerSec: 19000 },
    { concurrency: 64, opsPerSec: 20500 },
    { concurrency: 256, opsPerSec: 20000 },
  ];
  assert.equal(saturationLevel(levels), 16);
  assert.equal(saturationLevel(levels, 0.01), 64);
  assert.equal(saturationLevel([...levels].reverse()), 16);
  assert.equal(saturationLevel([]), undefined);
});
