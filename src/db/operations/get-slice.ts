/** get_slice: one row's columns (or super columns, or one super column's sub-columns) by a predicate. */
import type { OperationContext } from './operation-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import type { RowShaper } from './row-shaper.js';
import { readSlice, validateSliceRequest } from './slice-reader.js';
import type { ColumnParent, SlicePredicate } from './thrift-types.js';
import { validateKey } from './thrift-validation.js';

export function getSlice<R>(ctx: OperationContext, keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, shaper: RowShaper<R>): R {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateKey(cf, key);
  validateSliceRequest(cf, parent, predicate);
  return readSlice(ctx, cf, key, parent, predicate, ctx.nowSec(), shaper);
}
