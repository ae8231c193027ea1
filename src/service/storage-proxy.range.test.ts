/** Range scans through the coordinator: split by the ring, every key once in token order, limits, paging, repair. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simAwait } from '../../test/support/net-sim.js';
import type { Consistency } from '../locator/index.js';
import { liveCell } from '../storage/model/index.js';
import type { PositionBound } from '../storage/table-store.js';
import { SimCluster, WHOLE, keys, partitioner } from '../../test/support/service/sim-cluster.js';

const RF3 = { class: 'SimpleStrategy', options: { replication_factor: '3' } };

function scan(c: SimCluster, via: number, cl: Consistency, limit: number, from?: PositionBound, to?: PositionBound) {
  return simAwait(c.env, c.node(via).proxy.scan(c.cf, from, to, WHOLE, limit, cl, c.nowSec()));
}

const inTokenOrder = (ks: string[]) => [...ks].sort((a, b) => Buffer.compare(partitioner.decorate(Buffer.from(a)).position, partitioner.decorate(Buffer.from(b)).position));

test('5 nodes, RF=3: a full scan from any coordinator returns every key once, in token order, at ONE, QUORUM and ALL', async () => {
  const c = await SimCluster.start({ seed: 31, nodes: 5, replication: RF3 });
  const all = keys(60);
  for (const [i, k] of all.entries()) await c.write(i % 5, k, 'v', k, BigInt(i + 1), 'ALL');
  const expected = inTokenOrder(all);
  for (const cl of ['ONE', 'QUORUM', 'ALL'] as const) {
    for (let via = 0; via < 5; via++) {
      const got = await scan(c, via, cl, 1000);
      assert.deepEqual(got.map((p) => p.key.toString()), expected, `${cl} via ${via}`);
      for (const p of got) assert.equal(c.columns(p).get('v'), p.key.toString());
      for (let i = 1; i < got.length; i++) assert.ok(Buffer.compare(got[i - 1]!.position, got[i]!.position) < 0);
    }
  }
  await c.close();
});

test('the partition limit, paging after a position, and a sub-range', async () => {
  const c = await SimCluster.start({ seed: 32, nodes: 5, replication: RF3 });
  const all = keys(45);
  for (const [i, k] of all.entries()) await c.write(i % 5, k, 'v', k, 1n, 'ALL');
  const expected = inTokenOrder(all);
  assert.deepEqual((await scan(c, 2, 'QUORUM', 7)).map((p) => p.key.toString()), expected.slice(0, 7));
  // Page through by the last position seen.
  const paged: string[] = [];
  let after: PositionBound | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const page = await scan(c, pages % 5, 'QUORUM', 8, after);
    paged.push(...page.map((p) => p.key.toString()));
    if (page.length < 8) break;
    after = { position: page[page.length - 1]!.position, inclusive: false };
  }
  assert.deepEqual(paged, expected);
  // [10th, 30th] inclusive, (10th, 30th) exclusive.
  const pos = (k: string) => partitioner.decorate(Buffer.from(k)).position;
  const lo = expected[10]!;
  const hi = expected[30]!;
  assert.deepEqual((await scan(c, 1, 'ALL', 1000, { position: pos(lo), inclusive: true }, { position: pos(hi), inclusive: true })).map((p) => p.key.toString()), expected.slice(10, 31));
  assert.deepEqual((await scan(c, 4, 'ONE', 1000, { position: pos(lo), inclusive: false }, { position: pos(hi), inclusive: false })).map((p) => p.key.toString()), expected.slice(11, 30));
  await c.close();
});

test('a scan at ALL sees a key only one replica holds, repairs it, and pages past another replica\'s deletions', async () => {
  const c = await SimCluster.start({ seed: 33, nodes: 3, replication: RF3 });
  const all = keys(20);
  for (const k of all) await c.write(0, k, 'v', k, 10n, 'ALL');
  // Node 2 alone holds an extra key, and alone deleted the first 12 keys in token order.
  const expected = inTokenOrder(all);
  const update = (k: string, deletion: boolean) => ({
    cf: c.cf,
    update: { key: Buffer.from(k), partitionDeletion: deletion ? { markedForDeleteAt: 11n, localDeletionTime: c.nowSec() } : null, rangeTombstones: [], cells: deletion ? [] : [liveCell(c.name('v'), Buffer.from('lonely'), 12n)] },
  });
  await simAwait(c.env, c.node(2).local.apply([update('lonely', false), ...expected.slice(0, 12).map((k) => update(k, true))]));
  const survivors = inTokenOrder([...expected.slice(12), 'lonely']);
  // Limit 3 while node 2 answers twelve deleted partitions first: the coordinator keeps paging.
  const got = await scan(c, 0, 'ALL', 3);
  assert.deepEqual(got.map((p) => p.key.toString()), survivors.slice(0, 3));
  const everything = await scan(c, 1, 'ALL', 100);
  assert.deepEqual(everything.map((p) => p.key.toString()), survivors);
  // Repaired: every node now holds the lonely key and the deletions.
  for (let i = 0; i < 3; i++) {
    assert.equal(c.localRow(i, 'lonely').get('v'), 'lonely', `node ${i}`);
    assert.equal(c.localRow(i, expected[0]!).size, 0, `node ${i}`);
  }
  await c.close();
});

test('vnodes: adjacent pieces with the same replicas are asked in one request each, order intact', async () => {
  const c = await SimCluster.start({ seed: 34, nodes: 3, tokensPerNode: 8, replication: RF3 });
  assert.equal(c.ring.sortedTokens().length, 24);
  const all = keys(50);
  for (const [i, k] of all.entries()) await c.write(i % 3, k, 'v', k, 1n, 'ALL');
  let rangeReads = 0;
  c.node(0).messaging.filters.add({ name: 'count', apply: (ctx) => void (ctx.direction === 'send' && ctx.message.verb === 'RANGE_READ' && rangeReads++) });
  const got = await scan(c, 0, 'ALL', 1000);
  assert.deepEqual(got.map((p) => p.key.toString()), inTokenOrder(all));
  assert.equal(rangeReads, 2, 'one request to each other replica, not one per token');
  // With five nodes the replica sets change along the ring, and the scan is still complete and ordered.
  const five = await SimCluster.start({ seed: 35, nodes: 5, tokensPerNode: 4, replication: RF3 });
  for (const [i, k] of all.entries()) await five.write(i % 5, k, 'v', k, 1n, 'QUORUM');
  for (let via = 0; via < 5; via++) assert.deepEqual((await scan(five, via, 'QUORUM', 1000)).map((p) => p.key.toString()), inTokenOrder(all));
  await c.close();
  await five.close();
});
