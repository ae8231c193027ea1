/**
 * Number values read from their bytes, and the conversions between number types with Java's
 * semantics, which is what Cassandra's arithmetic, aggregates and casts do:
 *
 *   javaIntegral(v, bits)   Number.byteValue/shortValue/intValue/longValue: integers keep their
 *                           low bits (wrap around); float/double truncate toward zero and
 *                           saturate at int (long for 64 bits) range, NaN is 0, then narrow by
 *                           wrapping; decimals truncate, then keep the low bits
 *   javaFloat(v)            floatValue: nearest float (exact rounding from integers)
 *   javaDouble(v)           doubleValue: nearest double
 *   operandDecimal(t, v)    NumberType.toBigDecimal, used by arithmetic: decimals as they are,
 *                           varints exactly, every other type through a double's decimal text
 *                           (so the int 4 becomes 4.0 and 4 * 8.5 is 34.00, as in Cassandra)
 */
import { bigintToBytes, bytesToBigint } from '../../marshal/bigint-bytes.js';
import { type DecimalValue, readDecimal, writeDecimal } from '../../marshal/decimal-type.js';
import { decimalFromJavaDouble, decimalToNumber, truncateDecimal } from './decimal-math.js';
import type { NumberTypeInfo } from './number-types.js';

export type NumberValue =
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'floating'; readonly value: number }
  | { readonly kind: 'decimal'; readonly value: DecimalValue };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const TWO_POW_63 = 2 ** 63;
const TWO_POW_31 = 2 ** 31;

/** The value of non-empty bytes of number type `t` (the bytes must be valid for it). */
export function readNumber(t: NumberTypeInfo, b: Buffer): NumberValue {
  switch (t.kind) {
    case 'tinyint':
      return { kind: 'integer', value: BigInt(b.readInt8(0)) };
    case 'smallint':
      return { kind: 'integer', value: BigInt(b.readInt16BE(0)) };
    case 'int':
      return { kind: 'integer', value: BigInt(b.readInt32BE(0)) };
    case 'bigint':
    case 'counter':
      return { kind: 'integer', value: b.readBigInt64BE(0) };
    case 'varint':
      return { kind: 'integer', value: bytesToBigint(b) };
    case 'float':
      return { kind: 'floating', value: b.readFloatBE(0) };
    case 'double':
      return { kind: 'floating', value: b.readDoubleBE(0) };
    case 'decimal':
      return { kind: 'decimal', value: readDecimal(b) };
  }
}

/** A value of an integer type, as its exact integer. */
export function readInteger(t: NumberTypeInfo, b: Buffer): bigint {
  const v = readNumber(t, b);
  if (v.kind !== 'integer') throw new TypeError(`${t.kind} is not an integer type`);
  return v.value;
}

/** A value of float or double, as a number. */
export function readFloating(t: NumberTypeInfo, b: Buffer): number {
  const v = readNumber(t, b);
  if (v.kind !== 'floating') throw new TypeError(`${t.kind} is not a floating-point type`);
  return v.value;
}

/** A value of decimal. */
export function readDecimalValue(t: NumberTypeInfo, b: Buffer): DecimalValue {
  const v = readNumber(t, b);
  if (v.kind !== 'decimal') throw new TypeError(`${t.kind} is not decimal`);
  return v.value;
}

/** Bytes of type `t` for `v`, converting with Java's rules (integers narrow by wrapping). */
export function writeNumber(t: NumberTypeInfo, v: NumberValue): Buffer {
  switch (t.kind) {
    case 'varint':
      return bigintToBytes(v.kind === 'integer' ? v.value : javaIntegral(v, 64));
    case 'decimal':
      return writeDecimal(v.kind === 'decimal' ? v.value : v.kind === 'integer' ? { unscaled: v.value, scale: 0 } : decimalFromJavaDouble(v.value));
    case 'float': {
      const out = Buffer.alloc(4);
      out.writeFloatBE(javaFloat(v), 0);
      return out;
    }
    case 'double': {
      const out = Buffer.alloc(8);
      out.writeDoubleBE(javaDouble(v), 0);
      return out;
    }
    default: {
      const bits = t.bits!;
      const n = javaIntegral(v, bits);
      const out = Buffer.alloc(bits / 8);
      if (bits === 64) out.writeBigInt64BE(n, 0);
      else out.writeIntBE(Number(n), 0, bits / 8);
      return out;
    }
  }
}

/** Java's byteValue (8), shortValue (16), intValue (32), longValue (64). */
export function javaIntegral(v: NumberValue, bits: 8 | 16 | 32 | 64): bigint {
  switch (v.kind) {
    case 'integer':
      return BigInt.asIntN(bits, v.value);
    case 'decimal':
      return BigInt.asIntN(bits, truncateDecimal(v.value));
    case 'floating':
      return bits === 64 ? doubleToLong(v.value) : BigInt.asIntN(bits, doubleToInt(v.value));
  }
}

/** Java's floatValue. */
export function javaFloat(v: NumberValue): number {
  switch (v.kind) {
    case 'integer':
      return bigintToFloat(v.value);
    case 'floating':
      return Math.fround(v.value);
    case 'decimal':
      return Math.fround(decimalToNumber(v.value));
  }
}

/** Java's doubleValue. */
export function javaDouble(v: NumberValue): number {
  switch (v.kind) {
    case 'integer':
      return Number(v.value);
    case 'floating':
      return v.value;
    case 'decimal':
      return decimalToNumber(v.value);
  }
}

/** NumberType.toBigDecimal of a value of type `t` (file comment); RangeError for NaN and infinities. */
export function operandDecimal(t: NumberTypeInfo, v: NumberValue): DecimalValue {
  if (v.kind === 'decimal') return v.value;
  if (v.kind === 'integer' && t.kind === 'varint') return { unscaled: v.value, scale: 0 };
  return decimalFromJavaDouble(javaDouble(v));
}

/** (long) d: toward zero, saturating, NaN → 0. */
export function doubleToLong(d: number): bigint {
  if (Number.isNaN(d)) return 0n;
  if (d >= TWO_POW_63) return INT64_MAX;
  if (d <= -TWO_POW_63) return INT64_MIN;
  return BigInt(Math.trunc(d));
}

/** (int) d: toward zero, saturating, NaN → 0. */
export function doubleToInt(d: number): bigint {
  if (Number.isNaN(d)) return 0n;
  if (d >= TWO_POW_31 - 1) return BigInt(TWO_POW_31 - 1);
  if (d <= -TWO_POW_31) return BigInt(-TWO_POW_31);
  return BigInt(Math.trunc(d));
}

/** The float nearest to integer `v` (ties to even), without double rounding through a double. */
export function bigintToFloat(v: bigint): number {
  const mag = v < 0n ? -v : v;
  const bitLength = mag.toString(2).length;
  if (bitLength <= 53) return Math.fround(Number(v)); // exact as a double, so one rounding
  // Keep 24 significant bits plus the rounding bit; the rest only matters as "sticky".
  const shift = BigInt(bitLength - 25);
  let top = mag >> shift;
  const sticky = (mag & ((1n << shift) - 1n)) !== 0n;
  const roundBit = top & 1n;
  top >>= 1n;
  if (roundBit === 1n && (sticky || (top & 1n) === 1n)) top += 1n;
  const result = Math.fround(Number(top) * 2 ** Number(shift + 1n));
  return v < 0n ? -result : result;
}
