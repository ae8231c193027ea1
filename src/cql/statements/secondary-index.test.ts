/**
 * CQL secondary indexes against a real node: every kind of target (regular, static, clustering,
 * partition key component, values/keys/entries of collections, full frozen collections), Cassandra
 * 4.0's rules on when an index serves a query and when ALLOW FILTERING is still needed, index
 * queries with partition keys, token ranges, LIMIT, PER PARTITION LIMIT and paging, stale entries
 * (updates, deletions of every grain, TTLs) never returned and removed once met, and the index
 * tables' life: built from existing rows, truncated, dropped, kept across a restart.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cqlIndexesOf } from '../../db/cql-index/cql-index.js';
import { InvalidRequestError } from '../../errors/index.js';
import { BOTTOM, TOP } from '../../storage/model/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createFamily } from '../../../test/support/cql-rows.js';

const FILTERING = /ALLOW FILTERING/;

async function withNode(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    n.state.keyspace = 'ks';
    await fn(n);
  } finally {
    await n.close();
  }
}

/** The rows' values of `cols` as "a:b" strings, sorted (index queries return token order). */
async function rows(n: CqlTestNode, cql: string, ...cols: string[]): Promise<string[]> {
  const r = await n.rows(cql);
  return r.map((row) => cols.map((c) => String(row[c])).join(':')).sort();
}

/** Live entries in every partition of an index table. */
function entryCount(n: CqlTestNode, table: string, index: string): number {
  const cf = n.ctx.schema().getTable('ks', table);
  const i = cqlIndexesOf(cf).find((x) => x.def.name === index)!;
  return n.engine.scan(i.table.id, undefined, undefined, { slices: [{ start: BOTTOM, end: TOP }], reversed: false }, 100_000).reduce((s, p) => s + p.cells.length, 0);
}

const refused = (n: CqlTestNode, cql: string, message: RegExp | string) =>
  assert.rejects(async () => n.run(cql), (e: unknown) => e instanceof InvalidRequestError && (typeof message === 'string' ? e.message === message : message.test(e.message)));

test('an index on a regular column serves = without ALLOW FILTERING; other restrictions still need it', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v int, w int, PRIMARY KEY (k, c))');
    await refused(n, 'SELECT * FROM t WHERE v = 1', FILTERING);
    await n.run('CREATE INDEX v_idx ON t (v)');
    for (let k = 0; k < 4; k++) for (let c = 0; c < 3; c++) await n.run(`INSERT INTO t (k, c, v, w) VALUES (${k}, ${c}, ${c % 2}, ${k})`);
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE v = 1', 'k', 'c'), ['0:1', '1:1', '2:1', '3:1']);
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE k = 2 AND v = 0', 'k', 'c'), ['2:0', '2:2']);
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE k IN (1, 3) AND v = 1', 'k', 'c'), ['1:1', '3:1']);
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE k = 2 AND c = 0 AND v = 0', 'k', 'c'), ['2:0']);
    await refused(n, 'SELECT * FROM t WHERE v = 1 AND w = 2', FILTERING);
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE v = 1 AND w = 2 ALLOW FILTERING', 'k', 'c'), ['2:1']);
    await refused(n, 'SELECT * FROM t WHERE v > 0', FILTERING);
    await refused(n, 'SELECT * FROM t WHERE c = 1 AND v = 1', FILTERING);
    await refused(n, 'SELECT * FROM t WHERE v IN (1, 2)', /IN predicates on non-primary-key columns \(v\) is not yet supported/);
    await refused(n, 'SELECT * FROM t WHERE v = 1 ORDER BY c DESC', 'ORDER BY with 2ndary indexes is not supported.');
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE token(k) >= token(2) AND v = 1', 'k', 'c').then((r) => r.length), (await n.rows('SELECT k FROM t WHERE token(k) >= token(2) AND c = 1 ALLOW FILTERING')).length);
  });
});

test('indexes on clustering columns, partition key components and static columns', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TABLE t (k1 int, k2 int, c1 int, c2 text, s int static, v int, PRIMARY KEY ((k1, k2), c1, c2))');
    await n.run('CREATE INDEX ON t (c2)');
    await n.run('CREATE INDEX ON t (k2)');
    await n.run('CREATE INDEX ON t (s)');
    for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) await n.run(`INSERT INTO t (k1, k2, c1, c2, s, v) VALUES (${k}, ${k * 10}, ${c}, 'x${c}', ${k % 2}, 0)`);
    await n.run("INSERT INTO t (k1, k2, s) VALUES (9, 90, 1)");
    assert.deepEqual(await rows(n, "SELECT k1, c1 FROM t WHERE c2 = 'x1'", 'k1', 'c1'), ['0:1', '1:1', '2:1']);
    assert.deepEqual(await rows(n, "SELECT k1, c1 FROM t WHERE k1 = 1 AND k2 = 10 AND c2 = 'x2'", 'k1', 'c1'), ['1:2']);
    assert.deepEqual(await rows(n, 'SELECT k1, c1 FROM t WHERE k2 = 20', 'k1', 'c1'), ['2:0', '2:1', '2:2']);
    assert.deepEqual(await rows(n, 'SELECT k1, c1 FROM t WHERE k2 = 90', 'k1', 'c1'), ['9:null'], 'a partition with only static values');
    assert.deepEqual(await rows(n, 'SELECT k1, c1, s FROM t WHERE s = 1', 'k1', 'c1', 's'), ['1:0:1', '1:1:1', '1:2:1', '9:null:1']);
    assert.deepEqual(await rows(n, 'SELECT DISTINCT k1, k2, s FROM t WHERE s = 0', 'k1', 's'), ['0:0', '2:0']);
    await refused(n, 'SELECT * FROM t WHERE k2 = 20 AND v = 0', FILTERING);
    assert.equal((await n.rows('SELECT * FROM t WHERE k2 = 20 AND v = 0 ALLOW FILTERING')).length, 3);
    // The static value changes: the old value's entry is stale.
    await n.run('UPDATE t SET s = 5 WHERE k1 = 1 AND k2 = 10');
    assert.deepEqual(await rows(n, 'SELECT k1, c1 FROM t WHERE s = 1', 'k1', 'c1'), ['9:null']);
    assert.deepEqual(await rows(n, 'SELECT k1, c1 FROM t WHERE s = 5', 'k1', 'c1'), ['1:0', '1:1', '1:2']);
    // Rows deleted: their clustering and key entries are stale.
    await n.run('DELETE FROM t WHERE k1 = 2 AND k2 = 20 AND c1 = 1');
    assert.deepEqual(await rows(n, "SELECT k1, c1 FROM t WHERE c2 = 'x1'", 'k1', 'c1'), ['0:1', '1:1']);
    assert.deepEqual(await rows(n, 'SELECT k1, c1 FROM t WHERE k2 = 20', 'k1', 'c1'), ['2:0', '2:2']);
  });
});

test('collection indexes: values of lists and sets, keys, values and entries of maps, full frozen collections', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TABLE t (k int PRIMARY KEY, l list<text>, s set<int>, m map<text, int>, mv map<text, int>, me map<text, int>, f frozen<list<int>>)');
    await n.run('CREATE INDEX ON t (l)');
    await n.run('CREATE INDEX ON t (values(s))');
    await n.run('CREATE INDEX ON t (keys(m))');
    await n.run('CREATE INDEX ON t (values(mv))');
    await n.run('CREATE INDEX ON t (entries(me))');
    await n.run('CREATE INDEX ON t (full(f))');
    await n.run("INSERT INTO t (k, l, s, m, mv, me, f) VALUES (1, ['a', 'b', 'a'], {1, 2}, {'x': 1}, {'p': 7, 'q': 7}, {'e': 1}, [1, 2])");
    await n.run("INSERT INTO t (k, l, s, m, mv, me, f) VALUES (2, ['b'], {2}, {'y': 1}, {'p': 8}, {'e': 2}, [2])");
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE l CONTAINS 'a'", 'k'), ['1'], 'a row listed once though its list holds the value twice');
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE l CONTAINS 'b'", 'k'), ['1', '2']);
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE s CONTAINS 2', 'k'), ['1', '2']);
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE m CONTAINS KEY 'y'", 'k'), ['2']);
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE mv CONTAINS 7', 'k'), ['1']);
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE me['e'] = 2", 'k'), ['2']);
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE f = [1, 2]', 'k'), ['1']);
    await refused(n, 'SELECT k FROM t WHERE s CONTAINS 1 AND s CONTAINS 2', FILTERING);
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE s CONTAINS 1 AND s CONTAINS 2 ALLOW FILTERING', 'k'), ['1']);
    await refused(n, 'SELECT k FROM t WHERE m CONTAINS 1', FILTERING);
    // Element updates and deletions.
    await n.run("UPDATE t SET l = l - ['a'], s = s - {2}, m = m + {'z': 3}, mv['p'] = 9, me['e'] = 5 WHERE k = 1");
    await n.run("DELETE m['y'] FROM t WHERE k = 2");
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE l CONTAINS 'a'", 'k'), []);
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE s CONTAINS 2', 'k'), ['2']);
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE m CONTAINS KEY 'y'", 'k'), []);
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE m CONTAINS KEY 'z'", 'k'), ['1']);
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE mv CONTAINS 7', 'k'), ['1'], "q still holds 7");
    await n.run("DELETE mv['q'] FROM t WHERE k = 1");
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE mv CONTAINS 7', 'k'), []);
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE me['e'] = 1", 'k'), []);
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE me['e'] = 5", 'k'), ['1']);
    // A whole-collection overwrite.
    await n.run("UPDATE t SET l = ['c'] WHERE k = 2");
    assert.deepEqual(await rows(n, "SELECT k FROM t WHERE l CONTAINS 'b'", 'k'), ['1']);
  });
});

test('stale entries are never returned and are removed once a query meets them', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c))');
    await n.run('CREATE INDEX v_idx ON t (v)');
    for (let k = 0; k < 5; k++) for (let c = 0; c < 4; c++) await n.run(`INSERT INTO t (k, c, v) VALUES (${k}, ${c}, 1)`);
    assert.equal(entryCount(n, 't', 'v_idx'), 20);
    await n.run('UPDATE t SET v = 2 WHERE k = 0 AND c = 0'); // replaced
    await n.run('DELETE v FROM t WHERE k = 0 AND c = 1'); // cell deletion
    await n.run('DELETE FROM t WHERE k = 1 AND c = 0'); // row deletion
    await n.run('DELETE FROM t WHERE k = 2 AND c >= 2'); // range deletion
    await n.run('DELETE FROM t WHERE k = 3'); // partition deletion
    await n.run('UPDATE t USING TTL 10 SET v = 1 WHERE k = 4 AND c = 0'); // expires
    n.clock.advanceSeconds(11);
    const expected = ['0:2', '0:3', '1:1', '1:2', '1:3', '2:0', '2:1', '4:1', '4:2', '4:3'];
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE v = 1', 'k', 'c'), expected);
    // 21 entries (20 + the v = 2 one) less 9 stale ones (the expired one is gone by itself)…
    assert.equal(entryCount(n, 't', 'v_idx'), 11);
    assert.deepEqual(await rows(n, 'SELECT k, c FROM t WHERE v = 1', 'k', 'c'), expected);
    // …and a value written again later is found again.
    await n.run('INSERT INTO t (k, c, v) VALUES (3, 0, 1)');
    assert.deepEqual(await rows(n, 'SELECT k FROM t WHERE v = 1 AND k = 3', 'k'), ['3']);
  });
});

test('LIMIT, PER PARTITION LIMIT and paging through an index', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c))');
    await n.run('CREATE INDEX ON t (v)');
    for (let k = 0; k < 6; k++) for (let c = 0; c < 5; c++) await n.run(`INSERT INTO t (k, c, v) VALUES (${k}, ${c}, ${c % 2})`);
    const all = await n.rows('SELECT k, c FROM t WHERE v = 0');
    assert.equal(all.length, 18);
    assert.deepEqual(await n.rows('SELECT k, c FROM t WHERE v = 0 LIMIT 4'), all.slice(0, 4));
    const ppl = await n.rows('SELECT k, c FROM t WHERE v = 0 PER PARTITION LIMIT 1');
    assert.deepEqual(ppl, all.filter((_r, i) => i % 3 === 0));
    for (const pageSize of [1, 2, 4, 7, 100]) {
      const got: Record<string, unknown>[] = [];
      let pagingState: Buffer | undefined;
      do {
        const r = await n.run('SELECT k, c FROM t WHERE v = 0', [], { pageSize, pagingState });
        assert.equal(r.kind, 'rows');
        if (r.kind !== 'rows') return;
        got.push(...r.rows.map((row) => ({ k: row[0]!.readInt32BE(0), c: row[1]!.readInt32BE(0) })));
        pagingState = r.pagingState;
      } while (pagingState !== undefined);
      assert.deepEqual(got, all, `page size ${pageSize}`);
    }
    const paged: Record<string, unknown>[] = [];
    let state: Buffer | undefined;
    do {
      const r = await n.run('SELECT k, c FROM t WHERE v = 0 PER PARTITION LIMIT 2 LIMIT 7', [], { pageSize: 3, pagingState: state });
      if (r.kind !== 'rows') return;
      paged.push(...r.rows.map((row) => ({ k: row[0]!.readInt32BE(0), c: row[1]!.readInt32BE(0) })));
      state = r.pagingState;
    } while (state !== undefined);
    assert.deepEqual(paged, (await n.rows('SELECT k, c FROM t WHERE v = 0 PER PARTITION LIMIT 2')).slice(0, 7));
  });
});

test('an index made on a table with rows is built from them; TRUNCATE and DROP take its entries; a restart keeps it', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TABLE t (k int PRIMARY KEY, v text)');
    for (let k = 0; k < 50; k++) await n.run(`INSERT INTO t (k, v) VALUES (${k}, '${k % 5}')`);
    await n.run('CREATE INDEX v_idx ON t (v)');
    assert.equal(entryCount(n, 't', 'v_idx'), 50);
    assert.equal((await n.rows("SELECT k FROM t WHERE v = '3'")).length, 10);
    const r = await n.restart();
    try {
      r.state.keyspace = 'ks';
      assert.equal((await r.rows("SELECT k FROM t WHERE v = '3'")).length, 10);
      await r.run('TRUNCATE t');
      assert.equal(entryCount(r, 't', 'v_idx'), 0);
      await r.run("INSERT INTO t (k, v) VALUES (1, '3')");
      assert.deepEqual(await r.rows("SELECT k FROM t WHERE v = '3'"), [{ k: 1 }]);
      const id = cqlIndexesOf(r.ctx.schema().getTable('ks', 't'))[0]!.table.id;
      await r.run('DROP INDEX v_idx');
      assert.ok(!r.engine.tableIds().includes(id), 'the index table is dropped');
      await refused(r, "SELECT k FROM t WHERE v = '3'", FILTERING);
      await r.run('CREATE INDEX v_idx ON t (v)');
      assert.deepEqual(await r.rows("SELECT k FROM t WHERE v = '3'"), [{ k: 1 }], 'recreated and built from the rows');
    } finally {
      await r.close();
    }
  });
});

test('index definitions Cassandra refuses', async () => {
  await withNode(async (n) => {
    await n.run('CREATE TYPE u (a int)');
    await n.run('CREATE TABLE t (k int PRIMARY KEY, d duration, u u, v blob)');
    await refused(n, 'CREATE INDEX ON t (d)', 'Secondary indexes are not supported on duration columns');
    await refused(n, 'CREATE INDEX ON t (u)', 'Secondary indexes are not supported on non-frozen UDTs');
    await n.run('CREATE INDEX ON t (v)');
    await refused(n, `INSERT INTO t (k, v) VALUES (1, 0x${'ab'.repeat(70_000)})`, /^Cannot index value of size 70000 for index t_v_idx on ks\.t\(v\) \(maximum allowed size=65535\)$/);
  });
});

test('a Thrift column family’s KEYS index serves CQL queries too, and CREATE INDEX on its named column makes one', async () => {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await createFamily(n, {
      keyspace: 'ks',
      name: 'People',
      comparator: 'UTF8Type',
      keyValidator: 'UTF8Type',
      columnMetadata: [{ name: 'state', validator: 'UTF8Type', indexType: 'KEYS', indexName: 'state_idx' }, { name: 'age', validator: 'Int32Type' }],
    });
    for (const [key, state, age] of [['a', 'UT', 30], ['b', 'CA', 40], ['c', 'UT', 50]] as const) await n.run(`INSERT INTO "People" (key, state, age) VALUES ('${key}', '${state}', ${age})`);
    assert.deepEqual(await rows(n, `SELECT key FROM "People" WHERE state = 'UT'`, 'key'), ['a', 'c']);
    await refused(n, `SELECT key FROM "People" WHERE age = 30`, FILTERING);
    await n.run(`CREATE INDEX age_idx ON "People" (age)`);
    assert.deepEqual(await rows(n, `SELECT key FROM "People" WHERE age = 40`, 'key'), ['b']);
    await n.run(`UPDATE "People" SET state = 'NV' WHERE key = 'a'`);
    assert.deepEqual(await rows(n, `SELECT key FROM "People" WHERE state = 'UT'`, 'key'), ['c']);
    assert.deepEqual(await rows(n, `SELECT key FROM "People" WHERE state = 'UT' AND age = 50 ALLOW FILTERING`, 'key'), ['c']);
  } finally {
    await n.close();
  }
});
