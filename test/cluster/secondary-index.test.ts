/**
 * Secondary index queries on a ring of three real processes (each node indexes only its own
 * rows): rows written at QUORUM through node 1 are all found by `SELECT … WHERE indexed = ?`
 * through every node, at QUORUM and ALL for RF=3 and at ONE for an RF=1 keyspace whose rows
 * really live on different nodes; the same answer in the same (token) order everywhere, paged or
 * not. Clients are npm cassandra-driver pinned to one node each.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { allUp, eventually, pinned, startTestCluster, tableEverywhere, type TestCluster } from '../support/test-cluster.js';

const ROWS = 60;
let cluster: TestCluster;
let clients: cassandra.Client[] = [];

before(async () => {
  cluster = await startTestCluster('127.0.0.241', 3);
  await allUp(cluster);
  clients = cluster.addresses.map(pinned);
  const first = clients[0]!;
  for (const rf of [1, 3]) {
    await first.execute(`CREATE KEYSPACE idx${rf} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': ${rf}}`);
    await first.execute(`CREATE TABLE idx${rf}.users (id int, seq int, state text, PRIMARY KEY (id, seq))`);
    await first.execute(`CREATE INDEX users_state ON idx${rf}.users (state)`);
    await tableEverywhere(cluster, `idx${rf}`, 'users');
    await eventually(`idx${rf}.users_state on every node`, async () => {
      for (const c of clients) {
        const rs = await c.execute('SELECT index_name FROM system_schema.indexes WHERE keyspace_name = ? AND table_name = ?', [`idx${rf}`, 'users']);
        if (rs.rows.length !== 1) return undefined;
      }
      return true;
    });
  }
}, { timeout: 120_000 });

after(async () => {
  for (const c of clients) await c.shutdown();
  await cluster?.stop();
});

/** Every row of the index query through `client` as "id:seq", following pages. */
async function byState(client: cassandra.Client, keyspace: string, state: string, consistency: number, fetchSize?: number): Promise<string[]> {
  const out: string[] = [];
  const options = { prepare: true, consistency, ...(fetchSize !== undefined ? { fetchSize } : {}) };
  let pageState: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const rs = await client.execute(`SELECT id, seq FROM ${keyspace}.users WHERE state = ?`, [state], { ...options, ...(pageState !== undefined ? { pageState } : {}) });
    for (const row of rs.rows) out.push(`${row['id']}:${row['seq']}`);
    if (rs.pageState === null || rs.pageState === undefined) return out;
    pageState = rs.pageState;
  }
  throw new Error('too many pages');
}

async function writeRows(keyspace: string): Promise<Map<string, string>> {
  const model = new Map<string, string>();
  const insert = `INSERT INTO ${keyspace}.users (id, seq, state) VALUES (?, ?, ?)`;
  for (let id = 0; id < ROWS / 2; id++) {
    for (let seq = 0; seq < 2; seq++) {
      const state = ['CA', 'NY', 'TX'][(id + seq) % 3]!;
      await clients[0]!.execute(insert, [id, seq, state], { prepare: true, consistency: cassandra.types.consistencies.quorum });
      model.set(`${id}:${seq}`, state);
    }
  }
  return model;
}

function sameSet(got: readonly string[], model: ReadonlyMap<string, string>, state: string, what: string): void {
  const want = [...model].filter(([, s]) => s === state).map(([k]) => k).sort();
  assert.deepEqual([...got].sort(), want, what);
  assert.equal(new Set(got).size, got.length, `${what}: no row twice`);
}

test('RF=3: rows written at QUORUM through node 1 are found through every node at QUORUM and ALL, in one order', { timeout: 120_000 }, async () => {
  const model = await writeRows('idx3');
  const { quorum, all } = cassandra.types.consistencies;
  for (const state of ['CA', 'NY', 'TX']) {
    const reference = await byState(clients[0]!, 'idx3', state, quorum);
    sameSet(reference, model, state, `${state} via node 1`);
    for (const [i, c] of clients.entries()) {
      assert.deepEqual(await byState(c, 'idx3', state, quorum), reference, `${state} via node ${i + 1} at QUORUM`);
      assert.deepEqual(await byState(c, 'idx3', state, all, 3), reference, `${state} via node ${i + 1} at ALL, pages of 3`);
    }
  }
});

test('RF=1: rows live on different nodes, and every node answers the full set', { timeout: 120_000 }, async () => {
  const model = await writeRows('idx1');
  const owners = new Set<string>();
  for (const id of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    const r = await cluster.nodetool(cluster.addresses[0]!, 'getendpoints', 'idx1', 'users', String(id));
    assert.equal(r.code, 0, r.stderr);
    owners.add(r.stdout.trim());
  }
  assert.ok(owners.size > 1, `rows on more than one node (${[...owners].join(', ')})`);
  const { one } = cassandra.types.consistencies;
  const reference = await byState(clients[1]!, 'idx1', 'NY', one);
  sameSet(reference, model, 'NY', 'NY via node 2');
  for (const [i, c] of clients.entries()) {
    assert.deepEqual(await byState(c, 'idx1', 'NY', one), reference, `via node ${i + 1}`);
    assert.deepEqual(await byState(c, 'idx1', 'NY', one, 4), reference, `via node ${i + 1}, pages of 4`);
  }
});
