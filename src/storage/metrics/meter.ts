/**
 * Events per second over the last five minutes, as an exponentially weighted moving average ticked
 * every 5 s (what Cassandra's metrics report as `FiveMinuteRate`: the Dropwizard Meter, whose ticks
 * happen lazily when the meter is marked or read; checked in apache/cassandra's use of
 * com.codahale.metrics.Meter in metrics/LatencyMetrics and TableMetricTables' `per_second`).
 * The caller passes a monotonic time in nanoseconds; nothing here reads a clock.
 */
const TICK_NS = 5e9;
const TICK_SECONDS = 5;
/** 1 - e^(-5 s / 5 min): the weight of one tick's rate in the five-minute average. */
const ALPHA = 1 - Math.exp(-TICK_SECONDS / 60 / 5);

export class Meter {
  private uncounted = 0;
  private rate = 0;
  private initialized = false;
  private lastTickNs: number;

  constructor(nowNs: number) {
    this.lastTickNs = nowNs;
  }

  mark(nowNs: number): void {
    if (nowNs - this.lastTickNs >= TICK_NS) this.tickUpTo(nowNs);
    this.uncounted++;
  }

  /** Events per second, five-minute weighted. */
  fiveMinuteRate(nowNs: number): number {
    if (nowNs - this.lastTickNs >= TICK_NS) this.tickUpTo(nowNs);
    return this.rate;
  }

  private tickUpTo(nowNs: number): void {
    // Whole ticks only, bounded: after a long idle time the average has decayed to nothing anyway.
    const ticks = Math.min(Math.floor((nowNs - this.lastTickNs) / TICK_NS), 1000);
    this.lastTickNs = nowNs - ((nowNs - this.lastTickNs) % TICK_NS);
    for (let i = 0; i < ticks; i++) {
      const instant = this.uncounted / TICK_SECONDS;
      this.uncounted = 0;
      if (this.initialized) this.rate += ALPHA * (instant - this.rate);
      else {
        this.rate = instant;
        this.initialized = true;
      }
    }
  }
}
