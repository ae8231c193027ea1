/**
 * Helpers shared by the UUID types: reading the two 64-bit halves and the common 16-byte rules.
 */
import { MarshalError } from '../errors/index.js';
import { describe } from './integer-text.js';
import { uuidFromString, uuidToString } from './timeuuid.js';

export function msbOf(b: Buffer): bigint {
  return b.readBigUInt64BE(0);
}

export function lsbOf(b: Buffer): bigint {
  return b.readBigUInt64BE(8);
}

export function cmpBig(x: bigint, y: bigint): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Two 64-bit halves → 16 bytes. */
export function uuidFromHalves(msb: bigint, lsb: bigint): Buffer {
  const out = Buffer.allocUnsafe(16);
  out.writeBigUInt64BE(msb, 0);
  out.writeBigUInt64BE(lsb, 8);
  return out;
}

/** A UUID JS value (its text) → 16 bytes. */
export function decomposeUuid(value: unknown, typeName: string): Buffer {
  if (typeof value !== 'string') throw new MarshalError(`${typeName}: expected UUID text, got ${describe(value)}`);
  return uuidFromString(value);
}

export { uuidToString };
