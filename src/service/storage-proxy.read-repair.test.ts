/** Digest mismatches: the coordinator reconciles replicas' data, answers the newest, and repairs the stale replicas before answering. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simAwait } from '../../test/support/net-sim.js';
import type { Consistency } from '../locator/index.js';
import { type Cell, liveCell, tombstoneCell } from '../storage/model/index.js';
import { SimCluster } from '../../test/support/service/sim-cluster.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } };

/** Writes straight into one node's engine, behind the coordinator's back (a replica that missed or saw writes alone). */
function writeLocal(c: SimCluster, node: number, key: string, cells: Cell[], partitionDeletion: { markedForDeleteAt: bigint; localDeletionTime: number } | null = null): Promise<void> {
  return simAwait(c.env, c.node(node).local.apply([{ cf: c.cf, update: { key: Buffer.from(key), partitionDeletion, rangeTombstones: [], cells } }]));
}

function rows(c: SimCluster, key: string): Map<string, string>[] {
  return c.nodes.map((_, i) => c.localRow(i, key));
}

test('a newer value on one replica wins a QUORUM read and is repaired onto the other replica read', async () => {
  const c = await SimCluster.start({ seed: 21, nodes: 3, replication: RF3 });
  await c.write(0, 'k', 'v', 'old', 10n, 'ALL');
  // Node 0 coordinates a QUORUM read from itself (data) and the first other replica in ring order
  // (digest); the third replica, which it does not ask, alone holds a newer value.
  const n0 = c.node(0).endpoint;
  const far = c.nodes.indexOf(c.nodeOf(c.replicasOf('k').filter((e) => e !== n0)[1]!));
  await writeLocal(c, far, 'k', [liveCell(c.name('v'), Buffer.from('new'), 20n)]);
  assert.equal((await c.read(0, 'k', 'QUORUM')).get('v'), 'old');
  // ALL reads node 2 too: mismatch, the newest wins, and every replica converges before the answer.
  assert.equal((await c.read(0, 'k', 'ALL')).get('v'), 'new');
  assert.deepEqual(rows(c, 'k').map((r) => r.get('v')), ['new', 'new', 'new']);
  await c.close();
});

test('QUORUM read through the stale replica: it is repaired, so a QUORUM read never goes back in time', async () => {
  const c = await SimCluster.start({ seed: 22, nodes: 3, replication: RF3 });
  await writeLocal(c, 1, 'k', [liveCell(c.name('a'), Buffer.from('one'), 5n), liveCell(c.name('b'), Buffer.from('b1'), 5n)]);
  await writeLocal(c, 2, 'k', [liveCell(c.name('a'), Buffer.from('two'), 6n)]);
  // Coordinator 1 reads itself and its nearest other replica; whichever that is, it differs from node 1.
  const first = await c.read(1, 'k', 'QUORUM');
  const seenBy = first.get('a') === 'two' ? 2 : 0;
  if (seenBy === 2) assert.deepEqual([...first.entries()].sort(), [['a', 'two'], ['b', 'b1']]);
  else assert.deepEqual([...first.entries()].sort(), [['a', 'one'], ['b', 'b1']]);
  // Both replicas contacted now hold the reconciled row.
  assert.deepEqual(c.localRow(1, 'k'), c.localRow(seenBy, 'k'));
  // An ALL read settles all three on the newest of everything.
  assert.deepEqual([...(await c.read(0, 'k', 'ALL')).entries()].sort(), [['a', 'two'], ['b', 'b1']]);
  for (const r of rows(c, 'k')) assert.deepEqual([...r.entries()].sort(), [['a', 'two'], ['b', 'b1']]);
  await c.close();
});

test('tombstones win reconciliation and are repaired too: a deleted column does not come back', async () => {
  const c = await SimCluster.start({ seed: 23, nodes: 3, replication: RF3 });
  await c.write(0, 'k', 'a', 'x', 10n, 'ALL');
  await c.write(0, 'k', 'b', 'y', 10n, 'ALL');
  await writeLocal(c, 1, 'k', [tombstoneCell(c.name('a'), 11n, c.nowSec())]);
  assert.deepEqual([...(await c.read(2, 'k', 'ALL')).entries()], [['b', 'y']]);
  for (const r of rows(c, 'k')) assert.deepEqual([...r.entries()], [['b', 'y']]);
  // A partition deletion on one replica shadows older cells everywhere after repair.
  await writeLocal(c, 2, 'k', [], { markedForDeleteAt: 12n, localDeletionTime: c.nowSec() });
  await c.write(0, 'k', 'c', 'after', 13n, 'ONE');
  const got = await c.read(0, 'k', 'ALL');
  assert.deepEqual([...got.entries()], [['c', 'after']]);
  for (const r of rows(c, 'k')) assert.deepEqual([...r.entries()], [['c', 'after']]);
  await c.close();
});

test('a limited read that a replica\'s deletions would cut short is re-read in full (short-read protection)', async () => {
  const c = await SimCluster.start({ seed: 24, nodes: 3, replication: RF3 });
  const cols = ['a', 'b', 'c', 'd'];
  for (const col of cols) await c.write(0, 'k', col, col.toUpperCase(), 10n, 'ALL');
  // Node 2 alone deleted a and b.
  await writeLocal(c, 2, 'k', [tombstoneCell(c.name('a'), 11n, c.nowSec()), tombstoneCell(c.name('b'), 11n, c.nowSec())]);
  const limited = { ...(await import('../../test/support/service/sim-cluster.js')).WHOLE, cellLimit: 2 };
  const r = await simAwait(c.env, c.node(0).proxy.read(c.cf, Buffer.from('k'), limited, 'ALL' as Consistency, c.nowSec()));
  assert.deepEqual(c.columns(r), new Map([['c', 'C'], ['d', 'D']]));
  assert.equal(r!.truncated, false);
  await c.close();
});
