/**
 * What a partition read asks for. `slices` are inclusive [start, end] name ranges in ascending
 * order that do not overlap; a names query is a list of single-name slices [n, n]; the whole
 * partition is one slice [BOTTOM, TOP] (see cell-name.ts). Results come in forward order, or in
 * reverse (slices walked last to first) when `reversed`.
 *
 * Limits count live cells only: `cellLimit` caps cells; `groupLimit` caps distinct groups, where
 * `groupLength(name)` gives the length of the name's group prefix (a super column, a CQL row):
 * reading stops before the first cell of group `groupLimit + 1`.
 */
import type { TraceSink } from '../../util/trace-sink.js';

export interface NameSlice {
  readonly start: Buffer;
  readonly end: Buffer;
}

export interface SliceQuery {
  readonly slices: readonly NameSlice[];
  readonly reversed: boolean;
  readonly cellLimit?: number;
  readonly groupLimit?: number;
  readonly groupLength?: (name: Buffer) => number;
  /** Return tombstones and shadowed-by-nothing dead cells too (for replica reconciliation). */
  readonly includeTombstones?: boolean;
  /** The traced request's sink (never sent to replicas: the wire codec names its fields); absent when untraced. */
  readonly trace?: TraceSink;
}

/**
 * What of `slices` lies past `bound` in read order (after it forward, before it reversed): how a
 * read resumes after the last name an earlier step of it returned. `bound` is a position no name
 * holds (a BEFORE/AFTER bound, or a name with a byte appended), so inclusive or not is the same.
 */
export function slicesPast(slices: readonly NameSlice[], bound: Buffer, reversed: boolean): NameSlice[] {
  const out: NameSlice[] = [];
  for (const s of slices) {
    if (!reversed) {
      if (Buffer.compare(s.end, bound) <= 0) continue;
      out.push(Buffer.compare(s.start, bound) < 0 ? { start: bound, end: s.end } : s);
    } else {
      if (Buffer.compare(s.start, bound) >= 0) continue;
      out.push(Buffer.compare(s.end, bound) > 0 ? { start: s.start, end: bound } : s);
    }
  }
  return out;
}
