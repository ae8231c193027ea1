import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type PositionBound, intervalContains } from '../../dht/index.js';
import { BYTES_TYPE, INT32_TYPE } from '../../marshal/index.js';
import { BOTTOM, TOP, cellName } from '../../storage/model/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import { indexEntryNameOfPosition } from '../operations/keys-index.js';
import { entryPosition, entrySliceOf, intersectSlices, slicesAfter } from './entry-bounds.js';

const position = fc.uint8Array({ maxLength: 6 }).map((b) => Buffer.from(b));
const bound = fc.option(fc.record({ position, inclusive: fc.boolean() }), { nil: undefined });
/** A COMPOSITES entry (position, then an int clustering value) or a KEYS entry (position alone). */
const entry = fc.tuple(position, fc.option(fc.integer(), { nil: null })).map(([p, c]) => ({
  position: p,
  name: c === null ? indexEntryNameOfPosition(p) : cellName([BYTES_TYPE.toComparable(p), INT32_TYPE.toComparable(INT32_TYPE.decompose(c))]),
}));

const inSlice = (s: NameSlice, name: Buffer) => Buffer.compare(s.start, name) <= 0 && Buffer.compare(name, s.end) <= 0;

test('entrySliceOf holds exactly the entries whose base position lies in the interval', () => {
  fc.assert(
    fc.property(bound, bound, entry, (from: PositionBound | undefined, to: PositionBound | undefined, e) => {
      const within = intervalContains({ start: from ?? { position: Buffer.alloc(0), inclusive: true }, end: to ?? null }, e.position);
      assert.equal(inSlice(entrySliceOf(from, to), e.name), within);
    }),
    { numRuns: 2000 },
  );
});

test('entrySliceOf of the whole ring is [BOTTOM, TOP]', () => {
  assert.deepEqual(entrySliceOf(undefined, undefined), { start: BOTTOM, end: TOP });
});

test('intersectSlices keeps a name iff it is in some slice and in the bounds; empty slices are dropped', () => {
  const names = fc.uint8Array({ maxLength: 4 }).map((b) => Buffer.from(b));
  const sortedSlices = fc.array(names, { maxLength: 8 }).map((ns) => {
    const sorted = [...new Map(ns.map((n) => [n.toString('hex'), n])).values()].sort(Buffer.compare);
    const out: NameSlice[] = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) out.push({ start: sorted[i]!, end: sorted[i + 1]! });
    return out;
  });
  fc.assert(
    fc.property(sortedSlices, names, names, names, (slices, a, b, n) => {
      const within = Buffer.compare(a, b) <= 0 ? { start: a, end: b } : { start: b, end: a };
      const cut = intersectSlices(slices, within);
      assert.equal(cut.some((s) => inSlice(s, n)), slices.some((s) => inSlice(s, n)) && inSlice(within, n));
      for (const s of cut) assert.ok(Buffer.compare(s.start, s.end) <= 0);
      for (let i = 1; i < cut.length; i++) assert.ok(Buffer.compare(cut[i - 1]!.end, cut[i]!.start) < 0, 'still ascending');
      const after = slicesAfter(slices, a);
      assert.equal(after.some((s) => inSlice(s, n)), slices.some((s) => inSlice(s, n)) && Buffer.compare(n, a) > 0);
    }),
    { numRuns: 2000 },
  );
});

test('entryPosition reads back the base position; names of another form give null', () => {
  fc.assert(
    fc.property(entry, (e) => assert.deepEqual(entryPosition(e.name), e.position)),
    { numRuns: 500 },
  );
  assert.equal(entryPosition(Buffer.alloc(0)), null);
  assert.equal(entryPosition(Buffer.from([0x30, 0x38])), null);
  assert.equal(entryPosition(Buffer.from([0x40, 0x01])), null, 'a component cut short');
});
