/**
 * multiget_slice: get_slice over many keys. Results are KeySlices in request order with duplicate
 * keys answered once (0.7 answered a map keyed by the key); a key with nothing gets an empty list.
 */
import type { OperationContext } from './operation-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import type { RowShaper, ShapedRow } from './row-shaper.js';
import { readSlice, validateSliceRequest } from './slice-reader.js';
import type { ColumnParent, SlicePredicate } from './thrift-types.js';
import { validateKey } from './thrift-validation.js';

export function multigetSlice<R>(ctx: OperationContext, keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, shaper: RowShaper<R>): ShapedRow<R>[] {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateSliceRequest(cf, parent, predicate);
  for (const k of keys) validateKey(cf, k);
  const nowSec = ctx.nowSec();
  return distinctKeys(keys).map((key) => ({ key, columns: readSlice(ctx, cf, key, parent, predicate, nowSec, shaper) }));
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
