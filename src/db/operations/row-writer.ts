/**
 * Applies validated row updates: one engine update per (row, column family), so each row is
 * atomic (rows without indexes share one commit-log acknowledgement: `StorageEngine.applyAll`); rows of column families with KEYS indexes go through read-before-write index
 * maintenance under the row's lock (index-maintenance.ts explains the write order), partitions of
 * CQL tables with CQL indexes write their new entries first (cql-index/write-with-cql-indexes.ts);
 * rows of base tables of materialized views keep their views in step (view/write-with-views.ts).
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, type PartitionUpdate } from '../../storage/model/index.js';
import { partitionWriteId } from '../cql-index/partition-writes.js';
import { writeWithCqlIndexes } from '../cql-index/write-with-cql-indexes.js';
import { writeWithViews } from '../view/write-with-views.js';
import { planIndexChanges } from './index-maintenance.js';
import type { KeysIndex } from './keys-index.js';
import type { OperationContext } from './operation-context.js';

export interface RowWrite {
  readonly cf: ColumnFamilyDef;
  readonly update: PartitionUpdate;
}

/** `withoutViews`: the rows' views are not updated (a range movement's stream; see sync.ts). */
export function writeRows(ctx: OperationContext, rows: readonly RowWrite[], withoutViews = false): Promise<void> {
  if (rows.length === 1) return writeRow(ctx, rows[0]!, withoutViews);
  // Rows without indexes (a batch's usual case) go to the engine together: one commit-log
  // acknowledgement for all of them, each row still its own atomic update.
  let plain = true;
  for (let i = 0; i < rows.length && plain; i++) {
    const cf = rows[i]!.cf;
    plain = ctx.indexesOf(cf).length === 0 && ctx.cqlIndexesOf(cf) === null && (withoutViews || ctx.schema().viewsOf(cf.id).length === 0);
  }
  if (plain) return ctx.engine.applyAll(rows.map((r) => ({ tableId: r.cf.id, update: r.update })));
  return Promise.all(rows.map((r) => writeRow(ctx, r, withoutViews))).then(() => undefined);
}

function writeRow(ctx: OperationContext, row: RowWrite, withoutViews: boolean): Promise<void> {
  const views = withoutViews ? [] : ctx.schema().viewsOf(row.cf.id);
  if (views.length === 0) return writeBaseRow(ctx, row);
  return writeWithViews(ctx, row.cf, row.update, views, () => writeBaseRow(ctx, row));
}

function writeBaseRow(ctx: OperationContext, { cf, update }: RowWrite): Promise<void> {
  const indexes = ctx.indexesOf(cf);
  if (indexes.length === 0) {
    const cql = ctx.cqlIndexesOf(cf);
    if (cql === null) return ctx.engine.apply(cf.id, update);
    return ctx.tableGates.shared(cf.id, () => writeWithCqlIndexes(cqlWriteContext(ctx), cf, update, cql));
  }
  const writeId = partitionWriteId(cf.id, update.key);
  return ctx.rowLocks.run(`${cf.id}/${update.key.toString('hex')}`, async () => {
    const nowSec = ctx.nowSec();
    const before = readIndexedCells(ctx, cf, update.key, indexes, nowSec);
    const plan = planIndexChanges(indexes, before, update, ctx.partitioner, nowSec);
    // CQL queries may remove stale KEYS entries too: keep them off this row until its data landed.
    ctx.indexedWrites.begin(writeId);
    try {
      await Promise.all(plan.additions.map((w) => ctx.engine.apply(w.tableId, w.update)));
      await ctx.engine.apply(cf.id, update);
    } finally {
      ctx.indexedWrites.end(writeId);
    }
    await Promise.all(plan.removals.map((w) => ctx.engine.apply(w.tableId, w.update)));
  });
}

function cqlWriteContext(ctx: OperationContext) {
  return {
    engine: ctx.engine,
    liveTable: (id: string) => ctx.schema().tableById(id),
    cqlIndexesOf: ctx.cqlIndexesOf,
    position: (key: Buffer) => ctx.partitioner.decorate(key).position,
    writes: ctx.indexedWrites,
    nowSec: ctx.nowSec,
  };
}

/** The row's live indexed cells by cell name (hex). */
function readIndexedCells(ctx: OperationContext, cf: ColumnFamilyDef, key: Buffer, indexes: readonly KeysIndex[], nowSec: number): Map<string, Cell> {
  const names = indexes.map((i) => i.cellName).sort(Buffer.compare);
  const result = ctx.engine.read(cf.id, key, { slices: names.map((n) => ({ start: n, end: n })), reversed: false }, nowSec);
  return new Map((result?.cells ?? []).map((c) => [c.name.toString('hex'), c]));
}
