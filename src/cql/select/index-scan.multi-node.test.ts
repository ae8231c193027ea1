/**
 * SELECT through a CQL secondary index on a ring of three nodes (each indexing only its own
 * rows): the same full set, in token order, through every coordinator at ONE / QUORUM / ALL and
 * with any page size, for an RF=3 keyspace and an RF=1 one whose rows live on different nodes;
 * rows written at QUORUM while a replica was down are found at QUORUM through it once it is back
 * (R + W > N); its stale entries are filtered and removed from it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TEST_NODE_INFO } from '../../../test/support/cql-test-node.js';
import { simAwait } from '../../../test/support/net-sim.js';
import { cqlIndexesOf } from '../../db/cql-index/cql-index.js';
import { indexKeyOf } from '../../db/cql-index/index-entry.js';
import type { Consistency } from '../../locator/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import { SimCluster, type SimClusterNode, partitioner } from '../../../test/support/service/sim-cluster.js';
import { createCqlContext } from '../create-cql-context.js';
import { type CqlResult, newClientState, queryOptions } from '../execution/index.js';
import { parseStatement } from '../parser/index.js';
import { prepareStatement } from '../prepare.js';

type Run = (cql: string, consistency?: Consistency, pageSize?: number, pagingState?: Buffer) => Promise<CqlResult>;

function cqlOn(c: SimCluster, n: SimClusterNode): Run {
  const ctx = createCqlContext({ env: c.env, keeper: n.keeper, ops: n.ops, partitioner, node: () => TEST_NODE_INFO, data: n.proxy });
  const state = newClientState(undefined, () => undefined);
  return (cql, consistency = 'QUORUM', pageSize, pagingState) =>
    simAwait(c.env, prepareStatement(parseStatement(cql), ctx, state.keyspace).execute(state, queryOptions([], { consistency, ...(pageSize !== undefined ? { pageSize } : {}), ...(pagingState !== undefined ? { pagingState } : {}) })));
}

/** Every row of a query as "k:c", following paging states. */
async function all(run: Run, cql: string, cl: Consistency, pageSize?: number): Promise<string[]> {
  const out: string[] = [];
  let state: Buffer | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const r = await run(cql, cl, pageSize, state);
    assert.equal(r.kind, 'rows');
    if (r.kind !== 'rows') return out;
    for (const row of r.rows) out.push(row.map((v) => (v === null ? 'null' : v.readInt32BE(0))).join(':'));
    if (pageSize !== undefined) assert.ok(r.rows.length <= pageSize);
    if (r.pagingState === undefined) return out;
    state = r.pagingState;
  }
  throw new Error('too many pages');
}

async function cluster(seed: number): Promise<{ c: SimCluster; run: Run[] }> {
  const c = await SimCluster.start({ seed, nodes: 3, tokensPerNode: 4, replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } } });
  const run = c.nodes.map((n) => cqlOn(c, n));
  for (const rf of [1, 3]) {
    await run[0]!(`CREATE KEYSPACE cq${rf} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': ${rf}}`);
    await run[0]!(`CREATE TABLE cq${rf}.t (k int, c int, v int, PRIMARY KEY (k, c))`);
    await run[0]!(`CREATE INDEX v_idx ON cq${rf}.t (v)`);
    // Schema agreement is not this layer's job: hand the definition to the other nodes.
    for (const n of c.nodes.slice(1)) await simAwait(c.env, n.keeper.addKeyspace(c.node(0).keeper.schema.getKeyspace(`cq${rf}`)));
  }
  return { c, run };
}

function intKey(k: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(k);
  return b;
}

function inTokenOrder(keys: readonly number[]): number[] {
  return [...keys].sort((a, b) => Buffer.compare(partitioner.decorate(intKey(a)).position, partitioner.decorate(intKey(b)).position));
}

/** The rows of `table` holding v = `v`, in token order (a full scan at ALL, filtered here). */
async function expected(run: Run, table: string, v: number): Promise<string[]> {
  const rows = await all(run, `SELECT k, c, v FROM ${table}`, 'ALL');
  return rows.filter((r) => r.endsWith(`:${v}`)).map((r) => r.split(':').slice(0, 2).join(':'));
}

test('three nodes: an index query answers every matching row in token order through every node, at every level and page size, at RF=3 and RF=1', async () => {
  const { c, run } = await cluster(71);
  for (const rf of [1, 3]) for (let k = 0; k < 30; k++) for (let cc = 0; cc < 3; cc++) await run[k % 3]!(`INSERT INTO cq${rf}.t (k, c, v) VALUES (${k}, ${cc}, ${(k + cc) % 3})`, 'QUORUM');
  for (const rf of [1, 3]) {
    const want = await expected(run[0]!, `cq${rf}.t`, 1);
    assert.equal(want.length, 30);
    const keys = [...new Set(want.map((r) => Number(r.split(':')[0])))];
    assert.deepEqual(keys, inTokenOrder(keys), 'token order');
    if (rf === 1) assert.equal(new Set(keys.map((k) => c.node(0).rings.placement('cq1').naturalEndpoints(partitioner.token(intKey(k)), c.ring)[0])).size, 3, 'rows on every node');
    const levels: Consistency[] = rf === 3 ? ['ONE', 'QUORUM', 'ALL'] : ['ONE', 'ALL'];
    for (let via = 0; via < 3; via++) {
      for (const cl of levels) {
        for (const pageSize of [undefined, 1, 4]) assert.deepEqual(await all(run[via]!, `SELECT k, c FROM cq${rf}.t WHERE v = 1`, cl, pageSize), want, `RF=${rf} via ${via} at ${cl}, pages of ${pageSize}`);
      }
    }
    assert.deepEqual(await all(run[2]!, `SELECT k, c FROM cq${rf}.t WHERE v = 1 LIMIT 5`, 'QUORUM'), want.slice(0, 5));
    assert.deepEqual(await all(run[1]!, `SELECT k, c FROM cq${rf}.t WHERE k = ${keys[3]} AND v = 1`, 'ALL'), want.filter((r) => r.startsWith(`${keys[3]}:`)));
  }
  await c.close();
});

test('three nodes, RF=3: rows written at QUORUM while a replica was down are found through it at QUORUM; its stale entries are filtered and removed', async () => {
  const { c, run } = await cluster(72);
  for (let k = 0; k < 20; k++) await run[k % 3]!(`INSERT INTO cq3.t (k, c, v) VALUES (${k}, 0, 1)`, 'QUORUM');
  const down = c.node(2);
  c.liveness.markDown(down.endpoint);
  for (let k = 20; k < 30; k++) await run[k % 2]!(`INSERT INTO cq3.t (k, c, v) VALUES (${k}, 0, 1)`, 'QUORUM');
  for (let k = 0; k < 20; k += 4) await run[0]!(`UPDATE cq3.t SET v = 2 WHERE k = ${k} AND c = 0`, 'QUORUM');
  c.liveness.markUp(down.endpoint);
  // Node 2 lacks rows 20–29 and still names the moved rows under v = 1.
  const moved = (k: number) => k < 20 && k % 4 === 0;
  const want = inTokenOrder(Array.from({ length: 30 }, (_, k) => k).filter((k) => !moved(k))).map((k) => `${k}:0`);
  for (const via of [2, 0, 1]) assert.deepEqual(await all(run[via]!, 'SELECT k, c FROM cq3.t WHERE v = 1', 'QUORUM', 7), want, `QUORUM via ${via}`);
  assert.deepEqual(await all(run[2]!, 'SELECT k, c FROM cq3.t WHERE v = 1', 'ALL'), want, 'stale entries filtered');
  await simAwait(c.env, new Promise<void>((r) => c.env.timers.setTimeout(r, 100))); // other replicas' cleaning is not awaited
  const cf = down.keeper.schema.getTable('cq3', 't');
  const index = cqlIndexesOf(cf)[0]!;
  const entries = down.engine.read(index.table.id, indexKeyOf(Buffer.from([0, 0, 0, 1])), { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, c.nowSec())?.cells ?? [];
  assert.equal(entries.length, 25, "node 2 keeps only the entries its rows call for (the moved rows' ones were removed)");
  assert.deepEqual(await all(run[1]!, 'SELECT k, c FROM cq3.t WHERE v = 2', 'QUORUM'), await expected(run[1]!, 'cq3.t', 2));
  await c.close();
});
