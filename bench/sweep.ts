/**
 * bench:sweep — throughput and latency of a fresh `ilium start` node against concurrency: for
 * each level (requests in flight) the CQL write workload, then the read workload, of `ilium
 * stress` (prepared INSERT / SELECT of one ~100-byte row through the npm cassandra-driver, one
 * client process), each with a warm-up and a timed window; the sweep repeats `--runs` times
 * (levels ascending, then descending, alternately, so drift over time does not favour one end)
 * and each figure is the median over the runs. At one level it also keeps the whole latency
 * distribution (the HDR percentile series). A line per level on stderr as it goes; the data goes
 * to docs/perf-data/sweep-<date>.json (what `npm run plots` draws) and, short, as one JSON object
 * on the last line of stdout.
 *
 *   npm run bench:sweep [-- --levels=1,4,16,64 --seconds=5 --warmup=1 --runs=3 --dist-level=64]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRealEnv } from '../src/env/index.js';
import { CqlTarget } from '../src/tools/stress/cql-target.js';
import { parseStressArgs } from '../src/tools/stress/stress-args.js';
import { startIlium } from './cql-servers.js';
import { loadAverages, machineFacts } from './sweep/machine-facts.js';
import { parseSweepArgs, type SweepOptions } from './sweep/sweep-args.js';
import { type LevelFigures, type LevelResult, SWEEP_FORMAT, SWEEP_WORKLOADS, type SweepData, type SweepWorkload } from './sweep/sweep-data.js';
import { prefill, runPhase } from './sweep/sweep-phase.js';
import { medianFigures, medianSeries, percentileGrid } from './sweep/sweep-stats.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ROW_SIZE = 100;
const say = (s: string): void => void process.stderr.write(`${s}\n`);

/** Every phase's figures by workload and level, and the distributions at the chosen level. */
interface Collected {
  readonly figures: Map<SweepWorkload, Map<number, LevelFigures[]>>;
  readonly distributions: Map<SweepWorkload, number[][]>;
}

const fmt = (f: LevelFigures): string => `${f.opsPerSec.toLocaleString('en-US').padStart(7)}/s p50 ${f.p50Ms.toFixed(2)} p99 ${f.p99Ms.toFixed(2)} ms${f.errors > 0 ? ` ${f.errors} errors` : ''}${f.notFound > 0 ? ` ${f.notFound} not found` : ''}`;

async function sweep(o: SweepOptions, collected: Collected, target: CqlTarget): Promise<void> {
  const env = createRealEnv();
  for (let run = 0; run < o.runs; run++) {
    const order = run % 2 === 0 ? o.levels : [...o.levels].reverse();
    for (const concurrency of order) {
      const parts: string[] = [];
      for (const workload of SWEEP_WORKLOADS) {
        const keep = concurrency === o.distributionLevel;
        const r = await runPhase(env, target, {
          workload,
          concurrency,
          seconds: o.seconds,
          warmupSeconds: o.warmupSeconds,
          partitions: o.partitions,
          seed: 1 + run * 1000 + concurrency,
          ...(keep ? { percentiles: (count: number) => percentileGrid(count) } : {}),
        });
        collected.figures.get(workload)!.get(concurrency)!.push(r.figures);
        if (r.distribution !== undefined) collected.distributions.get(workload)!.push([...r.distribution]);
        parts.push(`${workload}s ${fmt(r.figures)}`);
      }
      say(`run ${run + 1}/${o.runs}  concurrency ${String(concurrency).padStart(4)}  ${parts.join(' | ')}  load ${collected.figures.get('read')!.get(concurrency)!.at(-1)!.load1}`);
    }
  }
}

function commandLine(): string {
  return ['node', relative(REPO, process.argv[1]!), ...process.argv.slice(2)].join(' ');
}

async function main(): Promise<void> {
  const o = parseSweepArgs(process.argv.slice(2));
  const date = new Date();
  const loadBefore = loadAverages();
  say(`bench:sweep: levels ${o.levels.join(',')}, ${o.seconds} s (+${o.warmupSeconds} s warm-up) per workload per level, ${o.runs} runs; load average ${loadBefore.join(' ')}`);
  const server = await startIlium('ilium');
  say(`ilium start: ready on ${server.host}:${server.port} in ${server.spawnToReadyMs} ms`);
  const collected: Collected = {
    figures: new Map(SWEEP_WORKLOADS.map((w) => [w, new Map(o.levels.map((l) => [l, [] as LevelFigures[]]))])),
    distributions: new Map(SWEEP_WORKLOADS.map((w) => [w, [] as number[][]])),
  };
  let target: CqlTarget | undefined;
  try {
    target = await CqlTarget.open(parseStressArgs(['write', '--host', server.host, '--port', String(server.port)]));
    const prefillErrors = await prefill(createRealEnv(), target, o.partitions);
    say(`wrote ${o.partitions.toLocaleString('en-US')} rows for the reads${prefillErrors > 0 ? ` (${prefillErrors} errors)` : ''}`);
    await sweep(o, collected, target);
  } finally {
    await target?.close().catch(() => undefined);
    await server.stop();
    server.dispose();
  }
  const data = assemble(o, date, loadBefore, collected);
  const dir = o.out === undefined ? join(REPO, 'docs/perf-data') : resolve(o.out);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `sweep-${date.toISOString().slice(0, 16).replace(':', '')}Z.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 1)}\n`);
  say(`wrote ${relative(process.cwd(), file)}; draw it with npm run plots`);
  const short = Object.fromEntries(SWEEP_WORKLOADS.map((w) => [w, data.workloads[w].map((l) => ({ c: l.concurrency, ...l.median }))]));
  process.stdout.write(`${JSON.stringify({ bench: 'sweep', date: data.date, file: relative(REPO, file), machine: data.machine, load: data.load, ...short })}\n`);
}

function assemble(o: SweepOptions, date: Date, loadBefore: number[], c: Collected): SweepData {
  const workloads = Object.fromEntries(
    SWEEP_WORKLOADS.map((w) => [w, o.levels.map((l): LevelResult => ({ concurrency: l, median: medianFigures(c.figures.get(w)!.get(l)!), runs: c.figures.get(w)!.get(l)! }))]),
  ) as Record<SweepWorkload, LevelResult[]>;
  const loads = SWEEP_WORKLOADS.flatMap((w) => o.levels.flatMap((l) => c.figures.get(w)!.get(l)!.map((f) => f.load1)));
  // Every series is read at a prefix of the same grid; all are cut to the shortest.
  const points = Math.min(...[...c.distributions.values()].flat().map((r) => r.length));
  const series = (w: SweepWorkload) => {
    const runs = c.distributions.get(w)!.map((r) => r.slice(0, points));
    return { median: medianSeries(runs), runs };
  };
  const write = series('write');
  const read = series('read');
  return {
    format: SWEEP_FORMAT,
    bench: 'sweep',
    date: date.toISOString(),
    command: commandLine(),
    machine: machineFacts(),
    load: { before: loadBefore, after: loadAverages(), min1: Math.min(...loads), max1: Math.max(...loads) },
    config: {
      levels: o.levels,
      seconds: o.seconds,
      warmupMs: Math.round(o.warmupSeconds * 1000),
      runs: o.runs,
      partitions: o.partitions,
      rowSize: ROW_SIZE,
      distributionLevel: o.distributionLevel,
      server: 'ilium start with its defaults (periodic commit log), a fresh temporary data directory, --port 0',
      client: 'ilium stress write/read (prepared INSERT/SELECT of one row, cassandra-driver, one connection, CL ONE) in the bench process',
    },
    workloads,
    distribution: { concurrency: o.distributionLevel, percentiles: percentileGrid(Number.MAX_SAFE_INTEGER).slice(0, points), write, read },
  };
}

await main();
