/**
 * Validation of a request's parts, as Cassandra 0.7's ThriftValidation did it: keys, names against
 * the comparator/subcomparator, values against their validator, TTLs and timestamps, and which of
 * super column/column a path or parent may carry for the column family's type. Everything throws
 * before any write: a refused request writes nothing.
 */
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { type ColumnFamilyDef, TTL_SECONDS_MAX } from '../../schema/index.js';
import type { ColumnParent, ColumnPath } from './thrift-types.js';

/** Keys and names are length-prefixed by an unsigned short in Cassandra's formats. */
export const NAME_BYTES_MAX = 0xffff;

export function validateKey(cf: ColumnFamilyDef, key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length === 0) throw new InvalidRequestError('Key may not be empty');
  if (key.length > NAME_BYTES_MAX) throw new InvalidRequestError(`Key length of ${key.length} is longer than maximum of ${NAME_BYTES_MAX}`);
  try {
    cf.keyValidator.validate(key);
  } catch (e) {
    throw inContext(e, `Invalid key for ${cf.keyValidator.name}`);
  }
}

/** A column (or sub-column, or super column) name; `type` is the comparator that orders it. */
export function validateName(type: AbstractType, name: Buffer, what = 'column name'): void {
  if (!Buffer.isBuffer(name) || name.length === 0) throw new InvalidRequestError(`${what} must not be empty`);
  if (name.length > NAME_BYTES_MAX) throw new InvalidRequestError(`${what} length must not be greater than ${NAME_BYTES_MAX}`);
  try {
    type.validate(name);
  } catch (e) {
    throw inContext(e, `Invalid ${what} for ${type.name}`);
  }
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
  // An index loop: column metadata is a frozen array, where Array#find takes V8's slow path.
  const metadata = cf.columnMetadata;
  for (let i = 0; i < metadata.length; i++) if (metadata[i]!.name.equals(name)) return metadata[i]!.validator;
  return cf.defaultValidator;
}

/** A whole column to be written, in this order: name, value, timestamp, TTL. */
export function validateColumn(cf: ColumnFamilyDef, name: Buffer, value: Buffer, timestamp: bigint, ttl: number | undefined): void {
  validateName(columnNameType(cf), name);
  if (!Buffer.isBuffer(value)) throw new InvalidRequestError('Column value is required');
  const validator = valueValidator(cf, name);
  try {
    validator.validate(value);
  } catch (e) {
    throw inContext(e, `Invalid column value for column (name=${name.toString('hex')}) of ${cf.name}, validator ${validator.name}`);
  }
  validateTimestamp(timestamp);
  if (ttl !== undefined) validateTtl(ttl);
}

const TIMESTAMP_MIN = -(2n ** 63n);
const TIMESTAMP_END = 2n ** 63n;

export function validateTimestamp(timestamp: bigint): void {
  if (typeof timestamp !== 'bigint') throw new InvalidRequestError('Column timestamp is required');
  if (timestamp < TIMESTAMP_MIN || timestamp >= TIMESTAMP_END) throw new InvalidRequestError(`Timestamp ${timestamp} is outside the 64-bit range`);
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

/** A MarshalError restated with the request's context (built only on failure: the messages cost more than the checks); anything else as it was. */
function inContext(e: unknown, context: string): unknown {
  return e instanceof MarshalError ? new MarshalError(`${context}: ${e.message}`, { cause: e }) : e;
}
