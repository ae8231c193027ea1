/**
 * A SELECT served by a secondary index (where-clause.ts chose it): read the index partition of the
 * looked-up value — its entries name base rows in token order, then clustering order
 * (db/cql-index) — within the query's partitions (its keys, or its token range), a batch at a
 * time; read each named row (or, for entries naming a partition, the partition) from the base
 * table; keep the rows that still hold the value and pass the row filter. Rows come out in token
 * order; LIMIT, PER PARTITION LIMIT and paging work as for a scan (the paging state's key and
 * clustering say where to resume in the index).
 *
 * Entries are read at the query's consistency level: on a cluster each replica indexes only its own
 * data, so the store asks a quorum (say) of every token range's replicas, which is what lets a row
 * written at QUORUM be found at QUORUM through any node.
 *
 * Entries are not trusted: one whose row no longer holds the value (replaced, deleted, expired) is
 * stale — the row is skipped and the entry handed back to the store, which checks it once more
 * and deletes it (db/cql-index/stale-entries.ts). An index still being built from existing rows
 * could miss rows, so it refuses queries until it is done, as Cassandra does.
 */
import { type EntryTarget, decodeEntryName, entryName, indexKeyOf } from '../../db/cql-index/index-entry.js';
import { entrySliceOf } from '../../db/cql-index/entry-bounds.js';
import { ReadFailureError } from '../../errors/index.js';
import type { Cell } from '../../storage/model/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { CqlContext } from '../execution/cql-context.js';
import type { IndexQuery } from '../restrictions/index-restrictions.js';
import type { RowPredicate } from '../restrictions/row-filter.js';
import { keyIndex } from './key-index.js';
import type { Page } from './page.js';
import type { PagingState } from './paging-state.js';
import type { PartitionRowReader } from './partition-rows.js';
import type { ResultRow } from './result-row.js';
import type { SelectPlan } from './select-executor.js';

/** Index entries read per step. */
const ENTRY_BATCH = 256;

/** The index scan of one execution. */
interface Scan {
  readonly plan: SelectPlan;
  readonly ctx: CqlContext;
  readonly q: IndexQuery;
  readonly indexKey: Buffer;
  readonly reader: PartitionRowReader;
  readonly filter: RowPredicate | null;
  readonly matches: RowPredicate;
  readonly page: Page;
  readonly ppl: number;
  /** Entries found stale, for the store to re-check and delete. */
  readonly stale: Cell[];
  /** The partition rows are being added to, and how many it gave so far. */
  current: { key: Buffer; taken: number; left: number } | null;
  /** The row the previous entry named (list and map values can name a row more than once). */
  lastRow: { name: Buffer; stale: boolean } | null;
  readonly nowSec: number;
}

export async function fillByIndex(plan: SelectPlan, ctx: CqlContext, reader: PartitionRowReader, page: Page, values: readonly BoundValue[], ppl: number, state: PagingState | null): Promise<void> {
  const q = plan.where.index!;
  if (ctx.keeper.isIndexBuilding(q.index.table.id)) throw new ReadFailureError(`The secondary index '${q.index.def.name}' is not yet available`, 'ONE', 0, 1, 1, false);
  const scan: Scan = {
    plan,
    ctx,
    q,
    indexKey: indexKeyOf(q.value(values)),
    reader: reader.unfiltered(),
    filter: reader.filter,
    matches: q.matches(values),
    page,
    ppl,
    stale: [],
    current: null,
    lastRow: null,
    nowSec: reader.nowSec,
  };
  try {
    for (const range of entryRanges(scan, values, state)) {
      await scanRange(scan, range, state);
      if (page.full) break;
    }
  } finally {
    if (scan.stale.length > 0) await plan.table.store.cleanIndex(plan.table.cf, q.index.def, scan.indexKey, scan.stale);
  }
}

/** The entry-name ranges to read, in order: one per partition key, or the token range; resumed after the paging state. */
function entryRanges(scan: Scan, values: readonly BoundValue[], state: PagingState | null): NameSlice[] {
  const { plan, ctx } = scan;
  const position = (key: Buffer): Buffer => ctx.partitioner.decorate(key).position;
  const keys = plan.where.partitionKeys(values);
  if (keys !== null) {
    let start = 0;
    if (state !== null) {
      const at = keyIndex(plan.table.cf.cql, keys, state.key);
      start = at.found && resumesInside(state) ? at.index : at.found ? at.index + 1 : at.index;
    }
    return keys.slice(start).map((k) => {
      const at = { position: position(k), inclusive: true };
      return entrySliceOf(at, at);
    });
  }
  const range = plan.where.keyRange(values);
  if (range === null) return [];
  const whole = entrySliceOf(range.from, range.to);
  let start = whole.start;
  const end = whole.end;
  if (state !== null) {
    const resume = entrySliceOf({ position: position(state.key), inclusive: resumesInside(state) }, undefined).start;
    if (Buffer.compare(resume, start) > 0) start = resume;
  }
  return Buffer.compare(start, end) < 0 ? [{ start, end }] : [];
}

function resumesInside(state: PagingState): boolean {
  return state.clustering !== null && state.partitionRowsLeft > 0;
}

async function scanRange(scan: Scan, range: NameSlice, state: PagingState | null): Promise<void> {
  const { plan, q } = scan;
  let start = range.start;
  for (;;) {
    const r = await plan.table.store.readIndex(plan.table.cf, q.index.def, scan.indexKey, { slices: [{ start, end: range.end }], reversed: false, cellLimit: ENTRY_BATCH }, scan.reader.consistency, scan.nowSec);
    const entries = r?.cells ?? [];
    for (const entry of entries) {
      await visit(scan, entry, state);
      if (scan.page.full) return;
    }
    if (entries.length < ENTRY_BATCH) return;
    // The smallest name after the last one read.
    start = Buffer.concat([entries[entries.length - 1]!.name, Buffer.from([0])]);
  }
}

/** One entry: its row(s) read, checked, and added to the page. */
async function visit(scan: Scan, entry: Cell, state: PagingState | null): Promise<void> {
  const { plan, ctx } = scan;
  const layout = plan.table.layout;
  let target: EntryTarget;
  try {
    target = decodeEntryName(scan.q.index, layout, entry.name);
  } catch {
    return; // not an entry of this index's form: nothing to read
  }
  const clustering = target.clustering !== null && layout.table.clustering.length > 0 ? target.clustering : null;
  // The row (or partition) it names: list and map values give one entry per element.
  const rowName = target.path === null ? entry.name : entryName(scan.q.index, layout, { ...target, path: null });
  if (scan.lastRow !== null && scan.lastRow.name.equals(rowName)) {
    if (scan.lastRow.stale) scan.stale.push(entry);
    return;
  }
  const key = ctx.partitioner.keyFromPosition(target.position);
  const resumed = state !== null && resumesInside(state) && key.equals(state.key) ? state : null;
  if (scan.current === null || !scan.current.key.equals(key)) {
    scan.current = { key, taken: 0, left: resumed !== null ? resumed.partitionRowsLeft : scan.ppl };
  }
  if (scan.current.left - scan.current.taken <= 0) return;
  let rows: ResultRow[];
  if (clustering === null) {
    rows = await scan.reader.readKey(key, resumed?.clustering ?? null, Infinity);
    // A partition key index names a partition for its static cells only: its rows have entries of their own.
    if (!scan.q.index.perPartition && layout.table.clustering.length > 0) rows = rows.filter((r) => r.clustering === null);
  } else {
    if (resumed !== null && Buffer.compare(layout.prefixStart(clustering), layout.prefixStart(resumed.clustering!)) <= 0) return;
    rows = await scan.reader.readRow(key, clustering);
  }
  const stale = isStale(scan, rows, clustering === null);
  scan.lastRow = { name: rowName, stale };
  if (stale) {
    scan.stale.push(entry);
    return;
  }
  const kept = scan.filter === null ? rows : rows.filter((row) => scan.filter!((c) => row.value(c)));
  const cur = scan.current;
  const before = scan.page.rows.length;
  scan.page.add(key, kept, cur.left - cur.taken);
  cur.taken += scan.page.rows.length - before;
}

/**
 * True when the rows read show the entry's value is gone. A row entry: its row is absent or no
 * longer holds the value. A partition entry (static values): the partition's rows, or its
 * static-only row, no longer hold it — unknown (so not stale) when nothing was read at all.
 */
function isStale(scan: Scan, rows: readonly ResultRow[], partitionEntry: boolean): boolean {
  if (rows.length === 0) return !partitionEntry;
  const holds = (row: ResultRow): boolean => scan.matches((c) => row.value(c));
  return partitionEntry ? !rows.some(holds) : !holds(rows[0]!);
}
