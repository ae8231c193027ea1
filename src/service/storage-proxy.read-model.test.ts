/**
 * Single-partition reads against a model: replicas diverge at random; reads at ALL with random
 * cell limits, directions and slices must return exactly what reconciling every replica gives
 * (short reads retried, reversed order kept), and leave the replicas agreeing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simAwait } from '../../test/support/net-sim.js';
import { BOTTOM, TOP } from '../storage/model/index.js';
import type { SliceQuery } from '../storage/read/slice-query.js';
import { divergeReplicas, liveColumns } from '../../test/support/service/divergent-replicas.js';
import { SimCluster } from '../../test/support/service/sim-cluster.js';

for (const seed of [91, 92, 93]) {
  test(`seed ${seed}: limited, reversed and sliced reads at ALL return the reconciled model`, async () => {
    const c = await SimCluster.start({ seed, nodes: 3, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
    const model = await divergeReplicas(c, 200, 12);
    const rnd = c.env.random;
    for (const key of [...model.keys()].sort()) {
      const reversed = rnd.next() < 0.5;
      const cellLimit = 1 + Math.floor(rnd.next() * 4);
      // Columns b..d only, half the time.
      const sliced = rnd.next() < 0.5;
      const slices = sliced ? [{ start: c.name('b'), end: c.name('d') }] : [{ start: BOTTOM, end: TOP }];
      const query: SliceQuery = { slices, reversed, cellLimit };
      const r = await simAwait(c.env, c.node(Math.floor(rnd.next() * 3)).proxy.read(c.cf, Buffer.from(key), query, 'ALL', c.nowSec()));
      let want = liveColumns(model, key).filter((col) => !sliced || ['b', 'c', 'd'].includes(col.slice(0, 1)));
      if (reversed) want = want.reverse();
      want = want.slice(0, cellLimit);
      const got = [...c.columns(r).entries()].map(([k, v]) => `${k}=${v}`);
      assert.deepEqual(got, want, `${key} reversed=${reversed} limit=${cellLimit} sliced=${sliced}`);
    }
    // Full ALL reads leave all three replicas with the same, reconciled data.
    for (const key of model.keys()) {
      const row = await c.read(1, key, 'ALL');
      assert.deepEqual([...row.entries()].map(([k, v]) => `${k}=${v}`), liveColumns(model, key));
      for (let i = 0; i < 3; i++) assert.deepEqual(c.localRow(i, key), row, `${key} on node ${i}`);
    }
    await c.close();
  });
}
