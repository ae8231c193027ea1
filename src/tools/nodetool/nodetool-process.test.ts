/**
 * `ilium nodetool` end to end, as an operator runs it: a real `ilium start`, data written with the
 * npm cassandra-driver, then nodetool child processes against the node's admin port.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand, useIliumProcess } from '../../../test/support/ilium-process.js';

const node = useIliumProcess();
const nodetool = (...args: string[]) => runIliumCommand(['nodetool', '-p', String(node().adminPort), ...args]);

async function withClient<T>(fn: (c: cassandra.Client) => Promise<T>): Promise<T> {
  const n = node();
  const client = new cassandra.Client({ contactPoints: [`${n.host}:${n.port}`], localDataCenter: 'datacenter1' });
  try {
    return await fn(client);
  } finally {
    await client.shutdown();
  }
}

function snapshotDirs(dataDir: string, tag: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const p = join(d, e.name);
      if (e.name === tag && d.endsWith('/snapshots')) out.push(p);
      else walk(p);
    }
  };
  walk(dataDir);
  return out;
}

test('status, info, ring, describecluster and version describe the running node', async () => {
  const status = await nodetool('status');
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /^Datacenter: datacenter1\n=+\nStatus=Up\/Down\n\|\/ State=Normal\/Leaving\/Joining\/Moving\n--\s+Address\s+Load\s+Tokens\s+Owns\s+Host ID\s+Rack\nUN\s+127\.0\.0\.1\s+[\d.]+ (bytes|KiB|MiB)\s+\d+\s+100\.0%\s+[0-9a-f-]{36}\s+rack1\n/);

  const info = await nodetool('info');
  assert.equal(info.code, 0, info.stderr);
  assert.match(info.stdout, /^ID\s+: [0-9a-f-]{36}$/m);
  assert.match(info.stdout, /^Native Transport active: true$/m);
  assert.match(info.stdout, /^Data Center\s+: datacenter1$/m);
  const hostId = /^ID\s+: (\S+)$/m.exec(info.stdout)![1]!;
  assert.ok(status.stdout.includes(hostId), 'status and info agree on the host id');

  const ring = await nodetool('ring');
  assert.equal(ring.code, 0, ring.stderr);
  assert.match(ring.stdout, /127\.0\.0\.1\s+rack1\s+Up\s+Normal\s+.*%\s+-?\d+\n/);

  const cluster = await nodetool('describecluster');
  assert.equal(cluster.code, 0, cluster.stderr);
  const local = await withClient((c) => c.execute('SELECT cluster_name, schema_version FROM system.local'));
  assert.match(cluster.stdout, new RegExp(`\\tName: ${local.rows[0]!['cluster_name']}\\n`));
  assert.match(cluster.stdout, new RegExp(`\\t\\t${String(local.rows[0]!['schema_version'])}: \\[127\\.0\\.0\\.1\\]`), 'the schema version system.local reports');

  const version = await nodetool('version');
  assert.match(version.stdout, /^ReleaseVersion: \d+\.\d+/);
});

test('flush writes memtables to SSTables; tablestats counts them; snapshot and clearsnapshot', async () => {
  await withClient(async (c) => {
    await c.execute("CREATE KEYSPACE nt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await c.execute('CREATE TABLE nt.kv (k int PRIMARY KEY, v text)');
    for (let i = 0; i < 50; i++) await c.execute('INSERT INTO nt.kv (k, v) VALUES (?, ?)', [i, `v${i}`], { prepare: true });
  });
  const before = await nodetool('tablestats', 'nt.kv');
  assert.equal(before.code, 0, before.stderr);
  assert.match(before.stdout, /Keyspace : nt\n\tRead Count: \d+\n(?:\t.*\n)*\t\tTable: kv\n\t\tSSTable count: 0\n/);
  assert.doesNotMatch(before.stdout, /Memtable data size: 0\n/, 'the rows are in the memtable');

  const flush = await nodetool('flush', 'nt', 'kv');
  assert.equal(flush.code, 0, flush.stderr);
  assert.equal(flush.stdout, '');
  const after = await nodetool('tablestats', 'nt.kv');
  assert.match(after.stdout, /SSTable count: 1\n/);
  assert.match(after.stdout, /Memtable data size: 0\n/);
  assert.match(after.stdout, /Number of partitions \(estimate\): 50\n/);

  const snap = await nodetool('snapshot', '-t', 'before-upgrade', 'nt');
  assert.equal(snap.code, 0, snap.stderr);
  assert.equal(snap.stdout, 'Requested creating snapshot(s) for [nt] with snapshot name [before-upgrade]\nSnapshot directory: before-upgrade\n');
  const dirs = snapshotDirs(node().dataDir, 'before-upgrade');
  assert.equal(dirs.length, 1);
  assert.ok(readdirSync(dirs[0]!).some((f) => f.endsWith('Data.db')), 'the SSTable is linked into the snapshot');
  const clear = await nodetool('clearsnapshot', '-t', 'before-upgrade');
  assert.equal(clear.code, 0, clear.stderr);
  assert.ok(!existsSync(dirs[0]!));

  const compact = await nodetool('compact', 'nt');
  assert.equal(compact.code, 0, compact.stderr);
});

test('errors: unknown names get the node\'s message and exit 1; bad usage (unknown commands and flags too) 2; no node 3', async () => {
  const unknown = await nodetool('frobnicate');
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /nodetool: unknown command 'frobnicate'\n\(ilium nodetool --help lists the commands and options\)/);
  const typo = await nodetool('stauts');
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /nodetool: unknown command 'stauts' \(did you mean status\?\)/);
  // regression (issue 18): a flag status does not take was silently accepted.
  const flag = await nodetool('status', '--resolve-ip');
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /nodetool: status: unknown option '--resolve-ip'; status takes no options/);
  const negative = await nodetool('settraceprobability', '-0.5');
  assert.equal(negative.code, 1, 'a negative number is a value, refused by the node');
  assert.match(negative.stderr, /Trace probability must be between 0 and 1/);
  const missing = await nodetool('flush', 'no_such_keyspace');
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /Keyspace 'no_such_keyspace' does not exist/);
  const badTable = await nodetool('tablestats', 'system.nope');
  assert.equal(badTable.code, 1);
  assert.match(badTable.stderr, /Table 'system\.nope' does not exist/);
  const badTag = await nodetool('snapshot', '-t', '../x');
  assert.equal(badTag.code, 1);
  assert.match(badTag.stderr, /snapshot tag/);
  const usage = await runIliumCommand(['nodetool', '-p', 'x', 'status']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /not a port number/);
  const none = await runIliumCommand(['nodetool', '-p', '1', 'status']);
  assert.equal(none.code, 3);
  assert.match(none.stderr, /Failed to connect to '127\.0\.0\.1:1' - Connection refused/);
  const help = await runIliumCommand(['nodetool', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /tablestats/);
});

test('drain stops client traffic and flushes; the node still answers nodetool (run last)', async () => {
  await withClient((c) => c.execute("INSERT INTO nt.kv (k, v) VALUES (999, 'last')"));
  const drain = await nodetool('drain');
  assert.equal(drain.code, 0, drain.stderr);
  const stats = await nodetool('tablestats', 'nt.kv');
  assert.match(stats.stdout, /Memtable data size: 0\n/, 'nothing left unflushed');
  const info = await nodetool('info');
  assert.match(info.stdout, /^Native Transport active: false$/m);
  assert.match(info.stdout, /^Mode\s+: DRAINED$/m);
  await assert.rejects(withClient((c) => c.execute('SELECT * FROM system.local')), 'CQL no longer accepts connections');
});
