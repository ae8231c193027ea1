/**
 * The operations' results → ordered Maps. The operations return columns in comparator order and a
 * Map iterates in insertion order, so the Maps iterate in comparator order. Keys are decoded
 * values: look up strings and bigints directly; TimeUUID keys are objects, so iterate (or compare
 * with `equals`) rather than `get` them.
 */
import type { Column, ColumnOrSuperColumn } from '../db/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import type { Row, SuperRow } from './js-values.js';

export function toRow(codec: ColumnFamilyCodec, columns: readonly Column[]): Row {
  const row: Row = new Map();
  for (const c of columns) row.set(codec.decodeName('column', c.name), codec.decodeValue(c.name, c.value));
  return row;
}

/** A slice at the super column level of a Super CF → super column name → sub-columns. */
export function toSuperRow(codec: ColumnFamilyCodec, slice: readonly ColumnOrSuperColumn[]): SuperRow {
  const out: SuperRow = new Map();
  for (const c of slice) {
    if (c.superColumn !== undefined) out.set(codec.decodeName('super', c.superColumn.name), toRow(codec, c.superColumn.columns));
  }
  return out;
}

/** A slice of plain columns (a Standard row, or one super column's sub-columns). */
export function sliceToRow(codec: ColumnFamilyCodec, slice: readonly ColumnOrSuperColumn[]): Row {
  const columns: Column[] = [];
  for (const c of slice) if (c.column !== undefined) columns.push(c.column);
  return toRow(codec, columns);
}

/** Either shape, by the level the slice was read at. */
export function sliceResult(codec: ColumnFamilyCodec, slice: readonly ColumnOrSuperColumn[], superLevel: boolean): Row | SuperRow {
  return superLevel ? toSuperRow(codec, slice) : sliceToRow(codec, slice);
}
