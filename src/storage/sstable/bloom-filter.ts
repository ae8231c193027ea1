import { ByteReader } from '../../util/byte-reader.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { bloomBitsMax, bloomHashCountMax } from './limits.js';
import { murmur3x86_32 } from './murmur3.js';

/**
 * A bloom filter over partition positions: "absent" is certain, "present" is likely.
 *
 * Hashing (part of the format, never change): h1 = murmur3x86_32(position, SEED_1),
 * h2 = murmur3x86_32(position, SEED_2) | 1; probe i (0 ≤ i < hashCount) sets or tests bit
 * (h1 + i·h2) mod bitCount (double hashing, Kirsch–Mitzenmacher). Bit b lives in byte b >> 3
 * under mask 1 << (b & 7).
 *
 * Filter.db body (inside the component envelope of `component-io.ts`, magic "ILBF"):
 *
 *   filter = hashCount:u8 bitCount:u32 bits:byte{bitCount / 8}
 *
 * bitCount is a positive multiple of 64.
 */
export const filterMagic = 'ILBF';
export const filterVersion = 1;

const SEED_1 = 0x9747b28c;
const SEED_2 = 0x5bd1e995;

export class BloomFilter {
  private constructor(
    readonly hashCount: number,
    readonly bitCount: number,
    private readonly bits: Buffer,
  ) {}

  /** Sized for `expectedKeys` at false-positive probability `fpChance`. */
  static create(expectedKeys: number, fpChance: number): BloomFilter {
    if (!(fpChance > 0 && fpChance < 1)) throw new RangeError(`fpChance must be in (0, 1): ${fpChance}`);
    const keys = Math.max(1, Math.floor(expectedKeys));
    const bitsPerKey = -Math.log(fpChance) / (Math.LN2 * Math.LN2);
    const wanted = Math.ceil((keys * bitsPerKey) / 64) * 64;
    const bitCount = Math.min(bloomBitsMax, Math.max(64, wanted));
    const hashCount = Math.min(bloomHashCountMax, Math.max(1, Math.round(bitsPerKey * Math.LN2)));
    return new BloomFilter(hashCount, bitCount, Buffer.alloc(bitCount / 8));
  }

  add(position: Uint8Array): void {
    const h1 = murmur3x86_32(position, SEED_1);
    const h2 = (murmur3x86_32(position, SEED_2) | 1) >>> 0;
    const m = this.bitCount;
    for (let i = 0; i < this.hashCount; i++) {
      const b = (h1 + i * h2) % m;
      this.bits[b >>> 3] = this.bits[b >>> 3]! | (1 << (b & 7));
    }
  }

  mayContain(position: Uint8Array): boolean {
    const h1 = murmur3x86_32(position, SEED_1);
    const h2 = (murmur3x86_32(position, SEED_2) | 1) >>> 0;
    const m = this.bitCount;
    for (let i = 0; i < this.hashCount; i++) {
      const b = (h1 + i * h2) % m;
      if ((this.bits[b >>> 3]! & (1 << (b & 7))) === 0) return false;
    }
    return true;
  }

  get sizeBytes(): number {
    return this.bits.length;
  }

  encode(w: ByteWriter): void {
    w.u8(this.hashCount).u32(this.bitCount).bytes(this.bits);
  }

  /** Throws RangeError on a malformed body; the caller names the file. */
  static decode(r: ByteReader): BloomFilter {
    const hashCount = r.u8();
    const bitCount = r.u32();
    if (hashCount < 1 || hashCount > bloomHashCountMax) throw new RangeError(`bad hash count ${hashCount}`);
    if (bitCount < 64 || bitCount % 64 !== 0 || bitCount > bloomBitsMax) throw new RangeError(`bad bit count ${bitCount}`);
    return new BloomFilter(hashCount, bitCount, r.bytes(bitCount / 8));
  }
}
