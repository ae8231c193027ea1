/**
 * How the Thrift view lays columns out as engine cells (DESIGN §1): a Standard column family's
 * column is the cell `cellName([comparator(name)])`; a Super column family's sub-column is
 * `cellName([comparator(superName), subcomparator(subName)])`. Names are stored in marshal's
 * byte-comparable form so the engine's byte order is the comparators' order, and are read back
 * with fromComparable.
 */
import type { ColumnFamilyDef } from '../../schema/index.js';
import { SEP_NEXT, boundAfter, boundBefore, cellName } from '../../storage/model/index.js';
import { ByteReader } from '../../util/byte-reader.js';

/** The cell of a Standard CF's column. */
export function standardCellName(cf: ColumnFamilyDef, name: Buffer): Buffer {
  return cellName([cf.comparator.toComparable(name)]);
}

/** The cell of a Super CF's sub-column. */
export function subColumnCellName(cf: ColumnFamilyDef, superName: Buffer, subName: Buffer): Buffer {
  return cellName([cf.comparator.toComparable(superName), subcomparatorOf(cf).toComparable(subName)]);
}

/** The lowest bound of a super column (every sub-column sorts after it). */
export function superColumnStart(cf: ColumnFamilyDef, superName: Buffer): Buffer {
  return boundBefore([cf.comparator.toComparable(superName)]);
}

/** The highest bound of a super column. */
export function superColumnEnd(cf: ColumnFamilyDef, superName: Buffer): Buffer {
  return boundAfter([cf.comparator.toComparable(superName)]);
}

export interface DecodedName {
  /** Set for a Super CF's cell. */
  readonly superName?: Buffer;
  readonly name: Buffer;
}

/** Reads a cell name back into serialized Thrift names. */
export function decodeCellName(cf: ColumnFamilyDef, cell: Buffer): DecodedName {
  const r = new ByteReader(cell, 1); // skip the first NEXT separator
  const first = cf.comparator.fromComparable(r);
  if (cf.columnType === 'Standard') return { name: first };
  if (r.u8() !== SEP_NEXT) throw new Error(`super column family ${cf.name} holds a cell without a sub-column name`);
  return { superName: first, name: subcomparatorOf(cf).fromComparable(r) };
}

/** A SliceQuery `groupLength` for a Super CF: the bytes of a cell name's super column prefix. */
export function superColumnGroupLength(cf: ColumnFamilyDef): (name: Buffer) => number {
  return (name) => {
    const r = new ByteReader(name, 1);
    cf.comparator.fromComparable(r);
    return r.pos;
  };
}

function subcomparatorOf(cf: ColumnFamilyDef) {
  if (cf.subcomparator === null) throw new Error(`column family ${cf.name} is not a super column family`);
  return cf.subcomparator;
}
