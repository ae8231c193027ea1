/**
 * Latency figures from an HDR histogram of microseconds: count, mean and the percentiles
 * cassandra-stress reports (p50/p95/p99/p99.9) and max, in milliseconds. HDR keeps 3 significant
 * digits: a percentile is the top of the value's equivalence bucket, within 0.1% of the exact
 * nearest-rank percentile; max is read the same way (the 100th percentile) so the figures stay
 * ordered.
 */
import { build, type Histogram } from 'hdr-histogram-js';

export interface LatencyFigures {
  readonly count: number;
  readonly meanMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
}

/** An auto-resizing histogram of microseconds, 1 µs resolution, 3 significant digits. */
export function latencyHistogram(): Histogram {
  return build({ bitBucketSize: 32, autoResize: true, lowestDiscernibleValue: 1, numberOfSignificantValueDigits: 3 });
}

const usToMs = (us: number): number => Math.round(us) / 1000;

/** The value at `percentile` (0–100) in milliseconds; 0 for an empty histogram. */
export function percentileMs(h: Histogram, percentile: number): number {
  return h.totalCount === 0 ? 0 : usToMs(h.getValueAtPercentile(percentile));
}

export function latencyFigures(h: Histogram): LatencyFigures {
  const empty = h.totalCount === 0;
  return {
    count: h.totalCount,
    meanMs: empty ? 0 : Math.round(h.mean) / 1000,
    p50Ms: percentileMs(h, 50),
    p95Ms: percentileMs(h, 95),
    p99Ms: percentileMs(h, 99),
    p999Ms: percentileMs(h, 99.9),
    maxMs: percentileMs(h, 100),
  };
}
