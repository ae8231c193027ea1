/** The coordinator when replicas are down or silent: Unavailable up front, WriteTimeout after the timeout, hints. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReadFailureError, ReadTimeoutError, UnavailableError, WriteTimeoutError } from '../errors/index.js';
import { dropWithProbability, endpointKey, type MessageFilter, verbIs } from '../net/index.js';
import { liveCell } from '../storage/model/index.js';
import { SimCluster } from '../../test/support/service/sim-cluster.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } };

function unavailable(consistency: string, required: number, alive: number) {
  return (e: unknown) => {
    assert.ok(e instanceof UnavailableError, String(e));
    assert.deepEqual({ consistency: e.consistency, required: e.required, alive: e.alive }, { consistency, required, alive });
    return true;
  };
}

/** Drops every `verb` message node `from` sends to `to` (the write never reaches it, nor does an answer come back). */
function dropTo(c: SimCluster, from: number, to: number, ...verbs: Parameters<typeof verbIs>): MessageFilter {
  const target = endpointKey(c.node(to).messaging.address);
  const match = verbIs(...verbs);
  const f = dropWithProbability(1, c.env.random, (ctx) => match(ctx) && endpointKey(ctx.to) === target, `drop-to-${to}`);
  c.node(from).messaging.filters.add(f);
  return f;
}

test('Unavailable before anything is written when too few replicas are alive', async () => {
  const c = await SimCluster.start({ seed: 11, nodes: 3, replication: RF3 });
  c.liveness.markDown(c.node(1).endpoint);
  c.liveness.markDown(c.node(2).endpoint);
  await assert.rejects(c.write(0, 'k', 'v', 'x', 1n, 'QUORUM'), unavailable('QUORUM', 2, 1));
  await assert.rejects(c.write(0, 'k', 'v', 'x', 1n, 'ALL'), unavailable('ALL', 3, 1));
  await assert.rejects(c.write(0, 'k', 'v', 'x', 1n, 'TWO'), unavailable('TWO', 2, 1));
  assert.equal(c.localRow(0, 'k').size, 0, 'an unavailable write writes nothing, not even locally');
  assert.equal(c.node(0).hints.hints.length, 0);
  await assert.rejects(c.read(0, 'k', 'QUORUM'), unavailable('QUORUM', 2, 1));
  // ONE still works; the two dead replicas get hints.
  await c.write(0, 'k', 'v', 'x', 2n, 'ONE');
  assert.equal((await c.read(0, 'k', 'ONE')).get('v'), 'x');
  assert.deepEqual(c.node(0).hints.hints.map((h) => h.target).sort(), [c.node(1).endpoint, c.node(2).endpoint]);
  assert.deepEqual(c.node(0).hints.for(c.node(1).endpoint)[0]!.update.key, Buffer.from('k'));
  // Any coordinator sees the same liveness, even one marked down itself.
  await assert.rejects(c.write(1, 'k2', 'v', 'y', 3n, 'QUORUM'), UnavailableError);
  await c.close();
});

test('ANY succeeds with only hints when every replica is down', async () => {
  const c = await SimCluster.start({ seed: 12, nodes: 5, replication: RF3 });
  const key = 'any-key';
  const replicas = c.replicasOf(key);
  const coordinator = c.nodes.findIndex((n) => !replicas.includes(n.endpoint));
  for (const r of replicas) c.liveness.markDown(r);
  await c.write(coordinator, key, 'v', 'hinted', 5n, 'ANY');
  assert.deepEqual(c.node(coordinator).hints.hints.map((h) => h.target).sort(), [...replicas].sort());
  await assert.rejects(c.write(coordinator, key, 'v', 'x', 6n, 'ONE'), unavailable('ONE', 1, 0));
  await c.close();
});

test('WriteTimeout with the acknowledgements received when replicas stay silent; silent replicas are hinted', async () => {
  const c = await SimCluster.start({ seed: 13, nodes: 3, replication: RF3, writeTimeoutMs: 200 });
  dropTo(c, 0, 1, 'MUTATION');
  dropTo(c, 0, 2, 'MUTATION');
  const started = c.env.clock.nowMs();
  await assert.rejects(c.write(0, 'k', 'v', 'x', 1n, 'QUORUM'), (e: unknown) => {
    assert.ok(e instanceof WriteTimeoutError, String(e));
    assert.deepEqual({ cl: e.consistency, received: e.received, blockFor: e.blockFor, writeType: e.writeType }, { cl: 'QUORUM', received: 1, blockFor: 2, writeType: 'SIMPLE' });
    return true;
  });
  assert.ok(c.env.clock.nowMs() - started >= 200, 'not before the write timeout');
  assert.deepEqual(c.node(0).hints.hints.map((h) => h.target).sort(), [c.node(1).endpoint, c.node(2).endpoint]);
  // The coordinator's own copy was applied: ONE succeeds at once.
  await c.write(0, 'k', 'v', 'y', 2n, 'ONE');
  // A batch of two partitions times out as BATCH.
  const cf = c.cf;
  const w = (k: string) => ({ cf, update: { key: Buffer.from(k), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('v'), Buffer.from('b'), 3n)] } });
  const { simAwait } = await import('../../test/support/net-sim.js');
  await assert.rejects(simAwait(c.env, c.node(0).proxy.apply([w('b1'), w('b2')], 'ALL')), (e: unknown) => e instanceof WriteTimeoutError && e.writeType === 'BATCH' && e.received === 1 && e.blockFor === 3);
  await c.close();
});

test('a coordinator outside the replicas: timeout counts only the replicas that answered', async () => {
  const c = await SimCluster.start({ seed: 14, nodes: 5, replication: RF3, writeTimeoutMs: 150 });
  const key = 'outside';
  const replicas = c.replicasOf(key).map((e) => c.nodes.findIndex((n) => n.endpoint === e));
  const coordinator = [0, 1, 2, 3, 4].find((i) => !replicas.includes(i))!;
  dropTo(c, coordinator, replicas[0]!, 'MUTATION');
  await c.write(coordinator, key, 'v', 'x', 1n, 'QUORUM');
  await assert.rejects(c.write(coordinator, key, 'v', 'x', 2n, 'ALL'), (e: unknown) => e instanceof WriteTimeoutError && e.received === 2 && e.blockFor === 3);
  // Reads whose replicas are silent time out too, saying whether the data replica answered.
  dropTo(c, coordinator, replicas[1]!, 'READ');
  dropTo(c, coordinator, replicas[2]!, 'READ');
  dropTo(c, coordinator, replicas[0]!, 'READ');
  await assert.rejects(c.read(coordinator, key, 'QUORUM'), (e: unknown) => {
    assert.ok(e instanceof ReadTimeoutError, String(e));
    assert.deepEqual({ received: e.received, blockFor: e.blockFor, dataPresent: e.dataPresent }, { received: 0, blockFor: 2, dataPresent: false });
    return true;
  });
  await c.close();
});

test('truncate needs every node up', async () => {
  const c = await SimCluster.start({ seed: 15, nodes: 3, replication: RF3 });
  await c.write(0, 'k', 'v', 'x', 1n, 'ALL');
  c.liveness.markDown(c.node(2).endpoint);
  const { simAwait } = await import('../../test/support/net-sim.js');
  await assert.rejects(simAwait(c.env, c.node(0).proxy.truncate(c.cf)), unavailable('ALL', 3, 2));
  c.liveness.markUp(c.node(2).endpoint);
  await simAwait(c.env, c.node(1).proxy.truncate(c.cf));
  for (let i = 0; i < 3; i++) assert.equal(c.localRow(i, 'k').size, 0, `node ${i} truncated`);
  await c.close();
});

test('a replica that fails (not times out) makes the read fail with ReadFailure', async () => {
  const c = await SimCluster.start({ seed: 16, nodes: 3, replication: RF3 });
  await c.write(0, 'k', 'v', 'x', 1n, 'ALL');
  c.node(1).messaging.unregisterHandler('READ');
  c.node(2).messaging.unregisterHandler('READ');
  // The failed replica is replaced by the spare at once (speculative retry); the spare fails too.
  await assert.rejects(c.read(0, 'k', 'QUORUM'), (e: unknown) => {
    assert.ok(e instanceof ReadFailureError, String(e));
    assert.deepEqual({ cl: e.consistency, received: e.received, blockFor: e.blockFor, numFailures: e.numFailures }, { cl: 'QUORUM', received: 1, blockFor: 2, numFailures: 2 });
    return true;
  });
  assert.equal((await c.read(0, 'k', 'ONE')).get('v'), 'x', 'ONE is served by the coordinator itself');
  await c.close();
});

test('speculative retry: a silent or failing replica is replaced by a spare, so QUORUM reads need no timeout', async () => {
  const c = await SimCluster.start({ seed: 17, nodes: 3, replication: RF3 });
  await c.write(0, 'k', 'v', 'x', 1n, 'ALL');
  // Node 0 asks itself and one other; whichever other it picks is silent: the spare answers.
  dropTo(c, 0, 1, 'READ');
  dropTo(c, 0, 2, 'READ');
  const started = c.env.clock.nowMs();
  await assert.rejects(c.read(0, 'k', 'QUORUM'), ReadTimeoutError, 'both others silent: a timeout');
  c.node(0).messaging.filters.clear();
  dropTo(c, 0, 1, 'READ');
  const t0 = c.env.clock.nowMs();
  assert.equal((await c.read(0, 'k', 'QUORUM')).get('v'), 'x');
  const took = c.env.clock.nowMs() - t0;
  assert.ok(took < 1_000, `answered after ${took} ms, not after the 5 s read timeout (a timeout took ${t0 - started} ms)`);
  c.node(0).messaging.filters.clear();
  c.node(2).messaging.unregisterHandler('READ');
  assert.equal((await c.read(0, 'k', 'QUORUM')).get('v'), 'x', 'a failing replica is replaced at once');
  await c.close();
});
