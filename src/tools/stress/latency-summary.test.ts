/**
 * The stress summary's percentile math against a sorted-array reference: for random samples, each
 * HDR percentile lies within HDR's 3-significant-digit bucket of the exact nearest-rank value, and
 * the figures stay ordered p50 ≤ p95 ≤ p99 ≤ p99.9 ≤ max.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { latencyFigures, latencyHistogram, percentileMs } from './latency-summary.js';

function nearestRank(sorted: readonly number[], percentile: number): number {
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1]!;
}

test('percentiles match the nearest-rank percentile of the samples within 0.1% (+1 µs)', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 2000 }), fc.constantFrom(50, 95, 99, 99.9, 100), (us, percentile) => {
      const h = latencyHistogram();
      for (const v of us) h.recordValue(v);
      const exactUs = nearestRank([...us].sort((a, b) => a - b), percentile);
      const gotUs = percentileMs(h, percentile) * 1000;
      assert.ok(Math.abs(gotUs - exactUs) <= exactUs * 0.001 + 1, `p${percentile}: ${gotUs} µs vs exact ${exactUs} µs`);
    }),
    { numRuns: 200 },
  );
});

test('figures are ordered, the mean is the samples\' mean, an empty histogram reads as zeros', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 500 }), (us) => {
      const h = latencyHistogram();
      for (const v of us) h.recordValue(v);
      const f = latencyFigures(h);
      assert.equal(f.count, us.length);
      assert.ok(f.p50Ms <= f.p95Ms && f.p95Ms <= f.p99Ms && f.p99Ms <= f.p999Ms && f.p999Ms <= f.maxMs, JSON.stringify(f));
      const mean = us.reduce((a, b) => a + b, 0) / us.length / 1000;
      assert.ok(Math.abs(f.meanMs - mean) <= mean * 0.001 + 0.002, `mean ${f.meanMs} vs ${mean}`);
    }),
    { numRuns: 100 },
  );
  const empty = latencyFigures(latencyHistogram());
  assert.deepEqual([empty.count, empty.p50Ms, empty.maxMs, empty.meanMs], [0, 0, 0, 0]);
});
