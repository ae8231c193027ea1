/**
 * GROUP BY paging states on a ring of three nodes (RF=1: each partition lives on one node): a
 * page's state, sent back to another coordinator, resumes at the next group there — the state
 * names only the data (partition key, clustering, groups left), nothing of the node that made it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEST_NODE_INFO } from '../../../test/support/cql-test-node.js';
import { simAwait } from '../../../test/support/net-sim.js';
import { SimCluster, partitioner } from '../../../test/support/service/sim-cluster.js';
import { createCqlContext } from '../create-cql-context.js';
import { newClientState, queryOptions } from '../execution/index.js';
import type { RowsResult } from '../execution/cql-result.js';
import { parseStatement } from '../parser/index.js';
import { prepareStatement } from '../prepare.js';

import type { CqlResult } from '../execution/index.js';

type Page = (cql: string, pageSize?: number, pagingState?: Buffer) => Promise<CqlResult>;

function rowsOf(r: CqlResult): RowsResult {
  assert.equal(r.kind, 'rows');
  return r as RowsResult;
}

test('three nodes, RF=1: each page of a GROUP BY sent to the next coordinator gives every group once, in token order', async () => {
  const c = await SimCluster.start({ seed: 81, nodes: 3, tokensPerNode: 4, replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } } });
  const via: Page[] = c.nodes.map((n) => {
    const ctx = createCqlContext({ env: c.env, keeper: n.keeper, ops: n.ops, partitioner, node: () => TEST_NODE_INFO, data: n.proxy });
    const state = newClientState(undefined, () => undefined);
    return async (cql, pageSize, pagingState) => {
      const options = queryOptions([], { consistency: 'ONE', ...(pageSize !== undefined ? { pageSize } : {}), ...(pagingState !== undefined ? { pagingState } : {}) });
      return simAwait(c.env, prepareStatement(parseStatement(cql), ctx, state.keyspace).execute(state, options));
    };
  });
  await via[0]!("CREATE KEYSPACE g1 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await via[0]!('CREATE TABLE g1.t (k int, g int, c int, v int, PRIMARY KEY (k, g, c))');
  for (const n of c.nodes.slice(1)) await simAwait(c.env, n.keeper.addKeyspace(c.node(0).keeper.schema.getKeyspace('g1')));
  for (let k = 0; k < 30; k++) for (let i = 0; i < (k % 5) + 1; i++) await via[k % 3]!(`INSERT INTO g1.t (k, g, c, v) VALUES (${k}, ${i >> 1}, ${i}, ${k + i})`);
  const show = (r: RowsResult): string[] => r.rows.map((row) => row.map((v) => (v === null ? 'null' : v.toString('hex'))).join('/'));
  for (const q of ['SELECT k, count(*), sum(v) FROM g1.t GROUP BY k', 'SELECT k, g, count(*) FROM g1.t GROUP BY k, g', 'SELECT k, g, count(*) FROM g1.t GROUP BY k, g PER PARTITION LIMIT 1 LIMIT 20']) {
    const whole = show(rowsOf(await via[0]!(q)));
    assert.ok(whole.length >= 20, q);
    for (const pageSize of [1, 4]) {
      const got: string[] = [];
      let state: Buffer | undefined;
      for (let page = 0; page === 0 || state !== undefined; page++) {
        assert.ok(page < 200, 'paging does not end');
        const r = rowsOf(await via[page % 3]!(q, pageSize, state));
        assert.ok(r.rows.length <= pageSize);
        got.push(...show(r));
        state = r.pagingState;
      }
      assert.deepEqual(got, whole, `${q}, pages of ${pageSize}`);
    }
  }
  await c.close();
});
