import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newSimEnv, runFor, simAwait } from '../../../test/support/net-sim.js';
import { type Endpoint, endpoint } from '../../locator/index.js';
import { CollectFailure, CollectTimeout, collect } from './response-collector.js';
import { ErrorCode, ReadFailureError } from '../../errors/index.js';
import { toErrorMessage } from '../../transport/index.js';
import { toReadError } from './read-errors.js';

const eps: Endpoint[] = [1, 2, 3].map((i) => endpoint(`127.0.0.${i}`));

/** Answers after `ms` on the sim clock (or never, or by failing). */
function after<T>(env: ReturnType<typeof newSimEnv>, ms: number | 'never' | 'fail', value: T): Promise<T> {
  if (ms === 'never') return new Promise(() => undefined);
  if (ms === 'fail') return Promise.reject(new Error('replica failed'));
  return new Promise((resolve) => env.timers.setTimeout(() => resolve(value), ms));
}

test('resolves as soon as enough answered, with those answers', async () => {
  const env = newSimEnv(1);
  const delays = new Map<Endpoint, number | 'never'>([[eps[0]!, 10], [eps[1]!, 50], [eps[2]!, 'never']]);
  const started = env.clock.nowMs();
  const got = await simAwait(env, collect(env.timers, eps, 2, 1_000, (e) => after(env, delays.get(e)!, e)));
  assert.deepEqual([...got.keys()], [eps[0], eps[1]]);
  assert.ok(env.clock.nowMs() - started < 1_000, 'well before the timeout');
});

test('times out with the count received and who answered', async () => {
  const env = newSimEnv(2);
  const p = collect(env.timers, eps, 3, 100, (e) => after(env, e === eps[2] ? 'never' : 20, e));
  p.catch(() => undefined);
  await runFor(env, 99);
  await runFor(env, 1);
  await assert.rejects(p, (e: unknown) => e instanceof CollectTimeout && e.received === 2 && e.answered.has(eps[0]!) && !e.answered.has(eps[2]!));
});

test('fails as soon as failures make the count unreachable; synchronous throws count as failures', async () => {
  const env = newSimEnv(3);
  await assert.rejects(simAwait(env, collect(env.timers, eps, 3, 1_000, (e) => after(env, e === eps[1] ? 'fail' : 10, e))), (e: unknown) => e instanceof CollectFailure && e.failures === 1 && e.failed.length === 1 && e.failed[0] === eps[1]);
  const throwing = collect(env.timers, eps, 2, 1_000, (e) => {
    if (e !== eps[0]) throw new Error('sync');
    return after(env, 10, e);
  });
  await assert.rejects(simAwait(env, throwing), (e: unknown) => e instanceof CollectFailure && e.failures === 2);
  await assert.rejects(simAwait(env, collect(env.timers, eps.slice(0, 1), 2, 1_000, (e) => after(env, 1, e))), CollectFailure);
});

test('the failed replicas reach the READ_FAILURE error (the v5 reason map)', async () => {
  const env = newSimEnv(4);
  const p = collect(env.timers, eps, 2, 1_000, (e) => after(env, e === eps[0] ? 10 : 'fail', e));
  const failure = await simAwait(env, p).then(() => assert.fail('no failure'), (e: unknown) => e);
  const err = toReadError(failure, 'QUORUM', 2, () => true);
  assert.ok(err instanceof ReadFailureError);
  assert.deepEqual([...err.failedReplicas].sort(), [eps[1], eps[2]]);
  const wire = toErrorMessage(err).error;
  assert.deepEqual(wire.code === ErrorCode.READ_FAILURE && wire.reasons, [{ address: '127.0.0.2', code: 0 }, { address: '127.0.0.3', code: 0 }]);
});
