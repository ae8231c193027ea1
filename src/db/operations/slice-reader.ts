/**
 * Reading rows' slices through the RowStore: the shared core of get_slice, multiget_slice,
 * get_count and get_indexed_slices, in bounded steps that pace the request (slice-steps.ts).
 * Validation is the caller's (validateSliceRequest), done once per request.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { RequestContext } from './request-context.js';
import { predicateQuery, sliceLevel, validatePredicate } from './predicate-query.js';
import type { RowShaper } from './row-shaper.js';
import type { RequestBudget } from '../request-budget.js';
import { type RowRead, ShapedRowSteps, afterStep, firstSteps, readRest, stepQuery } from './slice-steps.js';
import type { ColumnParent, ConsistencyLevel, SlicePredicate } from './thrift-types.js';
import { validateColumnParent } from './thrift-validation.js';

/** Checks what every slice read of `parent` with `predicate` needs, whatever the key. */
export function validateSliceRequest(cf: ColumnFamilyDef, parent: ColumnParent, predicate: SlicePredicate): void {
  validateColumnParent(cf, parent);
  validatePredicate(cf, sliceLevel(cf, parent.superColumn), predicate);
}

/** One row's slice, read through the store at `cl` in steps (slice-steps.ts). */
export async function readSlice<R>(ctx: RequestContext, cf: ColumnFamilyDef, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel, nowSec: number, shaper: RowShaper<R>, budget: RequestBudget): Promise<R> {
  const read = rowRead(cf, parent, predicate, nowSec);
  const row = new ShapedRowSteps(read, shaper);
  await readRest(ctx, read, key, cl, budget, firstSteps(read), row.add);
  return row.result();
}

/**
 * The same slice of many rows, answers in `keys` order: KEYS_PER_STEP keys a step in one store
 * call (a batched read, as an IN is), each key's first step; a row with more is read on by key.
 */
export async function readSlices<R>(ctx: RequestContext, cf: ColumnFamilyDef, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel, nowSec: number, shaper: RowShaper<R>, budget: RequestBudget): Promise<R[]> {
  const read = rowRead(cf, parent, predicate, nowSec);
  const first = firstSteps(read);
  const out: R[] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_STEP) {
    await budget.pace();
    const chunk = keys.slice(i, i + KEYS_PER_STEP);
    const results = await ctx.store.readMany(cf, chunk, stepQuery(read, first), cl, nowSec);
    for (let j = 0; j < chunk.length; j++) {
      const row = new ShapedRowSteps(read, shaper);
      const cells = results[j]?.cells ?? [];
      row.add(cells);
      await readRest(ctx, read, chunk[j]!, cl, budget, afterStep(read, first, cells), row.add);
      out.push(row.result());
    }
  }
  return out;
}

/** Keys of a multiget read together in one step (CQL reads an IN's partitions 32 at a time too). */
const KEYS_PER_STEP = 32;

function rowRead(cf: ColumnFamilyDef, parent: ColumnParent, predicate: SlicePredicate, nowSec: number): RowRead {
  const level = sliceLevel(cf, parent.superColumn);
  return { cf, level, query: predicateQuery(cf, level, parent.superColumn, predicate), nowSec };
}
