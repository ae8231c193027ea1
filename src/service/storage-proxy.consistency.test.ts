/** The coordinator on SimpleStrategy rings: writes and reads at every consistency level, and where data lands. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Consistency } from '../locator/index.js';
import { SimCluster, keys } from '../../test/support/service/sim-cluster.js';

const WRITE_LEVELS: Consistency[] = ['ANY', 'ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_ONE', 'LOCAL_QUORUM', 'EACH_QUORUM'];
const READ_LEVELS: Consistency[] = ['ONE', 'TWO', 'THREE', 'QUORUM', 'ALL', 'LOCAL_ONE', 'LOCAL_QUORUM', 'EACH_QUORUM'];

test('3 nodes, RF=3: every write level then every read level sees the write, through every coordinator', async () => {
  const c = await SimCluster.start({ seed: 1, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  let ts = 1000n;
  for (const wl of WRITE_LEVELS) {
    for (let via = 0; via < 3; via++) {
      const key = `${wl}-${via}`;
      await c.write(via, key, 'v', `${wl}@${via}`, ++ts, wl);
      for (const rl of READ_LEVELS) {
        const row = await c.read((via + 1) % 3, key, rl);
        assert.equal(row.get('v'), `${wl}@${via}`, `${wl} write via ${via}, ${rl} read`);
      }
    }
  }
  // With every replica up, every write reached every replica.
  for (let i = 0; i < 3; i++) assert.equal(c.localRow(i, 'QUORUM-1').get('v'), 'QUORUM@1');
  await c.close();
});

test('5 nodes, RF=3: data lands on exactly the key\'s three replicas, whoever coordinates', async () => {
  const c = await SimCluster.start({ seed: 2, nodes: 5, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const all = keys(40);
  let ts = 1n;
  for (const [i, k] of all.entries()) await c.write(i % 5, k, 'col', `val-${k}`, ++ts, 'QUORUM');
  await c.read(0, all[0]!, 'ALL'); // lets the last write's third ack land
  for (const k of all) {
    const replicas = new Set(c.replicasOf(k));
    assert.equal(replicas.size, 3);
    for (const n of c.nodes) {
      const held = c.localRow(c.nodes.indexOf(n), k).get('col');
      assert.equal(held, replicas.has(n.endpoint) ? `val-${k}` : undefined, `${k} on ${n.endpoint}`);
    }
    for (let via = 0; via < 5; via++) assert.equal((await c.read(via, k, 'QUORUM')).get('col'), `val-${k}`);
  }
  // A coordinator that is no replica answers ONE and ALL reads too.
  const k0 = all[0]!;
  const outsider = c.nodes.findIndex((n) => !c.replicasOf(k0).includes(n.endpoint));
  assert.equal((await c.read(outsider, k0, 'ONE')).get('col'), `val-${k0}`);
  assert.equal((await c.read(outsider, k0, 'ALL')).get('col'), `val-${k0}`);
  assert.equal((await c.read(outsider, 'never-written', 'QUORUM')).size, 0);
  await c.close();
});

test('deletions through the coordinator hide the column at every level', async () => {
  const c = await SimCluster.start({ seed: 3, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  await c.write(0, 'k', 'a', 'x', 10n, 'ALL');
  await c.write(0, 'k', 'b', 'y', 10n, 'ALL');
  await c.deleteColumn(1, 'k', 'a', 11n, 'QUORUM');
  for (const rl of READ_LEVELS) assert.deepEqual([...(await c.read(2, 'k', rl)).entries()], [['b', 'y']], rl);
  // An older write does not bring it back.
  await c.write(2, 'k', 'a', 'old', 9n, 'ALL');
  assert.equal((await c.read(0, 'k', 'ALL')).get('a'), undefined);
  await c.close();
});

test('readMany: every key answered in order, each from its own replicas (5 nodes) or from the local store (1 node)', async () => {
  const five = await SimCluster.start({ seed: 4, nodes: 5, replication: { class: 'SimpleStrategy', options: { replication_factor: '2' } } });
  const all = keys(12);
  let ts = 1n;
  for (const [i, k] of all.entries()) await five.write(i % 5, k, 'col', `v-${k}`, ++ts, 'ALL');
  const asked = [...all, 'never-written', all[3]!];
  for (const cl of ['ONE', 'QUORUM', 'ALL'] as const) {
    const rows = await five.readMany(2, asked, cl);
    assert.deepEqual(rows.map((r) => r.get('col')), asked.map((k) => (k === 'never-written' ? undefined : `v-${k}`)), cl);
  }
  // Too few live replicas for some key: the whole multiget is unavailable.
  five.liveness.markDown(five.replicasOf(all[0]!)[0]!);
  await assert.rejects(five.readMany(2, all, 'ALL'), /Cannot achieve consistency level ALL/);
  await five.close();

  const one = await SimCluster.start({ seed: 5, nodes: 1, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  await one.write(0, 'a', 'col', 'x', 1n, 'ONE');
  await one.write(0, 'c', 'col', 'z', 1n, 'ONE');
  assert.deepEqual((await one.readMany(0, ['c', 'b', 'a'], 'ONE')).map((r) => r.get('col')), ['z', undefined, 'x']);
  await assert.rejects(one.readMany(0, ['a'], 'QUORUM').then(() => one.readMany(0, ['a'], 'TWO')), /Cannot achieve consistency level TWO/);
  await one.close();
});
