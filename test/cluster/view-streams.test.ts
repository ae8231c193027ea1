/**
 * Views and the data that arrives by streaming, on a ring of real processes (127.0.32.1–3, RF 2):
 *  - repair: node 2 misses base writes (partitioned away, hints off); `nodetool repair ring users`
 *    on it — the base table alone, not the view's — pulls the base rows through the write path, so
 *    its view follows them (Cassandra 4.0: CassandraStreamReceiver sends a repair's rows of a base
 *    table with views through the write path);
 *  - bootstrap: a third node joins while rows are written; the view partitions it replicates
 *    (streamed as a table of their own, as Cassandra 4.0 does, plus the updates base replicas send
 *    to pending view replicas) match the base.
 * Each node's own data is read through it at ONE while it is partitioned from the others.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand } from '../support/ilium-process.js';
import { eventually, pinned } from '../support/test-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'ilium-view-streams-'));
const extra = join(dir, 'extra.yaml');
writeFileSync(extra, 'enable_materialized_views: true\nhinted_handoff_enabled: false\n');
const [N1, N2, N3] = ['127.0.32.1', '127.0.32.2', '127.0.32.3'] as const;
const cluster = (...args: string[]) => runIliumCommand(['cluster', ...args, '--dir', join(dir, 'ring')]);
const nodetool = async (host: string, ...args: string[]) => {
  const r = await runIliumCommand(['nodetool', '-h', host, ...args]);
  assert.equal(r.code, 0, `nodetool ${args.join(' ')} on ${host}: ${r.stderr}${r.stdout}`);
  return r.stdout;
};
const clients: cassandra.Client[] = [];
const client = (host: string) => {
  const c = pinned(host);
  clients.push(c);
  return c;
};

after(async () => {
  for (const c of clients) await c.shutdown();
  await cluster('stop');
  rmSync(dir, { recursive: true, force: true });
});

const COUNTRIES = ['fr', 'de', 'it', 'es', 'pt', 'nl', 'be', 'at', 'ch', 'pl', 'se', 'no'];
const ONE = { prepare: true, consistency: cassandra.types.consistencies.one };
const ALL = { prepare: true, consistency: cassandra.types.consistencies.all };

/** Every listed node sees the others as `state` (U or D) in nodetool status. */
async function seen(hosts: readonly string[], others: readonly string[], state: 'U' | 'D'): Promise<void> {
  await eventually(`${hosts.join(',')} see ${others.join(',')} ${state}`, async () => {
    for (const h of hosts) {
      const out = await nodetool(h, 'status');
      for (const o of others) if (!new RegExp(`^${state}N {2}${o.replaceAll('.', '\\.')} `, 'm').test(out)) return undefined;
    }
    return true;
  }, 60_000);
}

/** Partitions `side` from the rest of `hosts` (every node filters), and waits until both sides see it. */
async function partition(hosts: readonly string[], side: readonly string[]): Promise<void> {
  for (const h of hosts) await nodetool(h, 'faults', 'partition', ...side);
  const rest = hosts.filter((h) => !side.includes(h));
  await seen(side, rest, 'D');
  await seen(rest, side, 'D');
}

async function heal(hosts: readonly string[]): Promise<void> {
  for (const h of hosts) await nodetool(h, 'faults', 'heal');
  await seen(hosts, hosts, 'U');
}

/** The base rows `c` serves at ONE, as country → sorted ids; and the view's, for `countries`. */
async function baseByCountry(c: cassandra.Client, ids: readonly number[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const id of ids) {
    const rs = await c.execute('SELECT country FROM ring.users WHERE id = ?', [id], ONE);
    const country = rs.rows[0]?.['country'] as string | undefined;
    if (country !== undefined) out.set(country, [...(out.get(country) ?? []), id].sort((a, b) => a - b));
  }
  return out;
}

async function viewIds(c: cassandra.Client, country: string): Promise<number[]> {
  const rs = await c.execute('SELECT id FROM ring.by_country WHERE country = ?', [country], ONE);
  return rs.rows.map((r) => r['id'] as number).sort((a, b) => a - b);
}

test('repair of a base table updates the views on the repaired node; a bootstrapped node holds the view partitions it replicates', { timeout: 600_000 }, async () => {
  const started = await cluster('start', '-n', '2', '--base-address', N1, '--fault-injection', '--config-extra', extra);
  assert.equal(started.code, 0, started.stderr + started.stdout);
  await seen([N1, N2], [N1, N2], 'U');
  const [c1, c2] = [client(N1), client(N2)];
  await c1.execute("CREATE KEYSPACE ring WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
  await c1.execute('CREATE TABLE ring.users (id int PRIMARY KEY, country text, name text)');
  await c1.execute('CREATE MATERIALIZED VIEW ring.by_country AS SELECT id, country FROM ring.users WHERE country IS NOT NULL AND id IS NOT NULL PRIMARY KEY (country, id)');
  await eventually('the view on node 2', async () => ((await c2.execute("SELECT view_name FROM system_schema.views WHERE keyspace_name = 'ring'")).rows.length === 1 ? true : undefined));
  const ids = Array.from({ length: 40 }, (_, i) => i);
  for (const id of ids.slice(0, 20)) await c1.execute('INSERT INTO ring.users (id, country, name) VALUES (?, ?, ?)', [id, COUNTRIES[id % 4], `n${id}`], ALL);

  // Node 2 misses new rows, a key-moving update and a delete (hints are off).
  await partition([N1, N2], [N2]);
  for (const id of ids.slice(20)) await c1.execute('INSERT INTO ring.users (id, country) VALUES (?, ?)', [id, COUNTRIES[id % 4]], ONE);
  await c1.execute('UPDATE ring.users SET country = ? WHERE id = ?', ['nl', 0], ONE);
  await c1.execute('DELETE FROM ring.users WHERE id = ?', [1], ONE);
  const expected = await baseByCountry(c1, ids);
  assert.deepEqual(await viewIds(c1, 'nl'), [0]);
  const missed = await viewIds(c2, 'fr');
  assert.ok(missed.includes(0) && !missed.includes(20), `node 2's view missed the writes: fr = ${missed.join(',')}`);
  await heal([N1, N2]);

  // Repair the base table only: the view's table is not synced, its rows must come from the base's.
  await nodetool(N2, 'repair', 'ring', 'users');
  await partition([N1, N2], [N1]);
  assert.deepEqual(await baseByCountry(c2, ids), expected, 'node 2 holds the repaired base rows');
  for (const country of COUNTRIES.slice(0, 4).concat('nl')) assert.deepEqual(await viewIds(c2, country), expected.get(country) ?? [], `node 2's view of ${country}`);
  await heal([N1, N2]);

  // Node 3 bootstraps while rows keep coming (written at ALL: natural and pending replicas).
  let writing = true;
  const writer = (async () => {
    for (let id = 100; writing && id < 1000; id++) {
      await c1.execute('INSERT INTO ring.users (id, country) VALUES (?, ?)', [id, COUNTRIES[id % COUNTRIES.length]], ALL).catch(() => undefined);
      ids.push(id);
    }
  })();
  const joined = await cluster('start', '-n', '3', '--base-address', N1, '--fault-injection', '--config-extra', extra);
  writing = false;
  await writer;
  assert.equal(joined.code, 0, joined.stderr + joined.stdout);
  await seen([N1, N2, N3], [N1, N2, N3], 'U');
  const c3 = client(N3);
  const all = await baseByCountry(c1, ids);
  // The view partitions node 3 replicates, read from it alone.
  const mine: string[] = [];
  for (const country of COUNTRIES) if ((await nodetool(N1, 'getendpoints', 'ring', 'by_country', country)).includes(N3)) mine.push(country);
  assert.ok(mine.length > 0, 'node 3 replicates some view partitions');
  await partition([N1, N2, N3], [N3]);
  for (const country of mine) assert.deepEqual(await viewIds(c3, country), all.get(country) ?? [], `node 3's view of ${country}`);
});
