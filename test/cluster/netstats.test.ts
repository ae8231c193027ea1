/**
 * nodetool netstats on two real processes (127.0.39.1–2, RF 2, hints off): the internode message
 * counts grow with traffic (Small for requests, Gossip for gossip), and read repair counts a read
 * at ALL that finds node 2 stale (it missed a write while partitioned away) as a blocking mismatch.
 * The layout is Cassandra 4.0's NetStats.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand } from '../support/ilium-process.js';
import { eventually, pinned } from '../support/test-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'ilium-netstats-'));
const extra = join(dir, 'extra.yaml');
writeFileSync(extra, 'hinted_handoff_enabled: false\n');
const [N1, N2] = ['127.0.39.1', '127.0.39.2'] as const;
const cluster = (...args: string[]) => runIliumCommand(['cluster', ...args, '--dir', join(dir, 'ring')]);
const nodetool = async (host: string, ...args: string[]) => {
  const r = await runIliumCommand(['nodetool', '-h', host, ...args]);
  assert.equal(r.code, 0, `nodetool ${args.join(' ')} on ${host}: ${r.stderr}${r.stdout}`);
  return r.stdout;
};
let c1: cassandra.Client | undefined;

after(async () => {
  await c1?.shutdown();
  await cluster('stop');
  rmSync(dir, { recursive: true, force: true });
});

async function seen(state: 'U' | 'D'): Promise<void> {
  await eventually(`each node sees the other ${state}`, async () => {
    const [a, b] = [await nodetool(N1, 'status'), await nodetool(N2, 'status')];
    return new RegExp(`^${state}N {2}127\\.0\\.39\\.2 `, 'm').test(a) && new RegExp(`^${state}N {2}127\\.0\\.39\\.1 `, 'm').test(b) ? true : undefined;
  }, 60_000);
}

const pool = (out: string, name: string) => {
  const m = new RegExp(`^${name} messages {2,}n/a +(\\d+) +(\\d+) +(\\d+)$`, 'm').exec(out);
  assert.ok(m, `${name} row in:\n${out}`);
  return { pending: Number(m[1]), completed: Number(m[2]), dropped: Number(m[3]) };
};

test('netstats: mode, streams, read repair mismatches and internode messages per connection type', { timeout: 300_000 }, async () => {
  const started = await cluster('start', '-n', '2', '--base-address', N1, '--fault-injection', '--config-extra', extra);
  assert.equal(started.code, 0, started.stderr + started.stdout);
  await seen('U');
  const before = await nodetool(N1, 'netstats');
  assert.match(before, /^Mode: NORMAL\nNot sending any streams\.\nRead Repair Statistics:\nAttempted: \d+\nMismatch \(Blocking\): 0\nMismatch \(Background\): 0\nPool Name {20}Active {3}Pending {6}Completed {3}Dropped\nLarge messages {18}n\/a +\d+ +\d+ +\d+\nSmall messages +n\/a +\d+ +\d+ +\d+\nGossip messages +n\/a +\d+ +\d+ +\d+\n$/);
  assert.ok(pool(before, 'Gossip').completed > 0, 'gossip rounds were sent');

  c1 = pinned(N1);
  const ALL = { prepare: true, consistency: cassandra.types.consistencies.all };
  const ONE = { prepare: true, consistency: cassandra.types.consistencies.one };
  await c1.execute("CREATE KEYSPACE rr WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  await c1.execute('CREATE TABLE rr.t (k int PRIMARY KEY, v text)');
  await eventually('rr.t on node 2', async () => ((await nodetool(N2, 'tablestats', 'rr.t')).includes('Table: t') ? true : undefined));
  for (let k = 0; k < 20; k++) await c1.execute('INSERT INTO rr.t (k, v) VALUES (?, ?)', [k, 'a'], ALL);
  const small = pool(await nodetool(N1, 'netstats'), 'Small').completed;
  assert.ok(small - pool(before, 'Small').completed >= 20, 'each write at ALL sent node 2 a MUTATION');

  for (const h of [N1, N2]) await nodetool(h, 'faults', 'partition', N2);
  await seen('D');
  await c1.execute('INSERT INTO rr.t (k, v) VALUES (?, ?)', [1, 'new'], ONE);
  for (const h of [N1, N2]) await nodetool(h, 'faults', 'heal');
  await seen('U');
  const rs = await c1.execute('SELECT v FROM rr.t WHERE k = ?', [1], ALL);
  assert.equal(rs.rows[0]?.['v'], 'new');
  const after = await nodetool(N1, 'netstats');
  assert.match(after, /\nMismatch \(Blocking\): 1\n/);
  assert.ok(Number(/\nAttempted: (\d+)\n/.exec(after)?.[1]) >= 1);
  // The repair reached node 2: a read there at ONE sees the new value.
  const c2 = pinned(N2);
  try {
    assert.equal((await c2.execute('SELECT v FROM rr.t WHERE k = ?', [1], ONE)).rows[0]?.['v'], 'new');
  } finally {
    await c2.shutdown();
  }
});
