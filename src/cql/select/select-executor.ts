/**
 * Runs a prepared SELECT: the partitions (by key, or a scan in token order), their rows, LIMIT and
 * PER PARTITION LIMIT, paging (a page ends after `pageSize` rows with a paging state that resumes
 * exactly after its last row), ORDER BY across IN partitions (merged in memory, unpaged as in
 * Cassandra), and aggregates (over the whole result, one row, paging ignored).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { PositionBound } from '../../dht/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { CqlContext } from '../execution/cql-context.js';
import type { RowsResult } from '../execution/cql-result.js';
import type { QueryOptions } from '../execution/query-options.js';
import type { TableRef } from '../execution/table-lookup.js';
import { clusteringSlices } from '../restrictions/clustering-slices.js';
import type { PreparedWhere } from '../restrictions/where-clause.js';
import type { CqlColumn } from '../../schema/index.js';
import { groupRows, samePartition } from './group-by.js';
import type { LimitFn } from './limits.js';
import type { PreparedOrdering } from './ordering.js';
import { type PagingState, decodePagingState, encodePagingState } from './paging-state.js';
import { fillByIndex } from './index-scan.js';
import { keyIndex } from './key-index.js';
import { Page } from './page.js';
import { PartitionRowReader } from './partition-rows.js';
import type { ResultRow } from './result-row.js';
import type { ResultValues, Selection } from './selection.js';

export interface SelectPlan {
  readonly table: TableRef;
  readonly where: PreparedWhere;
  readonly selection: Selection;
  readonly ordering: PreparedOrdering;
  readonly distinct: boolean;
  readonly limit: LimitFn;
  readonly perPartitionLimit: LimitFn;
  /** A partition with static values and no rows gives one row (no clustering or regular restriction). */
  readonly staticOnlyRows: boolean;
  /** GROUP BY columns (empty: no grouping). */
  readonly groupBy: readonly CqlColumn[];
}

/** Partitions fetched per scan step. */
const SCAN_BATCH_MAX = 128;

export const PAGING_WITH_POST_ORDERING =
  'Cannot page queries with both ORDER BY and a IN restriction on the partition key; you must either remove the ORDER BY or the IN and sort client side, or disable paging for this query';

export async function executeSelect(plan: SelectPlan, ctx: CqlContext, options: QueryOptions): Promise<RowsResult> {
  const values = options.values;
  const limit = plan.limit(values);
  const ppl = plan.perPartitionLimit(values);
  const pageSize = options.pageSize !== undefined && options.pageSize > 0 ? options.pageSize : Infinity;
  const reader = new PartitionRowReader({
    table: plan.table,
    slices: clusteringSlices(plan.table.layout, plan.where.clustering(values)),
    reversed: plan.ordering.reversed,
    filter: plan.where.rowFilter(values),
    distinct: plan.distinct,
    staticOnlyRows: plan.staticOnlyRows,
    consistency: options.consistency,
    nowSec: ctx.nowSec(),
  });
  const columns = plan.selection.columns;
  if (plan.groupBy.length > 0) {
    const page = new Page(Infinity);
    await fill(plan, ctx, reader, page, values, Infinity, null);
    return { kind: 'rows', columns, rows: grouped(plan, page.rows, values, ppl, limit) };
  }
  if (plan.selection.isAggregate) {
    const page = new Page(Infinity);
    await fill(plan, ctx, reader, page, values, ppl, null);
    const agg = plan.selection.aggregate(values);
    for (const r of page.rows) agg.add(r);
    return { kind: 'rows', columns, rows: [agg.result()] };
  }
  if (plan.ordering.compare !== null) {
    if (pageSize !== Infinity && limit > pageSize) throw new InvalidRequestError(PAGING_WITH_POST_ORDERING);
    const page = new Page(Infinity);
    await fill(plan, ctx, reader, page, values, ppl, null);
    const sorted = [...page.rows].sort(plan.ordering.compare).slice(0, limit);
    return { kind: 'rows', columns, rows: sorted.map((r) => plan.selection.row(r, values)) };
  }
  const state = options.pagingState === undefined || options.pagingState.length === 0 ? null : decodePagingState(options.pagingState);
  const rowsLeft = state?.rowsLeft ?? limit;
  const page = new Page(Math.min(pageSize, rowsLeft));
  if (page.want > 0) await fill(plan, ctx, reader, page, values, ppl, state);
  const rows: ResultValues[] = page.rows.map((r) => plan.selection.row(r, values));
  const left = rowsLeft - page.rows.length;
  if (!page.full || left <= 0 || page.last === null) return { kind: 'rows', columns, rows };
  const next: PagingState = { key: page.last.key, clustering: page.last.clustering, rowsLeft: left, partitionRowsLeft: page.last.partitionRowsLeft };
  return { kind: 'rows', columns, rows, pagingState: encodePagingState(next) };
}

/** GROUP BY: one result row per group; PER PARTITION LIMIT and LIMIT count groups. */
function grouped(plan: SelectPlan, rows: readonly ResultRow[], values: readonly BoundValue[], ppl: number, limit: number): ResultValues[] {
  const out: ResultValues[] = [];
  let inPartition = 0;
  let prev: ResultRow | null = null;
  for (const group of groupRows(rows, plan.groupBy)) {
    const first = group[0]!;
    inPartition = prev !== null && samePartition(prev, first) ? inPartition + 1 : 1;
    prev = first;
    if (inPartition > ppl) continue;
    const agg = plan.selection.aggregate(values);
    for (const r of group) agg.add(r);
    out.push(agg.result());
    if (out.length >= limit) break;
  }
  return out;
}

async function fill(plan: SelectPlan, ctx: CqlContext, reader: PartitionRowReader, page: Page, values: readonly BoundValue[], ppl: number, state: PagingState | null): Promise<void> {
  if (plan.where.index !== null) return fillByIndex(plan, ctx, reader, page, values, ppl, state);
  const keys = plan.where.partitionKeys(values);
  if (keys !== null) return fillByKeys(plan, reader, page, keys, ppl, state);
  return fillByScan(plan, ctx, reader, page, values, ppl, state);
}

async function fillByKeys(plan: SelectPlan, reader: PartitionRowReader, page: Page, keys: readonly Buffer[], ppl: number, state: PagingState | null): Promise<void> {
  let start = 0;
  if (state !== null) {
    const at = keyIndex(plan.table.cf.cql, keys, state.key);
    start = at.found && state.clustering !== null && state.partitionRowsLeft > 0 ? at.index : at.found ? at.index + 1 : at.index;
  }
  if (keys.length === 1) {
    // One partition (k = ?): the common case, read directly.
    const resumed = state !== null && start === 0 && keys[0]!.equals(state.key);
    const left = resumed ? state.partitionRowsLeft : ppl;
    if (start === 0 && left > 0) page.add(keys[0]!, await reader.readKey(keys[0]!, resumed ? state.clustering : null, Math.min(left, page.remaining)), left);
    return;
  }
  // The partitions are read KEY_READS_AT_ONCE at a time (on a cluster, one round trip for an IN
  // of a few keys instead of one per key) and added in key order until the page is full; reads
  // past a full page are wasted, and bounded so.
  for (let i = start; i < keys.length && !page.full; ) {
    const n = Math.min(keys.length - i, KEY_READS_AT_ONCE);
    // The paging state's partition resumes inside it; the others are read from their start, together.
    const resumed = state !== null && i === start && keys[i]!.equals(state.key);
    const first = resumed && state.partitionRowsLeft > 0 ? reader.readKey(keys[i]!, state.clustering, Math.min(state.partitionRowsLeft, page.remaining)) : undefined;
    const from = resumed ? i + 1 : i;
    const rest = ppl > 0 && from < i + n ? reader.readKeys(keys.slice(from, i + n), Math.min(ppl, page.remaining)) : Promise.resolve([]);
    const [firstRows, restRows] = await Promise.all([first, rest]);
    if (firstRows !== undefined) page.add(keys[i]!, firstRows, state!.partitionRowsLeft);
    for (let j = from; j < i + n && !page.full && ppl > 0; j++) page.add(keys[j]!, restRows[j - from]!, ppl);
    i += n;
  }
}

/** Partitions of a multi-key SELECT (IN on the partition key) read concurrently. */
const KEY_READS_AT_ONCE = 32;

async function fillByScan(plan: SelectPlan, ctx: CqlContext, reader: PartitionRowReader, page: Page, values: readonly BoundValue[], ppl: number, state: PagingState | null): Promise<void> {
  const range = plan.where.keyRange(values);
  if (range === null) return;
  let from: PositionBound | undefined = range.from;
  if (state !== null) {
    if (state.clustering !== null && state.partitionRowsLeft > 0) {
      const rows = await reader.readKey(state.key, state.clustering, Math.min(state.partitionRowsLeft, page.remaining));
      page.add(state.key, rows, state.partitionRowsLeft);
    }
    from = { position: ctx.partitioner.decorate(state.key).position, inclusive: false };
  }
  while (!page.full) {
    const batch = plan.where.needsFiltering ? SCAN_BATCH_MAX : Math.max(1, Math.min(SCAN_BATCH_MAX, page.remaining));
    const found = await reader.scan(from, range.to, Math.min(ppl, page.remaining), batch);
    for (const p of found) {
      if (page.full) return;
      page.add(p.key, p.rows, ppl);
    }
    if (found.length < batch) return;
    from = { position: found[found.length - 1]!.position, inclusive: false };
  }
}
