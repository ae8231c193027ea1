import type { Clock } from './env.js';

/** 2023-11-14T22:13:20Z: a fixed, unremarkable start so simulated timestamps look real. */
export const SIM_EPOCH_MS = 1_700_000_000_000;

/**
 * Simulated time. It moves only when told (normally by `SimTimers` running the next timer), so a
 * run is reproducible. Kept in integer microseconds, the finest unit Ilium reads.
 */
export class SimClock implements Clock {
  private nowUs: number;
  private readonly originUs: number;

  constructor(startMs: number = SIM_EPOCH_MS) {
    this.nowUs = Math.round(startMs * 1000);
    this.originUs = this.nowUs;
  }

  nowMs(): number {
    return Math.floor(this.nowUs / 1000);
  }

  nowMicros(): bigint {
    return BigInt(this.nowUs);
  }

  monotonicNs(): bigint {
    return BigInt(this.nowUs - this.originUs) * 1000n;
  }

  /** Current time in microseconds, as a number (for the scheduler). */
  get micros(): number {
    return this.nowUs;
  }

  /** Moves time forward to `us`; never backwards (a monotonic clock must not regress). */
  advanceToMicros(us: number): void {
    if (us > this.nowUs) this.nowUs = Math.round(us);
  }

  advanceMs(ms: number): void {
    if (ms < 0) throw new RangeError(`cannot move time backwards by ${ms} ms`);
    this.advanceToMicros(this.nowUs + ms * 1000);
  }

  /**
   * A view of this clock whose wall time is off by `offsetMs` (a node with a skewed clock);
   * monotonic time is shared, since skew does not change how fast time passes.
   */
  skewed(offsetMs: number): Clock {
    const offsetUs = Math.round(offsetMs * 1000);
    return {
      nowMs: () => Math.floor((this.nowUs + offsetUs) / 1000),
      nowMicros: () => BigInt(this.nowUs + offsetUs),
      monotonicNs: () => this.monotonicNs(),
    };
  }
}
