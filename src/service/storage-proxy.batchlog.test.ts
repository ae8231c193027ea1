/**
 * LOGGED batches through the batch log on SimEnv clusters: applied and forgotten normally; a
 * coordinator dying after BATCH_STORE and before applying leaves the batch to the batch log
 * endpoints' replay, which makes every mutation visible; a stored batch that does not decode
 * and cannot be quarantined stays, reported, without stopping the batches after it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { MalformedMessageError, UnavailableError } from '../errors/index.js';
import { isolate } from '../net/index.js';
import { liveCell } from '../storage/model/index.js';
import { batchlogEndpoints } from './batchlog/batchlog-endpoints.js';
import { storeBatch } from './batchlog/coordinate-logged-batch.js';
import type { TableWrite } from './data-store.js';
import { newBallot } from './paxos/ballot.js';
import { BatchlogReplayer } from './batchlog/batchlog-replay.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import { type SimCluster, SimCluster as Cluster, keys } from '../../test/support/service/sim-cluster.js';
import { decodeBatchMutations, decodeBatchRemove, decodeBatchStore, encodeBatchMutations, encodeBatchStore } from './wire/batch-messages.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } } as const;

function batch(c: SimCluster, ks: readonly string[], value: string, ts: bigint): TableWrite[] {
  return ks.map((k) => ({ cf: c.cf, update: { key: Buffer.from(k), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('v'), Buffer.from(`${value}-${k}`), ts)] } }));
}

function storedBatches(c: SimCluster): number {
  return c.nodes.reduce((n, node) => n + node.batchlog.list(100, c.nowSec()).length, 0);
}

test('a logged batch over several partitions is applied and then removed from the batch log', async () => {
  const c = await Cluster.start({ seed: 201, nodes: 5, replication: RF3 });
  const ks = keys(6, 'b');
  await simAwait(c.env, c.node(0).proxy.apply(batch(c, ks, 'one', 10n), 'QUORUM', { logged: true }));
  for (const k of ks) assert.equal((await c.read(3, k, 'QUORUM')).get('v'), `one-${k}`);
  await runFor(c.env, 100);
  assert.equal(storedBatches(c), 0, 'BATCH_REMOVE reached both batch log endpoints');
  // Nothing left to replay, even long after.
  await runFor(c.env, 1_000);
  for (const n of c.nodes) assert.equal(await simAwait(c.env, n.replayer.replayOnce()), 0);
  await c.close();
});

test('the coordinator dies after BATCH_STORE, before applying: the batch log replay makes every mutation visible', async () => {
  for (const [seed, periodic] of [[211, false], [212, true]] as const) {
    const c = await Cluster.start({ seed, nodes: 5, replication: RF3 });
    const d = c.node(0).proxy.deps;
    const ks = keys(8, 'p');
    const writes = batch(c, ks, 'orphan', 20n);
    const endpoints = batchlogEndpoints(d, 'QUORUM');
    assert.equal(endpoints.length, 2);
    assert.ok(!endpoints.includes(c.node(0).endpoint));
    await simAwait(c.env, storeBatch(d, endpoints, newBallot(c.env.clock.nowMicros(), c.env.random), writes));
    // ... node 0 dies here.
    c.node(0).messaging.filters.add(isolate(c.node(0).messaging.address));
    c.liveness.markDown(c.node(0).endpoint);
    assert.equal(storedBatches(c), 2);
    for (const k of ks) assert.equal((await c.read(1, k, 'QUORUM')).get('v'), undefined, 'nothing applied yet');
    // Too young to replay: its coordinator may still be at work.
    for (const n of c.nodes.slice(1)) assert.equal(await simAwait(c.env, n.replayer.replayOnce()), 0);
    if (periodic) {
      const handles = c.nodes.slice(1).map((n) => n.replayer.start(250));
      await runFor(c.env, 2_000);
      for (const h of handles) h.cancel();
    } else {
      await runFor(c.env, 2 * 200 + 1);
      const replayed = await Promise.all(endpoints.map((e) => simAwait(c.env, c.nodeOf(e).replayer.replayOnce())));
      assert.deepEqual(replayed, [1, 1]);
    }
    for (const k of ks) assert.equal((await c.read(2, k, 'QUORUM')).get('v'), `orphan-${k}`, `${k} (seed ${seed})`);
    assert.equal(storedBatches(c), 0, 'replayed batches are removed');
    // The dead coordinator's replicas were hinted.
    const hinted = c.nodes.slice(1).reduce((n, node) => n + node.hints.for(c.node(0).endpoint).length, 0);
    const ownedByZero = ks.filter((k) => c.replicasOf(k).includes(c.node(0).endpoint)).length;
    assert.ok(hinted >= ownedByZero, `hints for node 0: ${hinted} >= ${ownedByZero}`);
    await c.close();
  }
});

test('no other live node for the batch log is UnavailableError (nothing written); a single partition skips the batch log', async () => {
  const c = await Cluster.start({ seed: 221, nodes: 2, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  c.liveness.markDown(c.node(1).endpoint);
  const mine = keys(40, 'u').filter((k) => c.replicasOf(k)[0] === c.node(0).endpoint).slice(0, 2);
  await assert.rejects(simAwait(c.env, c.node(0).proxy.apply(batch(c, mine, 'x', 1n), 'ONE', { logged: true })), UnavailableError);
  assert.equal(c.localRow(0, mine[0]!).size, 0);
  await simAwait(c.env, c.node(0).proxy.apply(batch(c, mine.slice(0, 1), 'y', 2n), 'ONE', { logged: true }));
  assert.equal(c.localRow(0, mine[0]!).get('v'), `y-${mine[0]}`);
  await c.close();
});

test('BATCH_STORE / BATCH_REMOVE payloads round-trip; garbled ones are MalformedMessageError', async () => {
  const c = await Cluster.start({ seed: 231, nodes: 1, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  const id = newBallot(1_000n, c.env.random);
  const mutations = batch(c, ['a', 'b'], 'v', 5n).map((w) => ({ tableId: w.cf.id, update: w.update }));
  const payload = encodeBatchStore({ id, mutations });
  const decoded = decodeBatchStore(payload);
  assert.deepEqual(decoded.id, id);
  assert.deepEqual(decodeBatchMutations(decoded.data), mutations);
  assert.deepEqual(decodeBatchMutations(encodeBatchMutations([])), []);
  assert.deepEqual(decodeBatchRemove(id), id);
  for (let n = 0; n < payload.length; n++) assert.throws(() => decodeBatchStore(payload.subarray(0, n)), MalformedMessageError, `cut at ${n}`);
  assert.throws(() => decodeBatchRemove(Buffer.alloc(17)), MalformedMessageError);
  await c.close();
});

test('batch log endpoints: other live nodes of the local data center, other racks first', async () => {
  const racks = ['r1', 'r1', 'r2', 'r3', 'r1', 'r9'];
  const c = await Cluster.start({
    seed: 241,
    nodes: 6,
    replication: { class: 'NetworkTopologyStrategy', options: { dc1: '2', dc2: '1' } },
    locationOf: (i) => ({ datacenter: i < 5 ? 'dc1' : 'dc2', rack: racks[i]! }),
  });
  const d = c.node(0).proxy.deps;
  for (let round = 0; round < 10; round++) {
    const chosen = batchlogEndpoints(d, 'ONE').map((e) => c.nodes.findIndex((n) => n.endpoint === e)).sort();
    assert.deepEqual(chosen, [2, 3], 'the two other racks of dc1 (never dc2, never itself)');
  }
  c.liveness.markDown(c.node(3).endpoint);
  const chosen = batchlogEndpoints(d, 'ONE').map((e) => c.nodes.findIndex((n) => n.endpoint === e));
  assert.equal(chosen[0], 2, 'the one other rack first');
  assert.ok([1, 4].includes(chosen[1]!), 'then its own rack');
  await c.close();
});

test('a batch that does not decode and cannot be quarantined either (no room on disk) stays, reported; the batches after it still replay', async () => {
  const c = await Cluster.start({ seed: 251, nodes: 1, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  const n = c.node(0);
  // The quarantine folder cannot be made: a file holds its parent's name.
  c.env.fs.writeFileSync('/node1/blocked', Buffer.from('a file, not a folder'));
  const background = new BackgroundSupervisor(() => undefined);
  const replayer = new BatchlogReplayer({ env: c.env, table: n.batchlog, coordinator: n.proxy, tableById: (id) => (id === c.cf.id ? c.cf : undefined), writeTimeoutMs: 100, background, quarantineDir: '/node1/blocked/quarantine' });
  const old = () => newBallot(c.env.clock.nowMicros() - 60_000_000n, c.env.random);
  await simAwait(c.env, n.batchlog.store(Buffer.alloc(16), Buffer.from([0xff]), c.env.clock.nowMicros()));
  const good = batch(c, ['q1'], 'after', 7n).map((w) => ({ tableId: w.cf.id, update: w.update }));
  await simAwait(c.env, n.batchlog.store(old(), encodeBatchMutations(good), c.env.clock.nowMicros()));
  assert.equal(await simAwait(c.env, replayer.replayOnce()), 1);
  assert.equal(c.localRow(0, 'q1').get('v'), 'after-q1');
  assert.equal(storedBatches(c), 1, 'the bad batch stays for the next round');
  assert.equal(replayer.quarantined, 0);
  const [failure] = background.snapshot();
  assert.equal(failure?.task, 'batchlog-replay');
  assert.match(failure?.message ?? '', /^quarantining stored batch 00000000-0000-0000-0000-000000000000: /);
  await c.close();
});
