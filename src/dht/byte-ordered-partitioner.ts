import type { Random } from '../env/env.js';
import { MarshalError } from '../errors/index.js';
import { KeyOrderedPartitioner } from './key-ordered-partitioner.js';
import { ringMidpoint } from './ring-midpoint.js';

const HEX = /^[0-9a-fA-F]*$/;
const RANDOM_TOKEN_BYTES = 16;

/** The bytes as an unsigned integer of `width` bytes, zero-padded on the right. */
function bytesToBig(b: Buffer, width: number): bigint {
  let v = 0n;
  for (let i = 0; i < width; i++) v = (v << 8n) | BigInt(i < b.length ? b[i]! : 0);
  return v;
}

/** `width` big-endian bytes of `v`, plus a 0x80 byte when a halving dropped an odd bit. */
function bigToBytes(v: bigint, width: number, remainder: boolean): Buffer {
  const out = Buffer.alloc(width + (remainder ? 1 : 0));
  for (let i = width - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (remainder) out[width] = 0x80;
  return out;
}

/**
 * Token = the raw key bytes; keys sort as unsigned bytes, so key-range scans work on the ring
 * (the articles' `:start => '10050', :finish => '10070'`). Tokens print as lowercase hex.
 */
export class ByteOrderedPartitioner extends KeyOrderedPartitioner {
  readonly name = 'ByteOrderedPartitioner';
  readonly fullName = 'org.apache.cassandra.dht.ByteOrderedPartitioner';

  protected checkKey(): void {
    // Every byte string is a valid token.
  }

  tokenToString(t: Buffer): string {
    return t.toString('hex');
  }

  /** Hex, an odd digit count read as if a leading 0 were there (as Cassandra does). */
  tokenFromString(s: string): Buffer {
    if (!HEX.test(s)) throw new MarshalError(`Invalid token for ${this.name}: '${s}' contains non-hex digits`);
    return Buffer.from(s.length % 2 === 1 ? `0${s}` : s, 'hex');
  }

  /**
   * Cassandra's: both tokens as integers of the longer one's width; an odd half adds a 0x80 byte.
   * Tokens that differ only by trailing zeros ('a', 'a\0') pad to the same integer and are split
   * as if equal (the whole ring) — there is no token strictly between them anyway.
   */
  midpoint(left: Buffer, right: Buffer): Buffer {
    const width = Math.max(left.length, right.length);
    const { midpoint, remainder } = ringMidpoint(
      bytesToBig(left, width),
      bytesToBig(right, width),
      1n << BigInt(8 * width),
    );
    return bigToBytes(midpoint, width, remainder);
  }

  randomToken(random: Random): Buffer {
    return random.bytes(RANDOM_TOKEN_BYTES);
  }
}
