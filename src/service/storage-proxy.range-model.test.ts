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
import { liveCell, tombstoneCell } from '../storage/model/index.js';
import type { PositionBound, ScannedPartition } from '../storage/table-store.js';
import { SimCluster, WHOLE, partitioner } from './test-support/sim-cluster.js';

const COLUMNS = ['a', 'b', 'c'];

type Model = Map<string, { pd: bigint; cols: Map<string, { ts: bigint; value: string | null }> }>;

function expected(model: Model): string[] {
  const out: string[] = [];
  const keysInOrder = [...model.keys()].sort((x, y) => Buffer.compare(partitioner.decorate(Buffer.from(x)).position, partitioner.decorate(Buffer.from(y)).position));
  for (const k of keysInOrder) {
    const m = model.get(k)!;
    const live = COLUMNS.filter((col) => {
      const v = m.cols.get(col);
      return v !== undefined && v.value !== null && v.ts > m.pd;
    }).map((col) => `${col}=${m.cols.get(col)!.value}`);
    if (live.length > 0) out.push(`${k}:${live.join(',')}`);
  }
  return out;
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
    const rnd = c.env.random;
    const pick = (n: number) => Math.floor(rnd.next() * n);
    const model: Model = new Map();
    for (let op = 0; op < 150; op++) {
      const key = `k${pick(25)}`;
      const ts = BigInt(pick(50) + 1);
      const column = COLUMNS[pick(COLUMNS.length)]!;
      const kind = rnd.next();
      const m = model.get(key) ?? { pd: -1n, cols: new Map() };
      model.set(key, m);
      let update;
      if (kind < 0.1) {
        update = { key: Buffer.from(key), partitionDeletion: { markedForDeleteAt: ts, localDeletionTime: c.nowSec() }, rangeTombstones: [], cells: [] };
        if (ts > m.pd) m.pd = ts;
      } else {
        const value = kind < 0.3 ? null : `v${op}`;
        update = { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [value === null ? tombstoneCell(c.name(column), ts, c.nowSec()) : liveCell(c.name(column), Buffer.from(value), ts)] };
        const old = m.cols.get(column);
        // Newest wins; on a tie a tombstone beats a value, between values the greater bytes.
        const wins = old === undefined || ts > old.ts || (ts === old.ts && (value === null || (old.value !== null && Buffer.compare(Buffer.from(value), Buffer.from(old.value)) > 0)));
        if (wins) m.cols.set(column, { ts, value });
      }
      // Land on a random non-empty subset of the replicas.
      const holders = [0, 1, 2].filter(() => rnd.next() < 0.5);
      for (const i of holders.length === 0 ? [pick(3)] : holders) await simAwait(c.env, c.node(i).local.apply([{ cf: c.cf, update }]));
    }
    const want = expected(model);
    assert.deepEqual(await pagedScan(c, pick(3), 'ALL', 1 + pick(6)), want);
    for (let via = 0; via < 3; via++) assert.deepEqual(await pagedScan(c, via, 'ONE', 7), want, `ONE via ${via} after repair`);
    await c.close();
  });
}
