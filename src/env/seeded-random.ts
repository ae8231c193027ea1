import type { Random } from './env.js';

const TWO_POW_32 = 2 ** 32;
const TWO_POW_21 = 2 ** 21;
const WARM_UP_ROUNDS = 15;

/** splitmix32: spreads an arbitrary seed word over the generator's four words. */
function splitmix32(state: { x: number }): number {
  state.x = (state.x + 0x9e3779b9) | 0;
  let z = state.x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A seeded, reproducible PRNG (sfc32, Chris Doty-Humphrey's small fast chaotic generator) for the
 * simulator: one seed replays a whole run. Not for anything secret.
 */
export class SeededRandom implements Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `seed`: any safe integer; both its 32-bit halves matter. */
  constructor(readonly seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${seed}`);
    const state = { x: (seed >>> 0) ^ Math.imul(Math.floor(seed / TWO_POW_32) | 0, 0x27d4eb2d) };
    this.a = splitmix32(state);
    this.b = splitmix32(state);
    this.c = splitmix32(state);
    this.d = 1;
    for (let i = 0; i < WARM_UP_ROUNDS; i++) this.nextUint32();
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1) with 53 random bits, like Math.random(). */
  next(): number {
    const hi = this.nextUint32() >>> 11; // 21 bits
    const lo = this.nextUint32(); // 32 bits
    return (hi * TWO_POW_32 + lo) / (TWO_POW_21 * TWO_POW_32);
  }

  /** Uniform integer in [0, n), without modulo bias; n a positive safe integer. */
  int(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`int(n) needs a positive safe integer, got ${n}`);
    if (n > TWO_POW_32) return Math.floor(this.next() * n);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return x % n;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  bytes(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i += 4) {
      const x = this.nextUint32();
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (x >>> (8 * j)) & 0xff;
    }
    return out;
  }

  /** An independent stream derived from this one (e.g. one per simulated node). */
  fork(): SeededRandom {
    return new SeededRandom(this.int(Number.MAX_SAFE_INTEGER));
  }
}
