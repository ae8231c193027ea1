/**
 * multiget_slice: get_slice over many keys, read 32 keys a store call (on a ring each key from its
 * own replicas at the level), each row in bounded steps (slice-steps.ts). Results are KeySlices in request order with duplicate
 * keys answered once (0.7 answered a map keyed by the key); a key with nothing gets an empty list.
 */
import type { RequestContext } from './request-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import type { RowShaper, ShapedRow } from './row-shaper.js';
import { readSlices, validateSliceRequest } from './slice-reader.js';
import { readBudget } from './slice-steps.js';
import type { ColumnParent, ConsistencyLevel, SlicePredicate } from './thrift-types.js';
import { validateKey } from './thrift-validation.js';

export async function multigetSlice<R>(ctx: RequestContext, keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel, shaper: RowShaper<R>): Promise<ShapedRow<R>[]> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateSliceRequest(cf, parent, predicate);
  for (const k of keys) validateKey(cf, k);
  const distinct = distinctKeys(keys);
  const slices = await readSlices(ctx, cf, distinct, parent, predicate, cl, ctx.nowSec(), shaper, readBudget(ctx, cl, false));
  return distinct.map((key, i) => ({ key, columns: slices[i]! }));
}

export function distinctKeys(keys: readonly Buffer[]): Buffer[] {
  const seen = new Set<string>();
  return keys.filter((k) => {
    const hex = k.toString('hex');
    if (seen.has(hex)) return false;
    seen.add(hex);
    return true;
  });
}
