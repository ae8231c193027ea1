/**
 * Index entry names by base position, pure. Every entry of a CQL (COMPOSITES) index and of a
 * Thrift KEYS index starts with the base partition's position as its first component
 * (cql-index.ts, operations/keys-index.ts):
 *
 *   entry = NEXT BytesType-comparable(position) ( NEXT comp )* END      (storage/model/cell-name.ts)
 *
 * The comparable form of a position is prefix-free and keeps byte order, so the entries of the
 * positions in an interval are exactly the names between
 *   lower: NEXT comp(from) BEFORE (from inclusive) | NEXT comp(from) AFTER (exclusive) | BOTTOM (none)
 *   upper: NEXT comp(to) AFTER (to inclusive)      | NEXT comp(to) BEFORE (exclusive)  | TOP (none)
 * — what a coordinator needs to ask each token range's replicas for their part of an index
 * partition, and to find the replicas of an entry's base row.
 */
import { BYTES_TYPE } from '../../marshal/index.js';
import { BOTTOM, SEP_NEXT, TOP, boundAfter, boundBefore } from '../../storage/model/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import type { PositionBound } from '../../storage/table-store.js';
import { ByteReader } from '../../util/byte-reader.js';

/** The entry-name slice holding the entries of every base position between `from` and `to` (undefined: the ring's ends). */
export function entrySliceOf(from: PositionBound | undefined, to: PositionBound | undefined): NameSlice {
  const bound = (b: PositionBound, after: boolean): Buffer => (after ? boundAfter : boundBefore)([BYTES_TYPE.toComparable(b.position)]);
  return { start: from === undefined ? BOTTOM : bound(from, !from.inclusive), end: to === undefined ? TOP : bound(to, to.inclusive) };
}

/**
 * `slices` (ascending, not overlapping, inclusive ends: a SliceQuery's) cut to `within`; slices
 * left empty are dropped.
 */
export function intersectSlices(slices: readonly NameSlice[], within: NameSlice): NameSlice[] {
  const out: NameSlice[] = [];
  for (const s of slices) {
    const start = Buffer.compare(s.start, within.start) >= 0 ? s.start : within.start;
    const end = Buffer.compare(s.end, within.end) <= 0 ? s.end : within.end;
    if (Buffer.compare(start, end) <= 0) out.push({ start, end });
  }
  return out;
}

/** `slices` without the names up to and including `name`: what is left to read after an answer trusted up to it. */
export function slicesAfter(slices: readonly NameSlice[], name: Buffer): NameSlice[] {
  const next = Buffer.concat([name, Buffer.from([0])]); // the smallest byte string after `name`
  const out: NameSlice[] = [];
  for (const s of slices) {
    if (Buffer.compare(s.end, next) < 0) continue;
    out.push(Buffer.compare(s.start, next) >= 0 ? s : { start: next, end: s.end });
  }
  return out;
}

/** The base partition position an entry names (null: the name does not start with a position component). */
export function entryPosition(name: Buffer): Buffer | null {
  if (name.length === 0 || name[0] !== SEP_NEXT) return null;
  try {
    return BYTES_TYPE.fromComparable(new ByteReader(name, 1));
  } catch {
    return null;
  }
}
