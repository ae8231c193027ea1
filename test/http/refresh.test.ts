/**
 * nodetool refresh on a real `ilium start` (127.0.39.30): a table snapshotted, truncated, its
 * snapshot's files copied back into its directory, and `refresh` (admin port, then `--http` for a
 * second copy) brings the rows back without a restart. The copies get fresh generations, so later
 * flushes do not clash with them, and the rows survive a restart.
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
