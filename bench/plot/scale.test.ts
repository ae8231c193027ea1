import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatTick } from './format.js';
import { linearTicks, logTicks, makeScale, niceStep, percentilePosition, percentileTicks } from './scale.js';

test('niceStep picks 1, 2 or 5 × 10^k', () => {
  assert.equal(niceStep(100, 5), 20);
  assert.equal(niceStep(23456, 6), 5000);
  assert.equal(niceStep(1, 4), 0.5);
  assert.equal(niceStep(7, 7), 1);
  assert.equal(niceStep(0.03, 3), 0.01);
});

test('linear ticks widen the domain to whole steps', () => {
  assert.deepEqual(linearTicks(0, 23456, 6), { domain: [0, 25000], ticks: [0, 5000, 10000, 15000, 20000, 25000] });
  assert.deepEqual(linearTicks(0.12, 0.71, 4), { domain: [0, 0.8], ticks: [0, 0.2, 0.4, 0.6, 0.8] });
  assert.deepEqual(linearTicks(0.12, 0.71, 8), { domain: [0.1, 0.8], ticks: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8] });
  const flat = linearTicks(5, 5, 5);
  assert.ok(flat.domain[0] < 5 && flat.domain[1] > 5);
});

test('linear ticks cover the data, in order, inside the domain', () => {
  fc.assert(
    fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 2, max: 10 }), (a, span, n) => {
      const { domain, ticks } = linearTicks(a, a + span, n);
      // up to float dust: the domain ends are cleaned to 12 significant digits
      const dust = Math.max(1, Math.abs(a), Math.abs(a + span)) * 1e-9;
      assert.ok(domain[0] <= a + dust && domain[1] >= a + span - dust);
      assert.ok(ticks.length >= 2 && ticks.length <= 4 * n + 3, `${ticks.length} ticks for ${n}`);
      for (let i = 1; i < ticks.length; i++) assert.ok(ticks[i]! > ticks[i - 1]!);
      assert.equal(ticks[0], domain[0]);
      assert.equal(ticks.at(-1), domain[1]);
    }),
  );
});

test('log2 ticks are the powers of two around the data', () => {
  assert.deepEqual(logTicks(1, 256, 2), { domain: [1, 256], ticks: [1, 2, 4, 8, 16, 32, 64, 128, 256] });
  assert.deepEqual(logTicks(3, 200, 2).domain, [2, 256]);
  assert.deepEqual(logTicks(4, 4, 2), { domain: [4, 8], ticks: [4, 8] });
  assert.throws(() => logTicks(0, 10, 2), RangeError);
});

test('log10 ticks: the domain to 1, 2 or 5 × 10^k; 2× and 5× labels up to three decades', () => {
  assert.deepEqual(logTicks(0.3, 12, 10), { domain: [0.2, 20], ticks: [0.2, 0.5, 1, 2, 5, 10, 20] });
  assert.deepEqual(logTicks(1.5, 8, 10), { domain: [1, 10], ticks: [1, 2, 5, 10] });
  assert.deepEqual(logTicks(0.18, 130, 10), { domain: [0.1, 200], ticks: [0.1, 1, 10, 100, 200] });
  assert.deepEqual(logTicks(0.02, 400, 10), { domain: [0.02, 500], ticks: [0.02, 0.1, 1, 10, 100, 500] });
  assert.deepEqual(logTicks(5, 5, 10).domain, [5, 10]);
  assert.deepEqual(logTicks(1, 1, 10).domain, [1, 2]);
});

test('percentile axis: one decade of 1/(1 − p) per nine', () => {
  assert.equal(percentilePosition(0), 0);
  assert.ok(Math.abs(percentilePosition(90) - 1) < 1e-12);
  assert.ok(Math.abs(percentilePosition(99) - 2) < 1e-12);
  assert.ok(Math.abs(percentilePosition(99.9) - 3) < 1e-9);
  assert.deepEqual(percentileTicks(99.99), [0, 50, 90, 99, 99.9, 99.99]);
  assert.deepEqual(percentileTicks(95), [0, 50, 90]);
});

test('a percentile scale spans 0% to the next whole nine and labels its ticks', () => {
  const s = makeScale({ kind: 'percentile' }, [0, 50, 99.95], [100, 500]);
  assert.deepEqual(s.domain, [0, 99.99]);
  assert.deepEqual(
    s.ticks.map((t) => t.label),
    ['0%', '50%', '90%', '99%', '99.9%', '99.99%'],
  );
  assert.equal(s.map(0), 100);
  assert.equal(Math.round(s.map(90)), 200);
  assert.equal(Math.round(s.map(99)), 300);
  assert.equal(Math.round(s.map(99.99)), 500);
});

test('scales map the domain ends onto the range ends and keep order', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0.001, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 20 }), fc.constantFrom<'linear' | 'log2' | 'log10'>('linear', 'log2', 'log10'), (values, kind) => {
      const spec = kind === 'linear' ? ({ kind: 'linear', includeZero: true } as const) : ({ kind: 'log', base: kind === 'log2' ? 2 : 10 } as const);
      const s = makeScale(spec, values, [600, 0]);
      assert.ok(Math.abs(s.map(s.domain[0]) - 600) < 1e-6);
      assert.ok(Math.abs(s.map(s.domain[1]) - 0) < 1e-6);
      const sorted = [...values].sort((a, b) => a - b);
      for (let i = 1; i < sorted.length; i++) assert.ok(s.map(sorted[i]!) <= s.map(sorted[i - 1]!) + 1e-9);
      for (const v of values) assert.ok(s.map(v) >= -1e-6 && s.map(v) <= 600 + 1e-6);
    }),
  );
});

test('tick labels: k and M, no float noise', () => {
  assert.equal(formatTick(20000), '20k');
  assert.equal(formatTick(2500), '2.5k');
  assert.equal(formatTick(1_500_000), '1.5M');
  assert.equal(formatTick(0.1 + 0.2), '0.3');
  assert.equal(formatTick(0), '0');
  assert.equal(formatTick(256), '256');
});
