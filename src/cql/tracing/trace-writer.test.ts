/**
 * The trace writer off the request path: nothing runs until the scheduled turn, at most
 * WRITES_IN_FLIGHT_MAX hand-overs are written at once, a hand-over past JOBS_QUEUED_MAX waiting is
 * dropped with its events counted, and a stop writes its events before `duration`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JOBS_QUEUED_MAX, TraceSession, TraceWriter, WRITES_IN_FLIGHT_MAX } from './index.js';
import type { CqlStatement } from '../execution/index.js';
import type { Schema } from '../../schema/index.js';

function harness() {
  const executed: { cql: string; resolve: () => void }[] = [];
  const scheduled: (() => void)[] = [];
  const statements = {
    schema: () => ({}) as Schema,
    prepare: (cql: string) => ({ cql }) as unknown as CqlStatement,
    execute: (st: CqlStatement) => new Promise<void>((resolve) => executed.push({ cql: (st as unknown as { cql: string }).cql, resolve })),
    executeMany: (st: CqlStatement, rows: readonly unknown[]) => new Promise<void>((resolve) => executed.push({ cql: `${(st as unknown as { cql: string }).cql} ×${rows.length}`, resolve })),
  };
  const errors: Error[] = [];
  const writer = new TraceWriter(statements, { address: '127.0.0.1', port: 7000, thread: 't' }, () => 60, (e) => errors.push(e), (fn) => scheduled.push(fn));
  let n = 0;
  const clock = { monotonicNs: () => BigInt(++n) * 1000n, nextTimeUuid: () => Buffer.alloc(16, n) };
  const session = (events: number) => {
    const s = new TraceSession(Buffer.alloc(16, 1), { request: 'r', client: '127.0.0.1', parameters: new Map() }, 0, clock);
    for (let i = 0; i < events; i++) s.trace(`e${i}`);
    return s;
  };
  const runScheduled = () => scheduled.splice(0).forEach((f) => f());
  return { writer, executed, runScheduled, session, errors };
}

const settle = () => new Promise((r) => setImmediate(r));

test('writes start after the request (a scheduled turn), bounded in flight; events go before duration', async () => {
  const h = harness();
  const s = h.session(2);
  h.writer.stopped(s);
  assert.equal(h.executed.length, 0, 'nothing runs inside the request');
  h.runScheduled();
  assert.deepEqual(h.executed.map((e) => `${e.cql.split(' ')[0]!} ${e.cql.split(' ').pop()!}`), ['INSERT ×2'], 'the two events in one write, not yet duration');
  h.executed.splice(0).forEach((e) => e.resolve());
  await settle();
  assert.deepEqual(h.executed.map((e) => e.cql.split(' ')[0]), ['UPDATE'], 'then duration');
  for (let i = 0; i < WRITES_IN_FLIGHT_MAX + 3; i++) h.writer.started(h.session(0));
  h.runScheduled();
  assert.equal(h.executed.length, WRITES_IN_FLIGHT_MAX, `at most ${WRITES_IN_FLIGHT_MAX} hand-overs written at once (the duration one among them)`);
});

test('a backlog past JOBS_QUEUED_MAX drops hand-overs and counts their events', () => {
  const h = harness();
  for (let i = 0; i < JOBS_QUEUED_MAX; i++) h.writer.stopped(h.session(1));
  assert.equal(h.writer.droppedSessions, 0);
  h.writer.stopped(h.session(7));
  assert.equal(h.writer.droppedSessions, 1);
  assert.equal(h.writer.droppedEvents, 7);
  assert.equal(h.writer.backlog, JOBS_QUEUED_MAX);
});

test('a session keeps at most EVENTS_PER_SESSION_MAX events and counts the rest', async () => {
  const { EVENTS_PER_SESSION_MAX } = await import('./trace-session.js');
  const h = harness();
  const s = h.session(EVENTS_PER_SESSION_MAX + 5);
  assert.equal(s.events.length, EVENTS_PER_SESSION_MAX);
  assert.equal(s.dropped, 5);
});
