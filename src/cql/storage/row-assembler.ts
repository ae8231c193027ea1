/**
 * Live cells of one partition, in read order → CQL rows: cells sharing a clustering prefix make a
 * row; a collection's element cells are gathered under their column in element order (ascending,
 * even when the read was reversed); static cells make the partition's static row. A sparse row
 * exists when its marker or any of its cells is live; dense and named rows exist through their
 * cells. Cells of columns no longer in the schema are skipped, and so are cells of a column written
 * before its last drop (a dropped column's data never comes back when it is added again).
 */
import { type Cell, isLive } from '../../storage/model/index.js';
import type { TableLayout } from '../../db/cql-layout/table-layout.js';

/** One element of a multi-cell collection. */
export interface ElementCell {
  readonly path: Buffer;
  readonly cell: Cell;
}

export interface RowData {
  /** Serialized clustering values. */
  readonly clustering: Buffer[];
  /** Column name → its cell, or its elements for a multi-cell collection. */
  readonly columns: Map<string, Cell | ElementCell[]>;
  /** The row marker, when the row has a live one. */
  marker: Cell | null;
}

export interface PartitionRows {
  readonly statics: RowData | null;
  readonly rows: RowData[];
}

export function assembleRows(layout: TableLayout, cells: readonly Cell[], nowSec: number, reversed: boolean): PartitionRows {
  let statics: RowData | null = null;
  const rows: RowData[] = [];
  let current: RowData | null = null;
  let currentPrefix: Buffer | null = null;
  for (const cell of cells) {
    if (!isLive(cell, nowSec)) continue;
    const d = layout.decode(cell.name);
    if (d.unknownColumn === true || (d.column !== null && layout.isDropped(d.column, cell.timestamp))) continue;
    let row: RowData;
    if (d.isStatic) {
      row = statics ??= { clustering: [], columns: new Map(), marker: null };
    } else {
      const prefix = cell.name.subarray(0, d.prefixLength);
      if (current === null || currentPrefix === null || !prefix.equals(currentPrefix)) {
        current = { clustering: d.clustering, columns: new Map(), marker: null };
        currentPrefix = prefix;
        rows.push(current);
      }
      row = current;
    }
    if (d.column === null) {
      if (layout.kind === 'sparse') row.marker = cell;
      continue;
    }
    if (d.path === null) {
      row.columns.set(d.column.name, cell);
      continue;
    }
    let elements = row.columns.get(d.column.name);
    if (!Array.isArray(elements)) row.columns.set(d.column.name, (elements = []));
    elements.push({ path: d.path, cell });
  }
  if (reversed) {
    for (const r of statics === null ? rows : [statics, ...rows]) for (const v of r.columns.values()) if (Array.isArray(v)) v.reverse();
  }
  return { statics, rows: rows.filter((r) => r.marker !== null || r.columns.size > 0) };
}
