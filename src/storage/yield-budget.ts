import type { Env } from '../env/index.js';

/**
 * Keeps background work (flush, compaction) from starving client requests: `tick()` is called
 * per unit of work and yields to the event loop once `sliceMs` of CPU has passed, and sleeps as
 * needed to stay under `bytesPerSec` (0 = no throughput limit).
 */
export class YieldBudget {
  private sliceStartNs: bigint;
  private readonly startNs: bigint;
  private bytes = 0;

  constructor(
    private readonly env: Env,
    private readonly bytesPerSec = 0,
    private readonly sliceMs = 5,
  ) {
    this.startNs = env.clock.monotonicNs();
    this.sliceStartNs = this.startNs;
  }

  async tick(bytesDone: number): Promise<void> {
    this.bytes += bytesDone;
    const now = this.env.clock.monotonicNs();
    if (this.bytesPerSec > 0) {
      const dueMs = (this.bytes / this.bytesPerSec) * 1000;
      const elapsedMs = Number(now - this.startNs) / 1e6;
      if (dueMs > elapsedMs + 1) {
        await sleep(this.env, dueMs - elapsedMs);
        this.sliceStartNs = this.env.clock.monotonicNs();
        return;
      }
    }
    if (Number(now - this.sliceStartNs) / 1e6 >= this.sliceMs) {
      await new Promise<void>((resolve) => this.env.timers.setImmediate(resolve));
      this.sliceStartNs = this.env.clock.monotonicNs();
    }
  }
}

export function sleep(env: Env, ms: number): Promise<void> {
  return new Promise((resolve) => env.timers.setTimeout(resolve, ms));
}
