/**
 * nodetool refresh on a real `ilium start` (127.0.39.30): a table snapshotted, truncated, its
 * snapshot's files copied back into its directory, and `refresh` (admin port, then `--http` for a
 * second copy) brings the rows back without a restart. The copies get fresh generations, so later
 * flushes do not clash with them, and the rows survive a restart. SSTables of another node (whose
 * commit log positions are ahead of this one's) are loaded without hiding this node's unflushed
 * writes from replay after a kill -9.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand, startIliumProcess } from '../support/ilium-process.js';

test('refresh loads SSTables copied into a table directory, without a restart', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ilium-refresh-'));
  const rows = async (c: cassandra.Client) => (await c.execute('SELECT k FROM rf.t')).rows.length;
  try {
    let node = await startIliumProcess({ address: '127.0.39.30', dataDir });
    let client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    const nodetool = async (...args: string[]) => {
      const r = await runIliumCommand(['nodetool', '-p', String(node.adminPort), ...args]);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    try {
      await client.execute("CREATE KEYSPACE rf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      await client.execute('CREATE TABLE rf.t (k int PRIMARY KEY, v text)');
      for (let k = 0; k < 25; k++) await client.execute('INSERT INTO rf.t (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true });
      await nodetool('snapshot', '-t', 'saved', 'rf');
      await client.execute('TRUNCATE rf.t');
      assert.equal(await rows(client), 0);

      const tableDir = join(dataDir, 'data', 'rf', readdirSync(join(dataDir, 'data', 'rf')).find((d) => d.startsWith('t-'))!);
      const snap = join(tableDir, 'snapshots', 'saved');
      const copy = () => {
        for (const f of readdirSync(snap)) copyFileSync(join(snap, f), join(tableDir, f));
      };
      copy();
      assert.equal(await rows(client), 0, 'copied files are not read before refresh');
      assert.equal(await nodetool('refresh', 'rf', 't'), '');
      assert.equal(await rows(client), 25, 'the rows are back without a restart');
      assert.equal((await client.execute('SELECT v FROM rf.t WHERE k = 7')).rows[0]?.['v'], 'v7');

      // The same files again, over HTTP: a second SSTable of the same rows (no clash with the first).
      copy();
      const http = await runIliumCommand(['nodetool', '--http', '-p', new URL(node.httpUrl!).port, 'refresh', 'rf', 't']);
      assert.equal(http.code, 0, http.stderr);
      assert.match(await nodetool('tablestats', 'rf.t'), /SSTable count: 2\n/);
      // A flush after refresh writes a new generation beside them.
      await client.execute("INSERT INTO rf.t (k, v) VALUES (100, 'after')");
      await nodetool('flush', 'rf', 't');
      assert.match(await nodetool('tablestats', 'rf.t'), /SSTable count: 3\n/);

      const bad = await runIliumCommand(['nodetool', '-p', String(node.adminPort), 'refresh', 'rf']);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /refresh requires ks and cf args/);
    } finally {
      await client.shutdown();
      assert.equal(await node.stop(), 0);
    }
    node = await startIliumProcess({ address: '127.0.39.30', dataDir });
    client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    try {
      assert.equal(await rows(client), 26, 'refreshed and flushed rows survive a restart');
    } finally {
      await client.shutdown();
      await node.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("refresh of another node's SSTables keeps this node's unflushed writes replayable", { timeout: 120_000 }, async () => {
  const [dirA, dirB] = [mkdtempSync(join(tmpdir(), 'ilium-refresh-a-')), mkdtempSync(join(tmpdir(), 'ilium-refresh-b-'))];
  const configYaml = 'commitlog_sync: batch\n';
  const schema = async (c: cassandra.Client) => {
    await c.execute("CREATE KEYSPACE rf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await c.execute('CREATE TABLE rf.t (k int PRIMARY KEY, v text)');
  };
  const tableDir = (dataDir: string) => join(dataDir, 'data', 'rf', readdirSync(join(dataDir, 'data', 'rf')).find((d) => d.startsWith('t-'))!);
  const connect = (n: { host: string; port: number }) => new cassandra.Client({ contactPoints: [`${n.host}:${n.port}`], localDataCenter: 'datacenter1' });
  try {
    let a = await startIliumProcess({ address: '127.0.39.31', dataDir: dirA, configYaml });
    let ca = connect(a);
    await schema(ca);
    // B starts later: its commit log segment ids (start time in ms) are above A's.
    const b = await startIliumProcess({ address: '127.0.39.32', dataDir: dirB, configYaml });
    const cb = connect(b);
    await schema(cb);
    for (let k = 1000; k < 1010; k++) await cb.execute('INSERT INTO rf.t (k, v) VALUES (?, ?)', [k, 'from b'], { prepare: true });
    assert.equal((await runIliumCommand(['nodetool', '-p', String(b.adminPort), 'flush', 'rf', 't'])).code, 0);
    await cb.shutdown();
    assert.equal(await b.stop(), 0);
    for (const f of readdirSync(tableDir(dirB)).filter((n) => n.startsWith('ila-'))) copyFileSync(join(tableDir(dirB), f), join(tableDir(dirA), f));

    const refreshed = await runIliumCommand(['nodetool', '-p', String(a.adminPort), 'refresh', 'rf', 't']);
    assert.equal(refreshed.code, 0, refreshed.stderr);
    assert.equal((await ca.execute('SELECT k FROM rf.t')).rows.length, 10);
    await ca.execute("INSERT INTO rf.t (k, v) VALUES (1, 'unflushed on a')");
    await ca.shutdown();
    await a.kill9();
    a = await startIliumProcess({ address: '127.0.39.31', dataDir: dirA, configYaml });
    ca = connect(a);
    try {
      assert.equal((await ca.execute('SELECT v FROM rf.t WHERE k = 1')).rows[0]?.['v'], 'unflushed on a', 'replayed from the commit log');
      assert.equal((await ca.execute('SELECT k FROM rf.t')).rows.length, 11);
    } finally {
      await ca.shutdown();
      await a.stop();
    }
  } finally {
    rmSync(dirA, { recursive: true, force: true });
    rmSync(dirB, { recursive: true, force: true });
  }
});
