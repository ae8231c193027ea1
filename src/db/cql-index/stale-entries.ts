/**
 * Removing stale CQL index entries — entries whose base data no longer calls for them (the value
 * was replaced, deleted or expired, the row died): the index queries that meet such entries hand
 * them here. Each is checked again against the base data right before its tombstone is written,
 * in one synchronous step (a base read, then the entries that data calls for, compared by name),
 * and skipped while a write of its partition is in flight (partition-writes.ts). The tombstone
 * carries the entry's own timestamp, so a later write of the same value keeps its new entry.
 */
import type { Partitioner } from '../../dht/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { BOTTOM, type Cell, STATIC_END, STATIC_START, TOP, tombstoneCell } from '../../storage/model/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { TableLayout } from '../cql-layout/table-layout.js';
import type { CqlIndex } from './cql-index.js';
import { type EntryTarget, decodeEntryName } from './index-entry.js';
import { entriesFor } from './index-entries.js';
import { type PartitionWrites, partitionWriteId } from './partition-writes.js';

export interface StaleEntryContext {
  readonly engine: StorageEngine;
  readonly partitioner: Partitioner;
  readonly writes: PartitionWrites;
  nowSec(): number;
}

/** Deletes those of `entries` (cells of index partition `indexKey`) that their base data no longer calls for; returns how many. */
export async function removeStaleEntries(ctx: StaleEntryContext, cf: ColumnFamilyDef, index: CqlIndex, layout: TableLayout, indexKey: Buffer, entries: readonly Cell[]): Promise<number> {
  const nowSec = ctx.nowSec();
  const tombstones: Cell[] = [];
  for (const e of entries) {
    let target: EntryTarget;
    try {
      target = decodeEntryName(index, layout, e.name);
    } catch {
      continue; // not an entry this index writes: leave it alone
    }
    const key = ctx.partitioner.keyFromPosition(target.position);
    if (ctx.writes.inFlight(partitionWriteId(cf.id, key))) continue;
    const cells = ctx.engine.read(cf.id, key, { slices: [baseSlice(layout, target)], reversed: false }, nowSec)?.cells ?? [];
    const wanted = entriesFor([index], layout, key, target.position, cells, nowSec, { skipOversized: true });
    const live = wanted.some((b) => b.key.equals(indexKey) && b.cells.some((c) => c.name.equals(e.name)));
    if (!live) tombstones.push(tombstoneCell(e.name, e.timestamp, nowSec));
  }
  if (tombstones.length === 0) return 0;
  try {
    await ctx.engine.apply(index.table.id, { key: indexKey, partitionDeletion: null, rangeTombstones: [], cells: tombstones });
  } catch {
    return 0; // the index was dropped meanwhile: nothing left to clean
  }
  return tombstones.length;
}

/** The base cells an entry stands for: its row, or the partition's static cells (the whole partition without clustering). */
function baseSlice(layout: TableLayout, t: EntryTarget): NameSlice {
  if (t.clustering !== null) return { start: layout.prefixStart(t.clustering), end: layout.prefixEnd(t.clustering) };
  if (layout.table.clustering.length === 0) return { start: BOTTOM, end: TOP };
  return { start: STATIC_START, end: STATIC_END };
}
