/** Gossip under faults on the simulated Env: partition and heal, announced shutdown, LEFT eviction, ECHO, bad input. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GossipCluster, tokenOf } from '../../test/support/gossip-sim.js';
import { newSimEnv, runFor } from '../../test/support/net-sim.js';
import { delayBy, dropWithProbability, partition, reorder, verbIs, type MessageFilter } from '../net/index.js';
import { statusOf, statusValues } from './gossip-status.js';

async function roundsUntil(c: GossipCluster, done: () => boolean, max: number): Promise<number> {
  for (let r = 0; r <= max; r++) {
    if (done()) return r;
    await runFor(c.env, 1000);
  }
  assert.fail(`not done within ${max} rounds`);
}

async function converged(seed: number, extra = {}): Promise<GossipCluster> {
  const c = new GossipCluster(newSimEnv(seed), 5, extra);
  await c.startAll();
  await roundsUntil(c, () => c.converged(), 10);
  await runFor(c.env, 20_000);
  return c;
}

async function disposeAll(c: GossipCluster): Promise<void> {
  for (const n of c.running()) await c.dispose(n.index);
}

test('a partition: each side convicts the other; after healing everyone is alive again', async (t) => {
  const c = await converged(41);
  const sideA = [c.address(1), c.address(2)];
  const sideB = [c.address(3), c.address(4), c.address(5)];
  const split = partition(sideA, sideB);
  const removers = c.running().map((n) => n.net.messaging.filters.add(split));
  const splitAt = c.env.clock.nowMs();
  const crossDown = (): boolean =>
    c.running().every((n) => {
      const other = n.index <= 2 ? sideB : sideA;
      const own = n.index <= 2 ? sideA : sideB;
      return other.every((e) => !n.gossiper.isAlive(e)) && own.every((e) => n.gossiper.isAlive(e));
    });
  const downRounds = await roundsUntil(c, crossDown, 35);
  assert.ok(c.env.clock.nowMs() - splitAt >= 15_000, 'nobody is convicted before phi can pass 8');
  for (const e of sideB) assert.ok(c.node(1).gossiper.unreachableMembers().some((u) => u.host === e.host));
  for (const remove of removers) remove();
  const healRounds = await roundsUntil(c, () => c.converged(), 30);
  t.diagnostic(`sides convicted each other after ${downRounds} rounds; healed in ${healRounds} rounds`);
  await disposeAll(c);
});

test('an announced shutdown marks the node down everywhere at once, and it stays down', async () => {
  const c = await converged(42);
  const ep3 = c.address(3);
  c.node(3).gossiper.announceShutdown();
  await runFor(c.env, 10);
  const others = c.running().filter((n) => n.index !== 3);
  for (const n of others) {
    assert.equal(n.gossiper.isAlive(ep3), false, `node ${n.index} marked 3 down within 10 ms`);
    assert.deepEqual(statusOf(n.gossiper.endpointState(ep3)!), { kind: 'shutdown' });
    assert.equal(n.gossiper.endpointState(ep3)?.states.get('RPC_READY')?.value, 'false');
  }
  await c.dispose(3);
  await runFor(c.env, 30_000);
  for (const n of others) assert.equal(n.gossiper.isAlive(ep3), false, 'older gossip does not revive it');
  // It comes back with a new generation.
  await c.start(3);
  await roundsUntil(c, () => c.converged(), 15);
  await disposeAll(c);
});

test('a LEFT node is evicted by everyone after its expiry once convicted, then quarantined', async () => {
  const c = await converged(43, { ringDelayMs: 5_000 });
  const ep4 = c.address(4);
  const expireMs = c.env.clock.nowMs() + 10_000;
  const left = statusValues.left([tokenOf(4)], expireMs);
  c.node(4).gossiper.addLocalApplicationStates([['STATUS_WITH_PORT', left], ['STATUS', left]]);
  await roundsUntil(c, () => c.running().every((n) => statusOf(n.gossiper.endpointState(ep4)!)?.kind === 'LEFT'), 8);
  await c.dispose(4); // leaves silently, as a decommissioned node does
  const others = c.running();
  await roundsUntil(c, () => others.every((n) => n.gossiper.endpointState(ep4) === undefined), 40);
  assert.ok(c.env.clock.nowMs() > expireMs, 'not before the expiry');
  for (const n of others) {
    assert.ok(c.trace.some((l) => l.endsWith(`n${n.index} remove 127.0.0.4:7000`)));
    assert.ok(!n.gossiper.knownEndpoints().some((e) => e.host === '127.0.0.4'));
  }
  assert.ok(others.some((n) => n.gossiper.isQuarantined(ep4)));
  await runFor(c.env, 12_000);
  for (const n of others) assert.equal(n.gossiper.isQuarantined(ep4), false, 'quarantine (2 × ring delay) is over');
  await runFor(c.env, 5_000);
  for (const n of others) assert.equal(n.gossiper.endpointState(ep4), undefined, 'nobody brings it back');
  await disposeAll(c);
});

test('a new node is alive only once it answers ECHO', async () => {
  const c = new GossipCluster(newSimEnv(44), 2);
  await c.start(1);
  const dropEcho: MessageFilter = { name: 'no-echo', apply: (ctx) => (verbIs('ECHO')(ctx) ? { action: 'drop' } : undefined) };
  const remove = c.node(1).net.messaging.filters.add(dropEcho);
  await c.start(2);
  await runFor(c.env, 5_000);
  const n1 = c.node(1).gossiper;
  assert.equal(n1.endpointState(c.address(2))?.states.get('HOST_ID')?.value !== undefined, true, 'node 1 knows node 2');
  assert.equal(n1.isAlive(c.address(2)), false, 'but has not heard its ECHO');
  remove();
  await roundsUntil(c, () => n1.isAlive(c.address(2)), 15);
  await disposeAll(c);
});

test('malformed gossip and gossip from another cluster are ignored and logged; the node keeps gossiping', async () => {
  const c = new GossipCluster(newSimEnv(45), 2);
  await c.startAll();
  await roundsUntil(c, () => c.converged(), 10);
  const n1 = c.node(1);
  for (const verb of ['GOSSIP_DIGEST_SYN', 'GOSSIP_DIGEST_ACK', 'GOSSIP_DIGEST_ACK2', 'GOSSIP_SHUTDOWN'] as const) {
    c.node(2).net.messaging.send(n1.address, { verb, payload: Buffer.from([1, 0xff, 0xff]) });
  }
  const { encodeSyn } = await import('./gossip-codec.js');
  c.node(2).net.messaging.send(n1.address, { verb: 'GOSSIP_DIGEST_SYN', payload: encodeSyn({ clusterName: 'Other', partitioner: '', digests: [] }) });
  await runFor(c.env, 10);
  const warnings = n1.net.logger.events('warn');
  assert.equal(warnings.filter((e) => e === 'gossip_malformed_message').length, 4);
  assert.equal(warnings.filter((e) => e === 'gossip_cluster_mismatch').length, 1);
  await runFor(c.env, 5_000);
  assert.ok(c.converged());
  assert.equal(n1.gossiper.isAlive(c.address(2)), true, 'the garbage did not count as a shutdown');
  await disposeAll(c);
});

test('under loss, delay and reordering views only move forward; once healed everyone converges', async (t) => {
  const c = await converged(46);
  const removers = c.running().flatMap((n) => [
    n.net.messaging.filters.add(dropWithProbability(0.3, c.env.random)),
    n.net.messaging.filters.add(delayBy(5, c.env.random, 200)),
    n.net.messaging.filters.add(reorder(0.2, 500, c.env.random)),
  ]);
  const seen = new Map<string, number>();
  for (let s = 0; s < 60; s++) {
    await runFor(c.env, 1000);
    for (const a of c.running()) {
      assert.ok(a.gossiper.isAlive(a.address));
      for (const e of a.gossiper.knownEndpoints()) {
        const st = a.gossiper.endpointState(e)!;
        const key = `${a.index}>${e.host}`;
        const stamp = st.heartbeat.generation * 2 ** 31 + st.heartbeat.version;
        assert.ok(stamp >= (seen.get(key) ?? 0), `node ${a.index}'s view of ${e.host} went backwards`);
        seen.set(key, stamp);
      }
    }
  }
  for (const remove of removers) remove();
  const rounds = await roundsUntil(c, () => c.converged(), 30);
  t.diagnostic(`converged ${rounds} rounds after the faults stopped`);
  await disposeAll(c);
});

test('with the ring known, a silent endpoint outside it (a fat client) is evicted after the ring delay; members are not', async () => {
  const c = new GossipCluster(newSimEnv(47), 4, { ringDelayMs: 5_000, isRingMember: (e) => e.host !== '127.0.0.4' && e.host !== '127.0.0.3' });
  await c.startAll();
  await roundsUntil(c, () => c.converged(), 10);
  await runFor(c.env, 20_000);
  assert.ok(c.converged(), 'a live fat client is kept: its heartbeats keep it fresh');
  await c.crash(4); // outside the ring
  await c.crash(2); // a ring member
  const at = c.env.clock.nowMs();
  await roundsUntil(c, () => c.running().every((n) => n.gossiper.endpointState(c.address(4)) === undefined), 10);
  assert.ok(c.env.clock.nowMs() - at <= 8_000, 'evicted soon after a ring delay of silence, long before conviction');
  await roundsUntil(c, () => c.running().every((n) => !n.gossiper.isAlive(c.address(2))), 30);
  for (const n of c.running()) {
    assert.ok(n.gossiper.endpointState(c.address(2)) !== undefined, 'a dead member stays known');
    assert.ok(n.gossiper.isAlive(c.address(3)), 'node 3, outside the ring but alive, stays');
  }
  await disposeAll(c);
});
