/**
 * RequestBudget on the simulated env (deterministic): a request yields only once its slice of the
 * loop is used up, and throws its timeout error once its deadline passed; a BATCH past
 * write_request_timeout_in_ms stops with WriteTimeout (issue 16).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimEnv } from '../../env/index.js';
import { ReadTimeoutError, WriteTimeoutError } from '../../errors/index.js';
import { openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable } from '../../../test/support/cql-rows.js';
import { RequestBudget } from '../../db/request-budget.js';

test('pace() returns at once within the slice, yields once the slice is used, throws past the deadline', async () => {
  const env = createSimEnv(1);
  const budget = RequestBudget.read(env, 100, 'QUORUM');
  await budget.pace(); // no time passed: no yield needed (a yield would wait for the sim timers)
  env.clock.advanceMs(20);
  let yielded = false;
  const paced = budget.pace().then(() => (yielded = true));
  await new Promise((r) => setImmediate(r));
  assert.equal(yielded, false, 'past its 10 ms slice the request waits for the loop');
  env.timers.runUntilIdle();
  await paced;
  assert.equal(yielded, true);
  env.clock.advanceMs(81);
  assert.ok(budget.expired);
  await assert.rejects(budget.pace(), (e: unknown) => e instanceof ReadTimeoutError && e.consistency === 'QUORUM' && e.received === 0 && !e.dataPresent);
});

test('a write budget throws WriteTimeout of its kind', async () => {
  const env = createSimEnv(2);
  const budget = RequestBudget.write(env, 5, 'ONE', 'UNLOGGED_BATCH');
  env.clock.advanceMs(6);
  await assert.rejects(budget.pace(), (e: unknown) => e instanceof WriteTimeoutError && e.writeType === 'UNLOGGED_BATCH');
});

test('a BATCH past write_request_timeout_in_ms stops with WriteTimeout', async (t) => {
  const n = await openCqlTestNode({ timeouts: { readMs: 5000, rangeMs: 10_000, writeMs: 1 } });
  t.after(() => n.close());
  await createTable(n, 'ks', 't', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [] });
  const inserts = Array.from({ length: 5000 }, (_, c) => `INSERT INTO ks.t (k, c) VALUES (${c % 50}, ${c});`).join(' ');
  await assert.rejects(n.run(`BEGIN UNLOGGED BATCH ${inserts} APPLY BATCH`), (e: unknown) => e instanceof WriteTimeoutError && e.writeType === 'UNLOGGED_BATCH');
  await assert.rejects(n.run(`BEGIN BATCH ${inserts} APPLY BATCH`), (e: unknown) => e instanceof WriteTimeoutError && e.writeType === 'BATCH');
});
