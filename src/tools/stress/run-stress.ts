/**
 * `ilium stress`: parse the arguments, connect and create the schema, run the workload with a
 * progress line every second on stderr, then print the summary table on stdout and, with
 * `--json`, the summary as one JSON object (to a file, or as the last line of stdout for `-`).
 * Exit codes: 0 run completed (its errors are in the summary), 1 could not connect or set up,
 * 2 bad arguments.
 */
import type { Writable } from 'node:stream';
import type { Env } from '../../env/index.js';
import { CpuMeter } from './cpu-meter.js';
import { CqlTarget, errorType } from './cql-target.js';
import { formatDistSpec } from './key-distribution.js';
import { NativeTarget } from './native-target.js';
import { OpGenerator } from './op-generator.js';
import { ProgressReporter } from './progress-line.js';
import { parseStressArgs, STRESS_USAGE, type StressOptions } from './stress-args.js';
import { StressOptionError } from './stress-option-error.js';
import { StressRecorder } from './stress-recorder.js';
import { StressRun, type StressTarget } from './stress-runner.js';
import { summarize } from './stress-summary.js';
import { formatSummaryTable } from './summary-table.js';

export interface StressProcess {
  readonly argv: readonly string[];
  readonly env: Env;
  readonly stdout: Writable;
  readonly stderr: Writable & { isTTY?: boolean };
  /** The system under test; the CQL node from the options unless given (tests). */
  readonly openTarget?: (o: StressOptions) => Promise<StressTarget>;
}

const PROGRESS_EVERY_MS = 1000;

export async function runStress(p: StressProcess): Promise<number> {
  let options: StressOptions;
  try {
    options = parseStressArgs(p.argv);
  } catch (e) {
    if (!(e instanceof StressOptionError)) throw e;
    p.stderr.write(`ilium stress: ${e.message}\n(ilium stress --help lists the options)\n`);
    return 2;
  }
  if (options.help) {
    p.stdout.write(`${STRESS_USAGE}\n`);
    return 0;
  }
  let target: StressTarget;
  try {
    target = await (p.openTarget ?? ((o) => (o.client === 'native' ? NativeTarget.open(p.env, o) : CqlTarget.open(o))))(options);
  } catch (e) {
    p.stderr.write(`ilium stress: cannot set up on ${options.host}:${options.port}: ${setupFailure(e)}\n`);
    return 1;
  }
  try {
    p.stderr.write(`${describeRun(options)}\n`);
    const summary = await measure(p, options, target);
    p.stdout.write(formatSummaryTable(summary));
    const json = JSON.stringify(summary);
    if (options.json === '-') p.stdout.write(`${json}\n`);
    else if (options.json !== undefined) p.env.fs.writeFileSync(options.json, Buffer.from(`${json}\n`));
    return 0;
  } finally {
    await target.close();
  }
}

/** Why the driver could not connect: each host's error by name and message (no stack traces). */
function setupFailure(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const inner = (e as { innerErrors?: Record<string, unknown> }).innerErrors;
  if (inner === undefined || Object.keys(inner).length === 0) return e.message;
  return Object.entries(inner)
    .map(([host, x]) => `${host}: ${x instanceof Error ? `${x.name}: ${x.message}` : String(x)}`)
    .join('; ');
}

async function measure(p: StressProcess, options: StressOptions, target: StressTarget) {
  const generator = new OpGenerator(options);
  const recorder = new StressRecorder(generator.mix.kinds);
  const run = new StressRun(
    { clock: p.env.clock, timers: p.env.timers, target, generator, recorder, errorType },
    { warmup: options.warmup, length: options.length, concurrency: options.concurrency, rate: options.rate },
  );
  const progress = new ProgressReporter((t) => void p.stderr.write(t), p.stderr.isTTY === true);
  const cpu = new CpuMeter(p.env.fs, options.serverPid);
  const ticker = p.env.timers.setInterval(() => progress.tick(recorder, run.elapsedNs() / 1e6, run.warmingUp), PROGRESS_EVERY_MS);
  try {
    const outcome = await run.run();
    progress.tick(recorder, run.elapsedNs() / 1e6, false);
    return summarize(options, recorder, outcome, cpu.figures(outcome.warmupOps + outcome.measuredOps));
  } finally {
    ticker.cancel();
    progress.finish();
  }
}

function describeRun(o: StressOptions): string {
  const length = o.length.kind === 'ops' ? `${o.length.ops} operations` : `${o.length.ms / 1000} s`;
  const warmup = o.warmup.kind === 'ops' ? (o.warmup.ops > 0 ? `, warm-up ${o.warmup.ops} operations` : '') : `, warm-up ${o.warmup.ms / 1000} s`;
  const rate = o.rate > 0 ? `, target ${o.rate} ops/s` : '';
  return (
    `ilium stress ${o.workload}: ${length}${warmup} against ${o.host}:${o.port} (${o.keyspace}, CL ${o.consistency}), ` +
    `${o.client === 'native' ? `native client, ${o.connections} connections, ` : ''}concurrency ${o.concurrency}${rate}, ${o.partitions} partitions × ${o.rowsPerPartition} rows of ${o.rowSize} bytes, ${formatDistSpec(o.dist)} keys`
  );
}
