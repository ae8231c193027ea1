import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SeededRandom } from '../../env/index.js';
import { type DistSpec, formatDistSpec, makeKeyDistribution, parseDistSpec } from './key-distribution.js';
import { StressOptionError } from './stress-option-error.js';

const specArb: fc.Arbitrary<DistSpec> = fc.oneof(
  fc.constant<DistSpec>({ kind: 'uniform' }),
  fc.double({ min: 0.1, max: 10, noNaN: true }).map<DistSpec>((stdvs) => ({ kind: 'gaussian', stdvs })),
  fc.double({ min: 0.05, max: 4, noNaN: true }).map<DistSpec>((exponent) => ({ kind: 'zipf', exponent })),
);

function draws(spec: DistSpec, n: number, count: number, seed = 7): number[] {
  const random = new SeededRandom(seed);
  const d = makeKeyDistribution(spec, n, () => random.next());
  return Array.from({ length: count }, () => d.next());
}

test('every distribution stays within [0, N) and yields integers', () => {
  fc.assert(
    fc.property(specArb, fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 0, max: 2 ** 31 }), (spec, n, seed) => {
      for (const k of draws(spec, n, 200, seed)) {
        assert.ok(Number.isInteger(k) && k >= 0 && k < n, `${formatDistSpec(spec)} n=${n}: ${k}`);
      }
    }),
    { numRuns: 300 },
  );
});

test('the edges of the uniform source stay in range', () => {
  for (const spec of [{ kind: 'uniform' }, { kind: 'gaussian', stdvs: 0.1 }, { kind: 'zipf', exponent: 1 }] as const) {
    for (const u of [0, 1 - Number.EPSILON / 2]) {
      const d = makeKeyDistribution(spec, 10, () => u);
      const k = d.next();
      assert.ok(k >= 0 && k < 10, `${spec.kind} at ${u}: ${k}`);
    }
  }
});

test('uniform covers the keys evenly', () => {
  const counts = new Array<number>(10).fill(0);
  for (const k of draws({ kind: 'uniform' }, 10, 50_000)) counts[k]!++;
  for (const c of counts) assert.ok(Math.abs(c - 5000) < 400, String(counts));
});

test('gaussian is centred on N/2 with the configured spread', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1000, max: 1_000_000 }), fc.double({ min: 3, max: 6, noNaN: true }), fc.nat(), (n, stdvs, seed) => {
      const xs = draws({ kind: 'gaussian', stdvs }, n, 4000, seed);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
      const sigma = n / (2 * stdvs);
      assert.ok(Math.abs(mean - n / 2) < (5 * sigma) / Math.sqrt(xs.length) + 1, `mean ${mean} vs ${n / 2}`);
      // redraws outside [0, N) cut the tails at ≥ 3σ: the spread shrinks by under 2%
      assert.ok(Math.abs(sd - sigma) < 0.1 * sigma, `sd ${sd} vs ${sigma}`);
    }),
    { numRuns: 30 },
  );
});

test('zipf is skewed toward low ranks', () => {
  fc.assert(
    fc.property(fc.integer({ min: 100, max: 1_000_000 }), fc.double({ min: 0.8, max: 2, noNaN: true }), fc.nat(), (n, exponent, seed) => {
      const xs = draws({ kind: 'zipf', exponent }, n, 4000, seed);
      const deciles = new Array<number>(10).fill(0);
      for (const k of xs) deciles[Math.floor((k * 10) / n)]!++;
      // uniform keys would put a tenth in each; zipf piles them on the lowest ranks
      assert.ok(deciles[0]! > 0.3 * xs.length, `lowest tenth drew ${deciles[0]} of ${xs.length}`);
      assert.ok(deciles[0]! > deciles[1]! && deciles[1]! >= deciles[9]!, `deciles ${deciles}`);
    }),
    { numRuns: 30 },
  );
});

test('zipf frequencies follow k^-s', () => {
  const n = 20;
  for (const s of [0.5, 1, 1.5]) {
    const count = 200_000;
    const freq = new Array<number>(n).fill(0);
    for (const k of draws({ kind: 'zipf', exponent: s }, n, count, 3)) freq[k]!++;
    const norm = Array.from({ length: n }, (_, k) => (k + 1) ** -s).reduce((a, b) => a + b, 0);
    for (let k = 0; k < n; k++) {
      const expected = (count * (k + 1) ** -s) / norm;
      assert.ok(Math.abs(freq[k]! - expected) < 5 * Math.sqrt(expected) + 10, `s=${s} rank ${k}: ${freq[k]} vs ${expected.toFixed(0)}`);
    }
  }
});

test('the same seed replays the same keys', () => {
  assert.deepEqual(draws({ kind: 'zipf', exponent: 1.1 }, 1000, 100, 5), draws({ kind: 'zipf', exponent: 1.1 }, 1000, 100, 5));
  assert.notDeepEqual(draws({ kind: 'uniform' }, 1000, 100, 5), draws({ kind: 'uniform' }, 1000, 100, 6));
});

test('--dist text', () => {
  assert.deepEqual(parseDistSpec('--dist', 'uniform'), { kind: 'uniform' });
  assert.deepEqual(parseDistSpec('--dist', 'gaussian:2.5'), { kind: 'gaussian', stdvs: 2.5 });
  assert.deepEqual(parseDistSpec('--dist', 'zipf:0.99'), { kind: 'zipf', exponent: 0.99 });
  for (const text of ['uniform', 'gaussian:2.5', 'zipf:0.99']) assert.equal(formatDistSpec(parseDistSpec('--dist', text)), text);
  for (const bad of ['', 'zipf:', 'zipf:-1', 'zipf:0', 'gaussian:x', 'uniform:1', 'Zipf', 'zipf(1)']) {
    assert.throws(() => parseDistSpec('--dist', bad), (e: unknown) => e instanceof StressOptionError && e.option === '--dist', bad);
  }
  assert.throws(() => makeKeyDistribution({ kind: 'uniform' }, 0, Math.random), RangeError);
});
