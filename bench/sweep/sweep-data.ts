/**
 * The JSON `bench:sweep` writes to docs/perf-data/sweep-<date>.json and `plots` reads: per
 * workload and concurrency level the figures of every run and their medians, the latency
 * distribution (HDR percentile series) at one level, and the facts a reader needs to judge the
 * numbers (machine, load average, the exact command, the date).
 */
export const SWEEP_FORMAT = 'ilium-sweep/1';

export type SweepWorkload = 'write' | 'read';
export const SWEEP_WORKLOADS: readonly SweepWorkload[] = ['write', 'read'];

/** One measured phase (one run at one level), or the per-figure medians of several. */
export interface LevelFigures {
  readonly opsPerSec: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
  readonly errors: number;
  /** Reads that found no row (0 for writes). */
  readonly notFound: number;
  /** 1-minute load average when the phase ended. */
  readonly load1: number;
}

export interface LevelResult {
  readonly concurrency: number;
  readonly median: LevelFigures;
  readonly runs: readonly LevelFigures[];
}

/** Latency (ms) at each of `percentiles`, per run and the pointwise median. */
export interface DistributionSeries {
  readonly median: readonly number[];
  readonly runs: readonly (readonly number[])[];
}

export interface SweepData {
  readonly format: typeof SWEEP_FORMAT;
  readonly bench: 'sweep';
  readonly date: string;
  readonly command: string;
  readonly machine: {
    readonly cpuModel: string;
    readonly cpus: number;
    readonly memGiB: number;
    readonly node: string;
    readonly os: string;
  };
  /** 1-, 5- and 15-minute load averages before the node started and after the last phase. */
  readonly load: { readonly before: readonly number[]; readonly after: readonly number[]; readonly min1: number; readonly max1: number };
  readonly config: {
    readonly levels: readonly number[];
    readonly seconds: number;
    readonly warmupMs: number;
    readonly runs: number;
    readonly partitions: number;
    readonly rowSize: number;
    readonly distributionLevel: number;
    readonly server: string;
    readonly client: string;
  };
  readonly workloads: Readonly<Record<SweepWorkload, readonly LevelResult[]>>;
  readonly distribution: {
    readonly concurrency: number;
    readonly percentiles: readonly number[];
  } & Readonly<Record<SweepWorkload, DistributionSeries>>;
}

/** A parsed JSON value is sweep data (the checks the plot script relies on). */
export function isSweepData(x: unknown): x is SweepData {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Partial<SweepData>;
  return d.format === SWEEP_FORMAT && typeof d.date === 'string' && typeof d.workloads === 'object' && d.workloads !== null && Array.isArray(d.workloads.write) && Array.isArray(d.workloads.read) && typeof d.distribution === 'object';
}
