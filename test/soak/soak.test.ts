/**
 * The soak in `npm test`: `bench/soak.ts --seconds 60` (npm run soak's short form) against a real
 * node on 127.0.20.10 — its capacity measured (5 s warm-up, 10 s), then 60 s of prepared reads and
 * writes through the npm driver at 80% of it in twelve 5-s windows, nodetool flush after each,
 * compact twice, snapshot and clearsnapshot once — and its verdict asserted: RSS flat over the
 * last 40 s, p99 stable, no error, a clean stop. The 30-minute soak (`npm run soak -- --minutes
 * 30`) keeps the default limits (±10%, 2×); this one widens them for a loaded 2-core machine:
 *
 * - RSS ±30% around the median of the last 40 s (windows 5–12), not ±10%. In its first minute the
 *   node's RSS is still settling: V8's young generation grows toward its semi-spaces
 *   (server-flags.ts) and the old generation toward its first major collections, and each 5-s
 *   window is one flush's sawtooth. The capacity run (15 s at full speed) is its warm-up; the RSS
 *   still climbs for 25–45 s of the paced run, a major collection takes it down, then it stays
 *   level. Measured on the shared 2-core machine (load 9–12), the judged windows of four runs:
 *   −1% to +11% (350–393 MiB, 3,800 requests/s), −4% to +12% (415–485 MiB, 6,600/s), −5% to
 *   +10% (424–492 MiB, 12,000/s); and with a capacity run of only 6 s, which leaves the heap
 *   smaller, −6% to +20% (335–426 MiB). The high side is the climb before that collection.
 *   ±30% keeps a margin of 2.5× over the runs as configured here, 1.5× over the short warm-up,
 *   and still fails a leak of more than ~200 MiB in 40 s: ~1.3 KB kept per request at 3,800
 *   requests/s, ~500 bytes at 10,000. Slower leaks are the 30-minute run's to find (±10% over
 *   20 minutes).
 * - p99 of the last three windows within 5× of the first three steady ones', not 2×. Windows of 5 s
 *   on a machine five other engineers build and test on swing with their load: the same run's
 *   throughput ranged 4,600–16,400 requests/s per window and a run with nothing wrong reached
 *   2.1×. A regression that matters here — a stall of the event loop behind compaction, work per
 *   request growing with the data — moves p99 by an order of magnitude.
 * - Errors: none, as in the long run (a read that misses an acknowledged row is one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SoakWindow, Verdict } from '../../bench/soak/soak-verdict.js';

const SOAK = fileURLToPath(new URL('../../bench/soak.js', import.meta.url));
const ADDRESS = '127.0.20.10';

interface SoakReport {
  readonly windows: readonly SoakWindow[];
  readonly upkeep: Readonly<Record<string, number>>;
  readonly nodeExitCode: number | null;
  readonly verdict: Verdict;
}

function runSoak(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [SOAK, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a 60-second soak at 80% of capacity: RSS flat over the last 40 s, p99 stable, no errors', { timeout: 240_000 }, async (t) => {
  const run = await runSoak(['--seconds', '60', '--address', ADDRESS, '--rss-tolerance', '0.3', '--p99-ratio', '5']);
  const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as SoakReport;
  const summary = `${run.stdout}\n${run.stderr.slice(-2000)}`;
  for (const line of run.stdout.trim().split('\n').slice(0, -1)) t.diagnostic(line);
  assert.equal(report.windows.length, 12, summary);
  assert.equal(report.verdict.rss.judgedFromS, report.windows[3]!.endS, 'RSS judged on the last 8 of 12 windows');
  assert.ok(report.windows.every((w) => w.opsPerSec > 0), summary);
  // The background work ran: a flush after every window, compactions, a snapshot and its removal.
  assert.deepEqual(report.upkeep, { flush: 12, tablestats: 12, info: 12, compact: 2, snapshot: 1, clearsnapshot: 1 }, summary);
  assert.equal(report.nodeExitCode, 0, summary);
  assert.equal(report.verdict.errors, 0, summary);
  assert.ok(report.verdict.pass, summary);
  assert.equal(run.code, 0, summary);
});

test('the scripts answer --help with their usage and an unknown option with one line and the usage (exit 2), not a stack trace', () => {
  const scripts = [
    ['soak', fileURLToPath(new URL('../../bench/soak.js', import.meta.url))],
    ['trials', fileURLToPath(new URL('../crash/trials.js', import.meta.url))],
  ] as const;
  for (const [name, path] of scripts) {
    const help = spawnSync(process.execPath, [path, '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0, name);
    assert.match(help.stdout, new RegExp(`^usage: npm run ${name} -- `));
    const bad = spawnSync(process.execPath, [path, '--bogus'], { encoding: 'utf8' });
    assert.equal(bad.status, 2, name);
    assert.equal(bad.stderr.split('\n')[0], `${name}: Unknown option '--bogus'`);
    assert.doesNotMatch(bad.stderr, /\n\s+at /, 'no stack trace');
  }
});
