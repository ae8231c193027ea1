/**
 * `ilium cluster start -n 3` forms a ring through gossip, end to end in real processes: nodetool
 * status on node 1 shows three UN nodes, the npm cassandra-driver connected to node 1 finds all
 * three hosts, and a keyspace created on node 1 is in node 3's schema soon after.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand } from '../../../test/support/ilium-process.js';
import { eventually, pinned } from '../../../test/support/test-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'ilium-ring-'));
const cluster = (...args: string[]) => runIliumCommand(['cluster', ...args, '--dir', dir]);

after(async () => {
  await cluster('stop');
  rmSync(dir, { recursive: true, force: true });
});


test('three processes form a ring: nodetool status, driver hosts, schema agreement', async () => {
  const started = await cluster('start', '-n', '3', '--base-address', '127.0.0.211');
  assert.equal(started.code, 0, started.stderr + started.stdout);

  const status = await eventually('three UN nodes in nodetool status', async () => {
    const r = await runIliumCommand(['nodetool', '-h', '127.0.0.211', 'status']);
    return (r.stdout.match(/^UN {2}127\.0\.0\.21[123] /gm) ?? []).length === 3 ? r.stdout : undefined;
  });
  assert.match(status, /^Datacenter: datacenter1$/m);

  const client = new cassandra.Client({ contactPoints: ['127.0.0.211:9042'], localDataCenter: 'datacenter1' });
  try {
    await client.connect();
    const hosts = client.hosts.keys().sort();
    assert.deepEqual(hosts, ['127.0.0.211:9042', '127.0.0.212:9042', '127.0.0.213:9042']);
    await client.execute("CREATE KEYSPACE ring WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE ring.t (k int PRIMARY KEY, v text)');
  } finally {
    await client.shutdown();
  }

  const only3 = new cassandra.Client({
    contactPoints: ['127.0.0.213:9042'],
    localDataCenter: 'datacenter1',
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), ['127.0.0.213:9042']) },
  });
  try {
    await eventually('the table on node 3', async () => {
      const rs = await only3.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'ring'");
      return rs.rows.some((r) => r['table_name'] === 't') ? true : undefined;
    });
  } finally {
    await only3.shutdown();
  }
  // Gossip carries node 1's new version to node 3 within a few rounds.
  await eventually('one schema version on all three', async () => {
    const described = await runIliumCommand(['nodetool', '-h', '127.0.0.213', 'describecluster']);
    assert.equal(described.code, 0, described.stderr);
    return /\t\t[0-9a-f-]{36}: \[127\.0\.0\.211, 127\.0\.0\.212, 127\.0\.0\.213\]\n/.test(described.stdout) ? true : undefined;
  });
});


test('RF=3: writes at QUORUM through one node are read at QUORUM through another and reach every replica', async () => {
  const { consistencies } = cassandra.types;
  const n1 = pinned('127.0.0.211');
  const n3 = pinned('127.0.0.213');
  try {
    await n1.execute("CREATE KEYSPACE rf3 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    await n1.execute('CREATE TABLE rf3.kv (k int PRIMARY KEY, v text)');
    await eventually('the table on node 3', async () => {
      const rs = await n3.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'rf3'");
      return rs.rows.length === 1 ? true : undefined;
    });
    for (let k = 0; k < 100; k++) await n1.execute('INSERT INTO rf3.kv (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true, consistency: consistencies.quorum });
    for (let k = 0; k < 100; k++) {
      const rs = await n3.execute('SELECT v FROM rf3.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
      assert.equal(rs.rows[0]?.['v'], `v${k}`, `row ${k} through node 3`);
    }
    // ALL needs every replica to answer with the same data: each node holds the rows.
    const all = await n3.execute('SELECT count(*) FROM rf3.kv', [], { consistency: consistencies.all });
    assert.equal(Number(all.rows[0]!['count']), 100);
    // A delete at QUORUM through node 3 is seen through node 1.
    await n3.execute('DELETE FROM rf3.kv WHERE k = 7', [], { consistency: consistencies.quorum });
    const gone = await n1.execute('SELECT v FROM rf3.kv WHERE k = 7', [], { consistency: consistencies.quorum });
    assert.equal(gone.rows.length, 0);
    const tp = await runIliumCommand(['nodetool', '-h', '127.0.0.212', 'tpstats']);
    assert.equal(tp.code, 0, tp.stderr);
    assert.match(tp.stdout, /^Pool Name\s+Active\s+Pending\s+Completed\s+Blocked\s+All time blocked$/m);
    const completed = (pool: string) => Number(new RegExp(`^${pool}\\s+\\d+\\s+\\d+\\s+(\\d+)`, 'm').exec(tp.stdout)?.[1]);
    assert.ok(completed('MutationStage') >= 100, `node 2 applied the writes it replicates:\n${tp.stdout}`);
    assert.ok(completed('GossipStage') > 0);
  } finally {
    await n1.shutdown();
    await n3.shutdown();
  }
});

test('lightweight transactions through different coordinators: exactly one IF NOT EXISTS applies; CAS increments all count', async () => {
  const { consistencies } = cassandra.types;
  const clients = ['127.0.0.211', '127.0.0.212', '127.0.0.213'].map(pinned);
  try {
    await clients[0]!.execute('CREATE TABLE rf3.lwt (k int PRIMARY KEY, owner text, n int)');
    await eventually('the table everywhere', async () => {
      for (const c of clients) {
        const rs = await c.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'rf3' AND table_name = 'lwt'");
        if (rs.rows.length !== 1) return undefined;
      }
      return true;
    });
    // A CAS that times out (contention on a loaded machine) has an unknown outcome, as in
    // Cassandra: the checks below allow for it and never count it as applied.
    const isTimeout = (e: unknown) => /timeout/i.test(String((e as Error).message));
    const claims = await Promise.all(clients.flatMap((c, i) => [0, 1].map(async (j) => {
      const owner = `c${i}-${j}`;
      try {
        const r = await c.execute('INSERT INTO rf3.lwt (k, owner, n) VALUES (1, ?, 0) IF NOT EXISTS', [owner], { prepare: true, serialConsistency: consistencies.serial, consistency: consistencies.quorum });
        return { owner, outcome: r.rows[0]!['[applied]'] === true ? 'applied' : 'refused' };
      } catch (e) {
        if (!isTimeout(e)) throw e;
        return { owner, outcome: 'unknown' };
      }
    })));
    const applied = claims.filter((c) => c.outcome === 'applied');
    assert.ok(applied.length <= 1, `at most one claim wins: ${JSON.stringify(claims)}`);
    const winner = await eventually('the row readable at SERIAL', async () => {
      const rs = await clients[2]!.execute('SELECT owner FROM rf3.lwt WHERE k = 1', [], { consistency: consistencies.serial });
      return rs.rows[0]?.['owner'] as string | undefined;
    });
    if (applied.length === 1) assert.equal(winner, applied[0]!.owner);
    else assert.ok(claims.some((c) => c.outcome === 'unknown' && c.owner === winner), `the owner ${winner} is a claim whose outcome was unknown`);
    // Compare-and-set increments from three coordinators: every confirmed increment counts, none
    // applies twice (the final value lies between the confirmed and confirmed + unknown counts).
    let confirmed = 0;
    let unknown = 0;
    await Promise.all(clients.map(async (c) => {
      for (let mine = 0; mine < 4; ) {
        try {
          const cur = await c.execute('SELECT n FROM rf3.lwt WHERE k = 1', [], { consistency: consistencies.serial });
          const n = cur.rows[0]!['n'] as number;
          const r = await c.execute('UPDATE rf3.lwt SET n = ? WHERE k = 1 IF n = ?', [n + 1, n], { prepare: true, serialConsistency: consistencies.serial, consistency: consistencies.quorum });
          if (r.rows[0]!['[applied]'] === true) {
            mine++;
            confirmed++;
          }
        } catch (e) {
          if (!isTimeout(e)) throw e;
          unknown++;
        }
      }
    }));
    const final = await clients[1]!.execute('SELECT n FROM rf3.lwt WHERE k = 1', [], { consistency: consistencies.serial });
    const n = final.rows[0]!['n'] as number;
    assert.equal(confirmed, 12);
    assert.ok(n >= confirmed && n <= confirmed + unknown, `n = ${n}, confirmed ${confirmed}, unknown ${unknown}`);
    // A logged batch over two partitions, through the batchlog.
    await clients[0]!.execute("BEGIN BATCH INSERT INTO rf3.kv (k, v) VALUES (5000, 'a'); INSERT INTO rf3.kv (k, v) VALUES (5001, 'b'); APPLY BATCH", [], { consistency: consistencies.quorum });
    const both = await clients[2]!.execute('SELECT k FROM rf3.kv WHERE k IN (5000, 5001)', [], { consistency: consistencies.quorum });
    assert.equal(both.rows.length, 2);
  } finally {
    for (const c of clients) await c.shutdown();
  }
});

test('kill -9 of a replica under QUORUM load: no QUORUM operation fails; it rejoins and serves the data', async () => {
  const { consistencies } = cassandra.types;
  const survivors = new cassandra.Client({
    contactPoints: ['127.0.0.211:9042'],
    localDataCenter: 'datacenter1',
    policies: { loadBalancing: new cassandra.policies.loadBalancing.AllowListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), ['127.0.0.211:9042', '127.0.0.213:9042']) },
  });
  const failures: string[] = [];
  let done = 0;
  try {
    const pid = Number(readFileSync(join(dir, 'node2', 'pid'), 'utf8'));
    const started = Date.now();
    let killed = false;
    for (let round = 0; Date.now() - started < 8_000; round++) {
      if (!killed && Date.now() - started > 1_500) {
        process.kill(pid, 'SIGKILL');
        killed = true;
      }
      await Promise.all(Array.from({ length: 16 }, async (_, j) => {
        const k = 1_000 + round * 16 + j;
        try {
          await survivors.execute('INSERT INTO rf3.kv (k, v) VALUES (?, ?)', [k, `w${k}`], { prepare: true, consistency: consistencies.quorum });
          const rs = await survivors.execute('SELECT v FROM rf3.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
          if (rs.rows[0]?.['v'] !== `w${k}`) failures.push(`row ${k} read back as ${String(rs.rows[0]?.['v'])}`);
          done++;
        } catch (e) {
          failures.push(`row ${k}: ${(e as Error).message}`);
        }
      }));
    }
    assert.ok(killed);
    assert.deepEqual(failures, [], `${failures.length} of ${done + failures.length} QUORUM operations failed`);
    assert.ok(done > 200, `${done} operations`);
    await eventually('node 2 seen down', async () => {
      const r = await runIliumCommand(['nodetool', '-h', '127.0.0.211', 'status']);
      return /^DN {2}127\.0\.0\.212 /m.test(r.stdout) ? true : undefined;
    }, 40_000);
  } finally {
    await survivors.shutdown();
  }
  const restarted = await cluster('start', '-n', '3', '--base-address', '127.0.0.211');
  assert.equal(restarted.code, 0, restarted.stderr + restarted.stdout);
  // Up as node 1 sees it, and node 2 seeing the others up: a coordinator that has not yet heard
  // from its peers since it restarted rightly answers QUORUM with Unavailable (seen under load).
  await eventually('node 2 back up, and seeing every node up', async () => {
    for (const via of ['127.0.0.211', '127.0.0.212']) {
      const r = await runIliumCommand(['nodetool', '-h', via, 'status']);
      for (const n of ['211', '212', '213']) if (!new RegExp(`^UN {2}127\\.0\\.0\\.${n} `, 'm').test(r.stdout)) return undefined;
    }
    return true;
  });
  const n2 = pinned('127.0.0.212');
  try {
    // Written while it was dead: a QUORUM read through it is answered (and repaired) by the others.
    const rs = await n2.execute('SELECT v FROM rf3.kv WHERE k = ?', [1_001], { prepare: true, consistency: consistencies.quorum });
    assert.equal(rs.rows[0]?.['v'], 'w1001');
    // Hinted handoff: the others kept what it missed and deliver it once gossip sees it up; a read
    // at ONE through node 2 answers from node 2's own data.
    await eventually('every write node 2 missed, delivered to it', async () => {
      let missing = 0;
      for (let k = 1_000; k < 1_000 + done; k += 7) {
        const one = await n2.execute('SELECT v FROM rf3.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.one });
        if (one.rows[0]?.['v'] !== `w${k}`) missing++;
      }
      return missing === 0 ? true : undefined;
    }, 40_000);
  } finally {
    await n2.shutdown();
  }
  const hints = await runIliumCommand(['nodetool', '-h', '127.0.0.211', 'hints']);
  assert.equal(hints.code, 0, hints.stderr);
  assert.ok((JSON.parse(hints.stdout) as { delivered: number }).delivered > 0, hints.stdout);
  const repair = await runIliumCommand(['nodetool', '-h', '127.0.0.213', 'repair', 'rf3', 'kv']);
  assert.equal(repair.code, 0, repair.stderr);
  assert.match(repair.stdout, /^Repairing keyspace rf3\n\trf3\.kv: \d+ ranges compared, \d+ out of sync, \d+ syncs, \d+ partitions streamed\nRepair completed successfully\n$/);
  const again = await runIliumCommand(['nodetool', '-h', '127.0.0.211', 'repair', 'rf3']);
  assert.match(again.stdout, /rf3\.kv: \d+ ranges compared, 0 out of sync, 0 syncs, 0 partitions streamed/, 'a second repair finds the replicas in sync');
});
