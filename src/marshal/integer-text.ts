/**
 * Integer parsing and JS-value checks shared by the integer types, following Java's
 * Long/Integer/Short/Byte.parseXxx grammar (optional sign, decimal digits, nothing else).
 */
import { MarshalError } from '../errors/index.js';

const INTEGER_TEXT = /^[+-]?\d+$/;

/** Parses decimal text into a bigint in [min, max], or throws a MarshalError naming the type. */
export function parseIntegerText(s: string, min: bigint, max: bigint, typeName: string): bigint {
  if (!INTEGER_TEXT.test(s)) throw new MarshalError(`${typeName}: unable to make an integer from '${s}'`);
  const v = BigInt(s);
  if (v < min || v > max) throw new MarshalError(`${typeName}: '${s}' is out of range [${min}, ${max}]`);
  return v;
}

/** Accepts a bigint, or a number that is a safe integer, within [min, max]. */
export function checkBigIntValue(value: unknown, min: bigint, max: bigint, typeName: string): bigint {
  let v: bigint;
  if (typeof value === 'bigint') v = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) v = BigInt(value);
  else throw new MarshalError(`${typeName}: expected a bigint, got ${describe(value)}`);
  if (v < min || v > max) throw new MarshalError(`${typeName}: ${v} is out of range [${min}, ${max}]`);
  return v;
}

/** Accepts a number that is an integer within [min, max]. */
export function checkIntValue(value: unknown, min: number, max: number, typeName: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new MarshalError(`${typeName}: expected an integer number, got ${describe(value)}`);
  }
  if (value < min || value > max) throw new MarshalError(`${typeName}: ${value} is out of range [${min}, ${max}]`);
  return value;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Buffer.isBuffer(value)) return 'a Buffer';
  if (value instanceof Date) return 'a Date';
  const t = typeof value;
  return t === 'object' ? 'an object' : `${t} ${String(value)}`;
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
