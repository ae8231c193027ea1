import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type LevelFigures, SWEEP_FORMAT, type SweepData } from './sweep-data.js';
import { sweepTable } from './sweep-markdown.js';

const fig = (opsPerSec: number, load1: number): LevelFigures => ({ opsPerSec, p50Ms: 0.5, p90Ms: 1.25, p99Ms: 12.34, p999Ms: 20, maxMs: 31, errors: 0, notFound: 0, load1 });
const data = {
  format: SWEEP_FORMAT,
  workloads: {
    write: [{ concurrency: 16, median: fig(18333, 8.5), runs: [fig(18333, 8.5), fig(19903, 9.25), fig(17953, 8.1)] }],
    read: [],
  },
} as unknown as SweepData;

test('one row per level: median and runs, percentiles, the load range', () => {
  const t = sweepTable(data, 'write').split('\n');
  assert.match(t[0]!, /^\| concurrency \| writes\/s, median \(runs\) \| p50 ms/);
  assert.equal(t[2], '| 16 | **18,333** (18,333, 19,903, 17,953) | 0.50 | 1.25 | 12.3 | 20.0 | 31.0 | 8.1–9.25 |');
  assert.equal(sweepTable(data, 'read').trim().split('\n').length, 2);
});
