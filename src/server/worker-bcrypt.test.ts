import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { type BcryptWork, INLINE_BCRYPT, PasswordHasher } from '../cql/auth/index.js';
import { IDLE_MS, WorkerBcrypt } from './worker-bcrypt.js';
import { createRealEnv, createSimEnv } from '../env/index.js';

/** CPU time (ms) of this process's main thread: the event loop's (Linux /proc; user + system ticks of 10 ms). */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The event loop's CPU time (ms) while `n` checks at cost 10 run through `work`. */
async function loopCpuMs(work: BcryptWork, hash: string, n: number): Promise<number> {
  const before = mainThreadCpuMs();
  const results = await Promise.all(Array.from({ length: n }, (_, i) => work.compare(i % 2 === 0 ? 'secret' : 'wrong', hash)));
  assert.deepEqual(results, Array.from({ length: n }, (_, i) => i % 2 === 0));
  return mainThreadCpuMs() - before;
}

test("on the worker, password checks cost the event loop's thread almost nothing; in process they cost it the whole hash", async () => {
  const worker = new WorkerBcrypt(createRealEnv().timers);
  try {
    const hash = await new PasswordHasher(10, worker).hash('secret');
    assert.equal(await new PasswordHasher(10, INLINE_BCRYPT).check('secret', hash), true, 'the worker made a bcrypt hash the library checks');
    await worker.compare('warm', hash); // the thread's start is not what is measured
    const inline = await loopCpuMs(INLINE_BCRYPT, hash, 4);
    const threaded = await loopCpuMs(worker, hash, 4);
    console.log(`event-loop thread CPU for 4 checks at cost 10: in process ${inline} ms, on the worker ${threaded} ms`);
    assert.ok(inline >= 100, `in process the checks run on the loop's thread (${inline} ms)`);
    assert.ok(threaded < inline / 5, `on the worker the loop's thread spent ${threaded} ms, under a fifth of ${inline} ms`);
  } finally {
    await worker.close();
  }
});

test('a closed worker refuses work; a task bcrypt refuses is an error, and the worker goes on', async () => {
  const worker = new WorkerBcrypt(createRealEnv().timers);
  await assert.rejects(worker.hash(undefined as unknown as string, 4), /bcrypt: Illegal arguments/);
  assert.equal(typeof (await worker.hash('x', 4)), 'string');
  await worker.close();
  await assert.rejects(worker.compare('x', 'y'), /closed/);
});

test('an idle worker is ended after IDLE_MS and started again by the next task; work queued meanwhile is not lost', async () => {
  const env = createSimEnv(1);
  const worker = new WorkerBcrypt(env.timers);
  try {
    const hash = await worker.hash('pw', 4);
    assert.equal(worker.running, true);
    env.timers.advance(IDLE_MS - 1);
    assert.equal(worker.running, true, 'kept while the idle time runs');
    env.timers.advance(2);
    assert.equal(worker.running, false, 'ended once idle for IDLE_MS');
    // A task right after the retirement: the old thread's exit must not fail it.
    assert.equal(await worker.compare('pw', hash), true);
    assert.equal(worker.running, true);
  } finally {
    await worker.close();
  }
});
