/**
 * A column's current value in a row read back (for IF conditions and the rows a failed
 * conditional update returns): a simple column's cell value, or a multi-cell collection's or UDT's
 * elements folded into its serialized value (null when it has none).
 */
import { isMultiCellType } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import type { Cell } from '../../storage/model/index.js';
import type { ElementCell, RowData } from '../storage/row-assembler.js';

export function currentValue(row: RowData | null, column: CqlColumn): Buffer | null {
  const v = row?.columns.get(column.name);
  if (v === undefined) return null;
  if (!Array.isArray(v)) return (v as Cell).value;
  const elements = v as ElementCell[];
  if (elements.length === 0 || !isMultiCellType(column.type)) return null;
  return column.type.fromCells(elements.map((e) => ({ path: e.path, value: e.cell.value })));
}
