/**
 * Materialized views on a ring of three real processes (127.0.28.21–23), keyspace RF 1 so base
 * and view partitions mostly live on different nodes: each base replica sends its view updates
 * to the paired view replica (Cassandra 4.0's pairing), so the view read through any node
 * follows base inserts, key-moving updates and deletes; a view created over existing rows is
 * built by each node from its own base rows.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type ConfiguredCluster, type TestCluster, eventually, startConfiguredCluster, tableEverywhere } from '../support/test-cluster.js';

let ring: ConfiguredCluster;
let cluster: TestCluster;
let clients: readonly cassandra.Client[] = [];

before(async () => {
  ring = await startConfiguredCluster('127.0.28.21', 3, 'enable_materialized_views: true\n');
  ({ cluster, clients } = ring);
});

after(async () => {
  await ring?.stop();
});

async function viewEverywhere(name: string): Promise<void> {
  await eventually(`view ${name} on every node`, async () => {
    for (const c of clients) if ((await c.execute("SELECT view_name FROM system_schema.views WHERE keyspace_name = 'ring' AND view_name = ?", [name])).rows.length !== 1) return undefined;
    return true;
  });
}

async function idsByCountry(c: cassandra.Client, view: string, country: string): Promise<number[]> {
  const rs = await c.execute(`SELECT id FROM ring.${view} WHERE country = ?`, [country], { prepare: true });
  return rs.rows.map((r) => r['id'] as number).sort((a, b) => a - b);
}

test('a view on three nodes follows inserts, key-moving updates and deletes, read through every node; a view over existing rows is built', async () => {
  const [first] = clients;
  await first!.execute("CREATE KEYSPACE ring WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await first!.execute('CREATE TABLE ring.users (id int PRIMARY KEY, country text, name text)');
  await tableEverywhere(cluster, 'ring', 'users');
  await first!.execute('CREATE MATERIALIZED VIEW ring.by_country AS SELECT id, country, name FROM ring.users WHERE country IS NOT NULL AND id IS NOT NULL PRIMARY KEY (country, id)');
  await viewEverywhere('by_country');

  const countries = ['fr', 'de', 'it'];
  for (let id = 0; id < 30; id++) await first!.execute('INSERT INTO ring.users (id, country, name) VALUES (?, ?, ?)', [id, countries[id % 3], `n${id}`], { prepare: true });
  const expect = (country: string, ids: number[]) => Promise.all(clients.map(async (c) => assert.deepEqual(await idsByCountry(c, 'by_country', country), ids)));
  await expect('fr', [0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
  await expect('de', [1, 4, 7, 10, 13, 16, 19, 22, 25, 28]);

  const second = clients[1]!;
  for (const id of [0, 3, 6]) await second.execute('UPDATE ring.users SET country = ? WHERE id = ?', ['es', id], { prepare: true });
  for (const id of [1, 4]) await second.execute('DELETE FROM ring.users WHERE id = ?', [id], { prepare: true });
  await expect('fr', [9, 12, 15, 18, 21, 24, 27]);
  await expect('es', [0, 3, 6]);
  await expect('de', [7, 10, 13, 16, 19, 22, 25, 28]);

  await first!.execute('CREATE MATERIALIZED VIEW ring.by_name AS SELECT id, name, country FROM ring.users WHERE name IS NOT NULL AND id IS NOT NULL PRIMARY KEY (name, id)');
  await viewEverywhere('by_name');
  // A view over existing rows is built in the background, as Cassandra's is: its rows appear once
  // the base replica's build reaches them.
  for (const c of clients) {
    const rows = await eventually('by_name built', async () => {
      const rs = await c.execute('SELECT id, country FROM ring.by_name WHERE name = ?', ['n6'], { prepare: true });
      return rs.rows.length > 0 ? rs.rows.map((r) => [r['id'], r['country']]) : undefined;
    });
    assert.deepEqual(rows, [[6, 'es']]);
  }
});
