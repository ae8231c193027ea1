/** MessagingService among in-process nodes on the simulated Env. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCode, OverloadedError } from '../errors/index.js';
import { newSimEnv, runFor, settle, simAwait, startSimNode, startSimNodes } from '../../test/support/net-sim.js';
import { endpoint } from './inet-address.js';
import type { Message } from './message.js';
import { MessagingClosedError, MessagingTimeoutError, RemoteFailureError } from './net-errors.js';
import type { MessagingService } from './messaging-service.js';

const text = (m: Message) => Buffer.from(m.payload).toString();
const bytes = (s: string) => Buffer.from(s);

/** Registers an ECHO handler answering "<node>:<payload>". */
function echo(m: MessagingService): void {
  m.registerHandler('ECHO', (msg, reply) => reply.respond(bytes(`${m.address.host}:${text(msg)}`)));
}

test('requests and responses among three nodes, including a node to itself', async () => {
  const env = newSimEnv(1, 7);
  const nodes = await startSimNodes(env, 3);
  for (const n of nodes) echo(n.messaging);
  const answers: string[] = [];
  for (const from of nodes) {
    for (const to of nodes) {
      const rsp = await simAwait(env, from.messaging.request(to.messaging.address, { verb: 'ECHO', payload: bytes(from.messaging.address.host) }));
      assert.equal(rsp.verb, 'ECHO_RSP');
      assert.deepEqual(rsp.from, to.messaging.address);
      answers.push(text(rsp));
    }
  }
  assert.deepEqual(answers, [
    '127.0.0.1:127.0.0.1', '127.0.0.2:127.0.0.1', '127.0.0.3:127.0.0.1',
    '127.0.0.1:127.0.0.2', '127.0.0.2:127.0.0.2', '127.0.0.3:127.0.0.2',
    '127.0.0.1:127.0.0.3', '127.0.0.2:127.0.0.3', '127.0.0.3:127.0.0.3',
  ]);
  const c = nodes[0]!.messaging.metrics.of(nodes[1]!.messaging.address);
  assert.equal(c.sent, 2, 'one request to node 2 and one answer to its request');
  assert.equal(c.received, 2);
  assert.equal(nodes[0]!.messaging.pendingRequests, 0);
  for (const n of nodes) await n.messaging.shutdown();
});

test('many concurrent requests are each matched to their own answer', async () => {
  const env = newSimEnv(2, 5);
  const [a, b] = await startSimNodes(env, 2);
  echo(b!.messaging);
  const all = Promise.all(Array.from({ length: 200 }, (_, i) => a!.messaging.request(b!.messaging.address, { verb: 'ECHO', payload: bytes(String(i)) })));
  const rsps = await simAwait(env, all);
  assert.deepEqual(rsps.map(text), Array.from({ length: 200 }, (_, i) => `127.0.0.2:${i}`));
});

test('one-way messages reach their handler; a request sent one-way gets no answer', async () => {
  const env = newSimEnv(3);
  const [a, b] = await startSimNodes(env, 2);
  const got: string[] = [];
  b!.messaging.registerHandler('GOSSIP_DIGEST_SYN', (m) => void got.push(`syn:${text(m)}`));
  b!.messaging.registerHandler('MUTATION', (m, reply) => {
    got.push(`mutation:${m.kind}`);
    reply.respond(bytes('ignored'));
  });
  a!.messaging.send(b!.messaging.address, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('hi') });
  a!.messaging.send(b!.messaging.address, { verb: 'MUTATION', payload: bytes('m') });
  await runFor(env, 10);
  assert.deepEqual(got, ['syn:hi', 'mutation:oneway']);
  assert.equal(b!.messaging.metrics.of(a!.messaging.address).sent, 0, 'no answer to a one-way message');
  assert.throws(() => a!.messaging.send(b!.messaging.address, { verb: 'MUTATION_RSP', payload: bytes('') }), /response verb/);
  assert.throws(() => a!.messaging.registerHandler('READ_RSP', () => undefined), /response verb/);
});

test('a throwing or rejecting handler answers FAILURE_RSP, which arrives typed', async () => {
  const env = newSimEnv(4);
  const [a, b] = await startSimNodes(env, 2);
  b!.messaging.registerHandler('MUTATION', () => {
    throw new OverloadedError('memtables full');
  });
  b!.messaging.registerHandler('READ', async () => {
    await Promise.resolve();
    throw new Error('disk on fire');
  });
  const to = b!.messaging.address;
  await assert.rejects(simAwait(env, a!.messaging.request(to, { verb: 'MUTATION', payload: bytes('') })), (e: unknown) => {
    assert.ok(e instanceof RemoteFailureError);
    assert.equal(e.reason, 'HANDLER_ERROR');
    assert.equal(e.remoteErrorCode, ErrorCode.OVERLOADED);
    assert.equal(e.verb, 'MUTATION');
    assert.match(e.message, /MUTATION failed on 127\.0\.0\.2:7000 \(HANDLER_ERROR\): OverloadedError: memtables full/);
    return true;
  });
  await assert.rejects(simAwait(env, a!.messaging.request(to, { verb: 'READ', payload: bytes('') })), /Error: disk on fire/);
  assert.equal(a!.messaging.metrics.of(to).failures, 2);
});

test('a verb without a handler is answered UNKNOWN_VERB and counted', async () => {
  const env = newSimEnv(5);
  const [a, b] = await startSimNodes(env, 2);
  await assert.rejects(simAwait(env, a!.messaging.request(b!.messaging.address, { verb: 'PAXOS_PREPARE', payload: bytes('') })), (e: unknown) => {
    return e instanceof RemoteFailureError && e.reason === 'UNKNOWN_VERB' && /no handler for PAXOS_PREPARE/.test(e.message);
  });
  assert.equal(b!.messaging.metrics.of(a!.messaging.address).dropped.unknownVerb, 1);
});

test('requests time out on the Env clock; late answers are unmatched', async () => {
  const env = newSimEnv(6);
  const [a, b] = await startSimNodes(env, 2);
  const replies: ((p: Uint8Array) => void)[] = [];
  b!.messaging.registerHandler('READ', (_m, reply) => void replies.push((p) => reply.respond(p)));
  let failure: unknown;
  const start = env.clock.nowMs();
  a!.messaging.sendWithCallback(b!.messaging.address, { verb: 'READ', payload: bytes('') }, {
    timeoutMs: 300,
    onResponse: () => assert.fail('no response expected'),
    onFailure: (e) => (failure = e),
  });
  await runFor(env, 299);
  assert.equal(failure, undefined);
  assert.equal(replies.length, 1);
  await runFor(env, 1);
  assert.ok((failure as unknown) instanceof MessagingTimeoutError);
  assert.equal(env.clock.nowMs() - start, 300);
  assert.match((failure as unknown as Error).message, /READ to 127\.0\.0\.2:7000: no response within 300 ms/);
  assert.equal(a!.messaging.metrics.of(b!.messaging.address).timeouts, 1);
  // Answered at the deadline: sent, but nobody waits for it any more.
  replies[0]!(bytes('late'));
  await runFor(env, 10);
  assert.equal(a!.messaging.metrics.of(b!.messaging.address).dropped.unmatched, 1);
  // Answered after the deadline: the replica does not even send it.
  const p = a!.messaging.request(b!.messaging.address, { verb: 'READ', payload: bytes('') }, { timeoutMs: 100 });
  await assert.rejects(simAwait(env, p), MessagingTimeoutError);
  await runFor(env, 50);
  replies[1]!(bytes('later'));
  assert.equal(b!.messaging.metrics.of(a!.messaging.address).dropped.expired, 1);
  assert.equal(a!.messaging.pendingRequests, 0);
});

test('shutdown fails waiting requests and refuses new ones', async () => {
  const env = newSimEnv(7);
  const [a, b] = await startSimNodes(env, 2);
  b!.messaging.registerHandler('READ', () => undefined);
  const p = a!.messaging.request(b!.messaging.address, { verb: 'READ', payload: bytes('') });
  await runFor(env, 5);
  await a!.messaging.shutdown();
  await assert.rejects(p, MessagingClosedError);
  await assert.rejects(a!.messaging.request(b!.messaging.address, { verb: 'READ', payload: bytes('') }), MessagingClosedError);
});

test('a restarted peer is reconnected to after backoff; messages wait for it', async () => {
  const env = newSimEnv(8);
  const [a, b] = await startSimNodes(env, 2);
  echo(b!.messaging);
  const bAddr = b!.messaging.address;
  assert.equal(text(await simAwait(env, a!.messaging.request(bAddr, { verb: 'ECHO', payload: bytes('1') }))), '127.0.0.2:1');
  await b!.messaging.shutdown();
  await runFor(env, 10);
  // B is down: the request is queued, connection attempts fail and back off; it times out.
  await assert.rejects(simAwait(env, a!.messaging.request(bAddr, { verb: 'ECHO', payload: bytes('2') }, { timeoutMs: 500 })), MessagingTimeoutError);
  // B comes back on the same address; the next request gets through once A's backoff allows.
  const b2 = await startSimNode(env, '127.0.0.2');
  echo(b2.messaging);
  const rsp = await simAwait(env, a!.messaging.request(bAddr, { verb: 'ECHO', payload: bytes('3') }, { timeoutMs: 5000 }));
  assert.equal(text(rsp), '127.0.0.2:3');
  assert.ok(a!.logger.events().filter((e) => e === 'internode_connected').length >= 2);
});

test('the outbound queue is bounded: expired messages go first, then the oldest', async () => {
  const env = newSimEnv(9);
  const a = await startSimNode(env, '127.0.0.1', { outboundQueueMax: 3, reconnectInitialMs: 10_000, reconnectMaxMs: 10_000 });
  const down = endpoint('127.0.0.9', 7000);
  a.messaging.send(down, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('short'), timeoutMs: 5 });
  a.messaging.send(down, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('a') });
  a.messaging.send(down, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('b') });
  await runFor(env, 10);
  a.messaging.send(down, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('c') });
  a.messaging.send(down, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('d') });
  const dropped = a.messaging.metrics.of(down).dropped;
  assert.equal(dropped.expired, 1, 'the expired message made room first');
  assert.equal(dropped.overflow, 1, 'then the oldest live one');
  await a.messaging.shutdown();
  assert.equal(a.messaging.metrics.of(down).dropped.closed, 3);
});

test('messages past their deadline when received are not run', async () => {
  const env = newSimEnv(10);
  const [a, b] = await startSimNodes(env, 2);
  let ran = 0;
  b!.messaging.registerHandler('GOSSIP_DIGEST_SYN', () => void ran++);
  const { delayBy } = await import('./fault-filters.js');
  b!.messaging.filters.add(delayBy(50, env.random));
  a!.messaging.send(b!.messaging.address, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes(''), timeoutMs: 20 });
  a!.messaging.send(b!.messaging.address, { verb: 'GOSSIP_DIGEST_SYN', payload: bytes('') });
  await runFor(env, 100);
  assert.equal(ran, 1);
  assert.equal(b!.messaging.metrics.of(a!.messaging.address).dropped.expired, 1);
  await settle();
});
