/**
 * A metric family read from the node's own counters when Prometheus scrapes (never updated on the
 * request path), in the shape prom-client's Registry formats (`registerMetric` of an object with
 * `name`, `help`, `type` and `get()`): so the text format is prom-client's, and the values are
 * where the node already keeps them (storage/metrics, the engine, hints, gossip, messaging).
 */
import type { EstimatedHistogram } from '../../storage/metrics/estimated-histogram.js';

export type Labels = Readonly<Record<string, string | number>>;
export interface Sample {
  readonly value: number;
  readonly labels: Labels;
  readonly metricName?: string;
}

export interface ScrapedMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  get(): Promise<{ name: string; help: string; type: string; values: Sample[]; aggregator: 'sum' }>;
}

export function scraped(name: string, type: ScrapedMetric['type'], help: string, collect: () => Sample[]): ScrapedMetric {
  return { name, help, type, get: async () => ({ name, help, type, values: collect(), aggregator: 'sum' }) };
}

/**
 * Latency bounds in seconds for the `le` buckets: the EstimatedHistogram's 164 buckets (in
 * nanoseconds) are folded into these, which keeps a series' bucket count at 18.
 */
export const LATENCY_BOUNDS_SECONDS = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bounds for counts per read (rows, tombstones). */
export const COUNT_BOUNDS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000, 100000];

/** Bounds for partition sizes in bytes: 64 B to 1 GiB by fours. */
export const SIZE_BOUNDS_BYTES = [64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864, 268435456, 1073741824];

/** The `_bucket`, `_sum` and `_count` samples of one histogram series; `scale` turns recorded units into the bounds' (1e-9: ns → s). */
export function histogramSamples(name: string, h: EstimatedHistogram, labels: Labels, bounds: readonly number[], scale: number): Sample[] {
  const counts = h.cumulativeCounts(bounds.map((b) => b / scale));
  const out: Sample[] = bounds.map((b, i) => ({ metricName: `${name}_bucket`, labels: { ...labels, le: b }, value: counts[i]! }));
  out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: h.count });
  out.push({ metricName: `${name}_sum`, labels, value: h.sum * scale });
  out.push({ metricName: `${name}_count`, labels, value: h.count });
  return out;
}
