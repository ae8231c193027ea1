/**
 * Clustering restrictions → the engine's name slices. A SELECT, UPDATE or DELETE restricts the
 * clustering columns as Cassandra allows: equalities (= or IN) on a prefix of them, then at most
 * one range — on the next column, or on a tuple of the next columns `(c2, c3) > (1, 2)`. Each
 * combination of IN values is a prefix P; the range bounds become name bounds under P:
 *
 *   no range                 [BEFORE(P), AFTER(P)]
 *   c >= v / c > v           start BEFORE(P v) / AFTER(P v)
 *   c <= v / c < v           end   AFTER(P v)  / BEFORE(P v)
 *
 * A DESC column's values are stored reversed, so its lower value bound is the upper name bound:
 * the two ends swap. A tuple range whose columns do not all share one direction is refused (as
 * the rows it selects are not one contiguous name range). Slices come out ascending and without
 * overlap, as SliceQuery requires; duplicate IN values collapse.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import type { TableLayout } from '../../db/cql-layout/table-layout.js';

export interface RangeBound {
  /** One value per column of the range (a single column, or a tuple). */
  readonly values: readonly Buffer[];
  readonly inclusive: boolean;
}

export interface ClusteringRange {
  /** The position of the range's first column (= the length of the equality prefix). */
  readonly first: number;
  /** Lower and upper bounds in value order (either may be absent). */
  readonly low?: RangeBound;
  readonly high?: RangeBound;
}

export interface ClusteringRestriction {
  /** Candidate values for each of the first columns, in order: one for =, several for IN. */
  readonly prefix: readonly (readonly Buffer[])[];
  /**
   * When present, exactly the prefixes the equalities allow (each `prefix.length` values long), a
   * subset of the cartesian product of `prefix`: a multi-column IN such as (a, b) IN ((1, 2), (3, 4)).
   */
  readonly combinations?: readonly (readonly Buffer[])[];
  readonly range?: ClusteringRange;
}

/** The clustering prefixes a restriction selects: its combinations, else the cartesian product. */
export function restrictionPrefixes(r: ClusteringRestriction): Buffer[][] {
  if (r.combinations === undefined) return clusteringPrefixes(r.prefix);
  if (r.combinations.length > MAX_PREFIXES) throw new InvalidRequestError(`IN restrictions on clustering columns select ${r.combinations.length} combinations; at most ${MAX_PREFIXES} are allowed`);
  return r.combinations.map((c) => [...c]);
}

/** Every clustering prefix the equalities allow (the cartesian product of the IN lists). */
export function clusteringPrefixes(prefix: readonly (readonly Buffer[])[]): Buffer[][] {
  let out: Buffer[][] = [[]];
  for (const candidates of prefix) {
    const next: Buffer[][] = [];
    for (const p of out) for (const v of candidates) next.push([...p, v]);
    out = next;
    if (out.length > MAX_PREFIXES) throw new InvalidRequestError(`IN restrictions on clustering columns select ${out.length} combinations; at most ${MAX_PREFIXES} are allowed`);
  }
  return out;
}

/** Cassandra's max_clustering_keys_per_query-like cap on IN combinations. */
export const MAX_PREFIXES = 65536;

export function clusteringSlices(layout: TableLayout, r: ClusteringRestriction): NameSlice[] {
  // No clustering restriction (every read by key of a table without clustering columns): the
  // whole partition, built once per layout.
  if (r.prefix.length === 0 && r.combinations === undefined && r.range === undefined) return [layout.wholePartition];
  const prefixes = restrictionPrefixes(r);
  const range = r.range;
  const slices = prefixes.map((p): NameSlice => (range === undefined ? { start: layout.prefixStart(p), end: layout.prefixEnd(p) } : rangeSlice(layout, p, range)));
  slices.sort((a, b) => Buffer.compare(a.start, b.start));
  const out: NameSlice[] = [];
  for (const s of slices) {
    if (Buffer.compare(s.start, s.end) > 0) continue; // an empty range (e.g. c > 5 AND c < 3)
    const last = out[out.length - 1];
    if (last !== undefined && Buffer.compare(s.start, last.end) <= 0) {
      if (Buffer.compare(s.end, last.end) > 0) out[out.length - 1] = { start: last.start, end: s.end };
      continue;
    }
    out.push(s);
  }
  return out;
}

function rangeSlice(layout: TableLayout, prefix: readonly Buffer[], range: ClusteringRange): NameSlice {
  const width = Math.max(range.low?.values.length ?? 0, range.high?.values.length ?? 0);
  const columns = layout.table.clustering.slice(range.first, range.first + width);
  if (columns.length < width) throw new InvalidRequestError(`a range on ${width} clustering columns from position ${range.first} goes past the table's clustering columns`);
  const desc = columns[0]?.reversed ?? false;
  if (columns.some((c) => c.reversed !== desc)) {
    throw new InvalidRequestError(`Multi-column slices over clustering columns of mixed order (${columns.map((c) => `${c.name} ${c.reversed ? 'DESC' : 'ASC'}`).join(', ')}) are not supported`);
  }
  // In name (byte) order a DESC range's low value bound is the high name bound.
  const lowName = desc ? range.high : range.low;
  const highName = desc ? range.low : range.high;
  const start = lowName === undefined ? layout.prefixStart(prefix) : lowName.inclusive ? layout.prefixStart([...prefix, ...lowName.values]) : layout.prefixEnd([...prefix, ...lowName.values]);
  const end = highName === undefined ? layout.prefixEnd(prefix) : highName.inclusive ? layout.prefixEnd([...prefix, ...highName.values]) : layout.prefixStart([...prefix, ...highName.values]);
  return { start, end };
}
