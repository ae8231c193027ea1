/**
 * npm run plots — draws docs/plots/*.svg from the newest `bench:sweep` result in docs/perf-data
 * (or the file given): throughput vs concurrency, latency (p50, p99) vs concurrency, and the
 * latency distribution by percentile at one concurrency. Prints the files it wrote and, with
 * `--tables`, the medians as Markdown tables (what docs/PERFORMANCE.md shows).
 *
 *   npm run plots [-- --data=docs/perf-data/sweep-….json --out=docs/plots --tables]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderLineChart } from './plot/line-chart.js';
import { sweepCharts } from './plot/sweep-charts.js';
import { isSweepData, SWEEP_WORKLOADS, type SweepData } from './sweep/sweep-data.js';
import { sweepTable } from './sweep/sweep-markdown.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const { values: args } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, tables: { type: 'boolean', default: false } } });

function readSweep(file: string): SweepData | undefined {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return isSweepData(parsed) ? parsed : undefined;
}

function newestSweep(dir: string): [string, SweepData] {
  const found = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f): [string, SweepData][] => {
      const d = readSweep(join(dir, f));
      return d === undefined ? [] : [[join(dir, f), d]];
    })
    .sort(([, a], [, b]) => a.date.localeCompare(b.date));
  const last = found.at(-1);
  if (last === undefined) throw new Error(`no bench:sweep result in ${dir}: run npm run bench:sweep first`);
  return last;
}

function main(): void {
  const [file, data] = args.data === undefined ? newestSweep(join(REPO, 'docs/perf-data')) : [resolve(args.data), readSweep(resolve(args.data))];
  if (data === undefined) throw new Error(`${file} is not a bench:sweep result`);
  const out = args.out === undefined ? join(REPO, 'docs/plots') : resolve(args.out);
  mkdirSync(out, { recursive: true });
  process.stderr.write(`plots from ${relative(process.cwd(), file)} (${data.date})\n`);
  for (const chart of sweepCharts(data)) {
    const target = join(out, chart.file);
    writeFileSync(target, renderLineChart(chart.spec));
    process.stdout.write(`${relative(process.cwd(), target)}\n`);
  }
  if (args.tables) for (const w of SWEEP_WORKLOADS) process.stdout.write(`\n${sweepTable(data, w)}`);
}

main();
