/**
 * The final figures of a run as one plain object (what `--json` writes): per operation kind and
 * in total the count, throughput over the measured window, latency percentiles in ms, errors by
 * type and reads that found no row; plus the settings that shaped the run.
 */
import { formatDistSpec } from './key-distribution.js';
import { type LatencyFigures, latencyFigures, latencyHistogram } from './latency-summary.js';
import type { CpuFigures } from './cpu-meter.js';
import type { StressOptions } from './stress-args.js';
import type { StressRecorder } from './stress-recorder.js';
import type { RunOutcome } from './stress-runner.js';

export interface OpFigures extends LatencyFigures {
  /** Successful operations per second over the measured window. */
  readonly opsPerSec: number;
  /** Reads that found no row (successes, also in `count`). */
  readonly notFound: number;
  readonly errors: number;
  readonly errorsByType: Readonly<Record<string, number>>;
  /** The first message of each error type. */
  readonly firstErrors: Readonly<Record<string, string>>;
}

export interface StressSummary {
  readonly workload: string;
  readonly settings: Readonly<Record<string, string | number>>;
  readonly elapsedSec: number;
  readonly warmupOps: number;
  readonly operations: Readonly<Record<string, OpFigures>>;
  readonly total: OpFigures;
  /** CPU µs per operation of the client and, with --server-pid, of the node (cpu-meter.ts). */
  readonly cpu?: CpuFigures;
}

export function summarize(options: StressOptions, recorder: StressRecorder, outcome: RunOutcome, cpu?: CpuFigures): StressSummary {
  const seconds = outcome.measuredMs / 1000;
  const rate = (n: number): number => (seconds > 0 ? Math.round((n / seconds) * 10) / 10 : 0);
  const total = latencyHistogram();
  const totalErrors = new Map<string, number>();
  const totalFirst = new Map<string, string>();
  let totalNotFound = 0;
  const operations: Record<string, OpFigures> = {};
  for (const [kind, r] of recorder.byKind) {
    total.add(r.histogram);
    totalNotFound += r.notFound;
    for (const [type, n] of r.errors) totalErrors.set(type, (totalErrors.get(type) ?? 0) + n);
    for (const [type, m] of r.firstErrors) if (!totalFirst.has(type)) totalFirst.set(type, m);
    operations[kind] = figures(latencyFigures(r.histogram), r.notFound, r.errors, r.firstErrors, rate);
  }
  return {
    workload: options.workload,
    settings: settingsOf(options),
    elapsedSec: Math.round(seconds * 1000) / 1000,
    warmupOps: outcome.warmupOps,
    operations,
    total: figures(latencyFigures(total), totalNotFound, totalErrors, totalFirst, rate),
    ...(cpu === undefined ? {} : { cpu }),
  };
}

function figures(l: LatencyFigures, notFound: number, errors: ReadonlyMap<string, number>, first: ReadonlyMap<string, string>, rate: (n: number) => number): OpFigures {
  const byType = Object.fromEntries([...errors].sort(([a], [b]) => a.localeCompare(b)));
  const firstErrors = Object.fromEntries([...first].sort(([a], [b]) => a.localeCompare(b)));
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return { ...l, opsPerSec: rate(l.count), notFound, errors: errorCount, errorsByType: byType, firstErrors };
}

function settingsOf(o: StressOptions): Record<string, string | number> {
  return {
    ...(o.length.kind === 'ops' ? { ops: o.length.ops } : { durationMs: o.length.ms }),
    warmup: o.warmup.kind === 'ops' ? `${o.warmup.ops} ops` : `${o.warmup.ms} ms`,
    partitions: o.partitions,
    rowsPerPartition: o.rowsPerPartition,
    rowSize: o.rowSize,
    dist: formatDistSpec(o.dist),
    ...(o.workload === 'mixed' ? { ratio: `write=${o.ratio.write},read=${o.ratio.read}` } : {}),
    consistency: o.consistency,
    concurrency: o.concurrency,
    rate: o.rate,
    target: `${o.host}:${o.port}`,
    keyspace: o.keyspace,
    seed: o.seed,
    client: o.client,
    ...(o.client === 'native' ? { connections: o.connections } : {}),
  };
}
