/**
 * Reading one row's slice: the shared core of get_slice, multiget_slice, get_count and
 * get_indexed_slices. Validation is the caller's (validateSliceRequest), done once per request.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { OperationContext } from './operation-context.js';
import { predicateQuery, sliceLevel, validatePredicate } from './predicate-query.js';
import type { RowShaper } from './row-shaper.js';
import type { ColumnParent, SlicePredicate } from './thrift-types.js';
import { validateColumnParent } from './thrift-validation.js';

/** Checks what every slice read of `parent` with `predicate` needs, whatever the key. */
export function validateSliceRequest(cf: ColumnFamilyDef, parent: ColumnParent, predicate: SlicePredicate): void {
  validateColumnParent(cf, parent);
  validatePredicate(cf, sliceLevel(cf, parent.superColumn), predicate);
}

export function readSlice<R>(ctx: OperationContext, cf: ColumnFamilyDef, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, nowSec: number, shaper: RowShaper<R>): R {
  const level = sliceLevel(cf, parent.superColumn);
  const query = predicateQuery(cf, level, parent.superColumn, predicate);
  // A zero count asks for nothing (the engine reads a limit of 0 as "stop at once" too).
  const result = ctx.engine.read(cf.id, key, query, nowSec);
  return shaper.shape(cf, level, result === null ? [] : result.cells, nowSec, query.reversed);
}
