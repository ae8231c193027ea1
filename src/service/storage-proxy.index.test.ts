/**
 * Secondary index reads on a ring, through the coordinator, on a KEYS-indexed Standard column
 * family (the Thrift shape; CQL COMPOSITES indexes are read the same way — see
 * cql/select/index-scan.multi-node.test.ts): every matching row in token order with any page size,
 * at ONE / QUORUM / ALL through every node, rows of an RF=1 keyspace spread over the nodes,
 * Unavailable before anything is sent, a node down at RF=3, a replica that missed writes (R + W >
 * N), and stale entries cleaned on the replica that holds them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { queryableIndexesOf } from '../db/cql-index/cql-index.js';
import { entryPosition } from '../db/cql-index/entry-bounds.js';
import { indexPartitionKey } from '../db/operations/keys-index.js';
import { UnavailableError } from '../errors/index.js';
import type { Consistency } from '../locator/index.js';
import { type ColumnFamilyDef, type IndexDef, type ReplicationInput, createColumnFamily } from '../schema/index.js';
import { BOTTOM, type Cell, TOP, cellName, liveCell } from '../storage/model/index.js';
import { simAwait } from '../../test/support/net-sim.js';
import { SimCluster, keys, partitioner } from '../../test/support/service/sim-cluster.js';

const RF3: ReplicationInput = { class: 'SimpleStrategy', options: { replication_factor: '3' } };

interface Indexed {
  readonly c: SimCluster;
  readonly cf: ColumnFamilyDef;
  readonly index: IndexDef;
  /** key → state, as written (the model). */
  readonly model: Map<string, string>;
}

async function indexedCluster(seed: number, nodes: number, replication: ReplicationInput, tokensPerNode = 1): Promise<Indexed> {
  const c = await SimCluster.start({ seed, nodes, replication, tokensPerNode });
  const cf = createColumnFamily({ keyspace: 'ks', name: 'users', comparator: 'UTF8Type', keyValidator: 'UTF8Type', columnMetadata: [{ name: 'state', validator: 'UTF8Type', indexType: 'KEYS', indexName: 'state_idx' }] }, c.env.random);
  for (const n of c.nodes) await simAwait(c.env, n.keeper.addColumnFamily(cf));
  const index = queryableIndexesOf(cf)[0]!.def;
  assert.equal(index.name, 'state_idx');
  return { c, cf, index, model: new Map() };
}

function setState(x: Indexed, via: number, key: string, state: string, ts: bigint, cl: Consistency): Promise<void> {
  const name = cellName([x.cf.comparator.toComparable(Buffer.from('state'))]);
  const update = { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(name, Buffer.from(state), ts)] };
  x.model.set(key, state);
  return simAwait(x.c.env, x.c.node(via).proxy.apply([{ cf: x.cf, update }], cl));
}

function keyOf(entry: Cell): string {
  return partitioner.keyFromPosition(entryPosition(entry.name)!).toString();
}

/** Every entry of the index partition of `state` through node `via`, a page of `pageSize` at a time, as index-scan pages. */
async function entries(x: Indexed, via: number, state: string, cl: Consistency, pageSize: number): Promise<Cell[]> {
  const out: Cell[] = [];
  let start = BOTTOM;
  for (let pages = 0; pages < 1000; pages++) {
    const r = await simAwait(x.c.env, x.c.node(via).proxy.readIndex(x.cf, x.index, indexPartitionKey(Buffer.from(state)), { slices: [{ start, end: TOP }], reversed: false, cellLimit: pageSize }, cl, x.c.nowSec()));
    const got = r?.cells ?? [];
    out.push(...got);
    assert.equal(r?.truncated ?? false, got.length === pageSize, 'truncated exactly when the page is full');
    if (got.length < pageSize) return out;
    start = Buffer.concat([got[got.length - 1]!.name, Buffer.from([0])]);
  }
  throw new Error('too many pages');
}

/** The model's keys holding `state`, in token order. */
function expected(x: Indexed, state: string): string[] {
  const position = (k: string) => partitioner.decorate(Buffer.from(k)).position;
  return [...x.model].filter(([, s]) => s === state).map(([k]) => k).sort((a, b) => Buffer.compare(position(a), position(b)));
}

/** The rows an index query keeps: entries whose base row, read at `cl`, still holds the value (index-scan's re-check). */
async function matching(x: Indexed, via: number, state: string, cl: Consistency, pageSize: number): Promise<string[]> {
  const out: string[] = [];
  for (const e of await entries(x, via, state, cl, pageSize)) {
    const row = await simAwait(x.c.env, x.c.node(via).proxy.read(x.cf, Buffer.from(keyOf(e)), { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, cl, x.c.nowSec()));
    if (x.c.columns(row).get('state') === state) out.push(keyOf(e));
  }
  return out;
}

test('five nodes with vnodes, RF=3: every matching row in token order at ONE, QUORUM and ALL through every node, any page size', async () => {
  const x = await indexedCluster(91, 5, RF3, 4);
  const all = keys(120);
  for (const [i, k] of all.entries()) await setState(x, i % 5, k, ['CA', 'NY', 'TX'][i % 3]!, 1n, 'QUORUM');
  // Some rows move to another state: their replicas drop the old entry (KEYS upkeep reads before writing).
  for (const [i, k] of all.entries()) if (i % 7 === 0) await setState(x, (i + 2) % 5, k, 'NY', 2n, 'QUORUM');
  let indexReads = 0;
  x.c.node(3).messaging.filters.add({ name: 'count', apply: (f) => void (f.direction === 'send' && f.message.verb === 'INDEX_READ' && indexReads++) });
  for (const state of ['CA', 'NY', 'TX']) {
    const want = expected(x, state);
    assert.ok(want.length > 20, state);
    for (let via = 0; via < 5; via++) {
      for (const cl of ['ONE', 'QUORUM', 'ALL'] as const) {
        for (const pageSize of [1, 7, 1000]) {
          assert.deepEqual((await entries(x, via, state, cl, pageSize)).map(keyOf), want, `${state} via ${via} at ${cl}, pages of ${pageSize}`);
        }
      }
    }
  }
  assert.ok(indexReads > 0, 'other replicas were asked over INDEX_READ');
  assert.equal(await simAwait(x.c.env, x.c.node(0).proxy.readIndex(x.cf, x.index, indexPartitionKey(Buffer.from('nowhere')), { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 'QUORUM', x.c.nowSec())), null);
  await x.c.close();
});

test('three nodes, RF=1: rows live on different nodes and every node answers the full set', async () => {
  const x = await indexedCluster(92, 3, { class: 'SimpleStrategy', options: { replication_factor: '1' } });
  const all = keys(60);
  for (const [i, k] of all.entries()) await setState(x, i % 3, k, i % 2 === 0 ? 'even' : 'odd', 1n, 'ONE');
  const holders = new Set(expected(x, 'even').map((k) => x.c.replicasOf(k)[0]));
  assert.equal(holders.size, 3, 'the matching rows are spread over all three nodes');
  for (let via = 0; via < 3; via++) {
    for (const cl of ['ONE', 'ALL'] as const) assert.deepEqual((await entries(x, via, 'even', cl, 5)).map(keyOf), expected(x, 'even'), `via ${via} at ${cl}`);
  }
  // A node's local index holds only its own rows.
  const local = await simAwait(x.c.env, x.c.node(0).local.readIndex(x.cf, x.index, indexPartitionKey(Buffer.from('even')), { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 'ONE', x.c.nowSec()));
  assert.ok((local?.cells.length ?? 0) < expected(x, 'even').length);
  await x.c.close();
});

test('Unavailable before anything is sent when a range lacks live replicas; one node down at RF=3 still answers at QUORUM', async () => {
  const x = await indexedCluster(93, 3, RF3);
  for (const [i, k] of keys(30).entries()) await setState(x, i % 3, k, 'CA', 1n, 'ALL');
  let indexReads = 0;
  for (const n of x.c.nodes) n.messaging.filters.add({ name: 'count', apply: (f) => void (f.direction === 'send' && f.message.verb === 'INDEX_READ' && indexReads++) });
  x.c.liveness.markDown(x.c.node(1).endpoint);
  x.c.liveness.markDown(x.c.node(2).endpoint);
  await assert.rejects(entries(x, 0, 'CA', 'QUORUM', 10), (e: unknown) => {
    assert.ok(e instanceof UnavailableError, String(e));
    assert.deepEqual({ consistency: e.consistency, required: e.required, alive: e.alive }, { consistency: 'QUORUM', required: 2, alive: 1 });
    return true;
  });
  assert.equal(indexReads, 0, 'nothing was sent');
  assert.deepEqual((await entries(x, 0, 'CA', 'ONE', 10)).map(keyOf), expected(x, 'CA'), 'ONE: this node alone');
  x.c.liveness.markUp(x.c.node(2).endpoint);
  for (const via of [0, 2]) assert.deepEqual((await entries(x, via, 'CA', 'QUORUM', 4)).map(keyOf), expected(x, 'CA'), `QUORUM with node 1 down, via ${via}`);
  await assert.rejects(entries(x, 2, 'CA', 'ALL', 10), UnavailableError);
  await x.c.close();
});

test('R + W > N: rows written at QUORUM while a replica was down are found at QUORUM through every node once it is back; stale entries are filtered, and removed only where their own rows say so', async () => {
  const x = await indexedCluster(94, 3, RF3);
  const all = keys(40);
  for (const [i, k] of all.entries()) await setState(x, i % 3, k, 'CA', 1n, 'QUORUM');
  const down = x.c.node(2);
  x.c.liveness.markDown(down.endpoint);
  // Node 2 misses these (its hints stay in memory): new rows, and rows leaving CA.
  for (const [i, k] of keys(20, 'new').entries()) await setState(x, i % 2, k, 'CA', 2n, 'QUORUM');
  const moved = all.filter((_, i) => i % 4 === 0);
  for (const k of moved) await setState(x, 0, k, 'NY', 3n, 'QUORUM');
  x.c.liveness.markUp(down.endpoint);
  const ca = indexPartitionKey(Buffer.from('CA'));
  const localCA = async () => (await simAwait(x.c.env, down.local.readIndex(x.cf, x.index, ca, { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 'ONE', x.c.nowSec())))?.cells.map(keyOf) ?? [];
  // Node 2 still names the moved rows under CA, and ALL reads its entries.
  const stale = (await entries(x, 1, 'CA', 'ALL', 1000)).filter((e) => moved.includes(keyOf(e)));
  assert.deepEqual(stale.map(keyOf).sort(), [...moved].sort(), 'the moved rows are still named by node 2');
  // Handed back before node 2's rows are repaired: its own rows still say CA, so it keeps them.
  await simAwait(x.c.env, x.c.node(1).proxy.cleanIndex(x.cf, x.index, ca, stale));
  await simAwait(x.c.env, new Promise<void>((r) => x.c.env.timers.setTimeout(r, 100))); // other replicas' cleaning is not awaited
  assert.deepEqual((await localCA()).filter((k) => moved.includes(k)).sort(), [...moved].sort(), 'entries its own data calls for are kept');
  // The query re-checks rows at ALL: stale entries filtered (and node 2's rows repaired).
  assert.deepEqual(await matching(x, 1, 'CA', 'ALL', 1000), expected(x, 'CA'), 'stale entries filtered');
  await simAwait(x.c.env, x.c.node(1).proxy.cleanIndex(x.cf, x.index, ca, stale));
  await simAwait(x.c.env, new Promise<void>((r) => x.c.env.timers.setTimeout(r, 100)));
  assert.deepEqual((await localCA()).filter((k) => moved.includes(k)), [], 'gone once node 2 holds the new values');
  for (let via = 0; via < 3; via++) assert.deepEqual(await matching(x, via, 'CA', 'QUORUM', 9), expected(x, 'CA'), `QUORUM via ${via}`);
  assert.deepEqual((await entries(x, 0, 'CA', 'ALL', 1000)).map(keyOf), expected(x, 'CA'));
  await x.c.close();
});
