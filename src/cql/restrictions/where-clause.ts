/**
 * A WHERE clause prepared for one table: which partitions (keys by = / IN on every partition key
 * column, else a scan between token bounds), which rows of each (clustering equalities and at most
 * one range, as slices), and the row filters that remain (ALLOW FILTERING). Cassandra's rules and
 * messages decide what is allowed:
 *
 *   SELECT        partition key: all by = / IN → reads by key; none, or token() → a scan; anything
 *                 else (a slice, a part missing) filters. Clustering: = / IN on a prefix, then one
 *                 range (single column or tuple); a restriction after a gap or after the range
 *                 filters. Regular and static columns filter. Filtering needs ALLOW FILTERING, and
 *                 so does any clustering restriction in a scan.
 *   modification  every partition key column by = / IN, no token(), nothing that would filter;
 *                 the statement decides what it needs of the clustering columns from
 *                 `clusteringEqualities`, `clusteringSlice` and `unrestrictedClustering`
 *                 (UPDATE: all by = / IN; DELETE: a prefix or a range).
 *
 *   const where = prepareWhere(stmt.where, table, scope, 'select', { allowFiltering });
 *   where.partitionKeys(values)  // Buffer[] (row keys, sorted, distinct) | null (a scan)
 *   where.keyRange(values)       // positions for the scan | null (nothing matches)
 *   clusteringSlices(table.layout, where.clustering(values))
 *   where.rowFilter(values)?.(row)
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { Partitioner } from '../../dht/index.js';
import type { CqlColumn, CqlTable } from '../../schema/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { TableRef } from '../execution/table-lookup.js';
import type { Relation } from '../parser/index.js';
import { encodePartitionKey } from '../../db/cql-layout/partition-key.js';
import type { TermScope } from '../terms/index.js';
import { type BoundRelations, bindRelations } from './bind-relations.js';
import { type IndexQuery, hasMultipleContains, supportingIndex, tableIndexes } from './index-restrictions.js';
import { type ClusteringRange, type ClusteringRestriction, MAX_PREFIXES } from './clustering-slices.js';
import { type ColumnRestriction, type MultiColumnRestriction, type TupleFn, hasSlice } from './restriction-records.js';
import { type PreparedFilter, type RowPredicate, all, columnFilter, multiColumnFilter } from './row-filter.js';
import { sasiFilter, sasiServes } from './sasi-filter.js';
import { type SasiIndex, sasiIndexesOf } from './sasi-index.js';
import { type KeyRange, type TokenBound, WHOLE_RING, tokenKeyRange, tokenWithin } from './token-bounds.js';

export type WherePurpose = 'select' | 'modification';

export interface WhereOptions {
  readonly allowFiltering?: boolean;
  /** The statement's name in messages ('UPDATE', 'DELETE'); 'SELECT' for selects. */
  readonly statement?: string;
}

export const REQUIRES_ALLOW_FILTERING =
  'Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING';

/** At most this many partition keys from IN restrictions. */
export const MAX_PARTITION_KEYS = 65536;

export interface PreparedWhere {
  /** True when rows must be checked by `rowFilter` (the query said ALLOW FILTERING). */
  readonly needsFiltering: boolean;
  /** A secondary index serves the query (its rows come through `index`, or a SASI-served scan). */
  readonly usesIndex: boolean;
  /** Every partition key column restricted by = or IN: the query reads by keys, not a scan. */
  readonly byKeys: boolean;
  /** Some partition key column is restricted by IN. */
  readonly partitionKeyIn: boolean;
  /** The marker index of each partition key column when each is `= ?`; empty otherwise. */
  readonly pkMarkerIndexes: readonly number[];
  readonly hasTokenRestriction: boolean;
  /** Leading clustering columns restricted by = / IN and served by slices. */
  readonly clusteringEqualities: number;
  /** Clustering columns restricted by = (one value each, no IN): their order is fixed. */
  readonly clusteringSingleValued: ReadonlySet<string>;
  /** A clustering range follows the equalities. */
  readonly clusteringSlice: boolean;
  /** Any relation on a clustering column. */
  readonly clusteringRestricted: boolean;
  /** Clustering columns after the equalities, by name (UPDATE: "Some clustering keys are missing: …"). */
  readonly unrestrictedClustering: readonly string[];
  /** Every column the clause names. */
  readonly restricted: ReadonlySet<string>;
  /** Columns the row filter reads, besides the primary key. */
  readonly filterColumns: readonly CqlColumn[];
  /** Row keys (distinct, in partition key order) when `byKeys`; else null. */
  partitionKeys(values: readonly BoundValue[]): Buffer[] | null;
  /** Where a scan runs (token bounds, or the whole ring); null when no partition can match. */
  keyRange(values: readonly BoundValue[]): KeyRange | null;
  clustering(values: readonly BoundValue[]): ClusteringRestriction;
  /** The filter, or null when nothing is filtered. */
  rowFilter(values: readonly BoundValue[]): RowPredicate | null;
  /**
   * The secondary index the query reads its rows through (SELECT only), or null. The restriction
   * it serves stays in `rowFilter`: every row found is checked against its data again.
   */
  readonly index: IndexQuery | null;
}

export function prepareWhere(relations: readonly Relation[], table: TableRef, scope: TermScope, purpose: WherePurpose, options: WhereOptions = {}): PreparedWhere {
  const cql = table.cf.cql;
  const bound = bindRelations(relations, cql, table.cf.keyspace, table.cf.name, scope);
  const statement = options.statement ?? (purpose === 'select' ? 'SELECT' : 'UPDATE');
  const allowFiltering = purpose === 'select' && options.allowFiltering === true;
  const filters: PreparedFilter[] = [];
  const filterColumns: CqlColumn[] = [];
  let needsFiltering = false;
  const requireFiltering = (message = REQUIRES_ALLOW_FILTERING): void => {
    if (!allowFiltering) throw new InvalidRequestError(message);
    needsFiltering = true;
  };

  // Secondary indexes (Cassandra 4.0's StatementRestrictions): an index that serves a relation
  // makes restrictions that would need ALLOW FILTERING go through it instead, as long as the
  // index's relation is the only one left to check (`filterCount`).
  const candidates = purpose === 'select' ? indexCandidates(table, bound) : [];
  const sasi = sasiServing(table, bound, purpose);
  const hasIndex = candidates.length > 0 || sasi.size > 0;
  let usesIndex = false;
  let filterCount = 0;

  // Partition key.
  const pk = partitionKeyPlan(cql, bound, purpose, statement);
  if (!pk.byKeys) {
    if (pk.filtered.length > 0) {
      if (!hasIndex) requireFiltering();
      needsFiltering = true;
      usesIndex = hasIndex;
      filterCount += pk.filtered.length;
    } else if (bound.token === null) {
      usesIndex = hasIndex;
    }
    for (const r of pk.filtered) {
      const f = columnFilter(r, { eqIn: true, slice: true });
      if (f !== null) filters.push(f);
    }
  }

  // Clustering columns.
  const cl = clusteringPlan(cql, bound);
  if (cl.range?.firstOnly === true) {
    if (purpose === 'modification') throw new InvalidRequestError(`Multi-column slices over clustering columns of mixed order are not supported in ${statement} statements`);
    // The slice reads the first column's range; the tuple comparison filters within it.
    filters.push(multiColumnFilter(cl.range.slice as MultiColumnRestriction));
  }
  let clusteringFiltered = cl.range?.firstOnly === true;
  for (const leftover of cl.leftovers) {
    if (purpose === 'modification' || (!allowFiltering && !hasIndex)) throw new InvalidRequestError(leftover.message);
    needsFiltering = true;
    clusteringFiltered = true;
    filters.push(leftover.filter);
  }
  const clusteringRestricted = [...bound.columns.values()].some((r) => r.column.kind === 'clustering') || bound.multi.length > 0;
  for (const r of bound.columns.values()) {
    if (r.column.kind === 'clustering' && (r.contains.length > 0 || r.containsKey.length > 0)) {
      if (purpose === 'modification') throw new InvalidRequestError(`Cannot use CONTAINS on clustering column ${r.column.name} in ${statement} statements`);
      if (!hasIndex) requireFiltering('Clustering columns can only be restricted with CONTAINS with a secondary index or filtering');
      needsFiltering = true;
      clusteringFiltered = true;
      filters.push(columnFilter(r, { eqIn: false, slice: false })!);
    }
  }
  if (clusteringFiltered && hasIndex) usesIndex = true;
  if (!pk.byKeys && candidates.some((c) => c.index.column.kind === 'clustering')) usesIndex = true;
  if (usesIndex || clusteringFiltered) filterCount += restrictedClusteringColumns(bound);

  // Regular and static columns.
  const others = [...bound.columns.values()].filter((r) => r.column.kind === 'regular' || r.column.kind === 'static');
  if (others.length > 0) {
    if (purpose === 'modification') throw new InvalidRequestError(`Non PRIMARY KEY columns found in where clause: ${others.map((r) => r.column.name).join(', ')} `);
    for (const r of others) {
      if (r.in !== undefined) throw new InvalidRequestError(`IN predicates on non-primary-key columns (${r.column.name}) is not yet supported`);
    }
    if (hasIndex) usesIndex = true;
    else requireFiltering();
    needsFiltering = true;
    filterCount += others.length;
    for (const r of others) {
      filterColumns.push(r.column);
      const served = sasi.get(r);
      filters.push(served === undefined ? columnFilter(r, { eqIn: true, slice: true })! : sasiFilter(served, r));
    }
  }
  if (purpose === 'select' && !pk.byKeys && clusteringRestricted && !usesIndex) requireFiltering();
  if (usesIndex && !allowFiltering) {
    const multipleContains = others.some(hasMultipleContains);
    if (filterCount > 1 || (filterCount === 0 && clusteringRestricted) || (filterCount !== 0 && multipleContains)) throw new InvalidRequestError(REQUIRES_ALLOW_FILTERING);
  }
  const index = usesIndex ? bestIndex(candidates) : null;
  if (index !== null) needsFiltering = true;

  const filter = filters.length === 0 ? null : all(filters);
  const p = scope.ctx.partitioner;
  const tokenBounds = (values: readonly BoundValue[]): [TokenBound | undefined, TokenBound | undefined] => {
    const t = bound.token;
    if (t === null) return [undefined, undefined];
    return [t.low === undefined ? undefined : { token: t.low.value(values), inclusive: t.low.inclusive }, t.high === undefined ? undefined : { token: t.high.value(values), inclusive: t.high.inclusive }];
  };
  return {
    needsFiltering,
    usesIndex,
    byKeys: pk.byKeys,
    partitionKeyIn: pk.records.some((r) => r.in !== undefined),
    pkMarkerIndexes: pk.byKeys && pk.records.every((r) => r.eqMarker !== undefined) ? pk.records.map((r) => r.eqMarker!) : [],
    hasTokenRestriction: bound.token !== null,
    clusteringEqualities: cl.equalities,
    clusteringSingleValued: cl.singleValued,
    clusteringSlice: cl.range !== null,
    clusteringRestricted,
    unrestrictedClustering: cql.clustering.slice(cl.equalities).map((c) => c.name),
    restricted: new Set([...bound.columns.keys(), ...bound.multi.flatMap((m) => m.columns.map((c) => c.name)), ...(bound.token === null ? [] : cql.partitionKey.map((c) => c.name))]),
    filterColumns,
    partitionKeys: (values) => {
      if (!pk.byKeys) return null;
      const keys = partitionKeys(cql, pk.records, values);
      if (bound.token === null) return keys;
      const [low, high] = tokenBounds(values);
      return keys.filter((k) => tokenWithin(p as Partitioner, p.token(k), low, high));
    },
    keyRange: (values) => {
      if (bound.token === null) return WHOLE_RING;
      const [low, high] = tokenBounds(values);
      return tokenKeyRange(p as Partitioner, low, high);
    },
    clustering: (values) => cl.restriction(values),
    rowFilter: (values) => (filter === null ? null : filter(values)),
    index,
  };
}

// ---- secondary indexes ----

function indexCandidates(table: TableRef, bound: BoundRelations): IndexQuery[] {
  if (table.virtual) return [];
  const indexes = tableIndexes(table.cf);
  if (indexes.length === 0) return [];
  const out: IndexQuery[] = [];
  for (const r of bound.columns.values()) {
    const q = supportingIndex(indexes, r);
    if (q !== null) out.push(q);
  }
  return out;
}

/**
 * The SASI index serving each restriction of a regular or static column that one serves. LIKE is
 * refused, with Cassandra's message, on a column no literal SASI index covers (and in any
 * statement but a SELECT), as StatementRestrictions does when it meets the relation.
 */
function sasiServing(table: TableRef, bound: BoundRelations, purpose: WherePurpose): Map<ColumnRestriction, SasiIndex> {
  const indexes = purpose === 'select' && !table.virtual ? sasiIndexesOf(table.cf) : [];
  const out = new Map<ColumnRestriction, SasiIndex>();
  for (const r of bound.columns.values()) {
    const onValues = r.column.kind === 'regular' || r.column.kind === 'static';
    const index = onValues ? indexes.find((i) => i.column.name === r.column.name && sasiServes(i, r)) : undefined;
    if (index !== undefined) out.set(r, index);
    const like = r.like[0];
    if (like !== undefined && (index === undefined || !index.literal)) {
      throw new InvalidRequestError(`LIKE restriction is only supported on properly indexed columns. ${like.text} is not valid.`);
    }
  }
  return out;
}

/** Values of regular and static columns first (usually the most selective), then in WHERE order. */
function bestIndex(candidates: readonly IndexQuery[]): IndexQuery | null {
  const onValues = candidates.find((c) => c.index.column.kind === 'regular' || c.index.column.kind === 'static');
  return onValues ?? candidates[0] ?? null;
}

function restrictedClusteringColumns(bound: BoundRelations): number {
  const names = new Set<string>();
  for (const r of bound.columns.values()) if (r.column.kind === 'clustering') names.add(r.column.name);
  for (const m of bound.multi) for (const c of m.columns) names.add(c.name);
  return names.size;
}

// ---- partition key ----

interface PartitionKeyPlan {
  readonly byKeys: boolean;
  /** One per partition key column when byKeys. */
  readonly records: readonly ColumnRestriction[];
  /** Restrictions on partition key columns that must filter (SELECT without all keys). */
  readonly filtered: readonly ColumnRestriction[];
}

function partitionKeyPlan(cql: CqlTable, bound: BoundRelations, purpose: WherePurpose, statement: string): PartitionKeyPlan {
  const recs = cql.partitionKey.map((c) => bound.columns.get(c.name));
  for (const r of recs) {
    if (r !== undefined && (r.contains.length > 0 || r.containsKey.length > 0 || r.entries.length > 0)) {
      throw new InvalidRequestError(`Cannot use CONTAINS on partition key column ${r.column.name}`);
    }
  }
  const eqIn = (r: ColumnRestriction | undefined): boolean => r !== undefined && (r.eq !== undefined || r.in !== undefined);
  const anySlice = recs.some((r) => r !== undefined && hasSlice(r));
  if (purpose === 'modification') {
    if (bound.token !== null) throw new InvalidRequestError(`The token function cannot be used in WHERE clauses for ${statement} statements`);
    const missing = cql.partitionKey.filter((_c, i) => recs[i] === undefined);
    if (missing.length > 0) throw new InvalidRequestError(`Some partition key parts are missing: ${missing.map((c) => c.name).join(', ')}`);
    if (anySlice) throw new InvalidRequestError(`Only EQ and IN relation are supported on the partition key (unless you use the token() function) for ${statement} statements`);
    return { byKeys: true, records: recs as ColumnRestriction[], filtered: [] };
  }
  if (recs.every(eqIn)) return { byKeys: true, records: recs as ColumnRestriction[], filtered: [] };
  if (bound.token !== null && anySlice) throw new InvalidRequestError('Only EQ and IN relation are supported on the partition key (unless you use the token() function)');
  return { byKeys: false, records: [], filtered: recs.filter((r): r is ColumnRestriction => r !== undefined) };
}

function partitionKeys(cql: CqlTable, recs: readonly ColumnRestriction[], values: readonly BoundValue[]): Buffer[] {
  // The common case, `k = ?` on a one-column key: nothing to combine or sort.
  if (recs.length === 1 && recs[0]!.eq !== undefined) {
    const v = recs[0]!.eq(values);
    if (v.length === 0) throw new InvalidRequestError('Key may not be empty');
    return [encodePartitionKey(cql, [v])];
  }
  let combos: Buffer[][] = [[]];
  for (const r of recs) {
    const candidates = r.eq !== undefined ? [r.eq(values)] : r.in!(values);
    const next: Buffer[][] = [];
    for (const c of combos) for (const v of candidates) next.push([...c, v]);
    combos = next;
    if (combos.length > MAX_PARTITION_KEYS) throw new InvalidRequestError(`IN restrictions on the partition key select ${combos.length} keys; at most ${MAX_PARTITION_KEYS} are allowed`);
  }
  const types = cql.partitionKey.map((c) => c.type);
  combos.sort((a, b) => {
    for (let i = 0; i < types.length; i++) {
      const c = types[i]!.compare(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return 0;
  });
  const out: Buffer[] = [];
  for (const combo of combos) {
    if (combo.length === 1 && combo[0]!.length === 0) throw new InvalidRequestError('Key may not be empty');
    const key = encodePartitionKey(cql, combo);
    if (out.length === 0 || !out[out.length - 1]!.equals(key)) out.push(key);
  }
  return out;
}

// ---- clustering ----

interface Leftover {
  readonly filter: PreparedFilter;
  /** Why it cannot be served without filtering. */
  readonly message: string;
}

/** A run of clustering columns fixed by = / IN: its candidate value tuples. */
type Segment = (values: readonly BoundValue[]) => Buffer[][];

interface ClusteringPlan {
  readonly equalities: number;
  readonly singleValued: ReadonlySet<string>;
  readonly range: { readonly first: number; readonly slice: MultiColumnRestriction | ColumnRestriction; readonly firstOnly: boolean } | null;
  readonly leftovers: readonly Leftover[];
  restriction(values: readonly BoundValue[]): ClusteringRestriction;
}

function clusteringPlan(cql: CqlTable, bound: BoundRelations): ClusteringPlan {
  const cols = cql.clustering;
  const single = (i: number): ColumnRestriction | undefined => {
    const r = bound.columns.get(cols[i]!.name);
    return r !== undefined && (r.eq !== undefined || r.in !== undefined || hasSlice(r)) ? r : undefined;
  };
  const served = new Set<object>();
  const segments: Segment[] = [];
  const singleValued = new Set<string>();
  let range: ClusteringPlan['range'] = null;
  let pos = 0;
  while (pos < cols.length) {
    const s = single(pos);
    if (s !== undefined && (s.eq !== undefined || s.in !== undefined)) {
      served.add(s);
      const eq = s.eq;
      if (eq !== undefined) singleValued.add(s.column.name);
      segments.push(eq !== undefined ? (vs) => [[eq(vs)]] : (vs) => s.in!(vs).map((v) => [v]));
      pos++;
      continue;
    }
    const m = bound.multi.find((x) => x.columns[0]!.position === pos && !served.has(x));
    if (s === undefined && m !== undefined && (m.eq !== undefined || m.in !== undefined)) {
      served.add(m);
      const eq = m.eq;
      if (eq !== undefined) for (const c of m.columns) singleValued.add(c.name);
      segments.push(eq !== undefined ? (vs) => [eq(vs)] : m.in!);
      pos += m.columns.length;
      continue;
    }
    if (s !== undefined) {
      served.add(s);
      range = { first: pos, slice: s, firstOnly: false };
    } else if (m !== undefined) {
      served.add(m);
      const mixed = m.columns.some((c) => c.reversed !== m.columns[0]!.reversed);
      range = { first: pos, slice: m, firstOnly: mixed };
    }
    break;
  }
  const leftovers: Leftover[] = [];
  const stoppedAt = cols[pos];
  const messageFor = (c: CqlColumn): string =>
    range !== null ? `Clustering column "${c.name}" cannot be restricted (preceding column "${cols[range.first]!.name}" is restricted by a non-EQ relation)` : `PRIMARY KEY column "${c.name}" cannot be restricted as preceding column "${stoppedAt?.name ?? '?'}" is not restricted`;
  for (let i = 0; i < cols.length; i++) {
    const s = single(i);
    if (s !== undefined && !served.has(s)) leftovers.push({ filter: columnFilter(s, { eqIn: true, slice: true })!, message: messageFor(s.column) });
  }
  for (const m of bound.multi) if (!served.has(m)) leftovers.push({ filter: multiColumnFilter(m), message: messageFor(m.columns[0]!) });
  const equalities = pos;
  return {
    equalities,
    singleValued,
    range,
    leftovers,
    restriction: (values) => clusteringRestriction(segments, equalities, range, values),
  };
}

/** What a query without clustering restrictions reads: everything (shared: never modified). */
const UNRESTRICTED: ClusteringRestriction = Object.freeze({ prefix: Object.freeze([]) });

function clusteringRestriction(segments: readonly Segment[], width: number, range: ClusteringPlan['range'], values: readonly BoundValue[]): ClusteringRestriction {
  if (segments.length === 0 && range === null) return UNRESTRICTED;
  const tuples = segments.map((s) => s(values));
  const perColumn: Buffer[][] = Array.from({ length: width }, () => []);
  let multi = false;
  let offset = 0;
  for (const seg of tuples) {
    const w = seg[0]?.length ?? 0;
    if (seg.length === 0) return { prefix: Array.from({ length: width }, () => []) };
    if (w > 1 && seg.length > 1) multi = true;
    for (const t of seg) t.forEach((v, i) => perColumn[offset + i]!.push(v));
    offset += w;
  }
  let combinations: Buffer[][] | undefined;
  if (multi) {
    combinations = [[]];
    for (const seg of tuples) {
      const next: Buffer[][] = [];
      for (const c of combinations) for (const t of seg) next.push([...c, ...t]);
      combinations = next;
      if (combinations.length > MAX_PREFIXES) throw new InvalidRequestError(`IN restrictions on clustering columns select ${combinations.length} combinations; at most ${MAX_PREFIXES} are allowed`);
    }
  }
  const out: { prefix: Buffer[][]; combinations?: Buffer[][]; range?: ClusteringRange } = { prefix: perColumn };
  if (combinations !== undefined) out.combinations = combinations;
  if (range !== null) out.range = rangeOf(range, values);
  return out;
}

function rangeOf(range: NonNullable<ClusteringPlan['range']>, values: readonly BoundValue[]): ClusteringRange {
  const s = range.slice;
  const read = (fn: unknown): Buffer[] => {
    const v = (fn as TupleFn)(values);
    return Array.isArray(v) ? v : [v as Buffer];
  };
  const bound = (b: { readonly value: unknown; readonly inclusive: boolean } | undefined) => {
    if (b === undefined) return undefined;
    const vs = read(b.value);
    return range.firstOnly ? { values: vs.slice(0, 1), inclusive: true } : { values: vs, inclusive: b.inclusive };
  };
  const low = bound(s.low);
  const high = bound(s.high);
  return { first: range.first, ...(low === undefined ? {} : { low }), ...(high === undefined ? {} : { high }) };
}
