/**
 * Crash safety under SIGKILL: a child process writes under load and is killed at a random moment;
 * after restart every write it acknowledged must read back. Batch and group modes acknowledge
 * only after fsync; periodic mode acknowledges after the write reached the OS, which a process
 * kill (unlike power loss) cannot take away — so all three modes must lose nothing here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TestRandom, tempEnv } from '../support/temp-env.js';
import { lostWrites, runAndKill } from './engine-kill-trial.js';

async function verify(dir: string, acked: readonly number[]): Promise<void> {
  const { lost, wrong } = await lostWrites(dir, acked);
  assert.equal(wrong, undefined);
  assert.deepEqual(lost.slice(0, 10), [], `${lost.length} of ${acked.length} acknowledged writes lost`);
}

// More trials, with counts per mode: npm run trials -- --level engine (test/crash/trials.ts).
const TRIALS = Number(process.env.ILIUM_CRASH_TRIALS ?? 8);

for (const mode of ['batch', 'group', 'periodic'] as const) {
  test(`kill -9 loses no acknowledged write (${mode}, ${TRIALS} kills)`, { timeout: 300_000 }, async () => {
    const { dir, cleanup } = tempEnv(`ilium-crash-${mode}-`);
    const r = new TestRandom(mode.length * 7919 + 17);
    const acked: number[] = [];
    try {
      for (let trial = 0; trial < TRIALS; trial++) {
        const start = trial * 10_000_000;
        acked.push(...(await runAndKill(dir, mode, start, 150 + r.int(900))));
        await verify(dir, acked);
      }
      assert.ok(acked.length > TRIALS * 50, `only ${acked.length} writes were acknowledged`);
      // The check is not vacuous: a write never made is reported lost.
      assert.deepEqual((await lostWrites(dir, [acked[0]!, 999_999_999])).lost, [999_999_999]);
    } finally {
      cleanup();
    }
  });
}
