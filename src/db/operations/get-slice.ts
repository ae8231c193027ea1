/** get_slice: one row's columns (or super columns, or one super column's sub-columns) by a predicate. */
import type { RequestContext } from './request-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import type { RowShaper } from './row-shaper.js';
import { readSlice, validateSliceRequest } from './slice-reader.js';
import { readBudget } from './slice-steps.js';
import type { ColumnParent, ConsistencyLevel, SlicePredicate } from './thrift-types.js';
import { validateKey } from './thrift-validation.js';

export async function getSlice<R>(ctx: RequestContext, keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel, shaper: RowShaper<R>): Promise<R> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateKey(cf, key);
  validateSliceRequest(cf, parent, predicate);
  return readSlice(ctx, cf, key, parent, predicate, cl, ctx.nowSec(), shaper, readBudget(ctx, cl, false));
}
