/** Gossip among five nodes on the simulated Env: convergence, crash and restart, determinism. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Message, endpointKey } from '../net/index.js';
import { encodeAck } from './gossip-codec.js';
import { handleAck } from './gossip-digest-ack-handler.js';
import { GossipCluster } from '../../test/support/gossip-sim.js';
import { newSimEnv, runFor } from '../../test/support/net-sim.js';

/** Runs whole gossip rounds until `done` holds; returns the rounds it took (fails past `max`). */
async function roundsUntil(c: GossipCluster, done: () => boolean, max: number): Promise<number> {
  for (let r = 0; r <= max; r++) {
    if (done()) return r;
    await runFor(c.env, 1000);
  }
  assert.fail(`not done within ${max} rounds`);
}

test('five nodes from one seed: everyone learns everyone, alive, within a few rounds', async (t) => {
  const c = new GossipCluster(newSimEnv(11), 5);
  await c.startAll();
  const rounds = await roundsUntil(c, () => c.converged(), 10);
  t.diagnostic(`converged after ${rounds} rounds`);
  assert.ok(rounds >= 2, 'news needs at least two rounds to go around through the seed');
  for (const a of c.running()) {
    assert.equal(a.gossiper.liveMembers().length, 5);
    assert.equal(a.gossiper.unreachableMembers().length, 0);
    for (const b of c.running()) {
      if (a === b) continue;
      assert.equal(a.gossiper.endpointState(b.address)?.states.get('HOST_ID')?.value, b.gossiper.endpointState(b.address)?.states.get('HOST_ID')?.value);
    }
  }
  // Later local changes spread too.
  c.node(4).gossiper.addLocalApplicationState('LOAD', '12345.0');
  await roundsUntil(c, () => c.running().every((n) => n.gossiper.endpointState(c.address(4))?.states.get('LOAD')?.value === '12345.0'), 8);
  for (const n of c.running()) await c.dispose(n.index);
});

async function crashAndRestart(seed: number): Promise<{ trace: string[]; convictedAfterMs: number[]; backAfterMs: number }> {
  const c = new GossipCluster(newSimEnv(seed), 5);
  await c.startAll();
  await roundsUntil(c, () => c.converged(), 10);
  // Half a minute of heartbeats teaches the detectors the real arrival rate (~1 s).
  await runFor(c.env, 30_000);
  const oldGeneration = c.node(5).gossiper.generation;
  await c.crash(5);
  const crashedAt = c.env.clock.nowMs();
  const convictedAfterMs: number[] = [];
  const survivors = c.running();
  const ep5 = c.address(5);
  const convictedCount = (): number => convictedAfterMs.filter((ms) => ms !== undefined).length;
  for (let t = 0; t <= 40_000 && convictedCount() < survivors.length; t += 100) {
    await runFor(c.env, 100);
    for (const n of survivors) {
      if (!n.gossiper.isAlive(ep5) && convictedAfterMs[n.index - 1] === undefined) convictedAfterMs[n.index - 1] = c.env.clock.nowMs() - crashedAt;
    }
  }
  for (const n of survivors) assert.deepEqual(n.gossiper.unreachableMembers(), [ep5], `node ${n.index} holds 5 down`);
  for (const n of survivors) {
    assert.equal(n.gossiper.isAliveKey(endpointKey(ep5)), false, 'by key as by address');
    assert.equal(n.gossiper.isAliveKey(endpointKey(c.address(n.index))), true, 'a node is alive to itself');
  }
  await runFor(c.env, 5000);
  const restartedAt = c.env.clock.nowMs();
  const back = await c.start(5);
  assert.ok(back.gossiper.generation > oldGeneration, 'a restart is a new generation');
  const rounds = await roundsUntil(c, () => c.converged(), 15);
  for (const n of survivors) {
    assert.equal(n.gossiper.endpointState(ep5)?.heartbeat.generation, back.gossiper.generation);
    assert.ok(c.trace.some((l) => l.endsWith(`n${n.index} restart 127.0.0.5:7000`)), `node ${n.index} saw the restart`);
  }
  const backAfterMs = c.env.clock.nowMs() - restartedAt;
  assert.ok(rounds <= 15);
  for (const n of c.running()) await c.dispose(n.index);
  return { trace: c.trace, convictedAfterMs, backAfterMs };
}

test('a crashed node is convicted by all within ~20 s and is alive again after a restart with a new generation', async (t) => {
  const { convictedAfterMs, backAfterMs } = await crashAndRestart(21);
  t.diagnostic(`convicted after ${convictedAfterMs.join(', ')} ms; back after ${backAfterMs} ms`);
  assert.equal(convictedAfterMs.filter((ms) => ms !== undefined).length, 4);
  for (const ms of convictedAfterMs) {
    assert.ok(ms >= 15_000, `convicted after ${ms} ms: not before phi could pass 8`);
    assert.ok(ms <= 25_000, `convicted after ${ms} ms`);
  }
  assert.ok(backAfterMs <= 15_000, `back after ${backAfterMs} ms`);
});

test('the same seed gives the identical trace; another seed another one', async () => {
  const a = await crashAndRestart(33);
  const b = await crashAndRestart(33);
  assert.ok(a.trace.length > 100, `a trace of ${a.trace.length} events`);
  assert.deepEqual(b.trace, a.trace);
  assert.deepEqual(b.convictedAfterMs, a.convictedAfterMs);
  const other = await crashAndRestart(34);
  assert.notDeepEqual(other.trace, a.trace);
});

test('subscribers hear restart before the new join; a throwing subscriber is logged and does not stop gossip', async () => {
  const c = new GossipCluster(newSimEnv(61), 2);
  await c.startAll();
  const heard: string[] = [];
  c.node(1).gossiper.register({
    onJoin: () => {
      throw new Error('subscriber bug');
    },
  });
  c.node(1).gossiper.register({
    onJoin: (ep, st) => void heard.push(`join ${ep.host} g${st.heartbeat.generation}`),
    onRestart: (ep, old) => void heard.push(`restart ${ep.host} g${old.heartbeat.generation}`),
    onAlive: (ep) => void heard.push(`alive ${ep.host}`),
    onDead: (ep) => void heard.push(`dead ${ep.host}`),
  });
  await roundsUntil(c, () => c.converged(), 10);
  const g1 = c.node(2).gossiper.generation;
  c.node(2).gossiper.announceShutdown();
  await runFor(c.env, 10);
  await c.dispose(2);
  await runFor(c.env, 2000);
  const g2 = (await c.start(2, { generation: g1 + 7 })).gossiper.generation;
  assert.equal(g2, g1 + 7);
  await roundsUntil(c, () => c.converged(), 10);
  assert.deepEqual(heard, [`join 127.0.0.2 g${g1}`, 'alive 127.0.0.2', 'dead 127.0.0.2', `restart 127.0.0.2 g${g1}`, `join 127.0.0.2 g${g2}`, 'alive 127.0.0.2']);
  assert.ok(c.node(1).net.logger.events('error').includes('gossip_subscriber_failed'));
  for (const n of c.running()) await c.dispose(n.index);
});

test('without their seed the others keep gossiping among themselves; the seed rejoins after a restart', async () => {
  const c = new GossipCluster(newSimEnv(71), 4);
  await c.startAll();
  await roundsUntil(c, () => c.converged(), 10);
  await runFor(c.env, 10_000);
  await c.crash(1);
  await roundsUntil(c, () => c.running().every((n) => !n.gossiper.isAlive(c.address(1))), 35);
  c.node(3).gossiper.addLocalApplicationState('SCHEMA', '6f1c4a36-0000-4000-8000-000000000001');
  await roundsUntil(c, () => c.running().every((n) => n.gossiper.endpointState(c.address(3))?.states.get('SCHEMA')?.value.startsWith('6f1c') === true), 10);
  await c.start(1);
  await roundsUntil(c, () => c.converged(), 15);
  assert.equal(c.node(1).gossiper.endpointState(c.address(3))?.states.get('SCHEMA')?.value, '6f1c4a36-0000-4000-8000-000000000001');
  for (const n of c.running()) await c.dispose(n.index);
});

test('regression (simulation seed 260): an ACK answering a SYN of our previous incarnation does not leave a peer heartbeat-only forever', async () => {
  const c = new GossipCluster(newSimEnv(72), 3);
  await c.startAll();
  await roundsUntil(c, () => c.converged(), 10);
  await c.crash(3);
  await c.start(3);
  // What node 1 answered node 3's last SYN before the crash, delivered to the restarted node 3:
  // node 2's heartbeat above the versions that SYN claimed, and none of its application states.
  const stale = c.node(1).gossiper.endpointState(c.address(2))!;
  const payload = encodeAck({ digests: [], states: [{ endpoint: c.address(2), state: { heartbeat: stale.heartbeat, states: new Map() } }] });
  const now = c.env.clock.nowMs();
  handleAck(c.node(3).gossiper, { id: 1, verb: 'GOSSIP_DIGEST_ACK', kind: 'request', from: c.address(1), createdAtMs: now, expiresAtMs: now + 10_000, payload } as Message);
  await roundsUntil(c, () => c.converged(), 15);
  assert.ok(c.node(3).gossiper.endpointState(c.address(2))?.states.get('STATUS_WITH_PORT') !== undefined, 'node 3 learned node 2 whole');
  for (const n of c.running()) await c.dispose(n.index);
});

test('a SYN, ACK or ACK2 expires after one round: late, it would speak of versions that no longer hold', async () => {
  const c = new GossipCluster(newSimEnv(73), 3);
  await c.startAll();
  const lifetimes = new Map<string, Set<number>>();
  for (const n of c.running()) {
    n.net.messaging.filters.add({
      name: 'watch',
      apply: ({ direction, message: m }) => {
        if (direction === 'send' && m.verb.startsWith('GOSSIP_DIGEST')) lifetimes.set(m.verb, (lifetimes.get(m.verb) ?? new Set()).add(m.expiresAtMs - m.createdAtMs));
        return undefined;
      },
    });
  }
  await roundsUntil(c, () => c.converged() && lifetimes.size === 3, 10);
  const interval = c.node(1).gossiper.intervalMs;
  for (const [verb, ms] of lifetimes) assert.deepEqual([...ms], [interval], verb);
  for (const n of c.running()) await c.dispose(n.index);
});
