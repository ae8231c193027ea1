// Scanning by position must select exactly the keys whose token the range or bounds contain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Bounds } from './bounds.js';
import { ByteOrderedPartitioner } from './byte-ordered-partitioner.js';
import { Murmur3Partitioner } from './murmur3-partitioner.js';
import { OrderPreservingPartitioner } from './order-preserving-partitioner.js';
import type { Partitioner } from './partitioner.js';
import { intervalContains, type PositionInterval } from './position-bound.js';
import { boundsToPositionInterval, rangeToPositionIntervals } from './position-intervals.js';
import { RandomPartitioner } from './random-partitioner.js';
import { Range } from './range.js';

const ALL: Partitioner[] = [
  new Murmur3Partitioner(),
  new RandomPartitioner(),
  new ByteOrderedPartitioner(),
  new OrderPreservingPartitioner(),
];

const keyArb = fc.constantFrom('a', 'b', 'ab', 'a\u0000', 'b\u00ff', 'zz', '10050', '10070', 'é').map((s) => Buffer.from(s));
const keysArb = fc.uniqueArray(keyArb, { minLength: 1, maxLength: 9, selector: (k) => k.toString('hex') });

const inAny = (intervals: PositionInterval[], position: Buffer) => intervals.some((iv) => intervalContains(iv, position));

for (const p of ALL) {
  test(`${p.name}: position intervals select exactly the keys in a token range`, () => {
    fc.assert(
      fc.property(keysArb, fc.nat(), fc.nat(), fc.boolean(), (keys, i, j, useMin) => {
        const tokens = keys.map((k) => p.token(k));
        const left = useMin ? p.minimumToken() : tokens[i % tokens.length]!;
        const right = tokens[j % tokens.length]!;
        for (const [l, r] of [[left, right], [right, left], [left, p.minimumToken()], [p.midpoint(left, right), right]] as const) {
          const range = new Range(p, l, r);
          const intervals = rangeToPositionIntervals(range);
          for (const k of keys) {
            const d = p.decorate(k);
            assert.equal(inAny(intervals, d.position), range.contains(d.token), `${range} / ${k.toString('hex')}`);
          }
        }
      }),
    );
  });

  test(`${p.name}: position interval selects exactly the keys in bounds`, () => {
    fc.assert(
      fc.property(keysArb, fc.nat(), fc.nat(), (keys, i, j) => {
        const tokens = keys.map((k) => p.token(k)).sort((a, b) => p.compareTokens(a, b));
        const [a, b] = [i % tokens.length, j % tokens.length];
        const lo = tokens[Math.min(a, b)]!;
        const hi = tokens[Math.max(a, b)]!;
        for (const bounds of [new Bounds(p, lo, hi), new Bounds(p, lo, p.minimumToken())]) {
          const interval = boundsToPositionInterval(bounds);
          for (const k of keys) {
            const d = p.decorate(k);
            assert.equal(intervalContains(interval, d.position), bounds.contains(d.token), `${bounds}`);
          }
        }
      }),
    );
  });
}

test('a wrapping range yields two intervals in position order', () => {
  const p = new Murmur3Partitioner();
  const intervals = rangeToPositionIntervals(new Range(p, 100n, -100n));
  assert.equal(intervals.length, 2);
  assert.ok(Buffer.compare(intervals[0]!.start.position, intervals[1]!.start.position) < 0);
  assert.equal(intervals[1]!.end, null);
  assert.deepEqual(rangeToPositionIntervals(new Range(p, 2n ** 63n - 1n, 5n)).length, 1);
});
