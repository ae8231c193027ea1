/**
 * Reading rows' slices through the RowStore: the shared core of get_slice, multiget_slice,
 * get_count and get_indexed_slices. Validation is the caller's (validateSliceRequest), done once
 * per request.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { RequestContext } from './request-context.js';
import { predicateQuery, sliceLevel, validatePredicate } from './predicate-query.js';
import type { RowShaper } from './row-shaper.js';
import type { ColumnParent, ConsistencyLevel, SlicePredicate } from './thrift-types.js';
import { validateColumnParent } from './thrift-validation.js';

/** Checks what every slice read of `parent` with `predicate` needs, whatever the key. */
export function validateSliceRequest(cf: ColumnFamilyDef, parent: ColumnParent, predicate: SlicePredicate): void {
  validateColumnParent(cf, parent);
  validatePredicate(cf, sliceLevel(cf, parent.superColumn), predicate);
}

/** One row's slice, read through the store at `cl`. */
export async function readSlice<R>(ctx: RequestContext, cf: ColumnFamilyDef, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel, nowSec: number, shaper: RowShaper<R>): Promise<R> {
  const level = sliceLevel(cf, parent.superColumn);
  const query = predicateQuery(cf, level, parent.superColumn, predicate);
  // A zero count asks for nothing (the engine reads a limit of 0 as "stop at once" too).
  const result = await ctx.store.read(cf, key, query, cl, nowSec);
  return shaper.shape(cf, level, result === null ? [] : result.cells, nowSec, query.reversed);
}

/** The same slice of many rows in one store call (a multiget: one batched read, as an IN is); answers in `keys` order. */
export async function readSlices<R>(ctx: RequestContext, cf: ColumnFamilyDef, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel, nowSec: number, shaper: RowShaper<R>): Promise<R[]> {
  const level = sliceLevel(cf, parent.superColumn);
  const query = predicateQuery(cf, level, parent.superColumn, predicate);
  const results = keys.length === 0 ? [] : await ctx.store.readMany(cf, keys, query, cl, nowSec);
  return results.map((result) => shaper.shape(cf, level, result === null ? [] : result.cells, nowSec, query.reversed));
}
