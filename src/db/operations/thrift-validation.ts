/**
 * Validation of a request's parts, as Cassandra 0.7's ThriftValidation did it: keys, names against
 * the comparator/subcomparator, values against their validator, TTLs and timestamps, and which of
 * super column/column a path or parent may carry for the column family's type. Everything throws
 * before any write: a refused request writes nothing.
 */
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { type ColumnFamilyDef, TTL_SECONDS_MAX } from '../../schema/index.js';
import type { Column, ColumnParent, ColumnPath } from './thrift-types.js';

/** Keys and names are length-prefixed by an unsigned short in Cassandra's formats. */
export const NAME_BYTES_MAX = 0xffff;

export function validateKey(cf: ColumnFamilyDef, key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length === 0) throw new InvalidRequestError('Key may not be empty');
  if (key.length > NAME_BYTES_MAX) throw new InvalidRequestError(`Key length of ${key.length} is longer than maximum of ${NAME_BYTES_MAX}`);
  withContext(() => cf.keyValidator.validate(key), `Invalid key for ${cf.keyValidator.name}`);
}

/** A column (or sub-column, or super column) name; `type` is the comparator that orders it. */
export function validateName(type: AbstractType, name: Buffer, what = 'column name'): void {
  if (!Buffer.isBuffer(name) || name.length === 0) throw new InvalidRequestError(`${what} must not be empty`);
  if (name.length > NAME_BYTES_MAX) throw new InvalidRequestError(`${what} length must not be greater than ${NAME_BYTES_MAX}`);
  withContext(() => type.validate(name), `Invalid ${what} for ${type.name}`);
}

/** A slice bound: empty means unbounded, anything else must be a valid name. */
export function validateBound(type: AbstractType, bound: Buffer, what: string): void {
  if (!Buffer.isBuffer(bound)) throw new InvalidRequestError(`${what} is required (empty for unbounded)`);
  if (bound.length > 0) validateName(type, bound, what);
}

/** The type that orders the names of a column's level: sub-columns of a Super CF, or columns. */
export function columnNameType(cf: ColumnFamilyDef): AbstractType {
  return cf.subcomparator ?? cf.comparator;
}

/** The validator of a column's value: its column_metadata entry, else the default validator. */
export function valueValidator(cf: ColumnFamilyDef, name: Buffer): AbstractType {
  return cf.columnMetadata.find((d) => d.name.equals(name))?.validator ?? cf.defaultValidator;
}

/** A whole column to be written: name, value, timestamp and TTL. */
export function validateColumn(cf: ColumnFamilyDef, column: Column): void {
  if (column === null || typeof column !== 'object') throw new InvalidRequestError('Column is required');
  validateName(columnNameType(cf), column.name);
  if (!Buffer.isBuffer(column.value)) throw new InvalidRequestError('Column value is required');
  const validator = valueValidator(cf, column.name);
  withContext(() => validator.validate(column.value), `Invalid column value for column (name=${column.name.toString('hex')}) of ${cf.name}, validator ${validator.name}`);
  validateTimestamp(column.timestamp);
  if (column.ttl !== undefined) validateTtl(column.ttl);
}

export function validateTimestamp(timestamp: bigint): void {
  if (typeof timestamp !== 'bigint') throw new InvalidRequestError('Column timestamp is required');
  if (timestamp < -(2n ** 63n) || timestamp >= 2n ** 63n) throw new InvalidRequestError(`Timestamp ${timestamp} is outside the 64-bit range`);
}

export function validateTtl(ttl: number): void {
  if (!Number.isInteger(ttl) || ttl <= 0) throw new InvalidRequestError('ttl must be positive');
  if (ttl > TTL_SECONDS_MAX) throw new InvalidRequestError(`ttl is too large. requested (${ttl}) maximum (${TTL_SECONDS_MAX})`);
}

/** A parent addresses columns: a Standard CF, a Super CF (its super columns), or one super column. */
export function validateColumnParent(cf: ColumnFamilyDef, parent: ColumnParent): void {
  if (parent.superColumn === undefined) return;
  if (cf.columnType === 'Standard') throw new InvalidRequestError(`columnfamily alone is required for standard CF ${cf.name}`);
  validateName(cf.comparator, parent.superColumn, 'super column name');
}

/** A path to read one column or super column (get): it must name something specific. */
export function validateColumnPath(cf: ColumnFamilyDef, path: ColumnPath): void {
  if (cf.columnType === 'Standard') {
    if (path.superColumn !== undefined) throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${cf.name}`);
    if (path.column === undefined) throw new InvalidRequestError(`column parameter is not optional for standard CF ${cf.name}`);
  } else if (path.superColumn === undefined) {
    throw new InvalidRequestError(`supercolumn parameter is not optional for super CF ${cf.name}`);
  }
  validatePathNames(cf, path);
}

/** A path to delete (remove): like a read path, but may stop at the row or the super column. */
export function validateColumnPathOrParent(cf: ColumnFamilyDef, path: ColumnPath): void {
  if (cf.columnType === 'Standard' && path.superColumn !== undefined) {
    throw new InvalidRequestError(`supercolumn parameter is invalid for standard CF ${cf.name}`);
  }
  if (cf.columnType === 'Super' && path.superColumn === undefined && path.column !== undefined) {
    throw new InvalidRequestError(`A column cannot be specified without specifying a super column for removal on super CF ${cf.name}`);
  }
  validatePathNames(cf, path);
}

function validatePathNames(cf: ColumnFamilyDef, path: ColumnPath): void {
  if (path.superColumn !== undefined) validateName(cf.comparator, path.superColumn, 'super column name');
  if (path.column !== undefined) validateName(columnNameType(cf), path.column);
}

/** Runs a marshal check, keeping the MarshalError type but saying which part of the request failed. */
function withContext(check: () => void, context: string): void {
  try {
    check();
  } catch (e) {
    if (e instanceof MarshalError) throw new MarshalError(`${context}: ${e.message}`, { cause: e });
    throw e;
  }
}
