/**
 * Range scans against a model: replicas diverge at random (each write lands on a random subset of
 * them, some are column or partition deletions); a paged scan at ALL must return exactly the
 * reconciled model in token order, and afterwards every replica holds it (scans at ONE through any
 * node agree).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simAwait } from '../../test/support/net-sim.js';
import type { Consistency } from '../locator/index.js';
import type { PositionBound, ScannedPartition } from '../storage/table-store.js';
import { type CellModel, divergeReplicas, liveColumns } from '../../test/support/service/divergent-replicas.js';
import { SimCluster, WHOLE, partitioner } from '../../test/support/service/sim-cluster.js';

function expected(model: CellModel): string[] {
  const keysInOrder = [...model.keys()].sort((x, y) => Buffer.compare(partitioner.decorate(Buffer.from(x)).position, partitioner.decorate(Buffer.from(y)).position));
  return keysInOrder.filter((k) => liveColumns(model, k).length > 0).map((k) => `${k}:${liveColumns(model, k).join(',')}`);
}

async function pagedScan(c: SimCluster, via: number, cl: Consistency, pageSize: number): Promise<string[]> {
  const out: string[] = [];
  let after: PositionBound | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page: ScannedPartition[] = await simAwait(c.env, c.node(via).proxy.scan(c.cf, after, undefined, WHOLE, pageSize, cl, c.nowSec()));
    for (const p of page) out.push(`${p.key.toString()}:${[...c.columns(p).entries()].map(([k, v]) => `${k}=${v}`).join(',')}`);
    if (page.length < pageSize) return out;
    after = { position: page[page.length - 1]!.position, inclusive: false };
  }
  throw new Error('too many pages');
}

for (const seed of [81, 82, 83, 84]) {
  test(`seed ${seed}: a paged scan at ALL returns the reconciled model and repairs every replica`, async () => {
    const c = await SimCluster.start({ seed, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
    const model = await divergeReplicas(c, 150, 25);
    const want = expected(model);
    assert.deepEqual(await pagedScan(c, seed % 3, 'ALL', 1 + (seed % 6)), want);
    for (let via = 0; via < 3; via++) assert.deepEqual(await pagedScan(c, via, 'ONE', 7), want, `ONE via ${via} after repair`);
    await c.close();
  });
}
