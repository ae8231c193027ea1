/**
 * Hinted handoff end to end on the simulated cluster: the coordinator's missed writes become hint
 * files (HintsService over the node's MemoryFileSystem), are delivered over HINT when the replica
 * is back, and survive a power loss of the coordinator once flushed; the hint window is kept.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isolate } from '../net/index.js';
import { runFor, simAwait } from '../../test/support/net-sim.js';
import { SimCluster, keys } from '../../test/support/service/sim-cluster.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } };

/** Cuts node i off (every node drops its messages) and marks it down; returns the healing function. */
function takeDown(c: SimCluster, i: number): () => void {
  const n = c.node(i);
  const removers = c.nodes.map((x) => x.messaging.filters.add(isolate(n.messaging.address, `down-${i}`)));
  c.liveness.markDown(n.endpoint, c.env.clock.nowMs());
  return () => {
    for (const r of removers) r();
    c.liveness.markUp(n.endpoint);
  };
}

/** Writes (and deletes every third key's `b`) through node 0 at QUORUM; the expected rows. */
async function writeAll(c: SimCluster, ks: readonly string[], ts: bigint): Promise<Map<string, Map<string, string>>> {
  const expected = new Map<string, Map<string, string>>();
  for (const [i, k] of ks.entries()) {
    await c.write(0, k, 'a', `a-${k}`, ts, 'QUORUM');
    await c.write(0, k, 'b', `b-${k}`, ts, 'QUORUM');
    const row = new Map([['a', `a-${k}`], ['b', `b-${k}`]]);
    if (i % 3 === 0) {
      await c.deleteColumn(0, k, 'b', ts + 1n, 'QUORUM');
      row.delete('b');
    }
    expected.set(k, row);
  }
  return expected;
}

test('writes a down replica missed are hinted on disk and delivered over HINT when it is back', async () => {
  const c = await SimCluster.start({ seed: 71, nodes: 3, replication: RF3, hints: {} });
  const [coordinator, down] = [c.node(0), c.node(2)];
  const hs = coordinator.hintsService!;
  const heal = takeDown(c, 2);
  const ks = keys(12, 'h');
  const expected = await writeAll(c, ks, 10n);
  assert.equal(hs.stats.written, 12 * 2 + 4, 'one hint per missed partition update');
  assert.deepEqual(hs.pendingTargets(), [down.hostId], 'hints are kept under the host id');
  assert.ok(c.env.fs.readdirSync(`/node1/hints/${down.hostId}`).some((f) => f.endsWith('.hints')), 'a hint file on the coordinator disk');
  for (const k of ks) assert.equal(c.localRow(2, k).size, 0, 'the down replica has nothing');
  for (const k of ks) assert.deepEqual(c.localRow(1, k), expected.get(k));

  heal();
  hs.onAlive(down.hostId);
  const r = await simAwait(c.env, hs.dispatch(down.hostId));
  assert.equal(r.completed, true);
  assert.equal(hs.stats.delivered, 12 * 2 + 4);
  assert.deepEqual(hs.pendingTargets(), [], 'delivered files are deleted');
  for (const k of ks) assert.deepEqual(c.localRow(2, k), expected.get(k), `${k} on the replica that was down`);
  for (const k of ks) assert.deepEqual(await c.read(2, k, 'ONE'), expected.get(k));
  await c.close();
});

test('the periodic sweep delivers too; a replica down past max_hint_window gets no more hints', async () => {
  const c = await SimCluster.start({ seed: 72, nodes: 3, replication: RF3, hints: { maxHintWindowMs: 5_000, dispatchPeriodMs: 1_000 } });
  const hs = c.node(0).hintsService!;
  const heal = takeDown(c, 2);
  await c.write(0, 'early', 'a', 'x', 1n, 'QUORUM');
  assert.equal(hs.stats.written, 1);
  await runFor(c.env, 6_000);
  await c.write(0, 'late', 'a', 'y', 2n, 'QUORUM');
  assert.equal(hs.stats.written, 1, 'past the window: not hinted');
  assert.equal(hs.stats.refused, 1);
  await assert.rejects(c.write(0, 'late2', 'a', 'z', 3n, 'ALL'));
  heal();
  await runFor(c.env, 2_000);
  assert.equal(hs.stats.delivered, 1, 'the sweep found the live target');
  assert.equal(c.localRow(2, 'early').get('a'), 'x');
  assert.equal(c.localRow(2, 'late').size, 0, 'left for repair');
  await c.close();
});

test('flushed hints survive a power loss of the coordinator and are delivered after the restart', async () => {
  const c = await SimCluster.start({ seed: 73, nodes: 3, replication: RF3, hints: {} });
  const down = c.node(2);
  const heal = takeDown(c, 2);
  const ks = keys(6, 'r');
  const expected = await writeAll(c, ks, 20n);
  await simAwait(c.env, c.node(0).hintsService!.flush());
  c.env.fs.crash();
  await c.restart();
  const hs = c.node(0).hintsService!;
  assert.deepEqual(hs.pendingTargets(), [down.hostId], 'the hints are back from disk');
  heal();
  const r = await simAwait(c.env, hs.dispatch(down.hostId));
  assert.equal(r.delivered, 6 * 2 + 2);
  for (const k of ks) assert.deepEqual(c.localRow(2, k), expected.get(k));
  for (const k of ks) assert.deepEqual(c.localRow(0, k), expected.get(k), 'the coordinator own writes were durable too');
  await c.close();
});

test('ANY counts a stored hint only: with hints refused it cannot be satisfied by dead replicas', async () => {
  const c = await SimCluster.start({ seed: 74, nodes: 4, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } }, hints: { enabled: false } });
  const key = 'any';
  const [replica] = c.replicasOf(key);
  const coordinator = c.nodes.findIndex((n) => n.endpoint !== replica);
  takeDown(c, c.nodes.findIndex((n) => n.endpoint === replica));
  await assert.rejects(c.write(coordinator, key, 'a', 'x', 1n, 'ANY'));
  assert.equal(c.node(coordinator).hintsService!.stats.refused, 1);
  await c.close();
});
