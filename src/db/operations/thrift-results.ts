/**
 * Engine cells → the Thrift results: Columns for a Standard CF or one super column's sub-columns,
 * SuperColumns (sub-columns grouped under their super column) for a Super CF. Only live cells
 * become columns. Sub-columns inside a SuperColumn are always in ascending order, even in a
 * reversed slice: Cassandra 0.7 reversed the super columns, not their contents.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { type Cell, CellKind, isLive } from '../../storage/model/index.js';
import type { SliceLevel } from './predicate-query.js';
import { decodeCellName } from './thrift-cell-layout.js';
import type { Column, ColumnOrSuperColumn, SuperColumn } from './thrift-types.js';

export function toColumn(cf: ColumnFamilyDef, cell: Cell): Column {
  const { name } = decodeCellName(cf, cell.name);
  const base = { name, value: cell.value, timestamp: cell.timestamp };
  return cell.kind === CellKind.EXPIRING ? { ...base, ttl: cell.ttl } : base;
}

/** Cells of one row at `level`, in query order → ColumnOrSuperColumns. */
export function toColumnsOrSuperColumns(cf: ColumnFamilyDef, level: SliceLevel, cells: readonly Cell[], nowSec: number, reversed: boolean): ColumnOrSuperColumn[] {
  const live = cells.filter((c) => isLive(c, nowSec));
  if (level !== 'superColumns') return live.map((c) => ({ column: toColumn(cf, c) }));
  return toSuperColumns(cf, live, reversed).map((superColumn) => ({ superColumn }));
}

/** Groups consecutive cells sharing a super column name. */
export function toSuperColumns(cf: ColumnFamilyDef, cells: readonly Cell[], reversed: boolean): SuperColumn[] {
  const out: { name: Buffer; columns: Column[] }[] = [];
  for (const cell of cells) {
    const { superName, name } = decodeCellName(cf, cell.name);
    let last = out[out.length - 1];
    if (last === undefined || !last.name.equals(superName!)) {
      last = { name: superName!, columns: [] };
      out.push(last);
    }
    const base = { name, value: cell.value, timestamp: cell.timestamp };
    last.columns.push(cell.kind === CellKind.EXPIRING ? { ...base, ttl: cell.ttl } : base);
  }
  if (reversed) for (const sc of out) sc.columns.reverse();
  return out;
}
