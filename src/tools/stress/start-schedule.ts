/**
 * When each operation should start under `--rate` (a scheduled-start limiter). Operation i of a
 * run is due at i / rate seconds after the start; a worker waits until then, and its latency is
 * measured from that intended start, not from when the request actually went out. A server that
 * stalls therefore shows its stall in every operation queued behind it (no coordinated omission):
 * late operations start at once, and their latency includes the time they waited for their turn.
 * Unthrottled (rate 0) an operation is due whenever a worker is free to take it.
 */
export class StartSchedule {
  private readonly intervalNs: number;

  /** `ratePerSec`: target operations per second; 0 for none. */
  constructor(readonly ratePerSec: number) {
    if (!(ratePerSec >= 0) || !Number.isFinite(ratePerSec)) throw new RangeError(`rate must be 0 or more, got ${ratePerSec}`);
    this.intervalNs = ratePerSec === 0 ? 0 : 1e9 / ratePerSec;
  }

  get throttled(): boolean {
    return this.ratePerSec > 0;
  }

  /** Nanoseconds after the run's start at which operation `i` (from 0) is due; undefined unthrottled. */
  dueNs(i: number): number | undefined {
    return this.throttled ? i * this.intervalNs : undefined;
  }

  /** How long a worker at `nowNs` (since the start) waits before operation `i`: 0 when it is late. */
  waitNs(i: number, nowNs: number): number {
    const due = this.dueNs(i);
    return due === undefined ? 0 : Math.max(0, due - nowNs);
  }

  /**
   * The instant latency is measured from: the due time when the operation started late (the wait
   * for its turn is part of its latency); its actual start when unthrottled, or when a worker went
   * early (by less than a timer tick, rather than sleep for it).
   */
  measureFromNs(i: number, actualStartNs: number): number {
    return Math.min(this.dueNs(i) ?? actualStartNs, actualStartNs);
  }
}
