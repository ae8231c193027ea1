/**
 * Issue 21 item 3 against real processes.
 *
 * Three nodes (127.0.0.233–235, `ilium cluster start --data-center dc1`: SimpleSnitch with
 * `data_center: dc1` in each cassandra.yaml) are in dc1 for everyone: system.local and
 * system.peers through the npm driver, `nodetool status`, and replica placement — a
 * NetworkTopologyStrategy {'dc1': 2} keyspace serves QUORUM writes and reads, where each used to
 * fail with "2 required but only 0 alive". {'nosuchdc': 1} is refused with Cassandra 4.0's message.
 *
 * One node (127.0.0.236, its own seed) with an RF=3 keyspace: SELECT * and SELECT count(*) at
 * QUORUM, and anything at TWO, are Unavailable as a single-partition read is; ONE is served.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { useIliumProcess } from '../support/ilium-process.js';
import { allUp, eventually, startTestCluster, type TestCluster } from '../support/test-cluster.js';

const { consistencies } = cassandra.types;
let cluster: TestCluster;
const lone = useIliumProcess({ address: '127.0.0.236', port: 9042, args: ['--seeds', '127.0.0.236'] });

before(async () => {
  cluster = await startTestCluster('127.0.0.233', 3, ['--data-center', 'dc1']);
});

after(async () => {
  await cluster?.stop();
});

/** A driver client in data center `dc` sending every request to `address`; server errors reach the test as they are (no retries). */
function pinnedIn(dc: string, address: string): cassandra.Client {
  return new cassandra.Client({
    contactPoints: [`${address}:9042`],
    localDataCenter: dc,
    policies: {
      retry: new cassandra.policies.retry.FallthroughRetryPolicy(),
      loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [`${address}:9042`]),
    },
  });
}

const isUnavailable = (cl: string) => (e: unknown) =>
  (e as { code?: number }).code === cassandra.types.responseErrorCodes.unavailableException && new RegExp(`at consistency ${cl} \\(2 required but only 1 alive\\)`).test((e as Error).message);

test('three nodes configured with data_center dc1: clients, nodetool and placement agree; QUORUM works at NTS {dc1: 2}', async () => {
  await allUp(cluster);
  for (const a of cluster.addresses) {
    const status = await cluster.nodetool(a, 'status');
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /^Datacenter: dc1$/m);
    assert.doesNotMatch(status.stdout, /datacenter1/);
  }
  const clients = cluster.addresses.map((a) => pinnedIn('dc1', a));
  try {
    for (const c of clients) {
      const local = await c.execute("SELECT data_center FROM system.local WHERE key = 'local'");
      assert.equal(local.first().get('data_center'), 'dc1');
      const peers = await c.execute('SELECT data_center FROM system.peers');
      assert.deepEqual(peers.rows.map((r) => r.get('data_center')), ['dc1', 'dc1']);
    }
    const [c1, c2, c3] = clients as [cassandra.Client, cassandra.Client, cassandra.Client];
    await c1.execute("CREATE KEYSPACE dcks WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 2}");
    await c1.execute('CREATE TABLE dcks.t (k int PRIMARY KEY, v text)');
    await eventually('dcks.t on every node', async () => {
      for (const c of clients) {
        const rs = await c.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'dcks' AND table_name = 't'");
        if (rs.rows.length !== 1) return undefined;
      }
      return true;
    });
    for (let k = 0; k < 20; k++) await clients[k % 3]!.execute('INSERT INTO dcks.t (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true, consistency: consistencies.quorum });
    for (const c of [c2, c3]) {
      for (let k = 0; k < 20; k++) {
        const rs = await c.execute('SELECT v FROM dcks.t WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
        assert.equal(rs.first()?.get('v'), `v${k}`, `k=${k}`);
      }
      const count = await c.execute('SELECT count(*) FROM dcks.t', [], { consistency: consistencies.quorum });
      assert.equal(Number(count.first().get('count')), 20);
    }
    await assert.rejects(c1.execute("CREATE KEYSPACE nodc WITH replication = {'class': 'NetworkTopologyStrategy', 'nosuchdc': 1}"), (e: unknown) =>
      (e as { code?: number }).code === cassandra.types.responseErrorCodes.configError &&
      (e as Error).message === 'Unrecognized strategy option {nosuchdc} passed to NetworkTopologyStrategy for keyspace nodc');
  } finally {
    await Promise.all(clients.map((c) => c.shutdown()));
  }
});

test('one node, RF=3: SELECT *, count(*) and index queries at QUORUM or TWO are Unavailable, ONE is served', async () => {
  const c = pinnedIn('datacenter1', lone().host);
  try {
    await c.execute("CREATE KEYSPACE rf3 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    await c.execute('CREATE TABLE rf3.t (k int PRIMARY KEY, v text)');
    await c.execute("INSERT INTO rf3.t (k, v) VALUES (1, 'a')", [], { consistency: consistencies.one });
    await c.execute("INSERT INTO rf3.t (k, v) VALUES (2, 'b')", [], { consistency: consistencies.one });
    await c.execute('CREATE INDEX t_v ON rf3.t (v)');
    for (const [cl, name] of [[consistencies.quorum, 'QUORUM'], [consistencies.two, 'TWO']] as const) {
      await assert.rejects(c.execute('SELECT * FROM rf3.t WHERE k = 1', [], { consistency: cl }), isUnavailable(name), `single partition at ${name}`);
      await assert.rejects(c.execute('SELECT * FROM rf3.t', [], { consistency: cl }), isUnavailable(name), `SELECT * at ${name}`);
      await assert.rejects(c.execute('SELECT count(*) FROM rf3.t', [], { consistency: cl }), isUnavailable(name), `count(*) at ${name}`);
      await assert.rejects(c.execute("SELECT k FROM rf3.t WHERE v = 'a'", [], { consistency: cl }), isUnavailable(name), `an index query at ${name}`);
    }
    assert.deepEqual((await c.execute("SELECT k FROM rf3.t WHERE v = 'a'", [], { consistency: consistencies.one })).rows.map((r) => r['k']), [1]);
    assert.equal((await c.execute('SELECT * FROM rf3.t', [], { consistency: consistencies.one })).rows.length, 2);
    assert.equal(Number((await c.execute('SELECT count(*) FROM rf3.t', [], { consistency: consistencies.one })).first().get('count')), 2);
  } finally {
    await c.shutdown();
  }
});
