/**
 * `ilium stress` end to end, as a user runs it: a real `ilium start` and `ilium stress` as child
 * processes. A write run fills a small population, a read run finds every row it asks for, a
 * mixed run does both; each summary (`--json -`, the last line of stdout) adds up.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';
import type { StressSummary } from './stress-summary.js';

const node = useIliumProcess();
const stress = (args: readonly string[]) => runIliumCommand(['stress', ...args, '--host', node().host, '--port', String(node().port), '--json', '-']);

function summaryOf(stdout: string): StressSummary {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as StressSummary;
}

function checkFigures(s: StressSummary): void {
  for (const f of [s.total, ...Object.values(s.operations)]) {
    assert.ok(f.p50Ms <= f.p95Ms && f.p95Ms <= f.p99Ms && f.p99Ms <= f.p999Ms && f.p999Ms <= f.maxMs, JSON.stringify(f));
    assert.ok(f.opsPerSec > 0);
  }
}

test('write, then read every row back, then a mixed run: summaries add up, no errors', async () => {
  const write = await stress(['write', '-n', '3000', '--warmup', '0', '--partitions', '1000', '--rows-per-partition', '3', '--concurrency', '16']);
  assert.equal(write.code, 0, write.stderr);
  const w = summaryOf(write.stdout);
  assert.equal(w.total.count, 3000);
  assert.equal(w.total.errors, 0);
  assert.equal(w.operations['write']!.count, 3000);
  assert.match(write.stdout, /p99/, 'the summary table is printed too');
  checkFigures(w);

  const read = await stress(['read', '-n', '2000', '--warmup', '100', '--partitions', '1000', '--rows-per-partition', '3', '--dist', 'zipf:1.1']);
  assert.equal(read.code, 0, read.stderr);
  const r = summaryOf(read.stdout);
  assert.equal(r.total.count, 2000);
  assert.equal(r.total.errors, 0);
  assert.equal(r.operations['read']!.notFound, 0, 'every key read was written by the write run');
  checkFigures(r);

  const mixed = await stress(['mixed', '-n', '2000', '--warmup', '0', '--partitions', '1000', '--rows-per-partition', '3', '--ratio', 'write=1,read=3', '--rate', '4000']);
  assert.equal(mixed.code, 0, mixed.stderr);
  const m = summaryOf(mixed.stdout);
  assert.equal(m.operations['write']!.count + m.operations['read']!.count, 2000);
  assert.ok(m.operations['read']!.count > m.operations['write']!.count, 'reads weighted 3:1');
  assert.equal(m.total.errors, 0);
  checkFigures(m);
});

test('a bad option is refused with a message naming it and a non-zero exit', async () => {
  const bad = await stress(['write', '--concurrency', 'many']);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /--concurrency/);
});
