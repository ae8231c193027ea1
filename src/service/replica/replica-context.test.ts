/** How a replica answers a handler's outcome (replica-context.ts `answer`). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CommitLogStoppedError, WriteFailureError } from '../../errors/index.js';
import type { Message, Reply } from '../../net/index.js';
import { answer } from './replica-context.js';

function recorder(): { reply: Reply; calls: string[] } {
  const calls: string[] = [];
  return { calls, reply: { respond: () => calls.push('respond'), fail: (d) => calls.push(`fail ${d.reason}`) } };
}

const message = { payload: new Uint8Array(0) } as unknown as Message;

test('a body that succeeds is answered; one that fails is answered with the failure', async () => {
  const ok = recorder();
  await answer(message, ok.reply, async () => new Uint8Array(0));
  assert.deepEqual(ok.calls, ['respond']);
  const failed = recorder();
  await answer(message, failed.reply, async () => {
    throw new WriteFailureError('commit log failed');
  });
  assert.equal(failed.calls.length, 1);
  assert.match(failed.calls[0]!, /^fail /);
});

test('a write on a stopped commit log (stop_commit) gets no answer: the sender times out, as with Cassandra', async () => {
  const r = recorder();
  await answer(message, r.reply, async () => {
    throw new CommitLogStoppedError('commit log stopped');
  });
  assert.deepEqual(r.calls, []);
});
