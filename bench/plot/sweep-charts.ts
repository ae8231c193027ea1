/**
 * The charts of a `bench:sweep` result, as line-chart specs (pure; plot-performance.ts writes
 * them): throughput against concurrency (the medians as lines, each run as faint points), p50 and
 * p99 latency against concurrency (log scales), and the latency distribution at one level on the
 * HDR percentile axis.
 */
import type { LevelResult, SweepData, SweepWorkload } from '../sweep/sweep-data.js';
import type { LineChartSpec, Series } from './line-chart.js';

export interface NamedChart {
  /** File name under docs/plots. */
  readonly file: string;
  readonly spec: LineChartSpec;
}

const COLOR: Readonly<Record<SweepWorkload, string>> = { write: '#1f77b4', read: '#d62728' };
const NAME: Readonly<Record<SweepWorkload, string>> = { write: 'writes', read: 'reads' };
const WORKLOADS: readonly SweepWorkload[] = ['write', 'read'];

/** One line under each title: when, on what, under which load, how many runs. */
export function sweepSubtitle(d: SweepData): string {
  const m = d.machine;
  return `${d.date.slice(0, 10)} · ${m.cpus} × ${m.cpuModel}, node ${m.node} · load average ${d.load.min1}–${d.load.max1} · ${d.config.runs === 1 ? 'one run' : `median of ${d.config.runs} runs`} × ${d.config.seconds} s per level`;
}

const points = (levels: readonly LevelResult[], f: (l: LevelResult) => number): [number, number][] => levels.map((l) => [l.concurrency, f(l)]);

export function throughputChart(d: SweepData): NamedChart {
  const series: Series[] = WORKLOADS.flatMap((w) => [
    { name: `${NAME[w]} (median)`, color: COLOR[w], points: points(d.workloads[w], (l) => l.median.opsPerSec) },
    { name: `${NAME[w]}, each run`, color: COLOR[w], line: false, opacity: 0.35, points: d.workloads[w].flatMap((l) => l.runs.map((r): [number, number] => [l.concurrency, r.opsPerSec])) },
  ]);
  return {
    file: 'throughput-vs-concurrency.svg',
    spec: {
      title: 'Ilium over CQL: throughput vs concurrency',
      subtitle: sweepSubtitle(d),
      x: { label: 'concurrency (requests in flight, one client connection)', scale: { kind: 'log', base: 2 } },
      y: { label: 'operations per second', scale: { kind: 'linear', includeZero: true } },
      series,
    },
  };
}

export function latencyVsConcurrencyChart(d: SweepData): NamedChart {
  const series: Series[] = WORKLOADS.flatMap((w) => [
    { name: `${NAME[w]} p50`, color: COLOR[w], points: points(d.workloads[w], (l) => l.median.p50Ms) },
    { name: `${NAME[w]} p99`, color: COLOR[w], dashed: true, points: points(d.workloads[w], (l) => l.median.p99Ms) },
  ]);
  return {
    file: 'latency-vs-concurrency.svg',
    spec: {
      title: 'Ilium over CQL: latency vs concurrency',
      subtitle: sweepSubtitle(d),
      x: { label: 'concurrency (requests in flight, one client connection)', scale: { kind: 'log', base: 2 } },
      y: { label: 'latency, ms (log scale)', scale: { kind: 'log', base: 10 } },
      series,
    },
  };
}

export function latencyPercentilesChart(d: SweepData): NamedChart {
  const dist = d.distribution;
  const series: Series[] = WORKLOADS.map((w) => ({
    name: NAME[w],
    color: COLOR[w],
    markers: false,
    points: dist[w].median.map((ms, i): [number, number] => [dist.percentiles[i]!, ms]),
  }));
  return {
    file: 'latency-percentiles.svg',
    spec: {
      title: `Ilium over CQL: latency by percentile at concurrency ${dist.concurrency}`,
      subtitle: sweepSubtitle(d),
      x: { label: 'percentile (HDR scale: each step one more nine)', scale: { kind: 'percentile' } },
      y: { label: 'latency, ms', scale: { kind: 'linear', includeZero: true } },
      series,
    },
  };
}

export function sweepCharts(d: SweepData): NamedChart[] {
  return [throughputChart(d), latencyVsConcurrencyChart(d), latencyPercentilesChart(d)];
}
