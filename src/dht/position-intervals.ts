import type { Bounds } from './bounds.js';
import type { Partitioner } from './partitioner.js';
import type { PositionInterval } from './position-bound.js';
import type { Range } from './range.js';
import type { Token } from './token.js';

/**
 * Turns token ranges into intervals of positions, so the storage engine can scan "partitions whose
 * token is in (l, r]" by comparing position bytes only. Keys with the minimum token (the empty key)
 * fall in no interval, matching the rule that the minimum token belongs to no key.
 */

/** Positions of keys with token in (left, right] for a non-wrapping piece; null if none. */
function pieceInterval<T extends Token>(p: Partitioner<T>, left: T, right: T): PositionInterval | null {
  const upToLeft = p.tokenEndBound(left);
  if (upToLeft === null) return null; // nothing comes after the largest token
  const start = { position: upToLeft.position, inclusive: !upToLeft.inclusive };
  const end = p.isMinimum(right) ? null : p.tokenEndBound(right);
  return { start, end };
}

/** The position intervals (0–2, sorted) holding exactly the keys whose token is in `range`. */
export function rangeToPositionIntervals<T extends Token>(range: Range<T>): PositionInterval[] {
  const out: PositionInterval[] = [];
  for (const piece of range.unwrap()) {
    const interval = pieceInterval(range.partitioner, piece.left, piece.right);
    if (interval !== null) out.push(interval);
  }
  // unwrap() yields (left, min] before (min, right]; positions of the second sort first.
  return out.length === 2 ? [out[1]!, out[0]!] : out;
}

/** The position interval holding exactly the keys whose token is in `bounds`. */
export function boundsToPositionInterval<T extends Token>(bounds: Bounds<T>): PositionInterval {
  const p = bounds.partitioner;
  const start = p.tokenStartBound(bounds.left);
  const end = p.isMinimum(bounds.right) ? null : p.tokenEndBound(bounds.right);
  return { start, end };
}
