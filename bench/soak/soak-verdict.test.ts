/** The soak's verdict: what passes, and each way to fail it (RSS, p99, errors). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type SoakWindow, judgeSoak, WINDOWS_MIN } from './soak-verdict.js';

/** Twelve windows of 5 s: RSS and p99 given per window, no errors unless given. */
function windows(rss: readonly number[], p99: readonly number[], errors: readonly number[] = []): SoakWindow[] {
  return rss.map((r, i) => ({ endS: (i + 1) * 5, opsPerSec: 1000, p50Ms: 1, p99Ms: p99[i]!, errors: errors[i] ?? 0, rssMiB: r }));
}
const flat = [300, 380, 400, 405, 398, 402, 399, 401, 404, 397, 400, 403];
const steadyP99 = [40, 10, 11, 9, 10, 12, 10, 11, 9, 10, 11, 10];

test('a flat RSS after warm-up, a steady p99 and no errors pass', () => {
  const v = judgeSoak(windows(flat, steadyP99), 0);
  assert.equal(v.pass, true, v.lines.join('\n'));
  // the warm-up windows (the first third: 300, 380, 400, 405) are not judged
  assert.equal(v.rss.judgedFromS, 20);
  assert.equal(v.rss.minMiB, 397);
  assert.equal(v.p99.steadyMs, 10);
  assert.equal(v.p99.lastMs, 10);
});

test('RSS that keeps growing over the judged stretch fails', () => {
  const leak = flat.map((r, i) => r + i * 20);
  const v = judgeSoak(windows(leak, steadyP99), 0);
  assert.equal(v.pass, false);
  assert.match(v.lines[0]!, /^RSS NOT flat/);
});

test('a wider RSS tolerance admits the same swing', () => {
  const swing = [300, 380, 380, 480, 380, 480, 380, 480, 380, 480, 380, 480];
  assert.equal(judgeSoak(windows(swing, steadyP99), 0).pass, false);
  assert.equal(judgeSoak(windows(swing, steadyP99), 0, { rssTolerance: 0.25, p99Ratio: 2 }).pass, true);
});

test('a p99 that grows past the ratio fails; one slow window among the last three does not', () => {
  const growing = [40, 10, 11, 9, 10, 12, 14, 16, 18, 21, 23, 25];
  assert.match(judgeSoak(windows(flat, growing), 0).lines[1]!, /^p99 NOT stable: last three windows 23 ms, first steady three 10 ms/);
  const oneSpike = [40, 10, 11, 9, 10, 12, 10, 11, 9, 10, 90, 10];
  assert.equal(judgeSoak(windows(flat, oneSpike), 0).pass, true);
});

test('any error fails: in a window or outside them', () => {
  assert.equal(judgeSoak(windows(flat, steadyP99, [0, 0, 0, 0, 0, 1]), 0).errors, 1);
  assert.equal(judgeSoak(windows(flat, steadyP99, [0, 0, 0, 0, 0, 1]), 0).pass, false);
  const v = judgeSoak(windows(flat, steadyP99), 2);
  assert.equal(v.pass, false);
  assert.equal(v.lines[2], 'errors: 2 (limit 0)');
});

test('too few windows to judge is refused', () => {
  assert.throws(() => judgeSoak(windows(flat.slice(0, WINDOWS_MIN - 1), steadyP99), 0), /at least 7 windows/);
});
