/**
 * One column family's conversions between JS values and the operations' bytes: keys by the key
 * validator, names by the comparator (the subcomparator for a super column's sub-columns), values
 * by their column's validator (column metadata, else the default validator).
 */
import type { AbstractType } from '../marshal/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import { valueValidator } from '../db/operations/thrift-validation.js';
import type { Name, Value } from './js-values.js';
import { fromBytes } from './from-bytes.js';
import { JsRowShaper } from './js-row-shaper.js';
import { type Bound, baseTypeName, toBytes } from './to-bytes.js';

/** Where a name sits: a column of a Standard CF or a super column's sub-column ('column'), or a super column ('super'). */
export type NameLevel = 'column' | 'super';

export class ColumnFamilyCodec {
  readonly isSuper: boolean;
  /** Engine cells → this column family's Rows (the embedded read path). */
  readonly shaper: JsRowShaper;

  constructor(
    readonly def: ColumnFamilyDef,
    private readonly raw: boolean,
  ) {
    this.isSuper = def.columnType === 'Super';
    this.shaper = new JsRowShaper(def, raw);
  }

  key(key: Name): Buffer {
    return toBytes(this.def.keyValidator, key);
  }

  decodeKey(bytes: Buffer): Value {
    return this.raw ? bytes : fromBytes(this.def.keyValidator, bytes);
  }

  /** A name at `level`; `bound` says which end of a slice it is (matters for a Date under TimeUUIDType). */
  name(level: NameLevel, name: Name, bound: Bound = 'low'): Buffer {
    return toBytes(this.nameType(level), name, bound);
  }

  decodeName(level: NameLevel, bytes: Buffer): Value {
    const type = this.nameType(level);
    return this.raw && baseTypeName(type) === 'BytesType' ? bytes : fromBytes(type, bytes);
  }

  value(columnName: Buffer, value: Name): Buffer {
    return toBytes(this.validator(columnName), value);
  }

  decodeValue(columnName: Buffer, bytes: Buffer): Value {
    return this.raw ? bytes : fromBytes(this.validator(columnName), bytes);
  }

  /** The type of names at `level`: super column names use the comparator, sub-columns the subcomparator. */
  nameType(level: NameLevel): AbstractType {
    if (level === 'super' || !this.isSuper) return this.def.comparator;
    return this.def.subcomparator ?? this.def.comparator;
  }

  private validator(columnName: Buffer): AbstractType {
    return valueValidator(this.def, columnName);
  }
}
