/**
 * One CQL row as selectors and filters read it: the partition key values, the clustering values,
 * the row's cells and the partition's static cells. A column's value is its serialized value; a
 * multi-cell collection or UDT is rebuilt from its element cells into the frozen form (null when
 * it has none). A static-only row (a partition with static values and no rows) has null
 * clustering and regular values.
 */
import { type MultiCellType, isMultiCellType } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { Cell } from '../../storage/model/index.js';
import type { ElementCell, RowData } from '../storage/row-assembler.js';

export interface ResultRow {
  /** The partition's key as stored (a paging state names it). */
  readonly key: Buffer;
  readonly partitionKey: readonly Buffer[];
  /** Null for a static-only row. */
  readonly clustering: readonly Buffer[] | null;
  /** When the row was read (seconds): ttl() counts down from it. */
  readonly nowSec: number;
  value(column: CqlColumn): Buffer | null;
  /** The column's one cell (not for collections or key columns), or null. */
  cell(column: CqlColumn): Cell | null;
}

export function resultRow(key: Buffer, partitionKey: readonly Buffer[], row: RowData | null, statics: RowData | null, nowSec: number): ResultRow {
  const cache = new Map<string, Buffer | null>();
  const entry = (column: CqlColumn): Cell | ElementCell[] | undefined => (column.kind === 'static' ? statics : row)?.columns.get(column.name);
  return {
    key,
    partitionKey,
    nowSec,
    clustering: row === null ? null : row.clustering,
    value(column) {
      switch (column.kind) {
        case 'partition_key':
          return partitionKey[column.position] ?? null;
        case 'clustering':
          return row === null ? null : (row.clustering[column.position] ?? null);
        default: {
          let v = cache.get(column.name);
          if (v === undefined) cache.set(column.name, (v = columnValue(column, entry(column))));
          return v;
        }
      }
    },
    cell(column) {
      const e = entry(column);
      return e === undefined || Array.isArray(e) ? null : e;
    },
  };
}

function columnValue(column: CqlColumn, e: Cell | ElementCell[] | undefined): Buffer | null {
  if (e === undefined) return null;
  if (!Array.isArray(e)) return e.value;
  if (e.length === 0 || !isMultiCellType(column.type)) return null;
  return (column.type as MultiCellType).fromCells(e.map((x) => ({ path: x.path, value: x.cell.value })));
}
