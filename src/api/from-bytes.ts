/**
 * Serialized bytes → the JS value of their type (see `Value` in js-values.ts). BytesType is
 * returned as a UTF-8 string, since the seeds' apps store text in untyped columns; bytes that are
 * not valid UTF-8 come back as a Buffer, and `raw` (an `open` option) returns every value as its
 * stored bytes.
 */
import { isUtf8 } from 'node:buffer';
import { type AbstractType } from '../marshal/index.js';
import type { Value } from './js-values.js';
import { TimeUUID } from './time-uuid.js';
import { baseTypeName } from './to-bytes.js';


export function fromBytes(type: AbstractType, bytes: Buffer): Value {
  switch (baseTypeName(type)) {
    case 'BytesType':
      return utf8OrBytes(bytes);
    case 'TimeUUIDType':
      return bytes.length === 0 ? null : TimeUUID.fromBytes(bytes);
    case 'UTF8Type':
    case 'AsciiType':
    case 'LongType':
    case 'CounterColumnType':
    case 'IntegerType':
    case 'Int32Type':
    case 'ShortType':
    case 'ByteType':
    case 'FloatType':
    case 'DoubleType':
    case 'BooleanType':
    case 'DateType':
    case 'TimestampType':
    case 'UUIDType':
    case 'LexicalUUIDType':
    case 'EmptyType':
      return type.compose(bytes) as Value;
    default:
      return bytes.length === 0 ? null : type.toString(bytes);
  }
}

function utf8OrBytes(bytes: Buffer): string | Buffer {
  return isUtf8(bytes) ? bytes.toString('utf8') : Buffer.from(bytes);
}
