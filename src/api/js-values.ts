/**
 * The JS shapes of the API. Inputs (names, keys, values) are loose and converted by the column
 * family's types (to-bytes.ts); outputs are the natural JS value of each type (from-bytes.ts) in
 * ordered Maps that iterate in comparator order.
 */
import type { TimeUUID } from './time-uuid.js';

/** A column name, super column name, row key or value as the caller gives it. */
export type Name = string | number | bigint | boolean | Date | TimeUUID | Uint8Array;

/** A decoded name or value: string (UTF8Type, AsciiType, BytesType unless raw), bigint (LongType,
 * IntegerType, CounterColumnType), number (Int32Type, FloatType, DoubleType, …), boolean, Date
 * (DateType, TimestampType), TimeUUID (TimeUUIDType), Buffer (raw, or BytesType that is not
 * UTF-8), null (the empty value of a non-text type); other types come back in their text form. */
export type Value = string | number | bigint | boolean | Date | TimeUUID | Buffer | null;

/** Columns of a row or super column: name → value, in comparator order. */
export type Row = Map<Value, Value>;

/** A super column family's row: super column name → its sub-columns, in comparator order. */
export type SuperRow = Map<Value, Row>;

/** What a Ruby-style `get` returns: a value for one column, a Row, or a SuperRow. */
export type GetResult = Value | Row | SuperRow | undefined;

/** Columns to write: a plain object or a Map of name → value. */
export type ColumnsInput = ReadonlyMap<Name, Name> | Readonly<Record<string, Name>>;

/** A super column family's columns to write: super column name → its columns. */
export type SuperColumnsInput = ReadonlyMap<Name, ColumnsInput> | Readonly<Record<string, ColumnsInput>>;

/** Options of every write. */
export interface WriteOptions {
  /** Microseconds; defaults to the instance's strictly increasing clock. */
  readonly timestamp?: bigint | number;
  /** Seconds until the columns expire. */
  readonly ttl?: number;
}

/** A slice of columns (or of super columns, or of one super column's sub-columns). */
export interface SliceOptions {
  /** Exact names instead of a range. */
  readonly columns?: readonly Name[];
  /** The first name; when `reversed`, the high end. A Date under TimeUUIDType covers its millisecond. */
  readonly start?: Name;
  readonly finish?: Name;
  readonly reversed?: boolean;
  /** At most this many columns; 100 by default, as the seeds' clients. */
  readonly count?: number;
}
