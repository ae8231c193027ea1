/**
 * get_count / multiget_count: how many columns (super columns for a Super CF without a super
 * column) the slice holds. As in 0.7 the count is of the slice, so a SliceRange's count caps it.
 */
import type { RequestContext } from './request-context.js';
import { multigetSlice } from './multiget-slice.js';
import { getSlice } from './get-slice.js';
import { COUNT_SHAPER } from './row-shaper.js';
import type { ColumnParent, ConsistencyLevel, KeyCount, SlicePredicate } from './thrift-types.js';

export function getCount(ctx: RequestContext, keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel): Promise<number> {
  return getSlice(ctx, keyspace, key, parent, predicate, cl, COUNT_SHAPER);
}

export async function multigetCount(ctx: RequestContext, keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel): Promise<KeyCount[]> {
  return (await multigetSlice(ctx, keyspace, keys, parent, predicate, cl, COUNT_SHAPER)).map((s) => ({ key: s.key, count: s.columns }));
}
