/**
 * The heartbeat arrival history of one endpoint, for phi accrual (Hayashibara et al., as Cassandra
 * simplifies it): the last `capacity` intervals between heartbeat arrivals, and when the last one
 * came. Cassandra assumes exponentially distributed arrivals, so
 *
 *   P(no heartbeat for t more) = e^(-t / mean)   and   phi = -log10(that) = (t / mean) / ln 10.
 *
 * `phiRaw` is t / mean; the detector multiplies by 1 / ln 10 (PHI_FACTOR) before comparing with
 * phi_convict_threshold.
 *
 * The first arrival records `initialIntervalMs` instead of an interval: erring high (slow to
 * convict) beats flapping before the real rate is known. Intervals above `maxIntervalMs` are not
 * recorded (a pause or partition should not teach the detector that gaps are normal).
 */
export class ArrivalWindow {
  private readonly intervals: Float64Array;
  private count = 0;
  private next = 0;
  private sum = 0;
  private lastMs: number | undefined;

  constructor(
    readonly capacity: number,
    readonly initialIntervalMs: number,
    readonly maxIntervalMs: number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`arrival window capacity must be a positive integer, got ${capacity}`);
    if (!(initialIntervalMs > 0)) throw new RangeError(`initial interval must be positive, got ${initialIntervalMs}`);
    this.intervals = new Float64Array(capacity);
  }

  /** Records a heartbeat arriving at `nowMs`; false when its interval was too long to keep. */
  add(nowMs: number): boolean {
    const last = this.lastMs;
    this.lastMs = nowMs;
    if (last === undefined) {
      this.push(this.initialIntervalMs);
      return true;
    }
    const interval = nowMs - last;
    if (interval > this.maxIntervalMs || interval < 0) return false;
    this.push(interval);
    return true;
  }

  get size(): number {
    return this.count;
  }

  get lastArrivalMs(): number | undefined {
    return this.lastMs;
  }

  mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  /** (now − last arrival) / mean interval; 0 before any arrival. */
  phiRaw(nowMs: number): number {
    const mean = this.mean();
    if (this.lastMs === undefined || mean <= 0) return 0;
    return Math.max(0, nowMs - this.lastMs) / mean;
  }

  private push(interval: number): void {
    if (this.count === this.capacity) this.sum -= this.intervals[this.next]!;
    else this.count++;
    this.intervals[this.next] = interval;
    this.sum += interval;
    this.next = (this.next + 1) % this.capacity;
  }
}
