import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isSweepData, type LevelFigures, SWEEP_FORMAT, type SweepData } from '../sweep/sweep-data.js';
import { renderLineChart } from './line-chart.js';
import { sweepCharts } from './sweep-charts.js';

const fig = (opsPerSec: number, p50Ms: number, p99Ms: number): LevelFigures => ({ opsPerSec, p50Ms, p90Ms: p50Ms * 2, p99Ms, p999Ms: p99Ms * 2, maxMs: p99Ms * 4, errors: 0, notFound: 0, load1: 2 });
const level = (concurrency: number, ops: number, p50: number, p99: number) => ({ concurrency, median: fig(ops, p50, p99), runs: [fig(ops * 0.9, p50, p99), fig(ops, p50, p99), fig(ops * 1.1, p50, p99)] });

const SAMPLE: SweepData = {
  format: SWEEP_FORMAT,
  bench: 'sweep',
  date: '2026-11-26T23:50:00.000Z',
  command: 'node dist/bench/sweep.js --seconds=2',
  machine: { cpuModel: 'AMD EPYC', cpus: 2, memGiB: 24, node: 'v20.20.2', os: 'Linux' },
  load: { before: [1, 1, 1], after: [3, 2, 1], min1: 1.5, max1: 3.2 },
  config: { levels: [1, 4, 16, 64], seconds: 2, warmupMs: 500, runs: 3, partitions: 1000, rowSize: 100, distributionLevel: 16, server: 's', client: 'c' },
  workloads: {
    write: [level(1, 2000, 0.4, 2), level(4, 8000, 0.45, 3), level(16, 20000, 0.7, 5), level(64, 24000, 2.5, 9)],
    read: [level(1, 1900, 0.4, 2.2), level(4, 7500, 0.5, 3.5), level(16, 18000, 0.8, 6), level(64, 21000, 2.9, 11)],
  },
  distribution: {
    concurrency: 16,
    percentiles: [0, 50, 90, 99, 99.9],
    write: { median: [0.2, 0.7, 1.5, 5, 12], runs: [] },
    read: { median: [0.2, 0.8, 1.7, 6, 14], runs: [] },
  },
};

type Node = Record<string, unknown>;
const seriesNames = (svg: string): string[] => {
  const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => n === 'g' }).parse(svg) as Node;
  return ((root['svg'] as Node)['g'] as Node[]).filter((g) => g['@class'] === 'series').map((g) => String(g['@data-series']));
};

test('a sweep gives three well-formed charts with the expected series', () => {
  const charts = sweepCharts(SAMPLE);
  assert.deepEqual(
    charts.map((c) => c.file),
    ['throughput-vs-concurrency.svg', 'latency-vs-concurrency.svg', 'latency-percentiles.svg'],
  );
  const svgs = charts.map((c) => renderLineChart(c.spec));
  for (const svg of svgs) assert.equal(XMLValidator.validate(svg), true);
  assert.deepEqual(seriesNames(svgs[0]!), ['writes (median)', 'writes, each run', 'reads (median)', 'reads, each run']);
  assert.deepEqual(seriesNames(svgs[1]!), ['writes p50', 'writes p99', 'reads p50', 'reads p99']);
  assert.deepEqual(seriesNames(svgs[2]!), ['writes', 'reads']);
  assert.ok(svgs[2]!.includes('at concurrency 16'));
  assert.ok(svgs[0]!.includes('2026-11-26 · 2 × AMD EPYC, node v20.20.2 · load average 1.5–3.2 · median of 3 runs × 2 s per level'));
});

test('the throughput chart shows every run as a point', () => {
  const [throughput] = sweepCharts(SAMPLE);
  const runs = throughput!.spec.series.find((s) => s.name === 'writes, each run')!;
  assert.equal(runs.points.length, 12);
  assert.equal(runs.line, false);
});

test('isSweepData accepts the sample and rejects other JSON', () => {
  assert.equal(isSweepData(JSON.parse(JSON.stringify(SAMPLE))), true);
  assert.equal(isSweepData({ bench: 'cql' }), false);
  assert.equal(isSweepData(null), false);
  assert.equal(isSweepData([]), false);
});
