/** runLoad's pacing and windows: the rate is a ceiling, a closed loop that fell behind slips, windows split the run. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type LoadResult, runLoad } from './cql-load.js';

const instant = (): Promise<void> => Promise.resolve();

test('paced at 200/s for 1.5 s with 3 windows: ~300 requests, each window ~100', async () => {
  const windows: LoadResult[] = [];
  const r = await runLoad({ seconds: 1.5, inflight: 8, op: instant, pace: { ratePerSec: 200, openLoop: false }, window: { seconds: 0.5, done: (w) => windows.push(w) } });
  // timers on a loaded machine fire late, never early: fewer requests, never more than the schedule's 300
  assert.ok(r.ops <= 300 && r.ops >= 150, `${r.ops} requests`);
  assert.equal(windows.length, 3);
  assert.equal(windows.reduce((n, w) => n + w.ops, 0), r.ops);
  for (const w of windows) assert.ok(w.ops <= 110, `a window of ${w.ops}`);
});

test('a closed loop that fell behind does not catch up in a burst; an open loop does, and counts the wait', async () => {
  const stallThenInstant = (ms: number) => (i: number): Promise<void> => (i === 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
  // One worker stalls 600 ms on its first request: 120 requests fall due meanwhile at 200/s.
  const closed = await runLoad({ seconds: 1, inflight: 1, op: stallThenInstant(600), pace: { ratePerSec: 200, openLoop: false } });
  const open = await runLoad({ seconds: 1, inflight: 1, op: stallThenInstant(600), pace: { ratePerSec: 200, openLoop: true } });
  // closed: 1 + what fits in the 400 ms left at 200/s (≤ 80 plus a 100-ms burst); open: catches up to ~200
  assert.ok(closed.ops <= 1 + 80 + 20, `closed loop: ${closed.ops} requests`);
  assert.ok(open.ops > closed.ops + 40, `open loop: ${open.ops} requests, closed ${closed.ops}`);
  // open loop: the requests queued behind the stall count their wait (p50 well above zero)
  assert.ok(open.p50Ms > 50, `open loop p50 ${open.p50Ms} ms`);
  assert.ok(closed.p50Ms < 50, `closed loop p50 ${closed.p50Ms} ms`);
});

test('unpaced, the loop goes as fast as its workers', async () => {
  const r = await runLoad({ seconds: 0.3, inflight: 4, op: instant });
  assert.ok(r.ops > 1000, `${r.ops} requests`);
  assert.equal(r.errors, 0);
});
