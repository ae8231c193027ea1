/**
 * auto_snapshot on real `ilium start` processes (127.0.51.1–2) with the npm driver and `ilium
 * nodetool`. At Cassandra's default (true) TRUNCATE, DROP MATERIALIZED VIEW, DROP TABLE and DROP
 * KEYSPACE each leave a snapshot named as Cassandra names them (`truncated-<ms>-<table>`,
 * `dropped-<ms>-<table>`: ColumnFamilyStore.truncateBlocking and Schema.dropTable, via
 * Keyspace.getTimestampedSnapshotNameWithPrefix), holding every row — the rows were still in the
 * memtable, so the snapshot flushed first, as Cassandra's does — in files that outlive the table
 * (`ilium sstable dump` reads them back). listsnapshots shows them, dropped tables included, and
 * clearsnapshot removes them with the dropped tables' directories. `auto_snapshot: false` takes none.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';

const ROWS = 20;
const started: IliumProcess[] = [];
const clients: cassandra.Client[] = [];

after(async () => {
  for (const c of clients) await c.shutdown();
  for (const n of started) {
    await n.stop();
    n.dispose();
  }
});

async function nodeWith(address: string, yaml: string): Promise<{ node: IliumProcess; client: cassandra.Client; nodetool: (...args: string[]) => Promise<string> }> {
  const node = await startIliumProcess({ address, args: ['--seeds', address], configYaml: yaml });
  started.push(node);
  const client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  clients.push(client);
  await client.connect();
  const nodetool = async (...args: string[]) => {
    const r = await runIliumCommand(['nodetool', '-p', String(node.adminPort), ...args]);
    assert.equal(r.code, 0, `nodetool ${args.join(' ')}: ${r.stderr}${r.stdout}`);
    return r.stdout;
  };
  return { node, client, nodetool };
}

/** Writes ROWS rows into each table (left in the memtables: nothing is flushed). */
async function fill(client: cassandra.Client, tables: readonly string[]): Promise<void> {
  for (const t of tables) {
    for (let k = 0; k < ROWS; k++) await client.execute(`INSERT INTO ${t} (k, v) VALUES (?, ?)`, [k, `v${k}`], { prepare: true });
  }
}

/** The directory of `keyspace`.`table` (live or dropped) under the node's data directory. */
function tableDir(node: IliumProcess, keyspace: string, table: string): string {
  const ksDir = join(node.dataDir, 'data', keyspace);
  const dirs = readdirSync(ksDir).filter((d) => d.startsWith(`${table}-`));
  assert.equal(dirs.length, 1, `one directory for ${keyspace}.${table} in ${readdirSync(ksDir).join(', ')}`);
  return join(ksDir, dirs[0]!);
}

/** Partitions `ilium sstable dump` reads from every SSTable of a snapshot directory. */
async function partitionsIn(dir: string): Promise<number> {
  const generations = readdirSync(dir).flatMap((f) => /^ila-(\d+)-Data\.db$/.exec(f)?.[1] ?? []);
  assert.ok(generations.length > 0, `SSTables in ${dir}: ${readdirSync(dir).join(', ')}`);
  let n = 0;
  for (const g of generations) {
    const dump = await runIliumCommand(['sstable', 'dump', dir, g]);
    assert.equal(dump.code, 0, dump.stderr);
    n += dump.stdout.split('\n').filter((l) => l.length > 0).length;
  }
  return n;
}

test('auto_snapshot (default true): TRUNCATE and DROP TABLE/VIEW/KEYSPACE snapshot every row first; listsnapshots lists them; clearsnapshot removes them', { timeout: 180_000 }, async () => {
  const { node, client, nodetool } = await nodeWith('127.0.51.1', 'enable_materialized_views: true\n');
  await client.execute("CREATE KEYSPACE snap WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute("CREATE KEYSPACE snap2 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  for (const t of ['snap.t', 'snap.d', 'snap2.x']) await client.execute(`CREATE TABLE ${t} (k int PRIMARY KEY, v text)`);
  await client.execute('CREATE MATERIALIZED VIEW snap.mv AS SELECT k, v FROM snap.d WHERE v IS NOT NULL AND k IS NOT NULL PRIMARY KEY (v, k)');
  await fill(client, ['snap.t', 'snap.d', 'snap2.x']);
  assert.match(await nodetool('listsnapshots'), /There are no snapshots/);
  const dirs = { t: tableDir(node, 'snap', 't'), d: tableDir(node, 'snap', 'd'), mv: tableDir(node, 'snap', 'mv'), x: tableDir(node, 'snap2', 'x') };

  const before = Date.now();
  await client.execute('TRUNCATE snap.t');
  await client.execute('DROP MATERIALIZED VIEW snap.mv');
  await client.execute('DROP TABLE snap.d');
  await client.execute('DROP KEYSPACE snap2');
  const afterMs = Date.now();
  assert.equal((await client.execute('SELECT * FROM snap.t')).rows.length, 0, 'truncated');

  const listed = await nodetool('listsnapshots');
  const rows = [...listed.matchAll(/^((truncated|dropped)-(\d+)-(\w+)) +(\w+) +(\w+) +(\S+ \S+) +(\S+ \S+)$/gm)];
  const seen = rows.map((m) => `${m[2]} ${m[5]}.${m[6]} ${m[4]}`).sort();
  assert.deepEqual(seen, ['dropped snap.d d', 'dropped snap.mv mv', 'dropped snap2.x x', 'truncated snap.t t'], listed);
  for (const m of rows) {
    const ms = Number(m[3]);
    assert.ok(ms >= before - 1000 && ms <= afterMs + 1000, `${m[1]}: taken during the statements`);
    assert.notEqual(m[7], '0 bytes', `${m[1]}: the snapshot alone holds its files now (true size)`);
  }

  // The snapshots hold every row, read back from their own files; the dropped tables' data is gone.
  const snapshotOf = (dir: string, prefix: string) => {
    const tags = readdirSync(join(dir, 'snapshots')).filter((t) => t.startsWith(prefix));
    assert.equal(tags.length, 1, `${prefix} snapshot in ${dir}`);
    return join(dir, 'snapshots', tags[0]!);
  };
  assert.equal(await partitionsIn(snapshotOf(dirs.t, 'truncated-')), ROWS);
  assert.equal(await partitionsIn(snapshotOf(dirs.d, 'dropped-')), ROWS);
  assert.equal(await partitionsIn(snapshotOf(dirs.mv, 'dropped-')), ROWS, 'the view rows the base writes made');
  assert.equal(await partitionsIn(snapshotOf(dirs.x, 'dropped-')), ROWS);
  for (const dir of [dirs.d, dirs.mv, dirs.x]) assert.deepEqual(readdirSync(dir), ['snapshots'], `${dir}: only the snapshot is left`);
  for (const f of readdirSync(snapshotOf(dirs.d, 'dropped-'))) assert.ok(statSync(join(snapshotOf(dirs.d, 'dropped-'), f)).size > 0 || f.endsWith('.txt'));

  assert.equal(await nodetool('clearsnapshot'), '');
  assert.match(await nodetool('listsnapshots'), /There are no snapshots/);
  assert.ok(!existsSync(join(dirs.t, 'snapshots')), 'the truncated table keeps its directory, without snapshots');
  assert.ok(existsSync(dirs.t));
  for (const dir of [dirs.d, dirs.mv, dirs.x]) assert.ok(!existsSync(dir), `${dir}: removed with its last snapshot`);
});

test('auto_snapshot: false: TRUNCATE and DROP TABLE take no snapshot', { timeout: 120_000 }, async () => {
  const { node, client, nodetool } = await nodeWith('127.0.51.2', 'auto_snapshot: false\n');
  await client.execute("CREATE KEYSPACE nosnap WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  for (const t of ['nosnap.t', 'nosnap.d']) await client.execute(`CREATE TABLE ${t} (k int PRIMARY KEY, v text)`);
  await fill(client, ['nosnap.t', 'nosnap.d']);
  const dropped = tableDir(node, 'nosnap', 'd');
  await client.execute('TRUNCATE nosnap.t');
  await client.execute('DROP TABLE nosnap.d');
  assert.match(await nodetool('listsnapshots'), /^Snapshot Details: \nThere are no snapshots\n$/);
  assert.ok(!existsSync(join(tableDir(node, 'nosnap', 't'), 'snapshots')));
  assert.ok(!existsSync(dropped), 'the dropped table left nothing behind');
  assert.doesNotMatch(node.output(), /config_keys_ignored.*auto_snapshot/, 'the key is read, not reported as ignored');
});
