/**
 * nodetool gcstats' figures (Cassandra's GCInspector: collections and their elapsed times since
 * the previous gcstats, which resets them): Node's garbage collections as perf_hooks reports them
 * ('gc' performance entries, one per pause). Memory reclaimed is not reported by V8's entries
 * (null: printed NaN); "direct memory" is Node's memory outside the heap held by ArrayBuffers.
 * The observer runs from `start()` to `stop()`; the figures kept are a count and three sums.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import type { Env } from '../../env/index.js';

export interface GcStatsReport {
  readonly intervalMs: number;
  readonly maxGcElapsedMs: number;
  readonly totalGcElapsedMs: number;
  readonly stdevGcElapsedMs: number | null;
  readonly gcReclaimedMb: null;
  readonly collections: number;
  readonly directMemoryBytes: number;
}

export class GcStats {
  private observer: PerformanceObserver | undefined;
  private sinceMs: number;
  private count = 0;
  private totalMs = 0;
  private squaresMs = 0;
  private maxMs = 0;

  constructor(private readonly env: Env) {
    this.sinceMs = env.clock.nowMs();
  }

  start(): void {
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        this.count++;
        this.totalMs += e.duration;
        this.squaresMs += e.duration * e.duration;
        this.maxMs = Math.max(this.maxMs, e.duration);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop(): void {
    this.observer?.disconnect();
  }

  /** The figures since the previous report (or start), then starts a new interval. */
  report(): GcStatsReport {
    const now = this.env.clock.nowMs();
    const mean = this.count === 0 ? 0 : this.totalMs / this.count;
    const r: GcStatsReport = {
      intervalMs: now - this.sinceMs,
      maxGcElapsedMs: this.maxMs,
      totalGcElapsedMs: this.totalMs,
      stdevGcElapsedMs: this.count === 0 ? null : Math.sqrt(Math.max(0, this.squaresMs / this.count - mean * mean)),
      gcReclaimedMb: null,
      collections: this.count,
      directMemoryBytes: process.memoryUsage().arrayBuffers,
    };
    this.sinceMs = now;
    this.count = 0;
    this.totalMs = 0;
    this.squaresMs = 0;
    this.maxMs = 0;
    return r;
  }
}
