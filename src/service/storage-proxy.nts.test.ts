/** Two data centers under NetworkTopologyStrategy: LOCAL_ levels stay in the coordinator's DC, EACH_QUORUM needs every DC. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UnavailableError, WriteTimeoutError } from '../errors/index.js';
import { dropWithProbability, endpointKey, verbIs, type VerbName } from '../net/index.js';
import { SimCluster } from '../../test/support/service/sim-cluster.js';

/** Nodes 0–2 in dc1, 3–5 in dc2; three replicas in each. */
function start(seed: number) {
  return SimCluster.start({
    seed,
    nodes: 6,
    replication: { class: 'NetworkTopologyStrategy', options: { dc1: '3', dc2: '3' } },
    locationOf: (i) => ({ datacenter: i < 3 ? 'dc1' : 'dc2', rack: 'r1' }),
  });
}

function drop(c: SimCluster, from: number, to: readonly number[], verb: VerbName): void {
  const targets = new Set(to.map((i) => endpointKey(c.node(i).messaging.address)));
  const match = verbIs(verb);
  c.node(from).messaging.filters.add(dropWithProbability(1, c.env.random, (ctx) => match(ctx) && targets.has(endpointKey(ctx.to))));
}

const isUnavailable = (consistency: string, required: number, alive: number) => (e: unknown) =>
  e instanceof UnavailableError && e.consistency === consistency && e.required === required && e.alive === alive;

test('with every node up, each DC level writes and reads from either data center', async () => {
  const c = await start(41);
  let ts = 0n;
  for (const wl of ['LOCAL_ONE', 'LOCAL_QUORUM', 'EACH_QUORUM', 'QUORUM', 'ALL'] as const) {
    for (const via of [0, 4]) {
      await c.write(via, `${wl}-${via}`, 'v', wl, ++ts, wl);
      for (const rl of ['LOCAL_ONE', 'LOCAL_QUORUM', 'EACH_QUORUM', 'QUORUM'] as const) {
        assert.equal((await c.read(via === 0 ? 5 : 1, `${wl}-${via}`, rl)).get('v'), wl, `${wl} via ${via}, ${rl}`);
      }
    }
  }
  await c.close();
});

test('dc2 down: LOCAL levels in dc1 work, EACH_QUORUM and QUORUM are unavailable, dc2 coordinators cannot reach a local quorum', async () => {
  const c = await start(42);
  for (const i of [3, 4, 5]) c.liveness.markDown(c.node(i).endpoint);
  await c.write(0, 'k', 'v', 'x', 1n, 'LOCAL_QUORUM');
  await c.write(1, 'k', 'w', 'y', 1n, 'LOCAL_ONE');
  assert.deepEqual([...(await c.read(2, 'k', 'LOCAL_QUORUM')).entries()].sort(), [['v', 'x'], ['w', 'y']]);
  await assert.rejects(c.write(0, 'k', 'v', 'z', 2n, 'EACH_QUORUM'), (e: unknown) => isUnavailable('EACH_QUORUM', 2, 0)(e) && /DC dc2/.test((e as Error).message));
  await assert.rejects(c.write(0, 'k', 'v', 'z', 2n, 'QUORUM'), isUnavailable('QUORUM', 4, 3));
  await assert.rejects(c.read(0, 'k', 'EACH_QUORUM'), isUnavailable('EACH_QUORUM', 2, 0));
  await assert.rejects(c.read(3, 'k', 'LOCAL_QUORUM'), isUnavailable('LOCAL_QUORUM', 2, 0));
  // Every dc2 replica was hinted for the LOCAL_QUORUM write.
  assert.deepEqual(new Set(c.node(0).hints.hints.map((h) => h.target)), new Set([3, 4, 5].map((i) => c.node(i).endpoint)));
  await c.close();
});

test('LOCAL_QUORUM waits only for its own DC; EACH_QUORUM times out when one DC cannot reach its quorum', async () => {
  const c = await start(43);
  drop(c, 0, [3, 4, 5], 'MUTATION');
  drop(c, 0, [3, 4, 5], 'READ');
  await c.write(0, 'k', 'v', 'x', 1n, 'LOCAL_QUORUM');
  assert.equal((await c.read(0, 'k', 'LOCAL_QUORUM')).get('v'), 'x');
  await assert.rejects(c.write(0, 'k', 'v', 'y', 2n, 'EACH_QUORUM'), (e: unknown) => {
    assert.ok(e instanceof WriteTimeoutError, String(e));
    assert.deepEqual({ received: e.received, blockFor: e.blockFor }, { received: 2, blockFor: 4 });
    return true;
  });
  // Acks from dc2 do not count for a dc1 LOCAL_QUORUM: silence the two other dc1 replicas instead.
  drop(c, 1, [0, 2], 'MUTATION');
  await assert.rejects(c.write(1, 'k2', 'v', 'x', 3n, 'LOCAL_QUORUM'), (e: unknown) => e instanceof WriteTimeoutError && e.received === 1 && e.blockFor === 2);
  await c.write(1, 'k2', 'v', 'x', 4n, 'QUORUM'); // 1 local + 3 in dc2 = 4 of 6
  await c.close();
});
