/**
 * One measured phase of `bench:sweep`, driven by `ilium stress`'s own machinery (its option
 * parser, operation generator, closed-loop runner, HDR recorder and summary): a write or read
 * workload at one concurrency, a warm-up, then a timed window. Returns the level's figures and,
 * when asked, the latency at each of a list of percentiles.
 */
import { loadavg } from 'node:os';
import type { Env } from '../../src/env/index.js';
import { errorType } from '../../src/tools/stress/cql-target.js';
import { percentileMs } from '../../src/tools/stress/latency-summary.js';
import { OpGenerator } from '../../src/tools/stress/op-generator.js';
import { parseStressArgs } from '../../src/tools/stress/stress-args.js';
import { StressRecorder } from '../../src/tools/stress/stress-recorder.js';
import { StressRun, type StressTarget } from '../../src/tools/stress/stress-runner.js';
import { summarize } from '../../src/tools/stress/stress-summary.js';
import type { LevelFigures, SweepWorkload } from './sweep-data.js';

export interface PhaseSpec {
  readonly workload: SweepWorkload;
  readonly concurrency: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly partitions: number;
  readonly seed: number;
  /** Percentiles to read the distribution at; none when absent. */
  readonly percentiles?: (count: number) => readonly number[];
}

export interface PhaseResult {
  readonly figures: LevelFigures;
  readonly distribution?: readonly number[];
}

/** The `ilium stress` arguments of a phase (shown in the JSON as what each phase ran). */
export function stressArgv(p: Omit<PhaseSpec, 'percentiles'>): string[] {
  const warmupMs = Math.round(p.warmupSeconds * 1000);
  return [
    p.workload,
    '--duration', `${Math.max(1, Math.round(p.seconds * 1000))}ms`,
    // ilium stress takes no zero duration; no --warmup is no warm-up
    ...(warmupMs > 0 ? ['--warmup', `${warmupMs}ms`] : []),
    '--concurrency', String(p.concurrency),
    '--partitions', String(p.partitions),
    '--seed', String(p.seed),
  ];
}

const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

export async function runPhase(env: Env, target: StressTarget, p: PhaseSpec): Promise<PhaseResult> {
  const options = parseStressArgs(stressArgv(p));
  const generator = new OpGenerator(options);
  const recorder = new StressRecorder(generator.mix.kinds);
  const run = new StressRun(
    { clock: env.clock, timers: env.timers, target, generator, recorder, errorType },
    { warmup: options.warmup, length: options.length, concurrency: options.concurrency, rate: 0 },
  );
  const outcome = await run.run();
  const summary = summarize(options, recorder, outcome);
  const h = recorder.byKind.get(p.workload)!.histogram;
  const figures: LevelFigures = {
    opsPerSec: Math.round(summary.total.opsPerSec),
    p50Ms: percentileMs(h, 50),
    p90Ms: percentileMs(h, 90),
    p99Ms: percentileMs(h, 99),
    p999Ms: percentileMs(h, 99.9),
    maxMs: percentileMs(h, 100),
    errors: summary.total.errors,
    notFound: summary.total.notFound,
    load1: load1(),
  };
  return p.percentiles === undefined ? { figures } : { figures, distribution: p.percentiles(h.totalCount).map((q) => percentileMs(h, q)) };
}

/** Writes every row of the population once (what the read phases then find). */
export async function prefill(env: Env, target: StressTarget, partitions: number): Promise<number> {
  const options = parseStressArgs(['write', '--ops', String(partitions), '--partitions', String(partitions), '--concurrency', '64']);
  const generator = new OpGenerator(options);
  const recorder = new StressRecorder(generator.mix.kinds);
  const run = new StressRun({ clock: env.clock, timers: env.timers, target, generator, recorder, errorType }, { warmup: options.warmup, length: options.length, concurrency: options.concurrency, rate: 0 });
  const outcome = await run.run();
  return summarize(options, recorder, outcome).total.errors;
}
