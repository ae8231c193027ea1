/**
 * Writing a partition update of a table with materialized views (Cassandra's
 * Keyspace.applyInternal with views): under the partition's lock, read the base rows the update
 * touches (its cells' rows, its range deletions, the whole partition for a partition deletion —
 * Cassandra reads as much) with their tombstones, merge the update into them in memory (the
 * read path's own merge, so older timestamps, TTLs, collections and deletions reconcile as they
 * will in storage), and make each view's changes (view-updates.ts). Then, in this order:
 *   1. the base update and the view updates are stored in the node's batch log (view-log.ts);
 *   2. the base update is written;
 *   3. the view updates go where the SchemaKeeper's route says (view-writes.ts): this node's
 *      copy, or on a ring the paired view replica (a hint when it is unreachable);
 *   4. the batch-log entry is removed.
 * A crash anywhere between 1 and 4 leaves the entry, which the batch-log replay applies: base and
 * view agree again, as Cassandra's local batchlog of view mutations makes them.
 *
 * The entry holds the base update and the view updates' deletions (row and cell tombstones, all
 * at the base update's timestamp), not their live cells: the replay writes the base update through
 * this same path, which puts the view rows the base then holds. Logged live cells would be wrong
 * when the base write never happened (a crash before it) and a later write to the row came first:
 * that write's view updates knew nothing of them, so nothing would delete them.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, CellKind, LIVE_DELETION, type Mutation, type PartitionUpdate } from '../../storage/model/index.js';
import { reconcile } from '../../storage/model/reconcile.js';
import { DataPartitionView } from '../../storage/read/partition-view.js';
import { readPartition } from '../../storage/read/partition-reader.js';
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
    const nowSec = ctx.nowSec();
    const stored = ctx.engine.read(cf.id, update.key, { slices, reversed: false, includeTombstones: true }, nowSec);
    const before = stored?.cells ?? [];
    const after = merged(update, stored, slices, nowSec);
    const timestamp = updateTimestamp(update);
    const writes: { view: ColumnFamilyDef; update: PartitionUpdate }[] = [];
    for (const view of views) {
      const t: ViewTarget = { view, layout: new TableLayout(view), base };
      for (const u of viewUpdates(t, viewRowsOf(t, update.key, before, nowSec), viewRowsOf(t, update.key, after, nowSec), timestamp, nowSec)) writes.push({ view, update: u });
    }
    if (writes.length === 0) return writeBase();
    const logged: Mutation[] = [{ tableId: cf.id, update }];
    for (const w of writes) {
      const deletions = deletionsOf(w.update);
      if (deletions !== null) logged.push({ tableId: w.view.id, update: deletions });
    }
    const id = await ctx.viewLog.store(logged);
    await writeBase();
    await Promise.all(writes.map((w) => ctx.writeView(w.view, update.key, w.update)));
    await ctx.viewLog.remove(id);
  });
}

/** The touched rows' live cells once `update` is applied to what storage holds. */
function merged(update: PartitionUpdate, stored: ReturnType<OperationContext['engine']['read']>, slices: NameSlice[], nowSec: number): Cell[] {
  const sources = [new DataPartitionView({ key: update.key, position: update.key, partitionDeletion: update.partitionDeletion ?? LIVE_DELETION, rangeTombstones: update.rangeTombstones, cells: sortedCells(update.cells, nowSec) })];
  if (stored !== null) sources.push(new DataPartitionView({ key: update.key, position: update.key, partitionDeletion: stored.partitionDeletion, rangeTombstones: stored.rangeTombstones, cells: stored.cells }));
  const query: SliceQuery = { slices, reversed: false };
  return readPartition(sources, query, nowSec)?.cells ?? [];
}

/** An update's cells in name order, one per name (reconciled), as a partition source holds them. */
function sortedCells(cells: readonly Cell[], nowSec: number): Cell[] {
  const sorted = [...cells].sort((a, b) => Buffer.compare(a.name, b.name));
  const out: Cell[] = [];
  for (const c of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && last.name.equals(c.name)) out[out.length - 1] = reconcile(last, c, nowSec);
    else out.push(c);
  }
  return out;
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

/** A view update's deletions only (row and cell tombstones); null when it has none. */
function deletionsOf(u: PartitionUpdate): PartitionUpdate | null {
  const cells = u.cells.filter((c) => c.kind === CellKind.TOMBSTONE);
  if (cells.length === 0 && u.rangeTombstones.length === 0) return null;
  return { key: u.key, partitionDeletion: null, rangeTombstones: u.rangeTombstones, cells };
}
