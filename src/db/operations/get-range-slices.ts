/**
 * get_range_slices: a slice of each row in a key or token range (key-range.ts), at most `count`
 * rows, in partitioner order — a scan of the store, which on a ring walks the range's token ranges
 * and asks each one's replicas at the level (as a CQL range read does). The scan goes in bounded
 * steps as a CQL scan does (db/read-steps.ts: as many rows a step as fit 1000 columns at the width
 * seen so far), a wide row read on by key in steps (slice-steps.ts); the request paces itself
 * between steps and stops past range_request_timeout_in_ms.
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
import { type ScanShape, partitionsPerStep } from '../read-steps.js';
import { type RowRead, ShapedRowSteps, afterStep, firstSteps, readBudget, readRest, stepQuery } from './slice-steps.js';
import type { RowShaper, ShapedRow } from './row-shaper.js';
import { validateSliceRequest } from './slice-reader.js';
import type { ColumnParent, ConsistencyLevel, KeyRange, SlicePredicate } from './thrift-types.js';

export async function getRangeSlices<R>(ctx: RequestContext, keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, cl: ConsistencyLevel, shaper: RowShaper<R>): Promise<ShapedRow<R>[]> {
  const cf = lookupColumnFamily(ctx.schema(), keyspace, parent.columnFamily);
  validateSliceRequest(cf, parent, predicate);
  const intervals = keyRangeIntervals(ctx.partitioner, range);
  const level = sliceLevel(cf, parent.superColumn);
  // includeTombstones: rows with nothing live are scanned too (the ghosts); dead cells are dropped by the shaper.
  const read: RowRead = { cf, level, query: { ...predicateQuery(cf, level, parent.superColumn, predicate), includeTombstones: true }, nowSec: ctx.nowSec() };
  const budget = readBudget(ctx, cl, true);
  const scanned: ScanShape = { partitions: 0, rows: 0 };
  const out: ShapedRow<R>[] = [];
  for (const interval of intervals) {
    let from = interval.start;
    while (out.length < range.count) {
      // A step: as many rows as fit ROWS_PER_READ_MAX columns at the width seen so far, each row's first step.
      await budget.pace();
      const batch = partitionsPerStep(scanned, range.count - out.length);
      const rows = await ctx.store.scan(cf, from, interval.end ?? undefined, stepQuery(read, firstSteps(read)), batch, cl, read.nowSec);
      scanned.partitions += rows.length;
      for (const row of rows) {
        scanned.rows += row.cells.length;
        const shaped = new ShapedRowSteps(read, shaper);
        shaped.add(row.cells);
        // A wide row is read on by key, in steps.
        await readRest(ctx, read, row.key, cl, budget, afterStep(read, firstSteps(read), row.cells), shaped.add);
        out.push({ key: row.key, columns: shaped.result() });
      }
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) break;
      from = { position: last.position, inclusive: false };
    }
  }
  return out;
}
