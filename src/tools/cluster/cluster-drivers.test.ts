/**
 * Drivers see the cluster: against three real processes, Debian's python3-cassandra and the npm
 * cassandra-driver, each connected through one contact point, list all three hosts, place every
 * key on the replicas our ring does (`metadata.get_replicas` / `client.getReplicas` against
 * `nodetool getendpoints`, RF=2 so the replicas are a proper subset) and route token-aware: the
 * coordinator of a bound statement is one of its key's replicas. Queries at QUORUM succeed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import cassandra from 'cassandra-driver';
import { allUp, pinned, startTestCluster, tableEverywhere, type TestCluster } from '../../../test/support/test-cluster.js';

const PYTHON = '/usr/bin/python3';
const pythonDriver = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { stdio: 'ignore' }).status === 0;
const KEYS = Array.from({ length: 20 }, (_, i) => `key-${i}`);
let cluster: TestCluster;
const ours = new Map<string, string[]>();

before(async () => {
  cluster = await startTestCluster('127.0.0.153', 3);
  await allUp(cluster);
  const c = pinned(cluster.addresses[0]!);
  try {
    await c.execute("CREATE KEYSPACE drv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
    await c.execute('CREATE TABLE drv.kv (k text PRIMARY KEY, v int)');
  } finally {
    await c.shutdown();
  }
  await tableEverywhere(cluster, 'drv', 'kv');
  for (const k of KEYS) {
    const r = await cluster.nodetool(cluster.addresses[1]!, 'getendpoints', 'drv', 'kv', k);
    assert.equal(r.code, 0, r.stderr);
    ours.set(k, r.stdout.trim().split('\n').sort());
  }
});

after(async () => {
  await cluster?.stop();
});

test('nodetool getendpoints: RF=2 replicas, the same answer from every node', async () => {
  const spread = new Set<string>();
  for (const k of KEYS) {
    const replicas = ours.get(k)!;
    assert.equal(replicas.length, 2, k);
    for (const r of replicas) assert.ok(cluster.addresses.includes(r), r);
    spread.add(replicas.join(','));
    const other = await cluster.nodetool(cluster.addresses[2]!, 'getendpoints', 'drv', 'kv', k);
    assert.deepEqual(other.stdout.trim().split('\n').sort(), replicas);
  }
  assert.ok(spread.size > 1, 'keys land on different replica pairs');
});

const SCRIPT = `
import sys, json
from cassandra.cluster import Cluster
from cassandra.policies import TokenAwarePolicy, RoundRobinPolicy
from cassandra import ConsistencyLevel
contact, keys = sys.argv[1], sys.argv[2].split(',')
cluster = Cluster([contact], load_balancing_policy=TokenAwarePolicy(RoundRobinPolicy()), protocol_version=4)
s = cluster.connect('drv')
out = {'hosts': sorted(h.address for h in cluster.metadata.all_hosts()), 'replicas': {}, 'coordinators': {}, 'values': {}}
ins = s.prepare('INSERT INTO kv (k, v) VALUES (?, ?)')
ins.consistency_level = ConsistencyLevel.QUORUM
sel = s.prepare('SELECT v FROM kv WHERE k = ?')
sel.consistency_level = ConsistencyLevel.QUORUM
for i, k in enumerate(keys):
    out['replicas'][k] = sorted(h.address for h in cluster.metadata.get_replicas('drv', k.encode('utf-8')))
    s.execute(ins, [k, i])
    rs = s.execute(sel, [k])
    h = rs.response_future.coordinator_host
    out['coordinators'][k] = (h.address if hasattr(h, 'address') else str(h)).split(':')[0]
    out['values'][k] = rs.one().v
print(json.dumps(out))
cluster.shutdown()
`;

test('python3-cassandra: all hosts, get_replicas matches the ring, token-aware routing, QUORUM queries', { skip: pythonDriver ? false : `${PYTHON} cannot import cassandra`, timeout: 120_000 }, async () => {
  const child = spawn(PYTHON, ['-c', SCRIPT, cluster.addresses[0]!, KEYS.join(',')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, err);
  const r = JSON.parse(out) as { hosts: string[]; replicas: Record<string, string[]>; coordinators: Record<string, string>; values: Record<string, number> };
  assert.deepEqual(r.hosts, [...cluster.addresses]);
  KEYS.forEach((k, i) => {
    assert.deepEqual(r.replicas[k], ours.get(k), `replicas of ${k}`);
    assert.ok(ours.get(k)!.includes(r.coordinators[k]!), `${k} coordinated by ${r.coordinators[k]}, a replica`);
    assert.equal(r.values[k], i);
  });
});

test('npm cassandra-driver: all hosts, getReplicas matches the ring, token-aware routing, QUORUM queries', async () => {
  const { consistencies } = cassandra.types;
  const client = new cassandra.Client({
    contactPoints: [`${cluster.addresses[0]}:9042`],
    localDataCenter: 'datacenter1',
    keyspace: 'drv',
    policies: { loadBalancing: new cassandra.policies.loadBalancing.TokenAwarePolicy(new cassandra.policies.loadBalancing.DCAwareRoundRobinPolicy('datacenter1')) },
  });
  try {
    await client.connect();
    assert.deepEqual(client.hosts.keys().sort(), cluster.addresses.map((a) => `${a}:9042`));
    for (const [i, k] of KEYS.entries()) {
      const replicas = client.getReplicas('drv', Buffer.from(k, 'utf8')).map((h) => h.address.split(':')[0]!).sort();
      assert.deepEqual(replicas, ours.get(k), `replicas of ${k}`);
      await client.execute('INSERT INTO kv (k, v) VALUES (?, ?)', [k, 100 + i], { prepare: true, consistency: consistencies.quorum });
      const rs = await client.execute('SELECT v FROM kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
      assert.equal(rs.rows[0]?.['v'], 100 + i);
      const coordinator = rs.info.queriedHost.split(':')[0]!;
      assert.ok(ours.get(k)!.includes(coordinator), `${k} coordinated by ${coordinator}, a replica`);
    }
  } finally {
    await client.shutdown();
  }
});
