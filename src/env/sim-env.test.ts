// The simulated clock, timers and PRNG: deterministic, ordered, bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from './seeded-random.js';
import { SimClock } from './sim-clock.js';
import { SimTimers } from './sim-timers.js';
import { createSimEnv } from './sim-env.js';

test('SeededRandom replays per seed and stays in range', () => {
  const a = new SeededRandom(12345);
  const b = new SeededRandom(12345);
  const c = new SeededRandom(12346);
  const seqA = Array.from({ length: 50 }, () => a.nextUint32());
  assert.deepEqual(seqA, Array.from({ length: 50 }, () => b.nextUint32()));
  assert.notDeepEqual(seqA, Array.from({ length: 50 }, () => c.nextUint32()));
  const r = new SeededRandom(2 ** 40 + 3);
  const counts = new Array<number>(6).fill(0);
  for (let i = 0; i < 6000; i++) {
    const x = r.next();
    assert.ok(x >= 0 && x < 1);
    counts[r.int(6)]!++;
  }
  for (const n of counts) assert.ok(n > 850 && n < 1150, `skewed die: ${counts.join(',')}`);
  assert.equal(r.bytes(7).length, 7);
  assert.deepEqual(new SeededRandom(9).bytes(13), new SeededRandom(9).bytes(13));
  assert.notEqual(new SeededRandom(1).fork().nextUint32(), new SeededRandom(1).nextUint32());
  assert.throws(() => new SeededRandom(1.5), RangeError);
  assert.throws(() => r.int(0), RangeError);
});

test('timers run in due order, ties in scheduling order, moving the clock', () => {
  const clock = new SimClock(1000);
  const timers = new SimTimers(clock);
  const log: string[] = [];
  timers.setTimeout(() => log.push(`b@${clock.nowMs()}`), 20);
  timers.setTimeout(() => log.push(`a@${clock.nowMs()}`), 10);
  timers.setTimeout(() => log.push(`c@${clock.nowMs()}`), 20);
  timers.setImmediate(() => log.push(`i@${clock.nowMs()}`));
  timers.setTimeout(() => log.push(`z@${clock.nowMs()}`), 0); // clamped to 1 ms, like node
  const cancelled = timers.setTimeout(() => log.push('never'), 5);
  cancelled.cancel();
  assert.equal(timers.pending, 5);
  assert.equal(timers.nextDueMs(), 1000);
  assert.equal(timers.runUntilIdle(), 5);
  assert.deepEqual(log, ['i@1000', 'z@1001', 'a@1010', 'b@1020', 'c@1020']);
  assert.equal(timers.runNext(), false);
});

test('intervals re-arm until cancelled, even from inside their callback', () => {
  const clock = new SimClock(0);
  const timers = new SimTimers(clock);
  const ticks: number[] = [];
  const handle = timers.setInterval(() => {
    ticks.push(clock.nowMs());
    if (ticks.length === 3) handle.cancel();
  }, 10);
  assert.equal(timers.runUntilIdle(), 3);
  assert.deepEqual(ticks, [10, 20, 30]);
  assert.equal(timers.pending, 0);
});

test('advance runs what is due and lands exactly on the target time', () => {
  const clock = new SimClock(0);
  const timers = new SimTimers(clock);
  const seen: number[] = [];
  timers.setInterval(() => seen.push(clock.nowMs()), 7);
  assert.equal(timers.advance(30), 4);
  assert.equal(clock.nowMs(), 30);
  assert.deepEqual(seen, [7, 14, 21, 28]);
  assert.equal(clock.monotonicNs(), 30_000_000n);
  assert.equal(clock.nowMicros(), 30_000n);
});

test('a timer that re-arms itself forever is caught by the step bound', () => {
  const timers = new SimTimers(new SimClock(0));
  const spin = () => void timers.setImmediate(spin);
  spin();
  assert.throws(() => timers.runUntilIdle(1000), /not idle after 1000/);
  assert.throws(() => timers.advance(1, 1000), /more than 1000/);
});

test('runUntilIdleAsync lets awaiting code continue between timers', async () => {
  const env = createSimEnv(3);
  const log: string[] = [];
  const sleep = (ms: number) => new Promise<void>((resolve) => env.timers.setTimeout(resolve, ms));
  const task = (async () => {
    await sleep(10);
    log.push(`woke@${env.clock.nowMs() - 1_700_000_000_000}`);
    await sleep(10);
    log.push(`woke@${env.clock.nowMs() - 1_700_000_000_000}`);
  })();
  await env.timers.runUntilIdleAsync();
  await task;
  assert.deepEqual(log, ['woke@10', 'woke@20']);
});

test('a skewed clock view shifts wall time only', () => {
  const clock = new SimClock(5000);
  const skewed = clock.skewed(-250);
  assert.equal(skewed.nowMs(), 4750);
  assert.equal(skewed.nowMicros(), 4_750_000n);
  clock.advanceMs(10);
  assert.equal(skewed.monotonicNs(), clock.monotonicNs());
  assert.throws(() => clock.advanceMs(-1), RangeError);
});

test('createSimEnv is deterministic per seed', () => {
  const a = createSimEnv(99);
  const b = createSimEnv(99);
  assert.deepEqual(a.random.bytes(16), b.random.bytes(16));
  assert.equal(a.clock.nowMs(), b.clock.nowMs());
});
