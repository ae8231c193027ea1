/**
 * Which values a function argument of some type may receive: Cassandra's "value compatibility"
 * (AbstractType.isValueCompatibleWith) for the native types. A receiver of type R accepts a value
 * of type T when T = R, or when R can read T's bytes as a sensible value:
 *
 *   blob      ← every type (any bytes are a blob)
 *   text      ← ascii
 *   bigint    ← timestamp          timestamp ← bigint
 *   varint    ← int, bigint, timestamp
 *   date      ← int                time      ← bigint
 *   uuid      ← timeuuid
 *
 * (The pre-CQL DateType counts as timestamp.) ReversedType (a clustering order) is looked
 * through everywhere: it changes order, not values.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { ReversedType } from '../../marshal/reversed-type.js';

/** `type` without a ReversedType wrapper. */
export function unwrapReversed(type: AbstractType): AbstractType {
  return type instanceof ReversedType ? (type.baseType as AbstractType) : type;
}

/** Same CQL type, ignoring clustering order (types are compared by their class form). */
export function sameType(a: AbstractType, b: AbstractType): boolean {
  return unwrapReversed(a).name === unwrapReversed(b).name;
}

/** Receiver class name → the other class names whose values it accepts. */
const ACCEPTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['UTF8Type', ['AsciiType']],
  ['LongType', ['TimestampType', 'DateType']],
  ['TimestampType', ['LongType', 'DateType']],
  ['DateType', ['LongType', 'TimestampType']],
  ['IntegerType', ['Int32Type', 'LongType', 'TimestampType', 'DateType']],
  ['SimpleDateType', ['Int32Type']],
  ['TimeType', ['LongType']],
  ['UUIDType', ['TimeUUIDType']],
]);

/** Whether a receiver of type `receiver` can take values of type `value`. */
export function isValueCompatible(receiver: AbstractType, value: AbstractType): boolean {
  const r = unwrapReversed(receiver).name;
  const v = unwrapReversed(value).name;
  return r === v || r === 'BytesType' || (ACCEPTS.get(r)?.includes(v) ?? false);
}
