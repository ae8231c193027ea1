// The consistency levels statements accept, with Cassandra's messages: ANY only for writes, serial
// levels only for conditional updates (and reads), counters neither ANY nor serial, a conditional
// update's serial consistency serial and its commit consistency not.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../../errors/index.js';
import { openCqlTestNode } from '../../../test/support/cql-test-node.js';
import type { QueryOptions } from './query-options.js';

const n = await openCqlTestNode();
after(() => n.close());
await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
await n.run('USE ks');
await n.run('CREATE TABLE t (k int PRIMARY KEY, v int)');
await n.run('CREATE TABLE c (k int PRIMARY KEY, n counter)');

async function refused(cql: string, options: Partial<Omit<QueryOptions, 'values'>>, message: RegExp): Promise<void> {
  await assert.rejects(n.run(cql, [], options), (e: unknown) => e instanceof InvalidRequestError && message.test(e.message), `${cql} at ${JSON.stringify(options)}`);
}

test('reads: ANY is refused; SERIAL and LOCAL_SERIAL reads are allowed', async () => {
  await refused('SELECT * FROM t', { consistency: 'ANY' }, /^ANY ConsistencyLevel is only supported for writes$/);
  for (const consistency of ['ONE', 'QUORUM', 'ALL', 'SERIAL', 'LOCAL_SERIAL', 'LOCAL_ONE'] as const) await n.run('SELECT * FROM t', [], { consistency });
});

test('writes: serial levels only with conditions; ANY is fine', async () => {
  await refused('INSERT INTO t (k, v) VALUES (1, 1)', { consistency: 'SERIAL' }, /^You must use conditional updates for serializable writes$/);
  await refused('BEGIN BATCH INSERT INTO t (k, v) VALUES (1, 1) APPLY BATCH', { consistency: 'LOCAL_SERIAL' }, /conditional updates for serializable writes/);
  await n.run('INSERT INTO t (k, v) VALUES (1, 1)', [], { consistency: 'ANY' });
  // The serial consistency of a write without conditions is not looked at.
  await n.run('DELETE FROM t WHERE k = 1', [], { consistency: 'ONE', serialConsistency: 'ONE' });
});

test('counters: neither ANY nor a serial level', async () => {
  await refused('UPDATE c SET n = n + 1 WHERE k = 1', { consistency: 'ANY' }, /^Consistency level ANY is not yet supported for counter table c$/);
  await refused('BEGIN COUNTER BATCH UPDATE c SET n = n + 1 WHERE k = 1 APPLY BATCH', { consistency: 'SERIAL' }, /^Counter operations are inherently non-serializable$/);
  await refused('DELETE FROM c WHERE k = 1', { consistency: 'ANY' }, /counter table c/);
  await n.run('UPDATE c SET n = n + 1 WHERE k = 1', [], { consistency: 'QUORUM' });
  assert.deepEqual(await n.rows('SELECT n FROM c WHERE k = 1'), [{ n: 1n }]);
});

test('conditional updates: the serial consistency must be serial, the commit consistency must not', async () => {
  await refused('INSERT INTO t (k, v) VALUES (2, 2) IF NOT EXISTS', { consistency: 'ONE', serialConsistency: 'QUORUM' }, /^Invalid consistency for conditional update\. Must be one of SERIAL or LOCAL_SERIAL$/);
  await refused('UPDATE t SET v = 3 WHERE k = 2 IF v = 2', { consistency: 'SERIAL' }, /^SERIAL is not supported as conditional update commit consistency\. Use ANY if you mean/);
  await refused('BEGIN BATCH UPDATE t SET v = 3 WHERE k = 2 IF EXISTS APPLY BATCH', { serialConsistency: 'ALL', consistency: 'ONE' }, /Must be one of SERIAL or LOCAL_SERIAL/);
  assert.deepEqual(await n.rows('SELECT * FROM t WHERE k = 2'), [], 'nothing was written');
  await n.run('INSERT INTO t (k, v) VALUES (2, 2) IF NOT EXISTS', [], { consistency: 'ANY', serialConsistency: 'LOCAL_SERIAL' });
  await n.run('UPDATE t SET v = 3 WHERE k = 2 IF v = 2', [], { consistency: 'QUORUM' });
  assert.deepEqual(await n.rows('SELECT v FROM t WHERE k = 2'), [{ v: 3 }]);
});
