/**
 * A network partition between real processes, through the `nodetool faults` testing hook (the
 * nodes run with enable_fault_injection): three nodes at RF=3, node 3 cut off from the other two.
 * QUORUM writes through the majority side are acknowledged; a QUORUM write through node 3 is not.
 * After the heal no acknowledged write is lost: each is read back at QUORUM through every node,
 * and at ALL after a repair.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { allUp, eventually, pinned, startTestCluster, tableEverywhere, type TestCluster } from '../../../test/support/test-cluster.js';

const { consistencies } = cassandra.types;
let cluster: TestCluster;

before(async () => {
  cluster = await startTestCluster('127.0.0.150', 3, ['--fault-injection']);
});

after(async () => {
  await cluster?.stop();
});

test('partition: QUORUM writes on the majority side survive the heal; the minority refuses QUORUM', async () => {
  const [a1, a2, a3] = cluster.addresses as [string, string, string];
  await allUp(cluster);
  const n1 = pinned(a1);
  try {
    await n1.execute("CREATE KEYSPACE part WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    await n1.execute('CREATE TABLE part.kv (k int PRIMARY KEY, v text)');
  } finally {
    await n1.shutdown();
  }
  await tableEverywhere(cluster, 'part', 'kv');

  for (const a of cluster.addresses) {
    const r = await cluster.nodetool(a, 'faults', 'partition', a3);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /nodetool-faults:partition/);
  }
  const majority = new cassandra.Client({
    contactPoints: [`${a1}:9042`],
    localDataCenter: 'datacenter1',
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [`${a1}:9042`, `${a2}:9042`]) },
  });
  const minority = pinned(a3);
  const acked: number[] = [];
  const failed: string[] = [];
  try {
    for (let round = 0; round < 20; round++) {
      await Promise.all(Array.from({ length: 10 }, async (_, j) => {
        const k = round * 10 + j;
        try {
          await majority.execute('INSERT INTO part.kv (k, v) VALUES (?, ?)', [k, `p${k}`], { prepare: true, consistency: consistencies.quorum });
          acked.push(k);
        } catch (e) {
          failed.push(`${k}: ${(e as Error).message}`);
        }
      }));
    }
    assert.deepEqual(failed, [], 'every QUORUM write through the majority side is acknowledged');
    // Node 3 alone cannot reach a quorum: unavailable once it convicts the others, a timeout before.
    await assert.rejects(minority.execute('INSERT INTO part.kv (k, v) VALUES (?, ?)', [100_000, 'lonely'], { prepare: true, consistency: consistencies.quorum }));
    // Everyone agrees who is gone: node 1 sees node 3 down.
    await eventually('node 3 seen down from node 1', async () => {
      const r = await cluster.nodetool(a1, 'status');
      return new RegExp(`^DN {2}${a3.replaceAll('.', '\\.')} `, 'm').test(r.stdout) ? true : undefined;
    }, 40_000);
    // More writes while it is known down: hints for it, still QUORUM.
    for (let k = 200; k < 300; k++) {
      await majority.execute('INSERT INTO part.kv (k, v) VALUES (?, ?)', [k, `p${k}`], { prepare: true, consistency: consistencies.quorum });
      acked.push(k);
    }
  } finally {
    await majority.shutdown();
    await minority.shutdown();
  }

  for (const a of cluster.addresses) {
    const r = await cluster.nodetool(a, 'faults', 'heal');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { filters: [] });
  }
  await allUp(cluster);

  assert.equal(acked.length, 300);
  for (const a of cluster.addresses) {
    const c = pinned(a);
    try {
      for (const k of acked) {
        const rs = await c.execute('SELECT v FROM part.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
        assert.equal(rs.rows[0]?.['v'], `p${k}`, `row ${k} at QUORUM through ${a}`);
      }
    } finally {
      await c.shutdown();
    }
  }

  const repair = await cluster.nodetool(a3, 'repair', 'part');
  assert.equal(repair.code, 0, repair.stderr);
  assert.match(repair.stdout, /Repair completed successfully/);
  for (const a of cluster.addresses) {
    const c = pinned(a);
    try {
      for (const k of acked) {
        const one = await c.execute('SELECT v FROM part.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.all });
        assert.equal(one.rows[0]?.['v'], `p${k}`, `row ${k} at ALL through ${a}`);
      }
    } finally {
      await c.shutdown();
    }
  }
});
