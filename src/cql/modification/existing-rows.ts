/**
 * Read-before-write: the current rows of one partition that a statement needs (list elements by
 * index, counters, IF conditions), read under the partition's lock. Rows are looked up by their
 * clustering values; the static row separately.
 */
import type { CqlColumn } from '../../schema/index.js';
import { BOTTOM, type Cell, STATIC_END, STATIC_START, TOP } from '../../storage/model/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import type { Consistency, DataStore } from '../execution/index.js';
import { type ElementCell, type PartitionRows, type RowData, assembleRows } from '../storage/row-assembler.js';
import type { TableLayout } from '../../db/cql-layout/table-layout.js';

export class ExistingRows {
  private readonly byPrefix = new Map<string, RowData>();

  constructor(
    private readonly layout: TableLayout,
    readonly partition: PartitionRows,
    /** Whether the partition holds any live row or static value (when asked for; else what was read). */
    readonly partitionExists: boolean = partition.statics !== null || partition.rows.length > 0,
  ) {
    for (const r of partition.rows) this.byPrefix.set(rowId(layout, r.clustering), r);
  }

  get statics(): RowData | null {
    return this.partition.statics;
  }

  row(clustering: readonly Buffer[]): RowData | null {
    return this.byPrefix.get(rowId(this.layout, clustering)) ?? null;
  }

  /** The row (or static row, for a static column) a column of `clustering` lives in. */
  rowOf(clustering: readonly Buffer[], column: CqlColumn): RowData | null {
    return column.kind === 'static' ? this.statics : this.row(clustering);
  }

  /** A simple column's live cell. */
  cell(clustering: readonly Buffer[], column: CqlColumn): Cell | null {
    const v = this.rowOf(clustering, column)?.columns.get(column.name);
    return v === undefined || Array.isArray(v) ? null : (v as Cell);
  }

  /** A multi-cell column's live elements, in element order. */
  elements(clustering: readonly Buffer[], column: CqlColumn): readonly ElementCell[] {
    const v = this.rowOf(clustering, column)?.columns.get(column.name);
    return Array.isArray(v) ? v : [];
  }
}

/**
 * Reads the rows `clusterings` (and the static row when `statics`) of one partition; with
 * `anyRow`, also whether the partition holds anything at all (its first row is enough).
 */
export async function readExistingRows(
  store: Pick<DataStore, 'read'>,
  layout: TableLayout,
  key: Buffer,
  clusterings: readonly (readonly Buffer[])[],
  statics: boolean,
  cl: Consistency,
  nowSec: number,
  anyRow = false,
): Promise<ExistingRows> {
  const slices: NameSlice[] = [];
  if (statics && layout.table.statics.length > 0) slices.push({ start: STATIC_START, end: STATIC_END });
  const rowSlices = clusterings.map((c) => ({ start: layout.prefixStart(c), end: layout.prefixEnd(c) }));
  rowSlices.sort((a, b) => Buffer.compare(a.start, b.start));
  for (const s of rowSlices) if (slices.length === 0 || Buffer.compare(s.start, slices[slices.length - 1]!.end) > 0) slices.push(s);
  const result = slices.length === 0 ? null : await store.read(layout.cf, key, { slices, reversed: false }, cl, nowSec);
  const rows = assembleRows(layout, result?.cells ?? [], nowSec, false);
  if (!anyRow) return new ExistingRows(layout, rows);
  // Two groups: the static row (if any) and the first clustering row.
  const first = await store.read(layout.cf, key, { slices: [{ start: BOTTOM, end: TOP }], reversed: false, groupLimit: 2, groupLength: layout.groupLength }, cl, nowSec);
  const any = assembleRows(layout, first?.cells ?? [], nowSec, false);
  return new ExistingRows(layout, rows, any.statics !== null || any.rows.length > 0);
}

function rowId(layout: TableLayout, clustering: readonly Buffer[]): string {
  return layout.prefixStart(clustering).toString('latin1');
}
