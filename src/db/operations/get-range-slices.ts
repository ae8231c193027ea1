/**
 * get_range_slices: a slice of each row in a key or token range (key-range.ts), at most `count`
 * rows, in partitioner order — a scan of the store, which on a ring walks the range's token ranges
 * and asks each one's replicas at the level (as a CQL range read does).
 *
 * Range ghosts: like Cassandra 0.7, every row the range holds in storage is returned, including
 * rows whose columns are all deleted or expired, or that have nothing inside the predicate — as a
 * KeySlice with an empty column list — and such rows count toward `count`. (0.7 could not tell a
 * deleted row from a live one without reading it; clients learned to skip empty KeySlices.) A row
 * disappears from ranges only once compaction purges its tombstones after gc_grace_seconds.
 */
import type { RequestContext } from './request-context.js';
import { lookupColumnFamily } from './column-family-lookup.js';
import { keyRangeIntervals } from './key-range.js';
import { predicateQuery, sliceLevel } from './predicate-query.js';
import type { RowShaper, ShapedRow } from './row-shaper.js';
import { validateSliceRequest } from './slice-reader.js';
import type { ColumnParent, ConsistencyLevel, KeyRange, SlicePredicate } from './thrift-types.js';

export async function getRangeSlices<R>(ctx: RequestContext, keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, cl: ConsistencyLevel, shaper: RowShaper<R>): Promise<ShapedRow<R>[]> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateSliceRequest(cf, parent, predicate);
  const intervals = keyRangeIntervals(ctx.partitioner, range);
  const level = sliceLevel(cf, parent.superColumn);
  // includeTombstones: rows with nothing live are scanned too (the ghosts); dead cells are dropped below.
  const query = { ...predicateQuery(cf, level, parent.superColumn, predicate), includeTombstones: true };
  const nowSec = ctx.nowSec();
  const out: ShapedRow<R>[] = [];
  for (const interval of intervals) {
    if (out.length >= range.count) break;
    const rows = await ctx.store.scan(cf, interval.start, interval.end ?? undefined, query, range.count - out.length, cl, nowSec);
    for (const row of rows) out.push({ key: row.key, columns: shaper.shape(cf, level, row.cells, nowSec, query.reversed) });
  }
  return out;
}
