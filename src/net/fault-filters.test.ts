/** Fault hooks: how verdicts combine, partitions, loss, duplication and reordering — replayable by seed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../env/index.js';
import { newSimEnv, runFor, simAwait, startSimNodes } from '../../test/support/net-sim.js';
import { delayBy, dropWithProbability, duplicateWithProbability, isolate, partition, reorder, verbIs } from './fault-filters.js';
import { endpoint } from './inet-address.js';
import type { Message } from './message.js';
import { MessageFilterChain, type FilterContext } from './message-filter.js';
import { MessagingTimeoutError } from './net-errors.js';

const A = endpoint('127.0.0.1');
const B = endpoint('127.0.0.2');
const C = endpoint('127.0.0.3');
const msg = (verb: Message['verb'] = 'MUTATION'): Message => ({ id: 1, verb, kind: 'request', from: A, createdAtMs: 0, expiresAtMs: 1, payload: new Uint8Array() });
const ctx = (from = A, to = B, verb: Message['verb'] = 'MUTATION'): FilterContext => ({ direction: 'send', from, to, message: msg(verb) });

test('a chain folds verdicts: delays add up, duplicates follow, a drop ends it', () => {
  const chain = new MessageFilterChain();
  assert.deepEqual(chain.decide(ctx()), [0]);
  const r = new SeededRandom(1);
  chain.add(delayBy(10, r));
  const removeDup = chain.add({ name: 'dup', apply: () => ({ action: 'duplicate', copies: 2, extraDelayMs: 5 }) });
  chain.add(delayBy(1, r, 0, verbIs('READ')));
  assert.deepEqual(chain.decide(ctx()), [10, 15, 20]);
  assert.deepEqual(chain.decide(ctx(A, B, 'READ')), [11, 16, 21]);
  removeDup();
  chain.add(partition([A], [B, C]));
  assert.deepEqual(chain.decide(ctx(B, A)), []);
  assert.deepEqual(chain.decide(ctx(B, C)), [10]);
  chain.remove('partition');
  chain.add(isolate(C));
  assert.deepEqual(chain.decide(ctx(C, A)), []);
  assert.deepEqual(chain.decide(ctx(C, C)), [10]);
  chain.clear();
  assert.equal(chain.size, 0);
});

test('probabilistic filters draw from the seed: same seed, same decisions', () => {
  const decisions = (seed: number) => {
    const r = new SeededRandom(seed);
    const chain = new MessageFilterChain();
    chain.add(dropWithProbability(0.3, r));
    chain.add(duplicateWithProbability(0.3, r, 2));
    chain.add(reorder(0.3, 40, r));
    return Array.from({ length: 200 }, () => chain.decide(ctx()).join(','));
  };
  assert.deepEqual(decisions(5), decisions(5));
  assert.notDeepEqual(decisions(5), decisions(6));
  const d = decisions(5);
  assert.ok(d.includes('') && d.some((x) => x.includes(',')) && d.some((x) => x !== '' && x !== '0' && !x.includes(',')));
});

test('a partition makes requests across it time out; healing restores them', async () => {
  const env = newSimEnv(11);
  const nodes = await startSimNodes(env, 3);
  for (const n of nodes) n.messaging.registerHandler('MUTATION', (_m, reply) => reply.respond(Buffer.from('ack')));
  const [a, b, c] = nodes.map((n) => n.messaging);
  const split = partition([a!.address], [b!.address, c!.address]);
  for (const m of [a!, b!, c!]) m.filters.add(split);
  const mutate = (from: typeof a, to: typeof a) => from!.request(to!.address, { verb: 'MUTATION', payload: Buffer.alloc(0) });
  await assert.rejects(simAwait(env, mutate(a, b)), MessagingTimeoutError);
  await assert.rejects(simAwait(env, mutate(c, a)), MessagingTimeoutError);
  assert.equal(Buffer.from((await simAwait(env, mutate(b, c))).payload).toString(), 'ack');
  assert.equal(a!.metrics.of(b!.address).timeouts, 1);
  assert.equal(a!.metrics.of(b!.address).dropped.filtered, 1);
  for (const m of [a!, b!, c!]) m.filters.remove(split);
  assert.equal(Buffer.from((await simAwait(env, mutate(a, b))).payload).toString(), 'ack');
});

/** 3 nodes, every node sending 40 requests to every other under duplication, reordering and loss. */
async function chaoticRun(seed: number) {
  const env = newSimEnv(seed, 9);
  const nodes = await startSimNodes(env, 3);
  const trace: string[] = [];
  for (const n of nodes) {
    n.messaging.registerHandler('READ', (m, reply) => reply.respond(m.payload));
    n.messaging.filters.add(duplicateWithProbability(0.3, env.random, 3));
    n.messaging.filters.add(reorder(0.4, 30, env.random));
    n.messaging.filters.add(dropWithProbability(0.05, env.random));
  }
  const waits: Promise<void>[] = [];
  let answered = 0;
  let timedOut = 0;
  for (const from of nodes) {
    for (const to of nodes) {
      if (from === to) continue;
      for (let i = 0; i < 40; i++) {
        const tag = `${from.messaging.address.host}>${to.messaging.address.host}#${i}`;
        const p = from.messaging.request(to.messaging.address, { verb: 'READ', payload: Buffer.from(tag) }, { timeoutMs: 500 });
        waits.push(
          p.then(
            (rsp) => {
              assert.equal(Buffer.from(rsp.payload).toString(), tag, 'each answer matches its own request');
              answered++;
              trace.push(`${env.clock.nowMs()} ${tag}`);
            },
            (e: unknown) => {
              assert.ok(e instanceof MessagingTimeoutError);
              timedOut++;
              trace.push(`${env.clock.nowMs()} timeout ${tag}`);
            },
          ),
        );
      }
    }
  }
  await simAwait(env, Promise.all(waits));
  await runFor(env, 1000);
  const totals = nodes.map((n) => n.messaging.metrics.totals());
  return { trace, answered, timedOut, unmatched: totals.reduce((s, t) => s + t.dropped.unmatched, 0), pending: nodes.map((n) => n.messaging.pendingRequests) };
}

test('duplicates and reordering never mismatch answers; a seed replays the same run', async () => {
  const first = await chaoticRun(21);
  assert.equal(first.answered + first.timedOut, 240);
  assert.ok(first.answered > 160 && first.timedOut > 0, `answered ${first.answered}`);
  assert.ok(first.unmatched > 0, 'duplicated answers arrive and are dropped as unmatched');
  assert.deepEqual(first.pending, [0, 0, 0]);
  const inOrder = first.trace.filter((t) => !t.includes('timeout')).map((t) => t.split(' ')[1]);
  assert.notDeepEqual(inOrder, [...inOrder].sort(), 'answers came back reordered');
  const again = await chaoticRun(21);
  assert.deepEqual(again.trace, first.trace);
  const other = await chaoticRun(22);
  assert.notDeepEqual(other.trace, first.trace);
});
