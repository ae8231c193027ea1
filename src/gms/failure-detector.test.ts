/** Phi accrual on hand-computed examples, on the simulated clock. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimEnv } from '../env/index.js';
import { endpoint, type InetAddressAndPort } from '../net/index.js';
import { ArrivalWindow } from './arrival-window.js';
import { FailureDetector, PHI_FACTOR } from './failure-detector.js';

const close = (actual: number, expected: number, eps = 1e-9): void => assert.ok(Math.abs(actual - expected) < eps, `${actual} ≉ ${expected}`);

test('the arrival window: initial guess first, bounded, long gaps not learnt', () => {
  const w = new ArrivalWindow(3, 2000, 2000);
  assert.equal(w.phiRaw(5000), 0, 'nothing arrived yet');
  w.add(0);
  assert.equal(w.mean(), 2000, 'the first arrival records the initial interval');
  w.add(1000);
  assert.equal(w.mean(), 1500);
  close(w.phiRaw(4000), 3000 / 1500);
  assert.equal(w.add(3500), false, 'a 2500 ms gap exceeds the 2000 ms maximum');
  assert.equal(w.mean(), 1500);
  w.add(4000); // 500
  w.add(4100); // 100: the window holds 1000, 500, 100 now; 2000 fell out
  assert.equal(w.size, 3);
  close(w.mean(), 1600 / 3);
  close(w.phiRaw(4100 + 1600), 3);
});

test('phi = (t / mean) / ln 10: with 1 s heartbeats a node is convicted after 8 × ln 10 ≈ 18.42 s', () => {
  const env = createSimEnv(1);
  const fd = new FailureDetector({ clock: env.clock, initialIntervalMs: 1000 });
  const ep = endpoint('127.0.0.2');
  const convicted: [InetAddressAndPort, number][] = [];
  fd.registerListener({ convict: (e, phi) => void convicted.push([e, phi]) });
  for (let i = 0; i < 10; i++) {
    fd.report(ep);
    env.clock.advanceMs(1000);
  }
  // Last report 1000 ms ago, mean exactly 1000 ms.
  close(fd.meanIntervalMs(ep)!, 1000);
  close(fd.phi(ep), PHI_FACTOR);
  close(fd.phi(ep), 0.4342944819032518);
  // Interpret every second; silence since the last report.
  let convictedAtMs: number | undefined;
  for (let t = 1000; t <= 25_000 && convictedAtMs === undefined; t += 100) {
    fd.interpret(ep);
    if (convicted.length > 0) convictedAtMs = t;
    env.clock.advanceMs(100);
  }
  assert.equal(convictedAtMs, 18_500, 'first check past 18 420.68 ms');
  close(convicted[0]![1], 18.5 * PHI_FACTOR);
  assert.equal(fd.isAlive(ep), false);
  assert.equal(fd.isAlive(endpoint('127.0.0.3')), false, 'never heard of');
});

test('a threshold of 5 convicts sooner: after 5 × ln 10 × mean', () => {
  const env = createSimEnv(2);
  const fd = new FailureDetector({ clock: env.clock, phiConvictThreshold: 5, initialIntervalMs: 500 });
  const ep = endpoint('127.0.0.2');
  fd.report(ep);
  env.clock.advanceMs(500);
  fd.report(ep);
  // mean 500 ms; 5 × ln 10 × 500 = 5756.46 ms
  env.clock.advanceMs(5756);
  assert.equal(fd.isAlive(ep), true);
  env.clock.advanceMs(1);
  assert.equal(fd.isAlive(ep), false);
});

test('a local pause (no interpret for over 5 s) convicts nobody for the next 5 s', () => {
  const env = createSimEnv(3);
  const fd = new FailureDetector({ clock: env.clock, initialIntervalMs: 1000 });
  const ep = endpoint('127.0.0.2');
  let convictions = 0;
  fd.registerListener({ convict: () => void convictions++ });
  fd.report(ep);
  fd.interpret(ep);
  env.clock.advanceMs(30_000); // this node was frozen
  fd.interpret(ep);
  assert.equal(convictions, 0, 'the pause itself');
  env.clock.advanceMs(4_000);
  fd.interpret(ep);
  assert.equal(convictions, 0, 'within 5 s after the pause');
  env.clock.advanceMs(1_001);
  fd.interpret(ep);
  assert.equal(convictions, 1);
});

test('remove forgets the history; forceConviction tells the listeners at once', () => {
  const env = createSimEnv(4);
  const fd = new FailureDetector({ clock: env.clock });
  const ep = endpoint('127.0.0.2');
  const phis: number[] = [];
  fd.registerListener({ convict: (_e, phi) => void phis.push(phi) });
  fd.report(ep);
  assert.equal(fd.isAlive(ep), true);
  fd.forceConviction(ep);
  assert.deepEqual(phis, [Infinity]);
  fd.remove(ep);
  assert.equal(fd.meanIntervalMs(ep), undefined);
  assert.equal(fd.phi(ep), 0);
});
