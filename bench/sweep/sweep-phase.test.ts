import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRealEnv } from '../../src/env/index.js';
import type { StressOp } from '../../src/tools/stress/op-generator.js';
import type { StressTarget } from '../../src/tools/stress/stress-runner.js';
import { prefill, runPhase, stressArgv } from './sweep-phase.js';
import { percentileGrid } from './sweep-stats.js';

/** A node stand-in: answers every operation on the next turn of the event loop; remembers writes. */
function fakeTarget(): StressTarget & { written: Set<number>; ops: StressOp[] } {
  const written = new Set<number>();
  const ops: StressOp[] = [];
  return {
    written,
    ops,
    run: (op) =>
      new Promise((resolve) =>
        setImmediate(() => {
          ops.push(op);
          if (op.kind === 'write') written.add(op.partition);
          resolve(op.kind === 'write' || written.has(op.partition));
        }),
      ),
    close: async () => undefined,
  };
}

test('the stress arguments of a phase', () => {
  assert.deepEqual(stressArgv({ workload: 'read', concurrency: 16, seconds: 2, warmupSeconds: 0.5, partitions: 1000, seed: 7 }), [
    'read', '--duration', '2000ms', '--warmup', '500ms', '--concurrency', '16', '--partitions', '1000', '--seed', '7',
  ]);
  assert.deepEqual(stressArgv({ workload: 'write', concurrency: 1, seconds: 0.0001, warmupSeconds: 0, partitions: 10, seed: 1 }), [
    'write', '--duration', '1ms', '--concurrency', '1', '--partitions', '10', '--seed', '1',
  ]);
});

test('prefill writes every row once; a read phase then finds them all and reports ordered percentiles', async () => {
  const env = createRealEnv();
  const target = fakeTarget();
  assert.equal(await prefill(env, target, 500), 0);
  assert.equal(target.written.size, 500);
  assert.equal(target.ops.length, 500);
  const r = await runPhase(env, target, { workload: 'read', concurrency: 4, seconds: 0.2, warmupSeconds: 0.05, partitions: 500, seed: 3, percentiles: (n) => percentileGrid(n) });
  const f = r.figures;
  assert.ok(f.opsPerSec > 0);
  assert.equal(f.errors, 0);
  assert.equal(f.notFound, 0);
  assert.ok(f.p50Ms <= f.p90Ms && f.p90Ms <= f.p99Ms && f.p99Ms <= f.p999Ms && f.p999Ms <= f.maxMs);
  assert.ok(r.distribution !== undefined && r.distribution.length >= 10);
  for (let i = 1; i < r.distribution.length; i++) assert.ok(r.distribution[i]! >= r.distribution[i - 1]!);
});

test('without percentiles a phase returns figures only; failures are counted, not thrown', async () => {
  const env = createRealEnv();
  const failing: StressTarget = { run: () => new Promise((_, reject) => setImmediate(() => reject(new Error('down')))), close: async () => undefined };
  const r = await runPhase(env, failing, { workload: 'write', concurrency: 2, seconds: 0.1, warmupSeconds: 0, partitions: 10, seed: 1 });
  assert.equal(r.distribution, undefined);
  assert.ok(r.figures.errors > 0);
  assert.equal(r.figures.opsPerSec, 0);
});
