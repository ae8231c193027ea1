/**
 * Regression (issue 21 item 5): `open()` on the data directory of a running node. It used to
 * replay and delete the node's commit-log segment and write SSTable generations the node then
 * collided with; after a kill -9 the node lost an acknowledged write. Now `open()` finds the
 * node's LOCK and refuses before touching anything: the node keeps serving every row, and after
 * kill -9 and a restart every acknowledged write is still there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import cassandra from 'cassandra-driver';
import { open } from '../../src/api/open.js';
import { DataDirectoryInUseError } from '../../src/errors/index.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

// Its own loopback address, and its own seed (startIliumProcess makes the address the only seed).
const ADDRESS = '127.0.0.231';
const ROWS = 200;

function client(node: IliumProcess): cassandra.Client {
  return new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', keyspace: 'ks' });
}

/** Every file under `dir`, relative: what a refused open() must leave as it was. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix)).flatMap((name) => {
    const rel = join(prefix, name);
    return statSync(join(dir, rel)).isDirectory() ? files(dir, rel) : [rel];
  }).sort();
}

/**
 * `files`, once the node's own background work has settled: the same listing twice, 300 ms apart,
 * with no compaction in progress (its journal is a `.tmp` file). The DDL's schema flushes start a
 * compaction of the schema table that would otherwise change the listing under the check.
 */
async function settledFiles(dir: string): Promise<string[]> {
  let last = files(dir);
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = files(dir);
    if (JSON.stringify(now) === JSON.stringify(last) && !now.some((f) => f.endsWith('.tmp'))) return now;
    last = now;
  }
  throw new Error(`the node's files did not settle in 15 s: ${last.join(', ')}`);
}

async function writeRows(c: cassandra.Client, from: number, to: number): Promise<void> {
  for (let k = from; k < to; k++) await c.execute('INSERT INTO t (k, v) VALUES (?, ?)', [k, `v${k}`], { prepare: true });
}

async function assertRows(c: cassandra.Client, count: number, when: string): Promise<void> {
  const rows = (await c.execute('SELECT k, v FROM t', [], { fetchSize: 1000 })).rows;
  const got = new Map(rows.map((r) => [r['k'] as number, r['v'] as string]));
  const missing = Array.from({ length: count }, (_, k) => k).filter((k) => got.get(k) !== `v${k}`);
  assert.deepEqual(missing, [], `${when}: ${missing.length} of ${count} acknowledged rows missing or wrong`);
  assert.equal(rows.length, count, when);
}

test('open() on a live node\'s directory is refused naming its pid; the node loses nothing, even across kill -9', async () => {
  const first = await startIliumProcess({ address: ADDRESS });
  let restarted: IliumProcess | undefined;
  let c: cassandra.Client | undefined;
  try {
    const admin = new cassandra.Client({ contactPoints: [`${first.host}:${first.port}`], localDataCenter: 'datacenter1' });
    await admin.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await admin.execute('CREATE TABLE ks.t (k int PRIMARY KEY, v text)');
    await admin.shutdown();
    c = client(first);
    await writeRows(c, 0, ROWS / 2);

    const before = await settledFiles(first.dataDir);
    await assert.rejects(open({ dataDir: first.dataDir }), (e: unknown) => {
      assert.ok(e instanceof DataDirectoryInUseError, String(e));
      assert.equal(e.pid, first.pid);
      assert.equal(e.message, `data directory ${first.dataDir} is in use by process ${first.pid} (its LOCK file ${join(first.dataDir, 'LOCK')}); stop that process or open another directory`);
      return true;
    });
    assert.deepEqual(files(first.dataDir), before, 'the refused open() created, replayed or deleted nothing');

    await assertRows(c, ROWS / 2, 'after the refused open()');
    await writeRows(c, ROWS / 2, ROWS);
    await assertRows(c, ROWS, 'before kill -9');
    await c.shutdown();
    c = undefined;

    await first.kill9();
    restarted = await startIliumProcess({ address: ADDRESS, dataDir: first.dataDir });
    c = client(restarted);
    await assertRows(c, ROWS, 'after kill -9 and restart');
  } finally {
    await c?.shutdown();
    await restarted?.stop();
    first.dispose();
  }
});
