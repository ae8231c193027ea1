import { hash } from 'node:crypto';
import type { Random } from '../env/env.js';
import { MarshalError } from '../errors/index.js';
import type { DecoratedKey } from './decorated-key.js';
import { checkPositionWidth, fixedWidthEndBound, fixedWidthStartBound } from './fixed-width-bounds.js';
import { parseDecimalToken } from './decimal-token.js';
import type { Partitioner } from './partitioner.js';
import type { PositionBound } from './position-bound.js';
import { ringMidpoint } from './ring-midpoint.js';
import { compareBigints } from './token.js';

const MIN = -1n;
const MAX = 2n ** 127n;
const SIGN_128 = 2n ** 127n;
const RING_128 = 2n ** 128n;
const MASK_64 = 2n ** 64n - 1n;
/** Tokens span -1..2^127; stored as token + 1, which fits 16 unsigned big-endian bytes. */
const TOKEN_BYTES = 16;

/** |MD5(bytes) read as a signed 128-bit big-endian integer| — Java's new BigInteger(md5).abs(). */
function absSigned128(digest: Buffer): bigint {
  const unsigned = (digest.readBigUInt64BE(0) << 64n) | digest.readBigUInt64BE(8);
  return unsigned >= SIGN_128 ? RING_128 - unsigned : unsigned;
}

/**
 * Cassandra's original hash partitioner: token = abs(MD5(key)) in 0..2^127. The minimum token is
 * -1, below every real token; the empty key maps to it.
 *
 * Position grammar: (token + 1) as 16 bytes big-endian ‖ key bytes.
 */
export class RandomPartitioner implements Partitioner<bigint> {
  readonly name = 'RandomPartitioner';
  readonly fullName = 'org.apache.cassandra.dht.RandomPartitioner';
  readonly preservesOrder = false;

  token(key: Buffer): bigint {
    if (key.length === 0) return MIN;
    // One-shot crypto.hash skips the Hash object: ~35% faster than createHash on short keys.
    return absSigned128(hash('md5', key, 'buffer'));
  }

  decorate(key: Buffer): DecoratedKey<bigint> {
    const token = this.token(key);
    const position = Buffer.allocUnsafe(TOKEN_BYTES + key.length);
    this.writeTokenBytes(token, position);
    key.copy(position, TOKEN_BYTES);
    return { key, token, position };
  }

  keyFromPosition(position: Buffer): Buffer {
    checkPositionWidth(position, TOKEN_BYTES);
    return position.subarray(TOKEN_BYTES);
  }

  tokenFromPosition(position: Buffer): bigint {
    checkPositionWidth(position, TOKEN_BYTES);
    return ((position.readBigUInt64BE(0) << 64n) | position.readBigUInt64BE(8)) - 1n;
  }

  compareTokens(a: bigint, b: bigint): number {
    return compareBigints(a, b);
  }

  minimumToken(): bigint {
    return MIN;
  }

  isMinimum(t: bigint): boolean {
    return t === MIN;
  }

  tokenToString(t: bigint): string {
    return t.toString();
  }

  tokenFromString(s: string): bigint {
    return parseDecimalToken(s, MIN, MAX, this.name);
  }

  tokenToBytes(t: bigint): Buffer {
    const out = Buffer.allocUnsafe(TOKEN_BYTES);
    this.writeTokenBytes(t, out);
    return out;
  }

  tokenFromBytes(b: Buffer): bigint {
    if (b.length !== TOKEN_BYTES) throw new MarshalError(`${this.name} token bytes must be 16 long, got ${b.length}`);
    const t = this.tokenFromPosition(b);
    if (t > MAX) throw new MarshalError(`${this.name} token ${t} is above 2^127`);
    return t;
  }

  /** As Cassandra: the minimum counts as zero, and the ring has 2^127 points. */
  midpoint(left: bigint, right: bigint): bigint {
    const l = left === MIN ? 0n : left;
    const r = right === MIN ? 0n : right;
    return ringMidpoint(l, r, MAX).midpoint;
  }

  randomToken(random: Random): bigint {
    return absSigned128(random.bytes(16));
  }

  tokenStartBound(t: bigint): PositionBound {
    return fixedWidthStartBound(this.tokenToBytes(t));
  }

  tokenEndBound(t: bigint): PositionBound | null {
    return fixedWidthEndBound(this.tokenToBytes(t));
  }

  private writeTokenBytes(t: bigint, out: Buffer): void {
    if (t < MIN || t > MAX) throw new MarshalError(`${this.name} token ${t} is outside [-1, 2^127]`);
    const shifted = t + 1n;
    out.writeBigUInt64BE(shifted >> 64n, 0);
    out.writeBigUInt64BE(shifted & MASK_64, 8);
  }
}
