import type { Random } from '../env/env.js';
import { MarshalError } from '../errors/index.js';
import type { DecoratedKey } from './decorated-key.js';
import { checkPositionWidth, fixedWidthEndBound, fixedWidthStartBound } from './fixed-width-bounds.js';
import { parseDecimalToken } from './decimal-token.js';
import { Murmur3Hasher, toInt64 } from './murmur3-hash.js';
import type { Partitioner } from './partitioner.js';
import type { PositionBound } from './position-bound.js';
import { compareBigints } from './token.js';

const MIN = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;
const SIGN_BIT_64 = 2n ** 63n;
const MIN_HI = 0x80000000 | 0;
const MAX_HI = 0x7fffffff;
/** Token bytes are the 8-byte big-endian long with its sign bit flipped, so they sort unsigned. */
const TOKEN_BYTES = 8;

/**
 * Cassandra's default partitioner: token = first half of MurmurHash3 x64_128 of the key, as a
 * signed long. Long.MIN_VALUE is reserved as the minimum token (only the empty key maps to it;
 * a hash equal to it becomes Long.MAX_VALUE), so (MIN, x] always means "every key up to x".
 *
 * Position grammar: token bytes (8, sign bit flipped) ‖ key bytes.
 */
export class Murmur3Partitioner implements Partitioner<bigint> {
  readonly name = 'Murmur3Partitioner';
  readonly fullName = 'org.apache.cassandra.dht.Murmur3Partitioner';
  readonly preservesOrder = false;
  private readonly hasher = new Murmur3Hasher();

  token(key: Buffer): bigint {
    if (key.length === 0) return MIN;
    const h = this.hasher.hash(key, 0, key.length);
    if (h.h1Hi === MIN_HI && h.h1Lo === 0) return MAX;
    return toInt64(h.h1Hi, h.h1Lo);
  }

  decorate(key: Buffer): DecoratedKey<bigint> {
    const position = this.position(key);
    return { key, token: this.tokenFromPosition(position), position };
  }

  /** `decorate(key).position` without making the token (a BigInt): the storage engine's key lookups. */
  position(key: Buffer): Buffer {
    let hi = MIN_HI;
    let lo = 0;
    if (key.length > 0) {
      const h = this.hasher.hash(key, 0, key.length);
      hi = h.h1Hi;
      lo = h.h1Lo;
      if (hi === MIN_HI && lo === 0) {
        hi = MAX_HI;
        lo = -1;
      }
    }
    const position = Buffer.allocUnsafe(TOKEN_BYTES + key.length);
    position.writeUInt32BE((hi ^ MIN_HI) >>> 0, 0);
    position.writeUInt32BE(lo >>> 0, 4);
    key.copy(position, TOKEN_BYTES);
    return position;
  }

  keyFromPosition(position: Buffer): Buffer {
    checkPositionWidth(position, TOKEN_BYTES);
    return position.subarray(TOKEN_BYTES);
  }

  tokenFromPosition(position: Buffer): bigint {
    checkPositionWidth(position, TOKEN_BYTES);
    return BigInt.asIntN(64, position.readBigUInt64BE(0) ^ SIGN_BIT_64);
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
    out.writeBigUInt64BE(BigInt.asUintN(64, t) ^ SIGN_BIT_64);
    return out;
  }

  tokenFromBytes(b: Buffer): bigint {
    if (b.length !== TOKEN_BYTES) throw new MarshalError(`${this.name} token bytes must be 8 long, got ${b.length}`);
    return this.tokenFromPosition(b);
  }

  /** Cassandra's arithmetic: the plain average, or halfway along the wrap past MAX back to MIN. */
  midpoint(left: bigint, right: bigint): bigint {
    if (left < right) return (left + right) >> 1n;
    let mid = (MAX - MIN + left + right) >> 1n;
    if (mid > MAX) mid = MIN + (mid - MAX);
    return BigInt.asIntN(64, mid);
  }

  randomToken(random: Random): bigint {
    const t = random.bytes(TOKEN_BYTES).readBigInt64BE(0);
    return t === MIN ? MAX : t;
  }

  tokenStartBound(t: bigint): PositionBound {
    return fixedWidthStartBound(this.tokenToBytes(t));
  }

  tokenEndBound(t: bigint): PositionBound | null {
    return fixedWidthEndBound(this.tokenToBytes(t));
  }
}
