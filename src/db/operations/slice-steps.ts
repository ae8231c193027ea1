/**
 * The 0.7 calls read their slices in bounded steps (issue 16), as CQL SELECTs read their rows
 * (db/read-steps.ts): a row is read at most ROWS_PER_READ_MAX columns — super columns at that
 * level — at a time, each step's slices cut past the last name the step before returned (the
 * same cut, `slicesPast`, a CQL read resumes with), until the predicate's count is reached or a
 * step comes back short. Before each step the request awaits its RequestBudget: it yields the
 * event loop once its ~10 ms slice is used, and stops with a ReadTimeout (TimedOutException on
 * the wire) once read_request_timeout_in_ms (reads by key) or range_request_timeout_in_ms (range
 * and index scans) has passed since the call started. Cassandra 0.7 answered a call past
 * rpc_timeout_in_ms with TimedOutException too (its StorageProxy's read waits).
 *
 * Memory: get_slice, multiget_slice and the range calls hold their answer (the reply carries it)
 * plus one step; a shaper that merges (get_count's) shapes each step and drops its cells, so
 * get_count over a row of any width holds one step.
 */
import { type Cell, SEP_AFTER, SEP_BEFORE } from '../../storage/model/index.js';
import { type NameSlice, type SliceQuery, slicesPast } from '../../storage/read/slice-query.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { pushAll } from '../../util/push-all.js';
import { ROWS_PER_READ_MAX } from '../read-steps.js';
import { RequestBudget } from '../request-budget.js';
import type { SliceLevel } from './predicate-query.js';
import type { RequestContext } from './request-context.js';
import { COUNT_SHAPER, type RowShaper } from './row-shaper.js';
import { superColumnGroupLength } from './thrift-cell-layout.js';
import type { ConsistencyLevel } from './thrift-types.js';

/** A call's budget: read_request_timeout_in_ms by key, range_request_timeout_in_ms for a scan. */
export function readBudget(ctx: RequestContext, cl: ConsistencyLevel, scan: boolean): RequestBudget {
  return RequestBudget.read(ctx.env, scan ? ctx.timeouts.rangeMs : ctx.timeouts.readMs, cl);
}

/** One row's read: what it asks (the query at its level) and where it stands. */
export interface RowRead {
  readonly cf: ColumnFamilyDef;
  readonly level: SliceLevel;
  readonly query: SliceQuery;
  readonly nowSec: number;
}

/** What is still to read of a row: its slices past the last step, and the columns its count still allows. */
export interface RowSteps {
  readonly slices: readonly NameSlice[];
  readonly left: number;
}

/** A row before its first step. */
export function firstSteps(read: RowRead): RowSteps {
  const q = read.query;
  return { slices: q.slices, left: q.groupLimit ?? q.cellLimit ?? Infinity };
}

/** The query of the next step: the slices left, at most ROWS_PER_READ_MAX columns (super columns). */
export function stepQuery(read: RowRead, steps: RowSteps): SliceQuery {
  const asked = Math.min(steps.left, ROWS_PER_READ_MAX);
  const { reversed, includeTombstones } = read.query;
  const base = { slices: steps.slices, reversed, ...(includeTombstones === true ? { includeTombstones } : {}) };
  if (read.level === 'superColumns') return { ...base, groupLimit: asked, groupLength: superColumnGroupLength(read.cf) };
  return { ...base, cellLimit: asked };
}

/** What is left after a step that returned `cells`; null when the row is done (a short step, or the count used up). */
export function afterStep(read: RowRead, steps: RowSteps, cells: readonly Cell[]): RowSteps | null {
  const asked = Math.min(steps.left, ROWS_PER_READ_MAX);
  const got = COUNT_SHAPER.shape(read.cf, read.level, cells, read.nowSec, read.query.reversed);
  const last = cells[cells.length - 1];
  if (got < asked || got >= steps.left || last === undefined) return null;
  const slices = slicesPast(steps.slices, resumeBound(read, last.name), read.query.reversed);
  return slices.length === 0 ? null : { slices, left: steps.left - got };
}

/**
 * A position past `name` in read order that no name holds: past its super column at that level
 * (a step never splits one), else just past the name itself — `name` 0x00 forward; backward, the
 * name's prefix with BEFORE (the names extending it sort after it and were read already).
 */
function resumeBound(read: RowRead, name: Buffer): Buffer {
  const reversed = read.query.reversed;
  if (read.level === 'superColumns') {
    const prefix = name.subarray(0, superColumnGroupLength(read.cf)(name));
    return Buffer.concat([prefix, Buffer.from([reversed ? SEP_BEFORE : SEP_AFTER])]);
  }
  return reversed ? Buffer.concat([name.subarray(0, name.length - 1), Buffer.from([SEP_BEFORE])]) : Buffer.concat([name, Buffer.from([0])]);
}

/** Reads the rest of a row by key, step by step from `steps`, pacing before each; each step's cells go to `visit`. */
export async function readRest(ctx: RequestContext, read: RowRead, key: Buffer, cl: ConsistencyLevel, budget: RequestBudget, steps: RowSteps | null, visit: (cells: readonly Cell[]) => void): Promise<void> {
  let at = steps;
  while (at !== null) {
    await budget.pace();
    const r = await ctx.store.read(read.cf, key, stepQuery(read, at), cl, read.nowSec);
    const cells = r?.cells ?? [];
    visit(cells);
    at = afterStep(read, at, cells);
  }
}

/**
 * One row's steps made into the shaper's result: a shaper that merges (get_count's) shapes each
 * step and keeps only the sum; any other gets the row's cells gathered (its answer holds them).
 */
export class ShapedRowSteps<R> {
  private readonly cells: Cell[] = [];
  private merged: R | undefined;

  constructor(
    private readonly read: RowRead,
    private readonly shaper: RowShaper<R>,
  ) {}

  add = (cells: readonly Cell[]): void => {
    const { shaper, read } = this;
    if (shaper.merge === undefined) {
      pushAll(this.cells, cells);
      return;
    }
    const shaped = shaper.shape(read.cf, read.level, cells, read.nowSec, read.query.reversed);
    this.merged = this.merged === undefined ? shaped : shaper.merge(this.merged, shaped);
  };

  result(): R {
    const { shaper, read } = this;
    if (shaper.merge !== undefined && this.merged !== undefined) return this.merged;
    return shaper.shape(read.cf, read.level, this.cells, read.nowSec, read.query.reversed);
  }
}
