/**
 * JS values → the serialized bytes of a Cassandra type: how names, keys and values given as
 * strings, numbers, bigints, Dates, TimeUUIDs, guid strings or bytes become what the operations
 * take. Bytes pass through (the operations validate them). Coercions: text types accept numbers
 * and bigints (their decimal text); integer types accept integral numbers, bigints and decimal
 * text; TimeUUIDType accepts a TimeUUID, a guid or a Date/ms (the least id of that millisecond,
 * or the greatest when `bound` is 'high'); Date types accept a Date or ms. Anything else given as
 * a string goes through the type's `fromString`. A value that does not fit is a MarshalError.
 */
import { MarshalError } from '../errors/index.js';
import { type AbstractType, maxTimeUuid, minTimeUuid, uuidFromString } from '../marshal/index.js';
import { TimeUUID } from './time-uuid.js';

/** Which end of a slice a name bounds: decides the TimeUUID a Date stands for. */
export type Bound = 'low' | 'high';

/** The type's short class name without a ReversedType wrapper: what the coercions dispatch on. */
export function baseTypeName(type: AbstractType): string {
  if (!type.isReversed) return type.name; // the common case, without a regex per value
  const m = /^ReversedType\((.*)\)$/.exec(type.name);
  return m === null ? type.name : m[1]!;
}

export function toBytes(type: AbstractType, value: unknown, bound: Bound = 'low'): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value);
  if (value instanceof TimeUUID) return value.toBuffer();
  const kind = baseTypeName(type);
  switch (kind) {
    case 'BytesType':
      return Buffer.from(asText(value, type), 'utf8');
    case 'UTF8Type':
    case 'AsciiType':
      return type.decompose(asText(value, type));
    case 'LongType':
    case 'CounterColumnType':
    case 'IntegerType':
      return type.decompose(asBigInt(value, type));
    case 'TimeUUIDType':
      return timeUuidBytes(value, type, bound);
    case 'DateType':
    case 'TimestampType':
      return type.decompose(typeof value === 'number' ? new Date(value) : value);
    default:
      return typeof value === 'string' ? type.fromString(value) : type.decompose(value);
  }
}

function asText(value: unknown, type: AbstractType): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw wrong(value, type);
}

function asBigInt(value: unknown, type: AbstractType): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  if (value instanceof Date) return BigInt(value.getTime());
  throw wrong(value, type);
}

function timeUuidBytes(value: unknown, type: AbstractType, bound: Bound): Buffer {
  if (typeof value === 'string') return TimeUUID.fromBytes(uuidFromString(value)).toBuffer();
  if (value instanceof Date || typeof value === 'number') return bound === 'high' ? maxTimeUuid(value) : minTimeUuid(value);
  throw wrong(value, type);
}

function wrong(value: unknown, type: AbstractType): MarshalError {
  const what = value === null ? 'null' : value instanceof Date ? 'a Date' : typeof value;
  return new MarshalError(`${type.name} cannot take ${what} ${describe(value)}`);
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(typeof value === 'bigint' ? String(value) : value) ?? '';
  } catch {
    return '';
  }
}
