/**
 * system_views on a two-node ring (`ilium cluster start` at 127.0.33.24-25, npm cassandra-driver):
 * internode_outbound and internode_inbound list the other node with its data center, rack and
 * message counts; a write at ALL to a table replicated on both is timed once by its coordinator
 * (coordinator_write_latency) and applied on each replica (local_write_latency on both).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type TestCluster, allUp, pinned, startTestCluster, tableEverywhere } from '../support/test-cluster.js';

const [A, B] = ['127.0.33.24', '127.0.33.25'] as const;
let cluster: TestCluster;
let a: cassandra.Client;
let b: cassandra.Client;

before(async () => {
  cluster = await startTestCluster(A, 2);
  await allUp(cluster);
  a = pinned(A);
  b = pinned(B);
  await a.connect();
  await b.connect();
});

after(async () => {
  await a?.shutdown();
  await b?.shutdown();
  await cluster?.stop();
});

const metric = async (c: cassandra.Client, table: string) =>
  (await c.execute(`SELECT count FROM system_views.${table} WHERE keyspace_name = 'ks' AND table_name = 't'`)).first()?.['count'];

test('internode tables name the peer with its dc, rack and message counts', async () => {
  const out = (await a.execute('SELECT * FROM system_views.internode_outbound')).rows.find((r) => r['address'].toString() === B);
  assert.ok(out !== undefined, 'node A lists node B');
  assert.equal(out['port'], 7000);
  assert.equal(out['dc'], 'datacenter1');
  assert.equal(out['rack'], 'rack1');
  assert.ok(Number(out['sent_count']) > 0, 'gossip went out');
  assert.equal(out['sent_bytes'], null, 'Ilium counts messages, not bytes');
  const inbound = (await a.execute('SELECT * FROM system_views.internode_inbound')).rows.find((r) => r['address'].toString() === B);
  assert.ok(inbound !== undefined && Number(inbound['received_count']) > 0);
});

test('a write at ALL: one coordinator latency on the coordinator, one local write on each replica', async () => {
  await a.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  await a.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v int)');
  await tableEverywhere(cluster, 'ks', 't');
  for (let k = 0; k < 20; k++) await a.execute('INSERT INTO ks.t (k, v) VALUES (?, ?)', [k, k], { prepare: true, consistency: cassandra.types.consistencies.all });
  assert.equal(Number(await metric(a, 'coordinator_write_latency')), 20);
  assert.equal(Number(await metric(b, 'coordinator_write_latency')), 0);
  assert.equal(Number(await metric(a, 'local_write_latency')), 20);
  assert.equal(Number(await metric(b, 'local_write_latency')), 20);
});
