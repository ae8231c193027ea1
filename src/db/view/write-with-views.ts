/**
 * Writing a partition update of a table with materialized views (Cassandra's
 * Keyspace.applyInternal with views): under the partition's lock, read the base rows the update
 * touches (its cells' rows, its range deletions, the whole partition for a partition deletion —
 * Cassandra reads as much), write the base update, read those rows again, and write each view's
 * changes (view-updates.ts). Reading after the write, rather than merging in memory, gives the
 * reconciled state exactly (older timestamps, TTLs, collections).
 *
 * The view writes go where the SchemaKeeper's route says (view-writes.ts): this node's copy, or
 * on a ring the paired view replica. Partial (see docs/COMPATIBILITY.md): a crash between the base
 * write and the view writes loses the view's update (Cassandra logs view mutations in the local
 * batchlog first).
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { PartitionUpdate } from '../../storage/model/index.js';
import type { NameSlice, SliceQuery } from '../../storage/read/slice-query.js';
import { TableLayout } from '../cql-layout/table-layout.js';
import type { OperationContext } from '../operations/operation-context.js';
import { type ViewTarget, viewRowsOf } from './view-rows.js';
import { viewUpdates } from './view-updates.js';

export async function writeWithViews(ctx: OperationContext, cf: ColumnFamilyDef, update: PartitionUpdate, views: readonly ColumnFamilyDef[], writeBase: () => Promise<void>): Promise<void> {
  const base = new TableLayout(cf);
  const slices = touchedSlices(base, update);
  if (slices.length === 0) return writeBase(); // static cells only: no view holds them
  return ctx.rowLocks.run(`view:${cf.id}/${update.key.toString('hex')}`, async () => {
    const query: SliceQuery = { slices, reversed: false };
    const nowSec = ctx.nowSec();
    const before = ctx.engine.read(cf.id, update.key, query, nowSec)?.cells ?? [];
    await writeBase();
    const after = ctx.engine.read(cf.id, update.key, query, nowSec)?.cells ?? [];
    const timestamp = updateTimestamp(update);
    const writes: Promise<void>[] = [];
    for (const view of views) {
      const t: ViewTarget = { view, layout: new TableLayout(view), base };
      const changes = viewUpdates(t, viewRowsOf(t, update.key, before, nowSec), viewRowsOf(t, update.key, after, nowSec), timestamp, nowSec);
      for (const u of changes) writes.push(ctx.writeView(view, update.key, u));
    }
    await Promise.all(writes);
  });
}

/** The rows an update can change, as sorted, disjoint slices. */
function touchedSlices(layout: TableLayout, update: PartitionUpdate): NameSlice[] {
  if (update.partitionDeletion !== null) return [layout.wholePartition];
  const slices: NameSlice[] = update.rangeTombstones.map((r) => ({ start: r.start, end: r.end }));
  const seen = new Set<string>();
  for (const c of update.cells) {
    const d = layout.decode(c.name);
    if (d.isStatic) continue;
    const id = c.name.subarray(0, d.prefixLength).toString('hex');
    if (seen.has(id)) continue;
    seen.add(id);
    slices.push({ start: layout.prefixStart(d.clustering), end: layout.prefixEnd(d.clustering) });
  }
  slices.sort((a, b) => Buffer.compare(a.start, b.start));
  const merged: NameSlice[] = [];
  for (const s of slices) {
    const last = merged[merged.length - 1];
    if (last !== undefined && Buffer.compare(s.start, last.end) <= 0) {
      if (Buffer.compare(s.end, last.end) > 0) merged[merged.length - 1] = { start: last.start, end: s.end };
    } else merged.push(s);
  }
  return merged;
}

/** The newest timestamp the update carries: the time its view tombstones take. */
function updateTimestamp(update: PartitionUpdate): bigint {
  let ts = update.partitionDeletion?.markedForDeleteAt ?? -(2n ** 63n);
  for (const r of update.rangeTombstones) if (r.deletion.markedForDeleteAt > ts) ts = r.deletion.markedForDeleteAt;
  for (const c of update.cells) if (c.timestamp > ts) ts = c.timestamp;
  return ts;
}
