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
 * through everywhere: it changes order, not values; so is freezing (a function receives a
 * collection, tuple or user type as one whole value, from a frozen or a multi-cell column).
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { ReversedType } from '../../marshal/reversed-type.js';
import { frozen } from '../../schema/index.js';

/** `type` without a ReversedType wrapper. */
export function unwrapReversed(type: AbstractType): AbstractType {
  return type instanceof ReversedType ? (type.baseType as AbstractType) : type;
}

/** A type's class form as values compare: no ReversedType, frozen. */
function valueName(type: AbstractType): string {
  return frozen(unwrapReversed(type)).name;
}

/** Same CQL type, ignoring clustering order and freezing (types are compared by their class form). */
export function sameType(a: AbstractType, b: AbstractType): boolean {
  return valueName(a) === valueName(b);
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
  const r = valueName(receiver);
  const v = valueName(value);
  return r === v || r === 'BytesType' || (ACCEPTS.get(r)?.includes(v) ?? false);
}
