/**
 * get_count / multiget_count: how many columns (super columns for a Super CF without a super
 * column) the slice holds. As in 0.7 the count is of the slice, so a SliceRange's count caps it.
 */
import type { OperationContext } from './operation-context.js';
import { multigetSlice } from './multiget-slice.js';
import { getSlice } from './get-slice.js';
import { COUNT_SHAPER } from './row-shaper.js';
import type { ColumnParent, KeyCount, SlicePredicate } from './thrift-types.js';

export function getCount(ctx: OperationContext, keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): number {
  return getSlice(ctx, keyspace, key, parent, predicate, COUNT_SHAPER);
}

export function multigetCount(ctx: OperationContext, keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate): KeyCount[] {
  return multigetSlice(ctx, keyspace, keys, parent, predicate, COUNT_SHAPER).map((s) => ({ key: s.key, count: s.columns }));
}
