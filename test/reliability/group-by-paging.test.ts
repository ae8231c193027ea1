/**
 * GROUP BY paged by groups (issue 16, docs/RELIABILITY.md), against a real `ilium start`
 * (127.0.23.1) with the npm cassandra-driver: a client page counts groups, as Cassandra's does.
 *   - GROUP BY the partition key over PARTITIONS partitions and GROUP BY a clustering prefix within
 *     a partition of WIDE_ROWS rows whose groups straddle the node's internal reads of 1000 rows,
 *     at a small fetchSize: every page holds at most fetchSize rows, and the pages together equal
 *     the answer folded here from a plain (ungrouped) SELECT of the same rows;
 *   - eachRow and stream (the driver's autoPage) give the same groups;
 *   - LIMIT and PER PARTITION LIMIT count groups across pages;
 *   - an aggregate without GROUP BY stays one row, unpaged.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';

const ADDRESS = '127.0.23.1';
const PARTITIONS = 5000;
const WIDE_ROWS = 30_000;
/** Rows of the wide partition's successive groups, repeated: many straddle a 1000-row boundary. */
const GROUP_SIZES = [1, 1500, 3, 999, 1001, 7, 50, 2];

let node: IliumProcess;
let client: cassandra.Client;

interface Row {
  readonly k: number;
  readonly g: number;
  readonly v: number;
}

/** Rows of a plain SELECT, every page of it, in the node's order. */
async function plainRows(query: string): Promise<Row[]> {
  const out: Row[] = [];
  await new Promise<void>((resolve, reject) => {
    client.eachRow(query, [], { prepare: true, fetchSize: 1000, autoPage: true }, (_, r) => out.push({ k: r.get('k'), g: r.get('g'), v: r.get('v') }), (e) => (e ? reject(e) : resolve()));
  });
  return out;
}

/** Folds consecutive rows with equal `key` into "key/count/sum(v)", at most `perPartition` groups per partition and `limit` in all. */
function fold(rows: readonly Row[], key: (r: Row) => string, perPartition = Infinity, limit = Infinity): string[] {
  const out: string[] = [];
  let current: { key: string; n: number; sum: number; counted: boolean } | null = null;
  let partition: number | null = null;
  let inPartition = 0;
  const close = () => current?.counted && out.length < limit && out.push(`${current.key}/${current.n}/${current.sum}`);
  for (const r of rows) {
    if (current !== null && current.key === key(r)) {
      current.n++;
      current.sum += r.v;
      continue;
    }
    close();
    inPartition = partition === r.k ? inPartition + 1 : 1;
    partition = r.k;
    current = { key: key(r), n: 1, sum: r.v, counted: inPartition <= perPartition };
  }
  close();
  return out;
}

/** Every page of a query at `fetchSize`, each sent back with the paging state of the one before. */
async function pages(query: string, fetchSize: number, show: (r: cassandra.types.Row) => string): Promise<string[][]> {
  const out: string[][] = [];
  let pageState: string | undefined;
  do {
    const rs = await client.execute(query, [], { prepare: true, fetchSize, ...(pageState === undefined ? {} : { pageState }) });
    out.push(rs.rows.map(show));
    pageState = rs.pageState ?? undefined;
    assert.ok(out.length <= 10_000, 'paging does not end');
  } while (pageState !== undefined);
  return out;
}

const byK = (r: cassandra.types.Row): string => `${r.get('k')}/${r.get('n')}/${r.get('s')}`;
const byKG = (r: cassandra.types.Row): string => `${r.get('k')}:${r.get('g')}/${r.get('n')}/${r.get('s')}`;

before(async () => {
  const configYaml = ['read_request_timeout_in_ms: 60000', 'range_request_timeout_in_ms: 60000', 'write_request_timeout_in_ms: 60000', 'batch_size_fail_threshold_in_kb: 1048576', ''].join('\n');
  node = await startIliumProcess({ address: ADDRESS, args: ['--seeds', ADDRESS], configYaml });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1', socketOptions: { readTimeout: 120_000 } });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.t (k int, g int, c int, v int, PRIMARY KEY (k, g, c))');
  const rows: [number, number, number, number][] = [];
  // PARTITIONS small partitions (k ≥ 1) of 1–4 rows in 1–2 groups, and the wide one (k = 0).
  for (let k = 1; k <= PARTITIONS; k++) for (let c = 0; c <= k % 4; c++) rows.push([k, c >> 1, c, (k * 7 + c) % 11]);
  for (let c = 0, g = 0, inGroup = 0; c < WIDE_ROWS; c++) {
    rows.push([0, g, c, c % 13]);
    if (++inGroup >= GROUP_SIZES[g % GROUP_SIZES.length]!) [g, inGroup] = [g + 1, 0];
  }
  const insert = 'INSERT INTO ks.t (k, g, c, v) VALUES (?, ?, ?, ?)';
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < rows.length) {
      const chunk = rows.slice(next, (next += 1000));
      await client.batch(chunk.map((params) => ({ query: insert, params })), { prepare: true, logged: false });
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
});

test(`GROUP BY the partition key over ${PARTITIONS + 1} partitions, fetchSize 100: pages of at most 100 groups, together the folded answer`, async () => {
  const expected = fold(await plainRows('SELECT k, g, v FROM ks.t'), (r) => String(r.k));
  assert.equal(expected.length, PARTITIONS + 1);
  const q = 'SELECT k, count(*) AS n, sum(v) AS s FROM ks.t GROUP BY k';
  const paged = await pages(q, 100, byK);
  assert.ok(paged.every((p) => p.length <= 100), `page sizes ${[...new Set(paged.map((p) => p.length))]}`);
  assert.ok(paged.length >= Math.ceil(expected.length / 100));
  assert.deepEqual(paged.flat(), expected);
  // The wide partition's 30,000 rows, read in 30 internal reads, are one group, counted once.
  assert.ok(paged.flat().includes(`0/${WIDE_ROWS}/${expected.find((e) => e.startsWith('0/'))!.split('/')[2]}`));
  assert.deepEqual(await pages(q, 100_000, byK), [expected]);
});

test(`GROUP BY a clustering prefix within a partition of ${WIDE_ROWS} rows: groups straddling internal reads are counted once`, async () => {
  const expected = fold(await plainRows('SELECT k, g, v FROM ks.t WHERE k = 0'), (r) => `${r.k}:${r.g}`);
  assert.ok(expected.length > 20);
  for (const fetchSize of [1, 7, 100]) {
    const paged = await pages('SELECT k, g, count(*) AS n, sum(v) AS s FROM ks.t WHERE k = 0 GROUP BY k, g', fetchSize, byKG);
    assert.ok(paged.every((p) => p.length <= fetchSize), `fetchSize ${fetchSize}: page sizes ${[...new Set(paged.map((p) => p.length))]}`);
    assert.deepEqual(paged.flat(), expected, `fetchSize ${fetchSize}`);
  }
  // A group of 1500 rows spans two internal reads of 1000.
  assert.ok(expected.includes(`0:1/1500/${Array.from({ length: 1500 }, (_, i) => (1 + i) % 13).reduce((a, b) => a + b, 0)}`));
});

test('eachRow and stream (autoPage) give every group once', async () => {
  const q = 'SELECT k, g, count(*) AS n, sum(v) AS s FROM ks.t GROUP BY k, g';
  const expected = fold(await plainRows('SELECT k, g, v FROM ks.t'), (r) => `${r.k}:${r.g}`);
  const viaEachRow: string[] = [];
  await new Promise<void>((resolve, reject) => {
    client.eachRow(q, [], { prepare: true, fetchSize: 100, autoPage: true }, (_, r) => viaEachRow.push(byKG(r)), (e) => (e ? reject(e) : resolve()));
  });
  assert.deepEqual(viaEachRow, expected);
  const viaStream: string[] = [];
  // The driver's ResultStream is a Readable, typed as an EventEmitter.
  const stream = client.stream(q, [], { prepare: true, fetchSize: 100 }) as unknown as AsyncIterable<cassandra.types.Row>;
  for await (const r of stream) viaStream.push(byKG(r));
  assert.deepEqual(viaStream, expected);
});

test('LIMIT and PER PARTITION LIMIT count groups across pages', async () => {
  const all = await plainRows('SELECT k, g, v FROM ks.t');
  const limited = await pages('SELECT k, count(*) AS n, sum(v) AS s FROM ks.t GROUP BY k LIMIT 250', 100, byK);
  assert.deepEqual(limited.map((p) => p.length), [100, 100, 50]);
  assert.deepEqual(limited.flat(), fold(all, (r) => String(r.k)).slice(0, 250));
  const perPartition = await pages('SELECT k, g, count(*) AS n, sum(v) AS s FROM ks.t GROUP BY k, g PER PARTITION LIMIT 1', 100, byKG);
  assert.ok(perPartition.every((p) => p.length <= 100));
  assert.deepEqual(perPartition.flat(), fold(all, (r) => `${r.k}:${r.g}`, 1));
  const both = await pages('SELECT k, g, count(*) AS n, sum(v) AS s FROM ks.t GROUP BY k, g PER PARTITION LIMIT 1 LIMIT 150', 100, byKG);
  assert.deepEqual(both.map((p) => p.length), [100, 50]);
  assert.deepEqual(both.flat(), fold(all, (r) => `${r.k}:${r.g}`, 1, 150));
});

test('an aggregate without GROUP BY is one row, not paged', async () => {
  const rs = await client.execute('SELECT count(*) AS n FROM ks.t', [], { prepare: true, fetchSize: 100 });
  assert.equal(rs.rows.length, 1);
  assert.equal(Number(rs.rows[0]!.get('n')), (await plainRows('SELECT k, g, v FROM ks.t')).length);
  assert.equal(rs.pageState ?? null, null);
});
