/**
 * Building a materialized view from the rows its base table already holds (CREATE MATERIALIZED
 * VIEW on a table with data; Cassandra's ViewBuilder): the base is scanned a page of partition
 * keys at a time, and each partition is read again under the lock base writes take
 * (write-with-views.ts) and its view rows put — so a write racing the build either landed before
 * the read (the build puts its result) or comes after (the write maintains the view itself).
 * Putting a row twice is harmless, so an interrupted build is simply run again (the
 * SchemaKeeper's marker says when). Between pages the build yields, so requests go on meanwhile.
 */
import type { Env } from '../../env/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { PositionBound } from '../../storage/table-store.js';
import { TableLayout } from '../cql-layout/table-layout.js';
import type { RowLocks } from '../operations/row-locks.js';
import { type ViewTarget, viewRowsOf } from './view-rows.js';
import { viewUpdates } from './view-updates.js';
import type { ViewWrites } from './view-writes.js';

/** Base partitions per step. */
const PAGE_PARTITIONS = 32;
const NO_ROWS = new Map();

export interface ViewBuildContext {
  readonly engine: StorageEngine;
  readonly rowLocks: RowLocks;
  readonly env: Env;
  readonly viewWrites: ViewWrites;
  nowSec(): number;
}

/** Puts the view rows of every live base row; returns how many base partitions were read. */
export async function buildView(ctx: ViewBuildContext, base: ColumnFamilyDef, view: ColumnFamilyDef): Promise<number> {
  const t: ViewTarget = { view, layout: new TableLayout(view), base: new TableLayout(base) };
  const keysOnly = { slices: [t.base.wholePartition], reversed: false, cellLimit: 1 };
  let from: PositionBound | undefined;
  let partitions = 0;
  for (;;) {
    const page = ctx.engine.scan(base.id, from, undefined, keysOnly, PAGE_PARTITIONS, ctx.nowSec());
    for (const p of page) await buildPartition(ctx, t, p.key);
    partitions += page.length;
    if (page.length < PAGE_PARTITIONS) return partitions;
    from = { position: page[page.length - 1]!.position, inclusive: false };
    await new Promise<void>((resolve) => ctx.env.timers.setImmediate(resolve));
  }
}

function buildPartition(ctx: ViewBuildContext, t: ViewTarget, key: Buffer): Promise<void> {
  return ctx.rowLocks.run(`view:${t.base.cf.id}/${key.toString('hex')}`, async () => {
    const nowSec = ctx.nowSec();
    const cells = ctx.engine.read(t.base.cf.id, key, { slices: [t.base.wholePartition], reversed: false }, nowSec)?.cells ?? [];
    const rows = viewRowsOf(t, key, cells, nowSec);
    await Promise.all(viewUpdates(t, NO_ROWS, rows, 0n, nowSec).map((u) => ctx.viewWrites.apply(t.view, key, u)));
  });
}
