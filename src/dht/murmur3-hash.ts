/**
 * MurmurHash3 x64_128 (seed 0) as Cassandra's Murmur3Partitioner computes it, so our tokens equal
 * Cassandra's for the same key. It differs from the reference MurmurHash3 in one place: Cassandra
 * reads the 1..15 tail bytes as signed Java bytes, so a tail byte >= 0x80 is sign-extended to 64
 * bits before it is shifted and xored in. That quirk is part of the on-disk and on-ring contract
 * and is replicated here on purpose.
 *
 * This runs on every write, so the 64-bit lanes are kept as (hi, lo) pairs of int32 in an
 * Int32Array and multiplied with Math.imul plus a 16-bit split for the high word; bigint appears
 * only when a caller asks for one.
 */

// Lane layout inside the state array: hi word at the index, lo word at index + 1.
const H1 = 0;
const H2 = 2;
const K = 4;
const STATE_WORDS = 6;

const C1_HI = 0x87c37b91 | 0;
const C1_LO = 0x114253d5;
const C2_HI = 0x4cf5ad43;
const C2_LO = 0x2745937f;
const FMIX1_HI = 0xff51afd7 | 0;
const FMIX1_LO = 0xed558ccd | 0;
const FMIX2_HI = 0xc4ceb9fe | 0;
const FMIX2_LO = 0x1a85ec53;
const H1_ADD = 0x52dce729;
const H2_ADD = 0x38495ab5;

/** High 32 bits of the unsigned 64-bit product of two 32-bit words (16-bit halves keep it exact). */
function umulhi32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const m1 = a1 * b0 + ((a0 * b0) >>> 16);
  const m2 = a0 * b1 + (m1 & 0xffff);
  return (a1 * b1 + (m1 >>> 16) + (m2 >>> 16)) | 0;
}

/** High word of the low 64 bits of (ah:al) * (bh:bl); the low word is Math.imul(al, bl). */
function mulHi(ah: number, al: number, bh: number, bl: number): number {
  return (Math.imul(ah, bl) + Math.imul(al, bh) + umulhi32(al, bl)) | 0;
}

/** High word of (ah:al) + (bh:bl); the low word is (al + bl) | 0. */
function addHi(ah: number, al: number, bh: number, bl: number): number {
  return (ah + bh + ((al >>> 0) + (bl >>> 0) > 0xffffffff ? 1 : 0)) | 0;
}

function readLe32(data: Uint8Array, i: number): number {
  return data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
}

/** lane(at) ^= rotl(k * a, rot) * b, with k in the K lane and rot 31 or 33. */
function mixKey(s: Int32Array, at: number, aHi: number, aLo: number, rot: 31 | 33, bHi: number, bLo: number): void {
  const kh = s[K]!;
  const kl = s[K + 1]!;
  const h = mulHi(kh, kl, aHi, aLo);
  const l = Math.imul(kl, aLo);
  const rh = rot === 31 ? (h << 31) | (l >>> 1) : (l << 1) | (h >>> 31);
  const rl = rot === 31 ? (l << 31) | (h >>> 1) : (h << 1) | (l >>> 31);
  s[at] = s[at]! ^ mulHi(rh, rl, bHi, bLo);
  s[at + 1] = s[at + 1]! ^ Math.imul(rl, bLo);
}

/** lane(at) = (rotl(lane(at), rot) + lane(other)) * 5 + add, for rot 27 or 31. */
function mixLane(s: Int32Array, at: number, other: number, rot: number, add: number): void {
  const h = s[at]!;
  const l = s[at + 1]!;
  const xh = (h << rot) | (l >>> (32 - rot));
  const xl = (l << rot) | (h >>> (32 - rot));
  const oh = s[other]!;
  const ol = s[other + 1]!;
  const sh = addHi(xh, xl, oh, ol);
  const sl = (xl + ol) | 0;
  const mh = mulHi(sh, sl, 0, 5);
  const ml = Math.imul(sl, 5);
  s[at] = addHi(mh, ml, 0, add);
  s[at + 1] = (ml + add) | 0;
}

/** lane(at) += lane(other). */
function addLane(s: Int32Array, at: number, other: number): void {
  const al = s[at + 1]!;
  const bl = s[other + 1]!;
  s[at] = addHi(s[at]!, al, s[other]!, bl);
  s[at + 1] = (al + bl) | 0;
}

/** The 64-bit finaliser; `k >>> 33` touches only the low word, as hi >>> 1. */
function fmix(s: Int32Array, at: number): void {
  let h = s[at]!;
  let l = s[at + 1]! ^ (h >>> 1);
  const mh = mulHi(h, l, FMIX1_HI, FMIX1_LO);
  const ml = Math.imul(l, FMIX1_LO) ^ (mh >>> 1);
  h = mulHi(mh, ml, FMIX2_HI, FMIX2_LO);
  l = Math.imul(ml, FMIX2_LO) ^ (h >>> 1);
  s[at] = h;
  s[at + 1] = l;
}

/**
 * Loads `count` (1..8) tail bytes little-endian into the K lane, each sign-extended like Java's
 * `(long) byteBuffer.get(i)`: a byte >= 0x80 also sets every bit above it.
 */
function loadTail(s: Int32Array, data: Uint8Array, from: number, count: number): void {
  let hi = 0;
  let lo = 0;
  for (let j = 0; j < count; j++) {
    const b = data[from + j]!;
    const shift = j * 8;
    const negative = (b & 0x80) !== 0;
    if (shift < 32) {
      lo ^= b << shift;
      if (negative) {
        if (shift + 8 < 32) lo ^= -1 << (shift + 8);
        hi ^= -1;
      }
    } else {
      hi ^= b << (shift - 32);
      if (negative && shift - 24 < 32) hi ^= -1 << (shift - 24);
    }
  }
  s[K] = hi;
  s[K + 1] = lo;
}

/**
 * A reusable hasher. It keeps its scratch lanes between calls (no allocation per key), so one
 * instance must not be shared by code that could re-enter it; hashing is synchronous, so a
 * partitioner instance owning one is safe.
 */
export class Murmur3Hasher {
  private readonly s = new Int32Array(STATE_WORDS);

  /** Hashes `data[start, start + length)`; read the result with the accessors below. */
  hash(data: Uint8Array, start: number, length: number): this {
    const s = this.s;
    s.fill(0);
    const blocksEnd = start + (length & ~15);
    for (let i = start; i < blocksEnd; i += 16) {
      s[K] = readLe32(data, i + 4);
      s[K + 1] = readLe32(data, i);
      mixKey(s, H1, C1_HI, C1_LO, 31, C2_HI, C2_LO);
      mixLane(s, H1, H2, 27, H1_ADD);
      s[K] = readLe32(data, i + 12);
      s[K + 1] = readLe32(data, i + 8);
      mixKey(s, H2, C2_HI, C2_LO, 33, C1_HI, C1_LO);
      mixLane(s, H2, H1, 31, H2_ADD);
    }
    const rest = length & 15;
    if (rest > 8) {
      loadTail(s, data, blocksEnd + 8, rest - 8);
      mixKey(s, H2, C2_HI, C2_LO, 33, C1_HI, C1_LO);
    }
    if (rest > 0) {
      loadTail(s, data, blocksEnd, Math.min(rest, 8));
      mixKey(s, H1, C1_HI, C1_LO, 31, C2_HI, C2_LO);
    }
    this.finish(length);
    return this;
  }

  private finish(length: number): void {
    const s = this.s;
    // Java xors the int length into a long: non-negative, so only the low word changes.
    s[H1 + 1] = s[H1 + 1]! ^ length;
    s[H2 + 1] = s[H2 + 1]! ^ length;
    addLane(s, H1, H2);
    addLane(s, H2, H1);
    fmix(s, H1);
    fmix(s, H2);
    addLane(s, H1, H2);
    addLane(s, H2, H1);
  }

  /** High word (signed) of the first 64-bit half, the one Murmur3Partitioner uses as the token. */
  get h1Hi(): number {
    return this.s[H1]!;
  }
  /** Low word of the first half. */
  get h1Lo(): number {
    return this.s[H1 + 1]!;
  }

  /** Both 64-bit halves as signed longs (Java's `long[2]`), for tests and tools. */
  halves(): [bigint, bigint] {
    const s = this.s;
    return [toInt64(s[H1]!, s[H1 + 1]!), toInt64(s[H2]!, s[H2 + 1]!)];
  }
}

/** The signed 64-bit integer whose words are `hi` (signed) and `lo`. */
export function toInt64(hi: number, lo: number): bigint {
  return (BigInt(hi | 0) << 32n) | BigInt(lo >>> 0);
}

/** Cassandra's `MurmurHash.hash3_x64_128(key, 0, len, seed 0)`, both halves as signed longs. */
export function murmur3Hash128(key: Uint8Array): [bigint, bigint] {
  return new Murmur3Hasher().hash(key, 0, key.length).halves();
}
