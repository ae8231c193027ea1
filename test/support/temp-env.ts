import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Env, createRealEnv } from '../../src/env/index.js';

/** A wall clock tests move by hand (TTL expiry, gc_grace), over the real monotonic clock. */
export class ManualClock {
  offsetMs = 0;
  constructor(private readonly baseMs = Date.now()) {}
  nowMs(): number {
    return this.baseMs + this.offsetMs;
  }
  nowMicros(): bigint {
    return BigInt(this.nowMs()) * 1000n;
  }
  monotonicNs(): bigint {
    return process.hrtime.bigint();
  }
  advanceSeconds(s: number): void {
    this.offsetMs += s * 1000;
  }
}

/** The real env (files, timers) with a manual wall clock, plus a fresh temporary directory. */
export function tempEnv(prefix = 'ilium-test-'): { env: Env; clock: ManualClock; dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const clock = new ManualClock();
  const env: Env = { ...createRealEnv(), clock };
  return { env, clock, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Order-preserving decorator for tests that don't need a real partitioner: position = key. */
export const BYTE_ORDER = { decorate: (key: Buffer) => ({ position: key }) };

/** A small seeded PRNG (xorshift32) so failing runs can be replayed by seed. */
export class TestRandom {
  private s: number;
  constructor(readonly seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s / 0x100000000;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}
