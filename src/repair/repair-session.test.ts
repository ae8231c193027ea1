/**
 * Anti-entropy repair on the simulated cluster: replicas that diverged (writes at ONE while one
 * was cut off, deletions included, and random divergence behind the coordinator's back) hold the
 * same data after one repair, and a second repair finds nothing out of sync.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { dropWithProbability, isolate, verbIs } from '../net/index.js';
import { divergeReplicas, liveColumns } from '../../test/support/service/divergent-replicas.js';
import { SimCluster, keys } from '../../test/support/service/sim-cluster.js';
import { simAwait } from '../../test/support/net-sim.js';
import { expiringCell, liveCell } from '../storage/model/index.js';
import { RepairFailedError, RepairReplicaDownError } from './repair-errors.js';
import { localDump, repairVia, withRepair } from '../../test/support/repair/repair-cluster.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } };

function assertReplicasEqual(c: SimCluster): void {
  const dumps = c.nodes.map((_, i) => localDump(c, i));
  assert.ok(dumps[0]!.length > 0);
  assert.deepEqual(dumps[1], dumps[0], 'node 2 holds what node 1 holds');
  assert.deepEqual(dumps[2], dumps[0], 'node 3 holds what node 1 holds');
}

test('writes at ONE with a replica cut off, then heal and repair: every replica holds the same data', async () => {
  const c = await SimCluster.start({ seed: 81, nodes: 3, replication: RF3 });
  const repair = withRepair(c);
  const cut = c.node(2);
  const removers = c.nodes.map((n) => n.messaging.filters.add(isolate(cut.messaging.address)));
  c.liveness.markDown(cut.endpoint);
  const ks = keys(20, 'p');
  for (const k of ks) await c.write(0, k, 'a', `a-${k}`, 10n, 'ONE');
  for (const k of ks.slice(0, 5)) await c.deleteColumn(0, k, 'a', 11n, 'ONE');
  // Node 3 took writes of its own meanwhile (newer for some keys, a partition and a range deletion).
  const apply = (update: Parameters<typeof cut.local.apply>[0][0]['update']) => simAwait(c.env, cut.local.apply([{ cf: c.cf, update }]));
  for (const k of ks.slice(5, 10)) await apply({ key: Buffer.from(k), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(c.name('b'), Buffer.from(`cut-${k}`), 12n)] });
  await apply({ key: Buffer.from('p10'), partitionDeletion: { markedForDeleteAt: 15n, localDeletionTime: c.nowSec() }, rangeTombstones: [], cells: [] });
  await apply({ key: Buffer.from('p11'), partitionDeletion: null, rangeTombstones: [{ start: c.name('a'), end: c.name('c'), deletion: { markedForDeleteAt: 16n, localDeletionTime: c.nowSec() } }], cells: [] });
  assert.notDeepEqual(localDump(c, 2), localDump(c, 0));

  for (const r of removers) r();
  c.liveness.markUp(cut.endpoint);
  const first = await repairVia(c, repair[0]!.repair('ks'));
  const t = first.tables[0]!;
  assert.equal(t.table, 't');
  assert.equal(t.rangesCompared, 3, 'every range node 1 replicates (RF 3 on 3 nodes: all three)');
  assert.ok(t.rangesOutOfSync > 0 && t.partitionsStreamed > 0, JSON.stringify(t));
  assertReplicasEqual(c);
  for (const i of [0, 1, 2]) {
    for (const k of ks.slice(0, 5)) assert.equal(c.localRow(i, k).has('a'), false, `${k} deleted on node ${i + 1}`);
    for (const k of ks.slice(5, 10)) if (k !== 'p10' && k !== 'p11') assert.equal(c.localRow(i, k).get('b'), `cut-${k}`);
    assert.equal(c.localRow(i, 'p10').size, 0, 'the partition deletion reached everyone');
    assert.equal(c.localRow(i, 'p11').size, 0, 'the range deletion reached everyone');
    assert.equal(c.localRow(i, 'p19').get('a'), 'a-p19');
  }
  const second = await repairVia(c, repair[1]!.repair('ks', ['t']));
  assert.deepEqual(second.tables, [{ table: 't', rangesCompared: 3, rangesOutOfSync: 0, syncs: 0, partitionsStreamed: 0 }]);
  await c.close();
});

test('random divergence (values, cell and partition deletions on random replicas) is repaired to the reconciled model', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
      const c = await SimCluster.start({ seed, nodes: 3, replication: RF3, tokensPerNode: 2 });
      const repair = withRepair(c, 4, { depth: 4 });
      const model = await divergeReplicas(c, 60, 15);
      await repairVia(c, repair[seed % 3]!.repair('ks'));
      assertReplicasEqual(c);
      for (const [key] of model) {
        const want = liveColumns(model, key);
        for (const i of [0, 1, 2]) assert.deepEqual([...c.localRow(i, key)].map(([k, v]) => `${k}=${v}`), want, `${key} on node ${i + 1}`);
      }
      const again = await repairVia(c, repair[(seed + 1) % 3]!.repair('ks'));
      assert.equal(again.tables[0]!.rangesOutOfSync, 0);
      assert.equal(again.tables[0]!.partitionsStreamed, 0);
      await c.close();
    }),
    { numRuns: 4, seed: 8 },
  );
});

test('repair refuses with a replica down, and an unknown keyspace or table', async () => {
  const c = await SimCluster.start({ seed: 83, nodes: 3, replication: RF3 });
  const repair = withRepair(c);
  c.liveness.markDown(c.node(1).endpoint);
  await assert.rejects(repairVia(c, repair[0]!.repair('ks')), (e: unknown) => e instanceof RepairReplicaDownError && e.down.length === 1 && e.down[0] === c.node(1).endpoint && /not alive/.test(e.message));
  c.liveness.markUp(c.node(1).endpoint);
  await assert.rejects(repairVia(c, repair[0]!.repair('nope')), /Keyspace nope does not exist/);
  await assert.rejects(repairVia(c, repair[0]!.repair('ks', ['nope'])), /Table ks.nope does not exist/);
  await c.close();
});


test('expiring cells, flushed and compacted copies: repaired alike, and only real differences are synced', async () => {
  const c = await SimCluster.start({ seed: 84, nodes: 3, replication: RF3 });
  const repair = withRepair(c, 2, { depth: 3 });
  for (const k of keys(8, 'e')) await c.write(0, k, 'a', `a-${k}`, 1n, 'ALL');
  await simAwait(c.env, c.node(1).engine.flush());
  for (const k of keys(8, 'e')) await c.deleteColumn(0, k, 'a', 2n, 'ALL');
  await simAwait(c.env, c.node(2).engine.flush());
  await simAwait(c.env, c.node(2).engine.compact());
  const clean = await repairVia(c, repair[0]!.repair('ks'));
  assert.equal(clean.tables[0]!.rangesOutOfSync, 0, 'memtable, SSTable and compacted copies of the same data agree');
  const ttl = (value: string, seconds: number) => ({ key: Buffer.from('ttl'), partitionDeletion: null, rangeTombstones: [], cells: [expiringCell(c.name('t'), Buffer.from(value), 3n, seconds, c.nowSec())] });
  await simAwait(c.env, c.node(1).local.apply([{ cf: c.cf, update: ttl('lives', 10_000) }]));
  const fixed = await repairVia(c, repair[2]!.repair('ks'));
  assert.equal(fixed.tables[0]!.rangesOutOfSync, 1);
  assert.ok(fixed.tables[0]!.partitionsStreamed >= 2, 'the one partition, to each of the two replicas lacking it');
  assertReplicasEqual(c);
  for (const i of [0, 1, 2]) assert.equal(c.localRow(i, 'ttl').get('t'), 'lives');
  const again = await repairVia(c, repair[1]!.repair('ks'));
  assert.equal(again.tables[0]!.rangesOutOfSync, 0);
  await c.close();
});

test('a replica that does not answer its validation fails the repair with RepairFailedError', async () => {
  const c = await SimCluster.start({ seed: 85, nodes: 3, replication: RF3 });
  const repair = withRepair(c, 3, { timeoutMs: 500 });
  await c.write(0, 'k', 'a', 'v', 1n, 'ALL');
  c.node(0).messaging.filters.add(dropWithProbability(1, c.env.random, verbIs('VALIDATION_REQ')));
  await assert.rejects(repairVia(c, repair[0]!.repair('ks')), (e: unknown) => e instanceof RepairFailedError && /Validation of ks\.t .* failed/.test(e.message));
  await c.close();
});
