/**
 * A SlicePredicate applied on this side to names already in comparator order: what the remote
 * backend does where CQL cannot restrict the view the Thrift way (named columns, rows of a range
 * scan or an index query). Same meaning as the engine's: exact names, or start/finish inclusive in
 * the order of traversal (empty = open), reversed, at most `count`.
 */
import type { AbstractType } from '../../marshal/index.js';
import type { SlicePredicate } from '../../db/index.js';

export function applyPredicate<T>(items: readonly T[], nameOf: (t: T) => Buffer, type: AbstractType, predicate: SlicePredicate): T[] {
  if (predicate.columnNames !== undefined) {
    const wanted = predicate.columnNames;
    return items.filter((t) => wanted.some((n) => type.compare(n, nameOf(t)) === 0));
  }
  const r = predicate.sliceRange!;
  const low = r.reversed ? r.finish : r.start;
  const high = r.reversed ? r.start : r.finish;
  const inRange = items.filter((t) => (low.length === 0 || type.compare(nameOf(t), low) >= 0) && (high.length === 0 || type.compare(nameOf(t), high) <= 0));
  if (r.reversed) inRange.reverse();
  return inRange.slice(0, r.count);
}
