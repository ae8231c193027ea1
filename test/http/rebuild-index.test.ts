/**
 * nodetool rebuild_index on a real `ilium start` (127.0.39.20): a CQL index whose SSTables were
 * removed (with the commit log) while the node was stopped answers nothing; `rebuild_index` (over the admin port and
 * `--http`) builds it again from the table's rows, and a query through it finds them all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { runIliumCommand, startIliumProcess } from '../support/ilium-process.js';

/** Every file under `dir` whose path contains `part`. */
function filesUnder(dir: string, part: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, part));
    else if (p.includes(part)) out.push(p);
  }
  return out;
}

test('rebuild_index builds a CQL index again from the rows of its table', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ilium-rebuild-index-'));
  const count = async (c: cassandra.Client) => (await c.execute("SELECT k FROM ri.t WHERE v = 'blue'", [], { prepare: true })).rows.length;
  try {
    let node = await startIliumProcess({ address: '127.0.39.20', dataDir });
    let client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    await client.execute("CREATE KEYSPACE ri WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await client.execute('CREATE TABLE ri.t (k int PRIMARY KEY, v text)');
    await client.execute('CREATE INDEX by_v ON ri.t (v)');
    for (let k = 0; k < 30; k++) await client.execute('INSERT INTO ri.t (k, v) VALUES (?, ?)', [k, k % 3 === 0 ? 'blue' : 'red'], { prepare: true });
    assert.equal(await count(client), 10);
    const flush = await runIliumCommand(['nodetool', '-p', String(node.adminPort), 'flush', 'ri']);
    assert.equal(flush.code, 0, flush.stderr);
    await client.shutdown();
    assert.equal(await node.stop(), 0);

    const indexFiles = filesUnder(dataDir, 't.by_v-');
    assert.ok(indexFiles.length > 0, `the index table's SSTables in ${dataDir}`);
    for (const f of indexFiles) rmSync(f);
    // Replay would bring the entries back (an SSTable-less table replays the whole log): drop the
    // log too; everything else was flushed.
    for (const f of filesUnder(dataDir, 'commitlog')) rmSync(f);
    node = await startIliumProcess({ address: '127.0.39.20', dataDir });
    client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
    try {
      assert.equal(await count(client), 0, 'the index lost its entries');
      const nodetool = (...args: string[]) => runIliumCommand(['nodetool', '-p', String(node.adminPort), ...args]);
      const bad = await nodetool('rebuild_index', 'ri', 't');
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /rebuild_index requires ks, cf and idx args/);
      const unknown = await nodetool('rebuild_index', 'ri', 't', 'nosuch');
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /Index 'nosuch' of table 'ri\.t' does not exist/);
      const done = await nodetool('rebuild_index', 'ri', 't', 'by_v');
      assert.equal(done.code, 0, done.stderr);
      assert.equal(done.stdout, '');
      assert.equal(await count(client), 10, 'every blue row found through the rebuilt index');
      // Over HTTP too, and again: entries are not doubled.
      const http = await runIliumCommand(['nodetool', '--http', '-p', new URL(node.httpUrl!).port, 'rebuild_index', 'ri', 't', 'by_v']);
      assert.equal(http.code, 0, http.stderr);
      assert.equal(await count(client), 10);
    } finally {
      await client.shutdown();
      await node.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
