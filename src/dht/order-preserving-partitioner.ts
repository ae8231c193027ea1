import { isUtf8 } from 'node:buffer';
import type { Random } from '../env/env.js';
import { MarshalError } from '../errors/index.js';
import { KeyOrderedPartitioner } from './key-ordered-partitioner.js';
import { ringMidpoint } from './ring-midpoint.js';

const RANDOM_TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const RANDOM_TOKEN_LENGTH = 16;
// Unicode scalar values (code points minus the surrogates) numbered densely, so that digit order
// is code point order, which is UTF-8 byte order.
const SURROGATES_START = 0xd800;
const SURROGATES_COUNT = 0x800;
const SCALAR_COUNT = 0x110000 - SURROGATES_COUNT;

function scalarDigits(b: Buffer): number[] {
  const digits: number[] = [];
  for (const ch of b.toString('utf8')) {
    const cp = ch.codePointAt(0)!;
    digits.push(cp < SURROGATES_START ? cp : cp - SURROGATES_COUNT);
  }
  return digits;
}

function digitsToBig(digits: number[], width: number): bigint {
  const base = BigInt(SCALAR_COUNT);
  let v = 0n;
  for (let i = 0; i < width; i++) v = v * base + BigInt(digits[i] ?? 0);
  return v;
}

function bigToString(v: bigint, width: number, remainder: boolean): string {
  const base = BigInt(SCALAR_COUNT);
  const digits = new Array<number>(width);
  for (let i = width - 1; i >= 0; i--) {
    digits[i] = Number(v % base);
    v /= base;
  }
  if (remainder) digits.push(SCALAR_COUNT >> 1);
  return String.fromCodePoint(...digits.map((d) => (d < SURROGATES_START ? d : d + SURROGATES_COUNT)));
}

/**
 * Token = the key as a UTF-8 string; keys must be valid UTF-8 (MarshalError otherwise). Tokens
 * compare as UTF-8 bytes, i.e. by code point. Cassandra compares Java strings (UTF-16 units),
 * which differs only between U+E000..U+FFFF and supplementary characters; we keep byte order so
 * that a token is its key and positions need no re-encoding.
 */
export class OrderPreservingPartitioner extends KeyOrderedPartitioner {
  readonly name = 'OrderPreservingPartitioner';
  readonly fullName = 'org.apache.cassandra.dht.OrderPreservingPartitioner';

  protected checkKey(key: Buffer): void {
    if (!isUtf8(key)) throw new MarshalError(`${this.name} requires UTF-8 keys; got 0x${key.toString('hex')}`);
  }

  tokenToString(t: Buffer): string {
    return t.toString('utf8');
  }

  tokenFromString(s: string): Buffer {
    const bytes = Buffer.from(s, 'utf8');
    // A lone surrogate would silently become U+FFFD; the round trip catches it.
    if (bytes.toString('utf8') !== s) throw new MarshalError(`Invalid token for ${this.name}: lone surrogate in '${s}'`);
    return bytes;
  }

  /**
   * Like Cassandra's (which halves UTF-16 units), but over scalar values so the result is always
   * valid UTF-8 and lies between the two tokens in byte order.
   */
  midpoint(left: Buffer, right: Buffer): Buffer {
    const l = scalarDigits(left);
    const r = scalarDigits(right);
    const width = Math.max(l.length, r.length);
    const modulus = BigInt(SCALAR_COUNT) ** BigInt(width);
    const { midpoint, remainder } = ringMidpoint(digitsToBig(l, width), digitsToBig(r, width), modulus);
    return Buffer.from(bigToString(midpoint, width, remainder), 'utf8');
  }

  randomToken(random: Random): Buffer {
    let s = '';
    for (let i = 0; i < RANDOM_TOKEN_LENGTH; i++) {
      s += RANDOM_TOKEN_CHARS[Math.floor(random.next() * RANDOM_TOKEN_CHARS.length)];
    }
    return Buffer.from(s, 'utf8');
  }
}
