/**
 * Topology changes in real processes: a three-node RF=2 cluster with data; `ilium cluster start
 * -n 4` adds a fourth node that bootstraps (nodetool status on node 1 then shows it UN) and
 * serves the rows it replicates at ONE through itself; `nodetool decommission` on it streams its
 * ranges back, it leaves the ring (Mode: DECOMMISSIONED) and every row is still read at QUORUM.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand } from '../../../test/support/ilium-process.js';
import { eventually, pinned } from '../../../test/support/test-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'ilium-topology-'));
const BASE = '127.0.0.221';
const NODE4 = '127.0.0.224';
const cluster = (...args: string[]) => runIliumCommand(['cluster', ...args, '--dir', dir]);
const nodetool = (host: string, ...args: string[]) => runIliumCommand(['nodetool', '-h', host, ...args]);

after(async () => {
  await cluster('stop');
  rmSync(dir, { recursive: true, force: true });
});



/** (address, token) of every ring token, from nodetool ring. */
async function ringTokens(host: string): Promise<{ address: string; token: bigint }[]> {
  const r = await nodetool(host, 'ring');
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.split('\n').filter((l) => /^127\.\d+\.\d+\.\d+\s/.test(l)).map((l) => {
    const f = l.trim().split(/\s+/);
    return { address: f[0]!, token: BigInt(f[f.length - 1]!) };
  }).sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
}

/** SimpleStrategy's replicas of a token: the owners of the next ring tokens, `rf` distinct. */
function replicasOf(ring: readonly { address: string; token: bigint }[], token: bigint, rf: number): string[] {
  let i = ring.findIndex((e) => e.token >= token);
  if (i < 0) i = 0;
  const out: string[] = [];
  for (let n = 0; n < ring.length && out.length < rf; n++) {
    const a = ring[(i + n) % ring.length]!.address;
    if (!out.includes(a)) out.push(a);
  }
  return out;
}

test('a fourth node bootstraps into an RF=2 cluster with data under QUORUM load, then decommissions; every row stays readable', async () => {
  const { consistencies } = cassandra.types;
  const started = await cluster('start', '-n', '3', '--base-address', BASE);
  assert.equal(started.code, 0, started.stderr + started.stdout);
  const n1 = pinned(BASE);
  const keys = Array.from({ length: 200 }, (_, k) => k);
  try {
    await n1.execute("CREATE KEYSPACE topo WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
    await n1.execute('CREATE TABLE topo.kv (k int PRIMARY KEY, v text)');
    await eventually('the table on every node', async () => {
      const d = await nodetool(BASE, 'describecluster');
      return /\t\t[0-9a-f-]{36}: \[127\.0\.0\.221, 127\.0\.0\.222, 127\.0\.0\.223\]\n/.test(d.stdout) ? true : undefined;
    });
    for (const k of keys) await n1.execute('INSERT INTO topo.kv (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true, consistency: consistencies.all });

    // Node 4 joins under load (it is UJ on the others for about the ring delay: the SimEnv test
    // checks that): QUORUM writes go on through node 1 the whole time; none may fail or be lost.
    const loadFailures: string[] = [];
    const loadKeys: number[] = [];
    let joining = true;
    const load = (async () => {
      for (let k = 10_000; joining; k += 4) {
        await Promise.all([0, 1, 2, 3].map(async (j) => {
          try {
            await n1.execute('INSERT INTO topo.kv (k, v) VALUES (?, ?)', [k + j, `v${k + j}`], { prepare: true, consistency: consistencies.quorum });
            loadKeys.push(k + j);
          } catch (e) {
            loadFailures.push(`${k + j}: ${(e as Error).message}`);
          }
        }));
      }
    })();
    const joined = await cluster('start', '-n', '4', '--base-address', BASE);
    assert.equal(joined.code, 0, joined.stderr + joined.stdout);
    await eventually('four UN nodes', async () => {
      const s = await nodetool(BASE, 'status');
      return (s.stdout.match(/^UN {2}127\.0\.0\.22[1234] /gm) ?? []).length === 4 ? true : undefined;
    });
    joining = false;
    await load;
    assert.deepEqual(loadFailures, [], 'no QUORUM write failed while node 4 joined');
    assert.ok(loadKeys.length > 50, `${loadKeys.length} writes during the join`);
    keys.push(...loadKeys);

    // What node 4 replicates it serves at ONE through itself (its own copy: nearest replica first).
    const ring = await ringTokens(BASE);
    const tokens = new Map<number, bigint>();
    for (const row of (await n1.execute('SELECT k, token(k) AS t FROM topo.kv', [], { fetchSize: 1_000_000 })).rows) tokens.set(row['k'] as number, BigInt(String(row['t'])));
    const owned = keys.filter((k) => replicasOf(ring, tokens.get(k)!, 2).includes(NODE4));
    assert.ok(owned.length > 10, `node 4 replicates ${owned.length} of ${keys.length} rows`);
    const n4 = pinned(NODE4);
    try {
      for (const k of owned) {
        const rs = await n4.execute('SELECT v FROM topo.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.one });
        assert.equal(rs.rows[0]?.['v'], `v${k}`, `row ${k} on node 4`);
      }
    } finally {
      await n4.shutdown();
    }
    const flushed = await nodetool(NODE4, 'flush', 'topo');
    assert.equal(flushed.code, 0, flushed.stderr);
    const stats = await nodetool(NODE4, 'tablestats', 'topo.kv');
    const partitions = Number(/Number of partitions \(estimate\): (\d+)/.exec(stats.stdout)?.[1] ?? NaN);
    assert.equal(partitions, owned.length, `node 4 holds exactly what it replicates\n${stats.stdout}`);

    // Decommission node 4: its ranges go back, it leaves the ring, all rows at QUORUM.
    const decommissioned = await nodetool(NODE4, 'decommission');
    assert.equal(decommissioned.code, 0, decommissioned.stderr + decommissioned.stdout);
    const info = await nodetool(NODE4, 'info');
    assert.match(info.stdout, /^Mode\s+: DECOMMISSIONED$/m, info.stderr);
    await eventually('three UN nodes, node 4 gone', async () => {
      const s = await nodetool(BASE, 'status');
      return (s.stdout.match(/^UN {2}127\.0\.0\.22[123] /gm) ?? []).length === 3 && !s.stdout.includes('127.0.0.224') ? true : undefined;
    });
    for (const k of keys) {
      const rs = await n1.execute('SELECT v FROM topo.kv WHERE k = ?', [k], { prepare: true, consistency: consistencies.quorum });
      assert.equal(rs.rows[0]?.['v'], `v${k}`, `row ${k} at QUORUM after the decommission`);
    }
    // Refused: a keyspace replicated to all three nodes cannot lose one.
    await n1.execute("CREATE KEYSPACE topo3 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    const refused = await eventually('decommission refused for topo3', async () => {
      const r = await nodetool('127.0.0.222', 'decommission');
      return r.code === 1 && /topo3/.test(r.stderr + r.stdout) ? r : undefined;
    });
    assert.match(refused.stderr + refused.stdout, /Not enough nodes to maintain replication factor in keyspace topo3 \(RF = 3, N = 2\)/);
  } finally {
    await n1.shutdown();
  }
});
