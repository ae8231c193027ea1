/**
 * The row check of the relations a SASI index serves on its column, with SASI's semantics: on a
 * literal (text) index `=` and LIKE compare the analyzed value and term (case_sensitive false:
 * lowercased both), and each LIKE pattern's kind is checked against the index mode when the
 * values are bound (Cassandra's LikeRestriction does it when it adds the row filter expression).
 * Ranges compare in the column type's order, as without an index.
 */
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnRestriction } from './restriction-records.js';
import { type PreparedFilter, all, columnFilter } from './row-filter.js';
import { type SasiIndex, checkLikeServed, likeMatches, parseLike, sasiSupports } from './sasi-index.js';

/** Whether the index serves some relation of `r` (the query then needs no ALLOW FILTERING for it). */
export function sasiServes(index: SasiIndex, r: ColumnRestriction): boolean {
  if (r.eq !== undefined && sasiSupports(index, 'EQ')) return true;
  if (r.like.length > 0 && index.literal) return true;
  return (r.low !== undefined || r.high !== undefined) && sasiSupports(index, 'RANGE');
}

export function sasiFilter(index: SasiIndex, r: ColumnRestriction): PreparedFilter {
  const c = r.column;
  const checks: PreparedFilter[] = [];
  const plain = columnFilter(r, { eqIn: !index.literal, slice: true });
  if (plain !== null) checks.push(plain);
  const text = (v: Buffer | null): string | null => (v === null ? null : index.analyze(v.toString('utf8')));
  const eq = r.eq;
  if (index.literal && eq !== undefined) {
    checks.push((vs) => {
      const want = text(eq(vs));
      return (row) => text(row(c)) === want;
    });
  }
  for (const like of r.like) {
    checks.push((vs: readonly BoundValue[]) => {
      const pattern = parseLike(like.value(vs).toString('utf8'));
      checkLikeServed(index, pattern);
      const analyzed = { kind: pattern.kind, term: index.analyze(pattern.term) };
      return (row) => {
        const v = text(row(c));
        return v !== null && likeMatches(v, analyzed);
      };
    });
  }
  return all(checks);
}
