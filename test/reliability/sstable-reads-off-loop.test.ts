/**
 * Point reads and scans of flushed data read the disk off the event loop (issue 20, item 4): a real
 * `ilium start` (127.0.44.1) is filled through the npm cassandra-driver, flushed, and restarted so
 * its chunk cache is cold; then every partition is read (prepared SELECTs, a page of a wide
 * partition forward and reversed, a count of a small one), and before them the first rows of a
 * scan. Each read first loads the index blocks and Data.db chunks it will touch with asynchronous
 * positional reads (SSTableReader.prefetch, prefetchScan),
 * and its synchronous pass then finds them cached: /metrics' `ilium_chunkcache_reads_total`
 * counts no read on the loop (`on_loop`) and some off it (`off_loop`).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { adminCommand } from '../support/node-admin.js';

const ADDRESS = '127.0.44.1';
const PARTITIONS = 200;
const ROWS_PER_PARTITION = 5;
/** Wide enough for a cell index (1 KiB cell blocks) over many 16 KiB chunks. */
const WIDE_ROWS = 20_000;
const VALUE = 'v'.repeat(40);

let first: IliumProcess | undefined;
let node: IliumProcess | undefined;
let client: cassandra.Client | undefined;

async function connect(p: IliumProcess): Promise<cassandra.Client> {
  const c = new cassandra.Client({ contactPoints: [`${p.host}:${p.port}`], localDataCenter: 'datacenter1' });
  await c.connect();
  return c;
}

async function chunkReads(p: IliumProcess): Promise<{ onLoop: number; offLoop: number }> {
  const text = await (await fetch(`${p.httpUrl}/metrics`)).text();
  const value = (read: string): number => Number(new RegExp(`^ilium_chunkcache_reads_total\\{read="${read}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { onLoop: value('on_loop'), offLoop: value('off_loop') };
}

before(async () => {
  first = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS] });
  const c = await connect(first);
  await c.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await c.execute('CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))');
  const insert = 'INSERT INTO ks.t (k, c, v) VALUES (?, ?, ?)';
  for (let k = 0; k < PARTITIONS; k++) {
    await c.batch(Array.from({ length: ROWS_PER_PARTITION }, (_, i) => ({ query: insert, params: [k, i, VALUE] })), { prepare: true, logged: false });
  }
  for (let from = 0; from < WIDE_ROWS; from += 1000) {
    await c.batch(Array.from({ length: 1000 }, (_, i) => ({ query: insert, params: [-1, from + i, VALUE] })), { prepare: true, logged: false });
  }
  await c.shutdown();
  await adminCommand(first, 'flush', ['ks']);
  assert.equal(await first.stop(), 0, first.output().slice(-2000));
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], dataDir: first.dataDir });
  client = await connect(node);
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) assert.equal(await node.stop(), 0, node.output().slice(-2000));
  first?.dispose();
});

test('point reads and a scan of flushed data after a restart read no chunk on the event loop', async () => {
  const c = client!;
  const n = node!;
  const select = 'SELECT c, v FROM ks.t WHERE k = ?';
  await c.execute(select, [0], { prepare: true }); // prepared once (and the schema's own reads done)
  const before = await chunkReads(n);
  // First, while the cache is cold: a scan's first step (prefetchScan: the index blocks, then
  // Data.db from its first partition on).
  const scanned = await c.execute('SELECT k, c FROM ks.t LIMIT 100', [], { prepare: true });
  assert.equal(scanned.rows.length, 100);
  const afterScan = await chunkReads(n);
  assert.equal(afterScan.onLoop - before.onLoop, 0, 'chunks read on the event loop by the scan');
  assert.ok(afterScan.offLoop > before.offLoop, 'the scan read nothing off the loop: the cache was not cold');
  for (let k = 1; k < PARTITIONS; k++) {
    const rows = (await c.execute(select, [k], { prepare: true })).rows;
    assert.equal(rows.length, ROWS_PER_PARTITION);
    assert.equal(rows[0]!.get('v'), VALUE);
  }
  const page = await c.execute(select, [-1], { prepare: true, fetchSize: 1000 });
  assert.equal(page.rows.length, 1000);
  assert.equal(page.rows[999]!.get('c'), 999);
  const next = await c.execute(select, [-1], { prepare: true, fetchSize: 1000, pageState: page.pageState });
  assert.equal(next.rows[0]!.get('c'), 1000);
  const reversed = await c.execute('SELECT c FROM ks.t WHERE k = ? ORDER BY c DESC LIMIT 100', [-1], { prepare: true });
  assert.equal(reversed.rows[0]!.get('c'), WIDE_ROWS - 1);
  const middle = await c.execute('SELECT c FROM ks.t WHERE k = ? AND c >= ? LIMIT 10', [-1, WIDE_ROWS / 2], { prepare: true });
  assert.equal(middle.rows[0]!.get('c'), WIDE_ROWS / 2);
  const [count] = (await c.execute('SELECT count(*) FROM ks.t WHERE k = ?', [7], { prepare: true })).rows;
  assert.equal(Number(count!.get('count')), ROWS_PER_PARTITION);

  const after = await chunkReads(n);
  console.log(`chunk reads: on the loop ${after.onLoop - before.onLoop}, off it ${after.offLoop - before.offLoop}`);
  assert.equal(after.onLoop - before.onLoop, 0, 'chunks read on the event loop');
  assert.ok(after.offLoop - before.offLoop >= 10, `only ${after.offLoop - before.offLoop} chunks read off the loop: the cache was not cold`);
});
