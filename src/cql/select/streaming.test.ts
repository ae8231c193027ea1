/**
 * SELECTs read in internal pages (issue 16): aggregates, GROUP BY, ORDER BY with IN and large
 * client pages over a partition of 25,003 rows — more than two internal pages of
 * ROWS_PER_READ_MAX — answer exactly as over one read, groups straddling page boundaries
 * included; a request past read_request_timeout_in_ms / range_request_timeout_in_ms stops with
 * ReadTimeout.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ReadTimeoutError } from '../../errors/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable } from '../../../test/support/cql-rows.js';
import { ROWS_PER_READ_MAX } from './select-executor.js';
import { DEFAULT_CQL_LIMITS } from '../execution/cql-context.js';

const WIDE_ROWS = 25_003;
/** Rows per group g: groups straddle the internal pages' boundaries. */
const GROUP_ROWS = 3001;

/** INSERTs in unlogged batches of 5000 (one commit-log sync each, not one per row). */
async function insert(node: CqlTestNode, table: string, rows: readonly Record<string, number>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const inserts = rows.slice(i, i + 5000).map((r) => `INSERT INTO ks.${table} (${Object.keys(r).join(', ')}) VALUES (${Object.values(r).join(', ')});`);
    await node.run(`BEGIN UNLOGGED BATCH ${inserts.join(' ')} APPLY BATCH`);
  }
}

let n: CqlTestNode;
before(async () => {
  // Rows go in as large multi-partition batches: above batch_size_fail_threshold_in_kb's default.
  n = await openCqlTestNode({ limits: { ...DEFAULT_CQL_LIMITS, batchSizeWarnBytes: 1 << 30, batchSizeFailBytes: 1 << 30 } });
  await createTable(n, 'ks', 'wide', {
    partitionKey: [{ name: 'k', type: 'int' }],
    clustering: [{ name: 'g', type: 'int' }, { name: 'c', type: 'int' }],
    regular: [{ name: 'v', type: 'int' }],
  });
  const rows = [];
  for (let c = 0; c < WIDE_ROWS; c++) rows.push({ k: 0, g: Math.floor(c / GROUP_ROWS), c, v: c % 7 });
  for (const g of [3, 50]) for (let c = 0; c < 4; c++) rows.push({ k: 1, g, c: 100_000 + c, v: 1 });
  await insert(n, 'wide', rows);
});
after(() => n.close());

test('the partition is larger than two internal pages', () => {
  assert.ok(WIDE_ROWS > 2 * ROWS_PER_READ_MAX);
});

test('aggregates fold every internal page: count, sum, max over one partition and over a scan', async () => {
  const expectedSum = Array.from({ length: WIDE_ROWS }, (_, c) => c % 7).reduce((a, b) => a + b, 0);
  for (const pageSize of [undefined, 100, 50_000]) {
    const opts = pageSize === undefined ? {} : { pageSize };
    const [r] = await n.rows('SELECT count(*) AS n, sum(v) AS s, max(c) AS m FROM ks.wide WHERE k = 0', [], opts);
    assert.deepEqual({ n: Number(r!.n), s: r!.s, m: r!.m }, { n: WIDE_ROWS, s: expectedSum, m: WIDE_ROWS - 1 }, `page size ${pageSize}`);
  }
  const [all] = await n.rows('SELECT count(*) AS n FROM ks.wide');
  assert.equal(Number(all!.n), WIDE_ROWS + 8);
});

test('GROUP BY folds group by group across internal pages; LIMIT and PER PARTITION LIMIT count groups', async () => {
  const groups = Math.ceil(WIDE_ROWS / GROUP_ROWS);
  const expected = Array.from({ length: groups }, (_, g) => ({ g, n: Math.min(GROUP_ROWS, WIDE_ROWS - g * GROUP_ROWS) }));
  for (const pageSize of [undefined, 1000]) {
    const rows = await n.rows('SELECT g, count(*) AS n FROM ks.wide WHERE k = 0 GROUP BY g', [], pageSize === undefined ? {} : { pageSize });
    assert.deepEqual(rows.map((r) => ({ g: r.g, n: Number(r.n) })), expected);
  }
  const limited = await n.rows('SELECT g, count(*) AS n FROM ks.wide WHERE k = 0 GROUP BY g LIMIT 3');
  assert.deepEqual(limited.map((r) => ({ g: r.g, n: Number(r.n) })), expected.slice(0, 3));
  const perPartition = await n.rows('SELECT k, g, count(*) AS n FROM ks.wide GROUP BY k, g PER PARTITION LIMIT 1');
  assert.deepEqual(perPartition.map((r) => `${r.k}/${r.g}/${r.n}`).sort(), ['0/0/3001', '1/3/4']);
});

/** Every page of a query, from the first to the one without a paging state. */
async function allPages(query: string, pageSize: number): Promise<string[][]> {
  const pages: string[][] = [];
  let state: Buffer | undefined;
  do {
    const r = await n.run(query, [], { pageSize, ...(state === undefined ? {} : { pagingState: state }) });
    if (r.kind !== 'rows') throw new Error('rows expected');
    pages.push(r.rows.map((row) => row.map((v) => (v === null ? 'null' : v.toString('hex'))).join('/')));
    state = r.pagingState;
    assert.ok(pages.length <= 100, 'paging does not end');
  } while (state !== undefined);
  return pages;
}

test('GROUP BY pages count groups: pages of at most the page size, together the unpaged answer, under LIMIT and PER PARTITION LIMIT', async () => {
  for (const q of [
    'SELECT g, count(*) AS n FROM ks.wide WHERE k = 0 GROUP BY g',
    'SELECT g, count(*) AS n FROM ks.wide WHERE k = 0 GROUP BY g LIMIT 5',
    'SELECT k, g, count(*) AS n FROM ks.wide GROUP BY k, g',
    'SELECT k, g, count(*) AS n FROM ks.wide GROUP BY k, g PER PARTITION LIMIT 2',
    'SELECT k, count(*) AS n FROM ks.wide GROUP BY k',
  ]) {
    const [whole] = await allPages(q, 1_000_000);
    assert.ok(whole!.length > 0, q);
    for (const pageSize of [1, 2, 3]) {
      const pages = await allPages(q, pageSize);
      assert.ok(pages.every((p) => p.length <= pageSize), `${q}: pages of ${pages.map((p) => p.length)}`);
      assert.deepEqual(pages.flat(), whole, `${q}, pages of ${pageSize}`);
    }
  }
});

test('an unpaged SELECT and a client page larger than an internal page return every row in order', async () => {
  const all = await n.rows('SELECT c FROM ks.wide WHERE k = 0');
  assert.equal(all.length, WIDE_ROWS);
  assert.ok(all.every((r, i) => r.c === i));
  const seen: number[] = [];
  let state: Buffer | undefined;
  let pages = 0;
  do {
    const r = await n.run('SELECT c FROM ks.wide WHERE k = 0', [], { pageSize: 12_000, ...(state === undefined ? {} : { pagingState: state }) });
    assert.equal(r.kind, 'rows');
    if (r.kind !== 'rows') return;
    for (const row of r.rows) seen.push(row[0]!.readInt32BE(0));
    state = r.pagingState;
    pages++;
  } while (state !== undefined);
  assert.equal(pages, 3);
  assert.deepEqual(seen, all.map((r) => r.c));
});

test('DISTINCT and a scan over more partitions than an internal page holds: every partition once', async () => {
  await createTable(n, 'ks', 'narrow', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [] });
  const partitions = 2 * ROWS_PER_READ_MAX + 345;
  await insert(n, 'narrow', Array.from({ length: partitions * 2 }, (_, i) => ({ k: i >> 1, c: i & 1 })));
  const keys = await n.rows('SELECT DISTINCT k FROM ks.narrow');
  assert.equal(keys.length, partitions);
  assert.equal(new Set(keys.map((r) => r.k)).size, partitions);
  const [all] = await n.rows('SELECT count(*) AS n FROM ks.narrow');
  assert.equal(Number(all!.n), partitions * 2);
  const rows = await n.rows('SELECT k, c FROM ks.narrow', [], { pageSize: 3000 });
  assert.equal(rows.length, 3000);
});

test('a filter over a wide partition reads it in steps: by key, by IN, scanning, paged', async () => {
  const passing = Array.from({ length: WIDE_ROWS }, (_, c) => c).filter((c) => c % 7 === 3);
  const [byKey] = await n.rows('SELECT count(*) AS n FROM ks.wide WHERE k = 0 AND v = 3 ALLOW FILTERING');
  assert.equal(Number(byKey!.n), passing.length);
  const [byIn] = await n.rows('SELECT count(*) AS n FROM ks.wide WHERE k IN (0, 1) AND v = 1 ALLOW FILTERING');
  assert.equal(Number(byIn!.n), Math.ceil((WIDE_ROWS - 1) / 7) + 8);
  const scanned = await n.rows('SELECT c FROM ks.wide WHERE v = 3 ALLOW FILTERING');
  assert.deepEqual(scanned.map((r) => r.c), passing);
  const seen: number[] = [];
  let state: Buffer | undefined;
  do {
    const r = await n.run('SELECT c FROM ks.wide WHERE k = 0 AND v = 3 ALLOW FILTERING', [], { pageSize: 700, ...(state === undefined ? {} : { pagingState: state }) });
    if (r.kind !== 'rows') throw new Error('rows expected');
    for (const row of r.rows) seen.push(row[0]!.readInt32BE(0));
    state = r.pagingState;
  } while (state !== undefined);
  assert.deepEqual(seen, passing);
});

test('ORDER BY with IN merges the partitions; each gives at most LIMIT rows', async () => {
  const rows = await n.rows('SELECT k, g, c FROM ks.wide WHERE k IN (0, 1) ORDER BY g DESC LIMIT 6');
  assert.deepEqual(rows.map((r) => `${r.k}/${r.g}/${r.c}`), ['1/50/100003', '1/50/100002', '1/50/100001', '1/50/100000', '0/8/25002', '0/8/25001']);
});

test('a request past its timeout stops with ReadTimeout: by key (read_request_timeout_in_ms) and scanning (range_request_timeout_in_ms)', async (t) => {
  const slow = await openCqlTestNode({ timeouts: { readMs: 1, rangeMs: 1, writeMs: 2000 } });
  t.after(() => slow.close());
  await createTable(slow, 'ks', 'wide', { partitionKey: [{ name: 'k', type: 'int' }], clustering: [{ name: 'c', type: 'int' }], regular: [] });
  await insert(slow, 'wide', Array.from({ length: 3 * ROWS_PER_READ_MAX }, (_, c) => ({ k: 0, c })));
  for (const q of ['SELECT count(*) FROM ks.wide WHERE k = 0', 'SELECT count(*) FROM ks.wide']) {
    await assert.rejects(slow.run(q), (e: unknown) => e instanceof ReadTimeoutError && e.consistency === 'ONE' && /timed out/.test(e.message), q);
  }
});
