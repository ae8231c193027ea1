/**
 * CQL values ↔ the values a JavaScript UDF sees, the way Cassandra 3.x handed them to Nashorn
 * through the Java driver's codecs (checked in apache/cassandra cql3/functions/
 * ScriptBasedUDFunction.java and UDHelper.java):
 *
 *   int, smallint, tinyint, float, double, bigint, counter, decimal → number (Nashorn did its
 *   arithmetic in doubles too); varint → BigInt; text, ascii → string; boolean; timestamp → Date;
 *   blob → Uint8Array; list → Array; set → Set; map → Map; tuple → Array; user type → object by
 *   field; every other type (uuid, timeuuid, inet, date, time, duration) → its CQL text.
 *
 * A result goes back to the declared return type: a number is narrowed as Java narrows it
 * (intValue, longValue… : truncation, int wrapping, long saturating), a string is read as the
 * type's text where the type has no JavaScript form, and anything else is Cassandra's codec error
 * ("Invalid value for CQL type int, expecting class java.lang.Integer but class java.lang.String
 * provided"), which the caller reports as the function's failure. Empty values are passed as null
 * (UDHelper.isNullOrEmpty).
 */
import { type AbstractType, BOOLEAN_TYPE, BYTE_TYPE, BYTES_TYPE, COUNTER_COLUMN_TYPE, DECIMAL_TYPE, DOUBLE_TYPE, FLOAT_TYPE, INT32_TYPE, INTEGER_TYPE, ListType, LONG_TYPE, MapType, SetType, SHORT_TYPE, TIMESTAMP_TYPE, TupleType, UserType, readCollectionValues, readTupleComponents, writeCollectionValues, writeTupleComponents } from '../../marshal/index.js';
import { unwrapReversed } from './type-compat.js';

/** A value as the context's reviver takes it (see javascript-prelude.ts for the tags). */
export type Described = null | boolean | number | string | { readonly [tag: string]: unknown };

const NUMBER_TYPES = new Set<AbstractType>([INT32_TYPE, SHORT_TYPE, BYTE_TYPE, FLOAT_TYPE, DOUBLE_TYPE, LONG_TYPE, COUNTER_COLUMN_TYPE]);

export function describeValue(type: AbstractType, v: Buffer | null): Described {
  const t = unwrapReversed(type);
  if (v === null || (v.length === 0 && !isTextual(t))) return null;
  if (NUMBER_TYPES.has(t)) return number(Number(t.compose(v) as number | bigint));
  if (t === DECIMAL_TYPE) return number(Number(t.toString(v)));
  if (t === INTEGER_TYPE) return { $b: String(t.compose(v)) };
  if (t === BOOLEAN_TYPE) return t.compose(v) as boolean;
  if (t === TIMESTAMP_TYPE) return { $d: (t.compose(v) as Date).getTime() };
  if (t === BYTES_TYPE) return { $x: v.toString('hex') };
  if (isTextual(t)) return t.toString(v);
  if (t instanceof ListType || t instanceof SetType) {
    const items = readCollectionValues(v, t.name, ['element']).map((e) => describeValue(t.elements as AbstractType, e));
    return t instanceof ListType ? { $l: items } : { $s: items };
  }
  if (t instanceof MapType) {
    const flat = readCollectionValues(v, t.name, ['key', 'value']);
    const pairs: Described[][] = [];
    for (let i = 0; i < flat.length; i += 2) pairs.push([describeValue(t.keys as AbstractType, flat[i]!), describeValue(t.valueType as AbstractType, flat[i + 1]!)]);
    return { $m: pairs };
  }
  if (t instanceof UserType) {
    const parts = readTupleComponents(v, t.name, t.fieldTypes.length, (k) => `field ${k}`);
    return { $o: Object.fromEntries(t.fieldNames.map((f, i) => [f, describeValue(t.fieldTypes[i]!, parts[i] ?? null)])) };
  }
  if (t instanceof TupleType) {
    const parts = readTupleComponents(v, t.name, t.types.length, (k) => `component ${k}`);
    return { $l: t.types.map((ct, i) => describeValue(ct, parts[i] ?? null)) };
  }
  return t.toString(v);
}

function number(n: number): Described {
  return Number.isFinite(n) ? n : { $n: String(n) };
}

function isTextual(t: AbstractType): boolean {
  return t.cqlName === 'text' || t.cqlName === 'ascii' || t.cqlName === 'varchar';
}

/** Thrown for a result the return type cannot take; the caller wraps it as the function's failure. */
export class JsResultTypeError extends Error {
  override readonly name = 'InvalidTypeException';
}

/** A described result (the context's JSON, or a primitive) as a value of `type`. */
export function valueOfResult(type: AbstractType, d: unknown): Buffer | null {
  const t = unwrapReversed(type);
  if (d === null || d === undefined) return null;
  const tag = typeof d === 'object' ? Object.keys(d as object)[0] : undefined;
  const inner = tag === undefined ? d : (d as Record<string, unknown>)[tag];
  if (tag === '$n' || typeof d === 'number' || tag === '$b') {
    const n = tag === '$b' ? BigInt(inner as string) : Number(inner);
    const narrowed = narrow(t, n);
    if (narrowed !== undefined) return narrowed;
  }
  if (typeof d === 'string') {
    if (isTextual(t)) return t.fromString(d);
    if (javaClass(t) === null) return t.fromString(d);
  }
  if (typeof d === 'boolean' && t === BOOLEAN_TYPE) return t.decompose(d);
  if (tag === '$d' && t === TIMESTAMP_TYPE) return t.decompose(new Date(inner as number));
  if (tag === '$x' && t === BYTES_TYPE) return Buffer.from(inner as string, 'hex');
  if ((tag === '$l' || tag === '$s') && (t instanceof ListType || t instanceof SetType)) {
    const items = (inner as unknown[]).map((x) => requireValue(valueOfResult(t.elements as AbstractType, x), t));
    return writeCollectionValues(t instanceof SetType ? sortedUnique(t.elements as AbstractType, items) : items, t instanceof SetType ? sortedUnique(t.elements as AbstractType, items).length : items.length, t.name);
  }
  if ((tag === '$m' || tag === '$o') && t instanceof MapType) {
    const pairs = tag === '$m' ? (inner as unknown[][]) : Object.entries(inner as object);
    const keys = t.keys as AbstractType;
    const entries = pairs.map(([k, v]) => [requireValue(valueOfResult(keys, k), t), requireValue(valueOfResult(t.valueType as AbstractType, v), t)] as const);
    entries.sort((a, b) => keys.compare(a[0], b[0]));
    return writeCollectionValues(entries.flat(), entries.length, t.name);
  }
  if (tag === '$o' && t instanceof UserType) {
    const o = inner as Record<string, unknown>;
    return writeTupleComponents(t.fieldNames.map((f, i) => valueOfResult(t.fieldTypes[i]!, o[f] ?? null)), t.name);
  }
  if (tag === '$l' && t instanceof TupleType) {
    const a = inner as unknown[];
    return writeTupleComponents(t.types.map((ct, i) => valueOfResult(ct, a[i] ?? null)), t.name);
  }
  throw new JsResultTypeError(`Invalid value for CQL type ${t.cqlName ?? t.name}, expecting class ${javaClass(t) ?? 'java.lang.String'} but class ${providedClass(d, tag)} provided`);
}

function requireValue(v: Buffer | null, t: AbstractType): Buffer {
  if (v === null) throw new JsResultTypeError(`Invalid value for CQL type ${t.cqlName ?? t.name}: null elements are not allowed`);
  return v;
}

function sortedUnique(type: AbstractType, items: Buffer[]): Buffer[] {
  const sorted = [...items].sort((a, b) => type.compare(a, b));
  return sorted.filter((x, i) => i === 0 || type.compare(sorted[i - 1]!, x) !== 0);
}

const INT_BITS: ReadonlyMap<AbstractType, bigint> = new Map<AbstractType, bigint>([[INT32_TYPE, 32n], [SHORT_TYPE, 16n], [BYTE_TYPE, 8n]]);
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** Java's Number.intValue()/longValue()/… of a double (or BigInteger) for the numeric types, else undefined. */
function narrow(t: AbstractType, n: number | bigint): Buffer | undefined {
  const bits = INT_BITS.get(t);
  if (bits !== undefined) {
    // Double.intValue saturates to int, then shortValue/byteValue wrap; BigInteger wraps.
    const i = typeof n === 'bigint' ? n : BigInt(Math.trunc(Number.isNaN(n) ? 0 : Math.max(-2147483648, Math.min(2147483647, n))));
    return t.decompose(Number(BigInt.asIntN(Number(bits), i)));
  }
  if (t === LONG_TYPE || t === COUNTER_COLUMN_TYPE) {
    if (typeof n === 'bigint') return t.decompose(BigInt.asIntN(64, n));
    if (Number.isNaN(n)) return t.decompose(0n);
    const i = n >= 9.223372036854776e18 ? LONG_MAX : n <= -9.223372036854776e18 ? LONG_MIN : BigInt(Math.trunc(n));
    return t.decompose(i);
  }
  if (t === DOUBLE_TYPE || t === FLOAT_TYPE) return t.decompose(Number(n));
  if (t === INTEGER_TYPE) return t.decompose(typeof n === 'bigint' ? n : BigInt(Math.trunc(n)));
  if (t === DECIMAL_TYPE) return t.fromString(String(n));
  return undefined;
}

function javaClass(t: AbstractType): string | null {
  if (t === INT32_TYPE) return 'java.lang.Integer';
  if (t === LONG_TYPE || t === COUNTER_COLUMN_TYPE) return 'java.lang.Long';
  if (t === SHORT_TYPE) return 'java.lang.Short';
  if (t === BYTE_TYPE) return 'java.lang.Byte';
  if (t === FLOAT_TYPE) return 'java.lang.Float';
  if (t === DOUBLE_TYPE) return 'java.lang.Double';
  if (t === INTEGER_TYPE) return 'java.math.BigInteger';
  if (t === DECIMAL_TYPE) return 'java.math.BigDecimal';
  if (t === BOOLEAN_TYPE) return 'java.lang.Boolean';
  if (t === TIMESTAMP_TYPE) return 'java.util.Date';
  if (t === BYTES_TYPE) return 'java.nio.ByteBuffer';
  if (isTextual(t)) return 'java.lang.String';
  if (t instanceof ListType) return 'java.util.List';
  if (t instanceof SetType) return 'java.util.Set';
  if (t instanceof MapType) return 'java.util.Map';
  if (t instanceof UserType) return 'com.datastax.driver.core.UDTValue';
  if (t instanceof TupleType) return 'com.datastax.driver.core.TupleValue';
  return null;
}

function providedClass(d: unknown, tag: string | undefined): string {
  switch (tag) {
    case undefined:
      return typeof d === 'string' ? 'java.lang.String' : typeof d === 'boolean' ? 'java.lang.Boolean' : 'java.lang.Double';
    case '$n':
      return 'java.lang.Double';
    case '$b':
      return 'java.math.BigInteger';
    case '$d':
      return 'java.util.Date';
    case '$x':
      return 'java.nio.ByteBuffer';
    default:
      return 'jdk.nashorn.api.scripting.ScriptObjectMirror';
  }
}
