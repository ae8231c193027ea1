/**
 * A LOGGED batch over more than one partition on a cluster (Cassandra's mutateWithBatchlog):
 *
 *   1. every write's replicas are checked first (UnavailableError: nothing stored, nothing sent);
 *   2. the batch — a TimeUUID id and its mutations — is stored on the batch log endpoints
 *      (batchlog-endpoints.ts) with BATCH_STORE, every one acknowledging within the write
 *      timeout (WriteTimeoutError with writeType BATCH_LOG otherwise: nothing applied yet, but a
 *      stored copy may still be replayed);
 *   3. the writes are applied at the consistency level (write-executor.ts, writeType BATCH);
 *   4. BATCH_REMOVE tells the endpoints to forget it (not waited for: a batch left behind is
 *      replayed, and replaying is idempotent).
 * A coordinator that dies between 2 and 4 leaves the batch to the endpoints' replay
 * (batchlog-replay.ts), which applies every mutation.
 */
import { WriteTimeoutError } from '../../errors/index.js';
import type { Consistency, Endpoint } from '../../locator/index.js';
import type { Mutation } from '../../storage/model/index.js';
import { addressOf } from '../coordinator/endpoint-address.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';
import { collect, CollectTimeout } from '../coordinator/response-collector.js';
import { coordinateWrites, planWrites } from '../coordinator/write-executor.js';
import type { TableWrite } from '../data-store.js';
import { newBallot } from '../paxos/ballot.js';
import { encodeBatchStore } from '../wire/batch-messages.js';
import { batchlogEndpoints } from './batchlog-endpoints.js';

export async function coordinateLoggedBatch(d: ProxyDeps, writes: readonly TableWrite[], cl: Consistency): Promise<void> {
  planWrites(d, writes, cl);
  const endpoints = batchlogEndpoints(d, cl);
  const id = newBallot(d.env.clock.nowMicros(), d.env.random);
  await storeBatch(d, endpoints, id, writes);
  await coordinateWrites(d, writes, cl);
  removeBatch(d, endpoints, id);
}

/** Step 2: the batch in the batch logs of `endpoints`, each acknowledging. */
export async function storeBatch(d: ProxyDeps, endpoints: readonly Endpoint[], id: Buffer, writes: readonly TableWrite[]): Promise<void> {
  if (endpoints.length === 0) return;
  const mutations: Mutation[] = writes.map((w) => ({ tableId: w.cf.id, update: w.update }));
  const payload = encodeBatchStore({ id, mutations });
  const timeoutMs = d.options.writeTimeoutMs;
  try {
    await collect(d.env.timers, endpoints, endpoints.length, timeoutMs, (e) => d.messaging.request(addressOf(e), { verb: 'BATCH_STORE', payload }, { timeoutMs }));
  } catch (e) {
    const received = e instanceof CollectTimeout ? e.received : 0;
    throw new WriteTimeoutError(`Operation timed out - received only ${received} responses.`, 'ONE', received, endpoints.length, 'BATCH_LOG');
  }
}

function removeBatch(d: ProxyDeps, endpoints: readonly Endpoint[], id: Buffer): void {
  for (const e of endpoints) {
    d.messaging.sendWithCallback(addressOf(e), { verb: 'BATCH_REMOVE', payload: id }, { timeoutMs: d.options.writeTimeoutMs, onResponse: () => undefined, onFailure: () => undefined });
  }
}
