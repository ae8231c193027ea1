import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReplicaWriteFailureError } from '../../errors/index.js';
import { createReplicationStrategy } from '../../locator/index.js';
import { toErrorMessage } from '../../transport/index.js';
import { ep } from '../../../test/support/locator/rings.js';
import { newSimEnv } from '../../../test/support/net-sim.js';
import { WriteAckTracker } from './write-ack-tracker.js';

test('a QUORUM write of three replicas fails once two failed, naming them (the v5 reason map)', async () => {
  const env = newSimEnv(1);
  const targets = [ep(1), ep(2), ep(3)];
  const ctx = { strategy: createReplicationStrategy({ class: 'SimpleStrategy', options: { replication_factor: 3 } }, ep(1)), localDatacenter: 'dc1', datacenterOf: () => 'dc1' };
  const t = new WriteAckTracker({ cl: 'QUORUM', ctx, blockFor: 2, pending: [], targets, writeType: 'SIMPLE', timers: env.timers, timeoutMs: 1_000 });
  t.ack(ep(1));
  t.fail(ep(2));
  t.fail(ep(3));
  const e = await t.done.then(() => assert.fail('no failure'), (x: unknown) => x);
  assert.ok(e instanceof ReplicaWriteFailureError);
  assert.deepEqual({ received: e.received, numFailures: e.numFailures, failed: e.failedReplicas }, { received: 1, numFailures: 2, failed: [ep(2), ep(3)] });
  const wire = toErrorMessage(e).error;
  assert.deepEqual('reasons' in wire && wire.reasons, [{ address: ep(2).split(':')[0], code: 0 }, { address: ep(3).split(':')[0], code: 0 }]);
});
