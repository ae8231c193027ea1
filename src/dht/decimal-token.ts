import { MarshalError } from '../errors/index.js';

const DECIMAL = /^[+-]?[0-9]+$/;

/**
 * Parses a decimal token as Java's Long.parseLong / new BigInteger(s) accept it, checking it lies
 * in [min, max]. Used by the hash partitioners, whose tokens Cassandra prints in decimal.
 */
export function parseDecimalToken(s: string, min: bigint, max: bigint, partitioner: string): bigint {
  if (!DECIMAL.test(s)) {
    throw new MarshalError(`Invalid token for ${partitioner}: '${s}' is not an integer`);
  }
  const value = BigInt(s);
  if (value < min || value > max) {
    throw new MarshalError(`Invalid token for ${partitioner}: ${s} is outside [${min}, ${max}]`);
  }
  return value;
}
