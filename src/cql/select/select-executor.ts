/**
 * Runs a prepared SELECT: the partitions (by key, or a scan in token order), their rows, LIMIT and
 * PER PARTITION LIMIT, paging (a page ends after `pageSize` rows with a paging state that resumes
 * exactly after its last row), ORDER BY across IN partitions (merged in memory, unpaged as in
 * Cassandra), aggregates (over the whole result, one row, paging ignored) and GROUP BY (one row
 * per group, paged by groups).
 *
 * Every query reads its rows in internal pages (`pages`): at most ROWS_PER_READ_MAX rows per
 * read, each resuming after the previous one's last row as a client's next page would. Aggregates
 * and GROUP BY fold each page as it comes, so `count(*)` over any number of rows holds one page;
 * a large client page is built from several reads. Between reads and scan steps the request
 * paces itself (RequestBudget): it yields the event loop to other requests and stops with
 * ReadTimeout once read_request_timeout_in_ms (a query by partition key) or
 * range_request_timeout_in_ms (a scan or index query) has passed since it started.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { PositionBound } from '../../dht/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { CqlContext } from '../execution/cql-context.js';
import type { RowsResult } from '../execution/cql-result.js';
import { type QueryOptions, requestNowSec } from '../execution/query-options.js';
import type { TableRef } from '../execution/table-lookup.js';
import { clusteringSlices } from '../restrictions/clustering-slices.js';
import type { PreparedWhere } from '../restrictions/where-clause.js';
import type { CqlColumn } from '../../schema/index.js';
import { GroupFolder } from './group-by.js';
import type { LimitFn } from './limits.js';
import type { PreparedOrdering } from './ordering.js';
import { type PagingState, decodePagingState, encodePagingState } from './paging-state.js';
import { TombstoneWarning } from './tombstone-warning.js';
import { fillByIndex } from './index-scan.js';
import { keyIndex } from './key-index.js';
import { Page } from './page.js';
import { PartitionRowReader, type RowReadOptions } from './partition-rows.js';
import type { ResultRow } from './result-row.js';
import type { ResultValues, Selection } from './selection.js';
import { pushAll } from '../../util/push-all.js';
import { RequestBudget } from '../../db/request-budget.js';
import { ROWS_PER_READ_MAX, type ScanShape, partitionsPerStep } from '../../db/read-steps.js';
import type { TraceSink } from '../../util/trace-sink.js';

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

/** Rows per internal read (db/read-steps.ts): tests size their data by it. */
export { ROWS_PER_READ_MAX };

export const PAGING_WITH_POST_ORDERING =
  'Cannot page queries with both ORDER BY and a IN restriction on the partition key; you must either remove the ORDER BY or the IN and sort client side, or disable paging for this query';

/** One execution's reads: what `fill` needs besides the page, and the request's budget. */
interface SelectRun {
  readonly plan: SelectPlan;
  readonly ctx: CqlContext;
  readonly reader: PartitionRowReader;
  readonly values: readonly BoundValue[];
  /** The partitions by key (sorted, distinct), evaluated once; null for a scan or an index query. */
  readonly keys: readonly Buffer[] | null;
  /** PER PARTITION LIMIT as rows read (Infinity for GROUP BY, which counts groups). */
  readonly ppl: number;
  readonly budget: RequestBudget;
  /** What the scan steps found so far (their size follows it). */
  readonly scanned: ScanShape;
}

export async function executeSelect(plan: SelectPlan, ctx: CqlContext, options: QueryOptions, warn: (message: string) => void = () => undefined): Promise<RowsResult> {
  const values = options.values;
  const limit = plan.limit(values);
  const ppl = plan.perPartitionLimit(values);
  const pageSize = options.pageSize !== undefined && options.pageSize > 0 ? options.pageSize : Infinity;
  const keys = plan.where.index === null ? plan.where.partitionKeys(values) : null;
  const byKeys = keys !== null;
  const budget = RequestBudget.read(ctx.env, byKeys ? ctx.timeouts.readMs : ctx.timeouts.rangeMs, options.consistency);
  const readOptions: { -readonly [K in keyof RowReadOptions]: RowReadOptions[K] } = {
    table: plan.table,
    slices: clusteringSlices(plan.table.layout, plan.where.clustering(values)),
    reversed: plan.ordering.reversed,
    filter: plan.where.rowFilter(values),
    distinct: plan.distinct,
    staticOnlyRows: plan.staticOnlyRows,
    consistency: options.consistency,
    nowSec: requestNowSec(ctx, options),
    pace: () => budget.pace(),
    tombstones: new TombstoneWarning(plan.table, ctx.limits.tombstoneWarnThreshold, warn),
  };
  if (options.trace !== undefined) readOptions.trace = options.trace;
  const reader = new PartitionRowReader(readOptions);
  if (options.trace !== undefined) traceStart(options.trace, plan, byKeys, options);
  const run: SelectRun = { plan, ctx, reader, values, keys, ppl, budget, scanned: { partitions: 0, rows: 0 } };
  const columns = plan.selection.columns;
  const state = options.pagingState === undefined || options.pagingState.length === 0 ? null : decodePagingState(options.pagingState);
  // A page of groups has no bound in rows (a group may be any size): it reads ROWS_PER_READ_MAX rows a step.
  if (plan.groupBy.length > 0) return { kind: 'rows', columns, ...(await groupedPage({ ...run, ppl: Infinity }, state, pageSize, limit, ppl)) };
  if (plan.selection.isAggregate) {
    // Without GROUP BY, one row: never paged for the client, as in Cassandra (its AggregationQueryPager
    // ignores the page size then); read by the client's page size (capped) or the default.
    const agg = plan.selection.aggregate(values);
    const stream = new Pages(run, null, Infinity, Math.min(pageSize, ROWS_PER_READ_MAX));
    for (let page = await stream.next(); page !== null; page = await stream.next()) await eachPaced(run, page.rows, (r) => agg.add(r));
    return { kind: 'rows', columns, rows: [agg.result()] };
  }
  if (plan.ordering.compare !== null) {
    if (pageSize !== Infinity && limit > pageSize) throw new InvalidRequestError(PAGING_WITH_POST_ORDERING);
    // Each partition's rows come in the requested order: the first `limit` overall are among its first `limit`.
    const all: ResultRow[] = [];
    const stream = new Pages({ ...run, ppl: Math.min(ppl, limit) }, null, Infinity, ROWS_PER_READ_MAX);
    for (let page = await stream.next(); page !== null; page = await stream.next()) pushAll(all, page.rows);
    const sorted = all.sort(plan.ordering.compare).slice(0, limit);
    const out: ResultValues[] = [];
    await eachPaced(run, sorted, (r) => out.push(plan.selection.row(r, values)));
    return { kind: 'rows', columns, rows: out };
  }
  const rowsLeft = state?.rowsLeft ?? limit;
  const want = Math.min(pageSize, rowsLeft);
  const rows: ResultValues[] = [];
  let last: Page['last'] = null;
  const stream = new Pages(run, state, want, ROWS_PER_READ_MAX);
  for (let page = await stream.next(); page !== null; page = await stream.next()) {
    const selecting = eachPaced(run, page.rows, (r) => rows.push(plan.selection.row(r, values)));
    if (selecting !== undefined) await selecting;
    last = page.last ?? last;
  }
  const left = rowsLeft - rows.length;
  if (rows.length < want || left <= 0 || last === null) return { kind: 'rows', columns, rows };
  const next: PagingState = { key: last.key, clustering: last.clustering, rowsLeft: left, partitionRowsLeft: last.partitionRowsLeft };
  options.trace?.trace(`Page of ${rows.length} rows full; a paging state for the next page is sent`);
  return { kind: 'rows', columns, rows, pagingState: encodePagingState(next) };
}

/**
 * Selecting a row can cost far more than reading it — a user-defined function call is ~0.2 ms
 * (the vm's watchdog) — so the rows of an internal page are selected in runs of this many, the
 * request pacing itself between runs (yielding once its slice is spent).
 */
const ROWS_PER_PACE = 32;

/** `fn` of each row, pacing every ROWS_PER_PACE rows; not async for a page of fewer (no promise then). */
function eachPaced<T>(run: SelectRun, rows: readonly T[], fn: (row: T) => void): Promise<void> | undefined {
  const first = Math.min(rows.length, ROWS_PER_PACE);
  for (let i = 0; i < first; i++) fn(rows[i]!);
  return first < rows.length ? eachPacedFrom(run, rows, first, fn) : undefined;
}

async function eachPacedFrom<T>(run: SelectRun, rows: readonly T[], from: number, fn: (row: T) => void): Promise<void> {
  for (let i = from; i < rows.length; i++) {
    if (i % ROWS_PER_PACE === 0) await run.budget.pace();
    fn(rows[i]!);
  }
}

/**
 * What a traced SELECT is about to do, in Cassandra 4.0's words where it has them
 * (SinglePartitionReadCommand "Executing single-partition query on %s", the range read's
 * "Submitting range requests…", an index query's "Executing read on %s.%s using index %s").
 */
function traceStart(trace: TraceSink, plan: SelectPlan, byKeys: boolean, options: QueryOptions): void {
  const { cf } = plan.table;
  if (plan.where.index !== null) trace.trace(`Executing read on ${cf.keyspace}.${cf.name} using index ${plan.where.index.index.def.name}`);
  else if (byKeys) trace.trace(`Executing single-partition query on ${cf.name}`);
  else trace.trace(`Executing range scan on ${cf.keyspace}.${cf.name}`);
  if (options.pagingState !== undefined && options.pagingState.length > 0) trace.trace('Resuming after the paging state of the previous page');
}

/**
 * The query's rows from `state` on, `rowsWanted` at most, as pages of at most `pageRows` rows,
 * each read resuming after the previous page's last row; the request paces itself before each.
 */
class Pages {
  private left: number;
  private ended = false;
  private started = false;

  constructor(
    private readonly run: SelectRun,
    private from: PagingState | null,
    rowsWanted: number,
    private readonly pageRows: number,
  ) {
    this.left = rowsWanted;
  }

  /** The next page, or null after the last (a plain method, not an async generator: two promises a page fewer). */
  async next(): Promise<Page | null> {
    if (this.ended || this.left <= 0) return null;
    // The first read follows the budget's start at once (nothing to yield for or time out yet).
    if (this.started) await this.run.budget.pace();
    this.started = true;
    const page = new Page(Math.min(this.pageRows, this.left));
    await fill(this.run, page, this.from);
    this.left -= page.rows.length;
    if (!page.full || page.last === null) this.ended = true;
    else this.from = { key: page.last.key, clustering: page.last.clustering, rowsLeft: this.left, partitionRowsLeft: page.last.partitionRowsLeft };
    return page;
  }
}

/**
 * GROUP BY: one page of at most `pageSize` groups (LIMIT and PER PARTITION LIMIT count groups too),
 * folded as rows stream in, ROWS_PER_READ_MAX rows a read. A page that stops before the rows end carries
 * a paging state after its last group's last row, with the groups LIMIT and PER PARTITION LIMIT
 * still allow; resuming where PER PARTITION LIMIT is used up skips the rest of that partition.
 */
async function groupedPage(run: SelectRun, state: PagingState | null, pageSize: number, limit: number, ppl: number): Promise<{ rows: ResultValues[]; pagingState?: Buffer }> {
  const { plan, values } = run;
  const groupsLeft = state?.rowsLeft ?? limit;
  const from = state === null ? null : { key: state.key, clustering: state.clustering, partitionGroupsLeft: state.partitionRowsLeft };
  const folder = new GroupFolder(plan.groupBy, () => plan.selection.aggregate(values), Math.min(pageSize, groupsLeft), ppl, from);
  // The rows read resume after the last row returned; PER PARTITION LIMIT is the folder's (in groups), not the read's.
  const readFrom = state === null ? null : { key: state.key, clustering: state.partitionRowsLeft > 0 ? state.clustering : null, rowsLeft: Infinity, partitionRowsLeft: Infinity };
  let stopped = false;
  const stream = new Pages(run, readFrom, Infinity, ROWS_PER_READ_MAX);
  reading: for (let page = await stream.next(); page !== null; page = await stream.next()) {
    for (let i = 0; i < page.rows.length; i++) {
      if (i > 0 && i % ROWS_PER_PACE === 0) await run.budget.pace();
      if (!folder.add(page.rows[i]!)) {
        stopped = true;
        break reading;
      }
    }
  }
  if (!stopped) folder.finish();
  const left = groupsLeft - folder.rows.length;
  if (!stopped || left <= 0 || folder.end === null) return { rows: folder.rows };
  const next: PagingState = { key: folder.end.key, clustering: folder.end.clustering, rowsLeft: left, partitionRowsLeft: folder.end.partitionGroupsLeft };
  return { rows: folder.rows, pagingState: encodePagingState(next) };
}

/** Not async: it hands back its step's promise (one promise fewer per page). */
function fill(run: SelectRun, page: Page, state: PagingState | null): Promise<void> {
  const { plan, ctx, reader, values, ppl, keys } = run;
  if (plan.where.index !== null) return fillByIndex(plan, ctx, reader, page, values, ppl, state);
  if (keys !== null) return fillByKeys(run, page, keys, state);
  return fillByScan(run, page, state);
}

async function fillByKeys(run: SelectRun, page: Page, keys: readonly Buffer[], state: PagingState | null): Promise<void> {
  const { plan, reader, ppl } = run;
  let start = 0;
  if (state !== null) {
    const at = keyIndex(plan.table.cf.cql, keys, state.key);
    start = at.found && state.clustering !== null && state.partitionRowsLeft > 0 ? at.index : at.found ? at.index + 1 : at.index;
  }
  // The partitions are read KEY_READS_AT_ONCE at a time (on a cluster, one round trip for an IN
  // of a few keys instead of one per key) and added in key order until the page is full; reads
  // past a full page are wasted, and bounded so. One partition (k = ?) is the smallest case of
  // the same loop: one readMany of one key.
  for (let i = start; i < keys.length && !page.full; ) {
    if (i > start) await run.budget.pace();
    const n = Math.min(keys.length - i, KEY_READS_AT_ONCE);
    // The paging state's partition resumes inside it; the others are read from their start, together.
    const resumed = state !== null && i === start && keys[i]!.equals(state.key);
    const first = resumed && state.partitionRowsLeft > 0 ? reader.readKey(keys[i]!, state.clustering, Math.min(state.partitionRowsLeft, page.remaining)) : undefined;
    const from = resumed ? i + 1 : i;
    const restKeys = from === 0 && i + n === keys.length ? keys : keys.slice(from, i + n);
    const rest = ppl > 0 && from < i + n ? reader.readKeys(restKeys, Math.min(ppl, page.remaining)) : undefined;
    // Both reads run at once; Promise.all only when there are two (it keeps a handler on each).
    const [firstRows, restRows] = first === undefined ? [undefined, rest === undefined ? [] : await rest] : await Promise.all([first, rest ?? []]);
    if (firstRows !== undefined) page.add(keys[i]!, firstRows, state!.partitionRowsLeft);
    for (let j = from; j < i + n && !page.full && ppl > 0; j++) page.add(keys[j]!, restRows[j - from]!, ppl);
    i += n;
  }
}

/** Partitions of a multi-key SELECT (IN on the partition key) read concurrently. */
const KEY_READS_AT_ONCE = 32;

async function fillByScan(run: SelectRun, page: Page, state: PagingState | null): Promise<void> {
  const { plan, ctx, reader, values, ppl } = run;
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
    const batch = partitionsPerStep(run.scanned, plan.where.needsFiltering ? Infinity : page.remaining);
    const found = await reader.scan(from, range.to, Math.min(ppl, page.remaining), batch);
    run.scanned.partitions += found.length;
    for (const p of found) run.scanned.rows += p.rowsRead;
    for (const p of found) {
      if (page.full) return;
      page.add(p.key, p.rows, ppl);
    }
    if (found.length < batch) return;
    from = { position: found[found.length - 1]!.position, inclusive: false };
    // A filter may drop every row of a step: the loop can run long with the page still empty.
    await run.budget.pace();
  }
}
