// Range and Bounds laws checked against brute force over a small universe of tokens: any
// non-empty set built from (a, b] pieces contains one of its right ends, so a universe holding
// every endpoint (plus points past the largest) decides set equality exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Bounds } from './bounds.js';
import { ByteOrderedPartitioner } from './byte-ordered-partitioner.js';
import { Murmur3Partitioner } from './murmur3-partitioner.js';
import type { Partitioner } from './partitioner.js';
import { Range } from './range.js';
import type { Token } from './token.js';

interface Ring<T extends Token> {
  readonly p: Partitioner<T>;
  readonly token: fc.Arbitrary<T>;
  readonly universe: readonly T[];
}

const MIN = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;
const murmur: Ring<bigint> = {
  p: new Murmur3Partitioner(),
  token: fc.oneof(fc.constant(MIN), fc.bigInt(-6n, 6n), fc.constant(MAX)),
  universe: [MIN, MIN + 1n, ...Array.from({ length: 15 }, (_, i) => BigInt(i - 7)), MAX - 1n, MAX],
};

const SYMBOLS = [0x00, 0x01, 0xff];
function allStrings(maxLength: number): Buffer[] {
  let level: number[][] = [[]];
  const out: Buffer[] = [Buffer.alloc(0)];
  for (let n = 1; n <= maxLength; n++) {
    level = level.flatMap((s) => SYMBOLS.map((b) => [...s, b]));
    out.push(...level.map((s) => Buffer.from(s)));
  }
  return out;
}
const bytesRing: Ring<Buffer> = {
  p: new ByteOrderedPartitioner(),
  token: fc.array(fc.constantFrom(...SYMBOLS), { maxLength: 2 }).map((a) => Buffer.from(a)),
  universe: allStrings(3),
};

function members<T extends Token>(ring: Ring<T>, has: (t: T) => boolean): string[] {
  return ring.universe.filter(has).map((t) => ring.p.tokenToString(t));
}

function rangeLaws<T extends Token>(label: string, ring: Ring<T>): void {
  const { p } = ring;
  const range = fc.tuple(ring.token, ring.token).map(([l, r]) => new Range(p, l, r));
  const inAny = (rs: Range<T>[]) => (t: T) => rs.some((r) => r.contains(t));

  test(`${label}: unwrap covers the same tokens with non-wrapping pieces`, () => {
    fc.assert(
      fc.property(range, (r) => {
        const pieces = r.unwrap();
        for (const piece of pieces) assert.ok(!piece.isWrapAround() || p.isMinimum(piece.right));
        assert.deepEqual(members(ring, inAny(pieces)), members(ring, (t) => r.contains(t)));
        if (r.isFullRing()) assert.equal(members(ring, (t) => r.contains(t)).length, ring.universe.length);
      }),
    );
  });

  test(`${label}: containsRange, intersects and intersectionWith agree with the token sets`, () => {
    fc.assert(
      fc.property(range, range, (a, b) => {
        const inA = (t: T) => a.contains(t);
        const inB = (t: T) => b.contains(t);
        const both = members(ring, (t) => inA(t) && inB(t));
        assert.deepEqual(members(ring, inAny(a.intersectionWith(b))), both, `${a} ∩ ${b}`);
        assert.equal(a.intersects(b), both.length > 0, `${a} intersects ${b}`);
        const bInA = members(ring, inB).every((t) => members(ring, inA).includes(t));
        assert.equal(a.containsRange(b), bInA, `${a} ⊇ ${b}`);
      }),
    );
  });

  test(`${label}: normalize gives sorted, disjoint, unwrapped ranges with the same tokens`, () => {
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 5 }), (rs) => {
        const norm = Range.normalize(rs);
        assert.deepEqual(members(ring, inAny(norm)), members(ring, inAny(rs)));
        for (let i = 1; i < norm.length; i++) {
          assert.ok(p.compareTokens(norm[i - 1]!.right, norm[i]!.left) < 0);
          assert.ok(!p.isMinimum(norm[i - 1]!.right));
        }
      }),
    );
  });

  test(`${label}: Bounds contain [left, right] and intersect ranges consistently`, () => {
    const bounds = fc
      .tuple(ring.token, ring.token)
      .map(([x, y]) => (p.compareTokens(x, y) <= 0 || p.isMinimum(y) ? new Bounds(p, x, y) : new Bounds(p, y, x)));
    fc.assert(
      fc.property(bounds, range, (b, r) => {
        for (const t of ring.universe) {
          const toEnd = p.isMinimum(b.right);
          const expected =
            (p.compareTokens(t, b.left) >= 0 && (toEnd || p.compareTokens(t, b.right) <= 0)) || (toEnd && p.isMinimum(t));
          assert.equal(b.contains(t), expected);
        }
        assert.equal(r.intersects(b), members(ring, (t) => b.contains(t) && r.contains(t)).length > 0, `${r} ∩ ${b}`);
      }),
    );
  });
}

rangeLaws('murmur3 tokens', murmur);
rangeLaws('byte-ordered tokens', bytesRing);

test('Bounds refuse to wrap; Range prints like Cassandra', () => {
  const p = new Murmur3Partitioner();
  assert.throws(() => new Bounds(p, 5n, 3n), RangeError);
  assert.equal(new Bounds(p, 5n, MIN).contains(MAX), true);
  assert.equal(new Range(p, -3n, 7n).toString(), '(-3,7]');
  assert.ok(Range.fullRing(p).isFullRing());
});
