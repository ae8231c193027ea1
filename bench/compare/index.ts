/**
 * bench:compare — the seeds' Twitter workload (register, follow, tweet with fan-out to every
 * follower's timeline, a timeline page newest first) on Ilium over CQL, Ilium embedded,
 * PostgreSQL and Redis, one after the other in one session on this machine, each at two
 * durability levels: fsync before acknowledging (Ilium commitlog_sync batch, PostgreSQL
 * synchronous_commit on, Redis appendfsync always) and periodic fsync (Ilium periodic,
 * synchronous_commit off, appendfsync everysec). Same seeded data, same follower graph and the
 * same requests in flight for all; each system's service is started here on loopback with its own
 * temporary directory and stopped and removed after its turn.
 *
 *   npm run bench:compare [-- --quick] [--runs=3] [--inflight=32] [--only=postgres,redis] [--durability=durable]
 *
 * Progress goes to stderr; stdout gets the table and, as its last line, one JSON object with every
 * system's median figures, each run's figures and the ratios.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { iliumCqlSpec } from './ilium-cql.js';
import { iliumEmbeddedSpec } from './ilium-embedded.js';
import { postgresSpec } from './postgres.js';
import { redisSpec } from './redis.js';
import { type Measurement, markdown, summarize } from './report.js';
import { runWorkload } from './runner.js';
import type { SystemSpec } from './store.js';
import { type WorkloadSize, makeWorkload } from './workload.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    inflight: { type: 'string', default: '32' },
    seed: { type: 'string', default: '20261122' },
    only: { type: 'string' },
    durability: { type: 'string' },
  },
});

const SIZES: Record<'full' | 'quick', { readonly measured: WorkloadSize; readonly warmup: WorkloadSize }> = {
  full: { measured: { users: 1000, followsPerUser: 20, tweets: 2000, reads: 5000 }, warmup: { users: 100, followsPerUser: 10, tweets: 200, reads: 500 } },
  quick: { measured: { users: 200, followsPerUser: 5, tweets: 300, reads: 500 }, warmup: { users: 50, followsPerUser: 5, tweets: 50, reads: 100 } },
};

function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`--${name} must be a positive integer, not ${text}`);
  return n;
}

const progress = (line: string): void => void process.stderr.write(`${line}\n`);
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

function specs(inflight: number): SystemSpec[] {
  const all = [iliumCqlSpec('batch'), iliumEmbeddedSpec('batch'), postgresSpec(inflight, true), redisSpec('always'), iliumCqlSpec('periodic'), iliumEmbeddedSpec('periodic'), postgresSpec(inflight, false), redisSpec('everysec')];
  const only = args.only?.split(',');
  return all.filter((s) => (only === undefined || only.includes(s.system)) && (args.durability === undefined || args.durability === s.durability));
}

async function main(): Promise<void> {
  const runs = positiveInt('runs', args.runs);
  const inflight = positiveInt('inflight', args.inflight);
  const seed = positiveInt('seed', args.seed);
  const size = SIZES[args.quick ? 'quick' : 'full'];
  const measured = makeWorkload({ ...size.measured, seed, idBase: 1 });
  const warmup = makeWorkload({ ...size.warmup, seed: seed + 1, idBase: 1_000_000 });
  const systems = specs(inflight);
  if (systems.length === 0) throw new RangeError('--only/--durability left no system to run');
  const began = new Date();
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const measurements: Measurement[] = [];
  for (let run = 1; run <= runs; run++) {
    // Each run starts at a different system, so no system always runs first (or last).
    const order = systems.map((_, i) => systems[(i + run - 1) % systems.length]!);
    for (const spec of order) {
      const label = `run ${run}/${runs} ${spec.system} (${spec.setting})`;
      const before = load1();
      const store = await spec.open(progress);
      let phases;
      try {
        phases = await runWorkload(store, measured, warmup, { inflight, label, progress });
      } finally {
        await store.close();
      }
      measurements.push({ system: spec.system, durability: spec.durability, setting: spec.setting, run, load: [before, load1()], phases });
    }
  }
  const report = summarize(measurements);
  process.stdout.write(`${markdown(report)}\n`);
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  const result = {
    benchmark: 'bench:compare',
    date: began.toISOString(),
    machine,
    loadAverage: { before: loadBefore, after: loadavg().map((x) => Math.round(x * 100) / 100) },
    workload: { quick: args.quick, seed, inflight, runs, measured: size.measured, warmup: size.warmup, pageSize: 20 },
    ...report,
    measurements,
  };
  process.stdout.write(`${JSON.stringify(result, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}\n`);
}

// Ctrl-C ends the process through 'exit', where each running service is stopped and removed.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));
await main();
