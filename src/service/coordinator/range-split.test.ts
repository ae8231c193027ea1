/** Splitting a scan by the ring: every key lands in exactly one piece, the piece of its first replica's token, in order. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { arbitraryRingShape, murmur3, ringOfShape } from '../../../test/support/locator/rings.js';
import type { PositionBound } from '../../storage/table-store.js';
import { type RangeSplit, coalesceAdjacent, splitByRing } from './range-split.js';

function contains(s: RangeSplit, position: Buffer): boolean {
  const lo = Buffer.compare(position, s.from.position);
  if (lo < 0 || (lo === 0 && !s.from.inclusive)) return false;
  if (s.to === undefined) return true;
  const hi = Buffer.compare(position, s.to.position);
  return hi < 0 || (hi === 0 && s.to.inclusive);
}

function within(position: Buffer, from: PositionBound | undefined, to: PositionBound | undefined): boolean {
  return contains({ from: from ?? { position: Buffer.alloc(0), inclusive: true }, to, token: 0n }, position);
}

const keyArb = fc.uint8Array({ minLength: 1, maxLength: 8 }).map((a) => Buffer.from(a));

test('each key is in exactly one piece: the one of the ring token that owns it', () => {
  fc.assert(
    fc.property(arbitraryRingShape(6), fc.array(keyArb, { minLength: 1, maxLength: 30 }), (shape, keys) => {
      const ring = ringOfShape(shape);
      const pieces = splitByRing(ring, undefined, undefined);
      for (let i = 1; i < pieces.length; i++) assert.ok(Buffer.compare(pieces[i - 1]!.from.position, pieces[i]!.from.position) <= 0, 'pieces in position order');
      for (const key of keys) {
        const dk = murmur3.decorate(key);
        const holders = pieces.filter((p) => contains(p, dk.position));
        assert.equal(holders.length, 1, `key ${key.toString('hex')}`);
        assert.equal(holders[0]!.token, ring.firstToken(dk.token));
      }
    }),
    { numRuns: 200, seed: 1001 },
  );
});

test('clipping to a requested interval keeps exactly the keys inside it', () => {
  fc.assert(
    fc.property(arbitraryRingShape(5), fc.array(keyArb, { minLength: 2, maxLength: 30 }), fc.boolean(), fc.boolean(), (shape, keys, incFrom, incTo) => {
      const ring = ringOfShape(shape);
      const positions = keys.map((k) => murmur3.decorate(k).position).sort(Buffer.compare);
      const from = { position: positions[0]!, inclusive: incFrom };
      const to = { position: positions[positions.length - 1]!, inclusive: incTo };
      const pieces = splitByRing(ring, from, to);
      for (const p of positions) {
        const n = pieces.filter((s) => contains(s, p)).length;
        assert.equal(n, within(p, from, to) ? 1 : 0);
      }
    }),
    { numRuns: 200, seed: 1002 },
  );
});

test('coalescing adjacent pieces keeps every key in exactly one piece; merging everything leaves the ring in one or two pieces', () => {
  fc.assert(
    fc.property(arbitraryRingShape(6), fc.array(keyArb, { minLength: 1, maxLength: 30 }), fc.nat(), (shape, keys, salt) => {
      const ring = ringOfShape(shape);
      const pieces = splitByRing(ring, undefined, undefined);
      const group = (p: RangeSplit) => (Number(BigInt.asUintN(8, p.token as bigint)) + salt) % 2;
      for (const merged of [coalesceAdjacent(pieces, (a, b) => group(a) === group(b)), coalesceAdjacent(pieces, () => true)]) {
        for (const key of keys) assert.equal(merged.filter((p) => contains(p, murmur3.decorate(key).position)).length, 1);
      }
      assert.ok(coalesceAdjacent(pieces, () => true).length <= 2);
    }),
    { numRuns: 200, seed: 1003 },
  );
});
