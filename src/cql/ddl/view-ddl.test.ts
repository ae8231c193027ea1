/**
 * Materialized views in process: Cassandra 4.0's statements, checks and messages, the build from
 * existing rows, the view kept in step with base inserts, updates moving the view key, deletions
 * of cells, rows, ranges and partitions, TTLs, system_schema, DESCRIBE and restarts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AlreadyExistsError } from '../../schema/index.js';
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';

const irE = (message: string) => (e: unknown) => {
  assert.ok(e instanceof InvalidRequestError, String(e));
  assert.equal(e.message, message);
  return true;
};
const withViews = (fn: (n: CqlTestNode) => Promise<CqlTestNode | void>) => withKeyspace(fn, { materializedViewsEnabled: true });

const BASE = 'CREATE TABLE t (k int, c int, v int, w text, s int static, PRIMARY KEY (k, c))';
const BY_V = 'CREATE MATERIALIZED VIEW by_v AS SELECT k, c, v, w FROM t WHERE v IS NOT NULL AND k IS NOT NULL AND c IS NOT NULL PRIMARY KEY (v, k, c)';

const viewRows = (n: CqlTestNode, cql = 'SELECT v, k, c, w FROM by_v') => n.rows(cql);

test('CREATE MATERIALIZED VIEW is refused while enable_materialized_views is off, with Cassandra 4.0 message', () =>
  withKeyspace(async (n) => {
    await n.run(BASE);
    await assert.rejects(async () => n.run(BY_V), irE('Materialized views are disabled. Enable in cassandra.yaml to use.'));
  }));

test('CREATE MATERIALIZED VIEW: event, usage warning, IF NOT EXISTS, and the checks Cassandra 4.0 makes', () =>
  withViews(async (n) => {
    await n.run(BASE);
    assert.deepEqual(await n.run(BY_V), { kind: 'schemaChange', change: { change: 'CREATED', target: 'TABLE', keyspace: 'ks', name: 'by_v' } });
    assert.deepEqual(n.warnings, ['Materialized views are experimental and are not recommended for production use.']);
    assert.deepEqual(await n.run(BY_V.replace('VIEW by_v', 'VIEW IF NOT EXISTS by_v')), { kind: 'void' });
    await assert.rejects(async () => n.run(BY_V), (e: unknown) => e instanceof AlreadyExistsError);
    const view = (sel: string, where: string, pk: string, extra = '') => n.run(`CREATE MATERIALIZED VIEW x AS SELECT ${sel} FROM t WHERE ${where} PRIMARY KEY (${pk})${extra}`);
    const all = 'k IS NOT NULL AND c IS NOT NULL AND v IS NOT NULL';
    await assert.rejects(async () => n.run(BY_V.replace('VIEW by_v', 'VIEW t')), irE("Cannot create materialized view 't' - a table with the same name already exists"));
    await assert.rejects(async () => n.run(BY_V.replace('FROM t', 'FROM nope')), irE("Base table 'nope' doesn't exist"));
    await assert.rejects(async () => view('*', all, 'v, k, c'), irE("Cannot include static column 's' in materialized view 'x'"));
    await assert.rejects(async () => view('k, c, v', 'k IS NOT NULL AND c IS NOT NULL', 'k'), irE("Cannot create materialized view 'x' without primary key columns c from base table 't'"));
    await assert.rejects(async () => view('k, c, v, w', `${all} AND w IS NOT NULL`, 'v, w, k, c'), irE('Cannot include more than one non-primary key column in materialized view primary key (got v, w)'));
    await assert.rejects(async () => view('k, c, v', 'k IS NOT NULL AND c IS NOT NULL', 'v, k, c'), irE("Primary key columns v must be restricted with 'IS NOT NULL' or otherwise"));
    await assert.rejects(async () => view('k, c, v', `${all} AND w = 'a'`, 'v, k, c'), irE("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: w restricted illegally)"));
    await assert.rejects(async () => view('k, c', 'k IS NOT NULL AND c IS NOT NULL', 'k, c, v'), irE("Unknown column 'v' referenced in PRIMARY KEY for materialized view 'x'"));
    await assert.rejects(async () => view('k AS kk, c', all, 'k, c'), irE('Cannot use aliases when defining a materialized view (got k AS kk)'));
    await assert.rejects(async () => view('k, c, v', all, 'v, k, c', ' WITH default_time_to_live = 10'), /Cannot set default_time_to_live for a materialized view/);
    await assert.rejects(async () => view('k, c, v', all, 'v, k, c', ' WITH CLUSTERING ORDER BY (c DESC)'), irE('Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive'));
    await assert.rejects(async () => n.run('CREATE MATERIALIZED VIEW x AS SELECT * FROM by_v WHERE v IS NOT NULL AND k IS NOT NULL AND c IS NOT NULL PRIMARY KEY (k, c, v)'), irE('Materialized views cannot be created against other materialized views'));
    await n.run('CREATE TABLE cnt (k int PRIMARY KEY, n counter)');
    await assert.rejects(async () => n.run('CREATE MATERIALIZED VIEW x AS SELECT * FROM cnt WHERE k IS NOT NULL PRIMARY KEY (k)'), irE('Materialized views are not supported on counter tables'));
  }));

test('the view refuses writes, ALTER TABLE, DROP TABLE, TRUNCATE and indexes; its base refuses DROP TABLE and column drops', () =>
  withViews(async (n) => {
    await n.run(BASE);
    await n.run(BY_V);
    await assert.rejects(async () => n.run('INSERT INTO by_v (v, k, c) VALUES (1, 1, 1)'), irE('Cannot directly modify a materialized view'));
    await assert.rejects(async () => n.run('DELETE FROM by_v WHERE v = 1'), irE('Cannot directly modify a materialized view'));
    await assert.rejects(async () => n.run('ALTER TABLE by_v WITH comment = \'x\''), irE('Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead'));
    await assert.rejects(async () => n.run('DROP TABLE by_v'), irE('Cannot use DROP TABLE on a materialized view. Please use DROP MATERIALIZED VIEW instead.'));
    await assert.rejects(async () => n.run('TRUNCATE by_v'), irE('Cannot TRUNCATE materialized view directly; must truncate base table instead'));
    await assert.rejects(async () => n.run('CREATE INDEX ON by_v (w)'), irE('Secondary indexes are not supported on materialized views'));
    await assert.rejects(async () => n.run('DROP TABLE t'), irE('Cannot drop a table when materialized views still depend on it (ks)'));
    await assert.rejects(async () => n.run('ALTER TABLE t DROP w'), irE('Cannot drop column w on base table t with materialized views'));
    assert.deepEqual(await n.run("ALTER MATERIALIZED VIEW by_v WITH comment = 'by v' AND gc_grace_seconds = 60"), { kind: 'schemaChange', change: { change: 'UPDATED', target: 'TABLE', keyspace: 'ks', name: 'by_v' } });
    assert.deepEqual(await n.rows("SELECT comment, gc_grace_seconds FROM system_schema.views WHERE keyspace_name = 'ks'"), [{ comment: 'by v', gc_grace_seconds: 60 }]);
    await assert.rejects(async () => n.run('ALTER MATERIALIZED VIEW nope WITH comment = \'x\''), irE("Materialized view 'ks.nope' doesn't exist"));
    assert.deepEqual(await n.run('DROP MATERIALIZED VIEW by_v'), { kind: 'schemaChange', change: { change: 'DROPPED', target: 'TABLE', keyspace: 'ks', name: 'by_v' } });
    assert.deepEqual(await n.run('DROP MATERIALIZED VIEW IF EXISTS by_v'), { kind: 'void' });
    await assert.rejects(async () => n.run('DROP MATERIALIZED VIEW by_v'), irE("Materialized view 'ks.by_v' doesn't exist"));
    await n.run('DROP TABLE t');
  }));

test('a view is built from existing rows and follows inserts, updates moving its key, and deletions', () =>
  withViews(async (n) => {
    await n.run(BASE);
    for (let k = 0; k < 40; k++) await n.run(`INSERT INTO t (k, c, v, w) VALUES (${k}, 0, ${k % 3}, 'w${k}')`);
    await n.run('INSERT INTO t (k, c, w) VALUES (100, 0, \'no v\')'); // v null: no view row
    await n.run(BY_V);
    assert.equal((await n.rows('SELECT * FROM by_v')).length, 40);
    assert.equal((await n.rows('SELECT * FROM by_v WHERE v = 1')).length, 13);
    await n.run('TRUNCATE t');
    assert.deepEqual(await n.rows('SELECT * FROM by_v'), []);

    await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 10, 'a')");
    await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 2, 10, 'b')");
    assert.deepEqual(await viewRows(n), [{ v: 10, k: 1, c: 1, w: 'a' }, { v: 10, k: 1, c: 2, w: 'b' }]);
    await n.run('UPDATE t SET v = 20 WHERE k = 1 AND c = 1'); // the view key moves
    assert.deepEqual(await viewRows(n, 'SELECT v, k, c, w FROM by_v WHERE v = 10'), [{ v: 10, k: 1, c: 2, w: 'b' }]);
    assert.deepEqual(await viewRows(n, 'SELECT v, k, c, w FROM by_v WHERE v = 20'), [{ v: 20, k: 1, c: 1, w: 'a' }]);
    await n.run('UPDATE t SET v = 10 WHERE k = 1 AND c = 1'); // and back: the row is whole again
    assert.deepEqual(await viewRows(n, 'SELECT v, k, c, w FROM by_v WHERE v = 10'), [{ v: 10, k: 1, c: 1, w: 'a' }, { v: 10, k: 1, c: 2, w: 'b' }]);
    assert.deepEqual(await viewRows(n, 'SELECT v, k, c, w FROM by_v WHERE v = 20'), []);
    await n.run("UPDATE t SET w = 'a2' WHERE k = 1 AND c = 1"); // a non-key column
    await n.run('DELETE w FROM t WHERE k = 1 AND c = 2'); // a cell deletion
    assert.deepEqual(await viewRows(n, 'SELECT v, k, c, w FROM by_v WHERE v = 10'), [{ v: 10, k: 1, c: 1, w: 'a2' }, { v: 10, k: 1, c: 2, w: null }]);
    await n.run('DELETE v FROM t WHERE k = 1 AND c = 2'); // the view key column gone: the view row goes
    assert.deepEqual(await viewRows(n), [{ v: 10, k: 1, c: 1, w: 'a2' }]);

    await n.run("INSERT INTO t (k, c, v, w) VALUES (2, 1, 30, 'x')");
    await n.run("INSERT INTO t (k, c, v, w) VALUES (2, 2, 31, 'y')");
    await n.run("INSERT INTO t (k, c, v, w) VALUES (2, 3, 32, 'z')");
    await n.run('DELETE FROM t WHERE k = 2 AND c = 1'); // a row
    assert.deepEqual((await viewRows(n)).map((r) => r.v), [10, 31, 32]);
    await n.run('DELETE FROM t WHERE k = 2 AND c >= 3'); // a range
    assert.deepEqual((await viewRows(n)).map((r) => r.v), [10, 31]);
    await n.run('DELETE FROM t WHERE k = 1'); // a partition
    assert.deepEqual(await viewRows(n), [{ v: 31, k: 2, c: 2, w: 'y' }]);
    await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 10, 'again')"); // the row comes back after its deletion
    assert.deepEqual((await viewRows(n)).map((r) => r.w), ['again', 'y']);
    await n.run('BEGIN BATCH UPDATE t SET v = 40 WHERE k = 5 AND c = 5; UPDATE t SET v = 41 WHERE k = 6 AND c = 6; APPLY BATCH');
    assert.deepEqual((await viewRows(n)).map((r) => r.v as number).sort((a, b) => a - b), [10, 31, 40, 41]); // in token order of v
  }));

test('TTL: a view row expires with its base row, and with its view key column', () =>
  withViews(async (n) => {
    await n.run(BASE);
    await n.run(BY_V);
    await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 1, 'a') USING TTL 100");
    await n.run("INSERT INTO t (k, c, v, w) VALUES (2, 2, 2, 'b')");
    await n.run('UPDATE t USING TTL 50 SET v = 3 WHERE k = 2 AND c = 2');
    assert.deepEqual((await n.rows('SELECT v, ttl(w) AS t FROM by_v')).map((r) => r.v), [1, 3]);
    n.clock.advanceSeconds(60);
    assert.deepEqual(await viewRows(n), [{ v: 1, k: 1, c: 1, w: 'a' }]); // v of (2, 2) expired: its view row too
    assert.deepEqual(await n.rows('SELECT k, v, w FROM t WHERE k = 2'), [{ k: 2, v: null, w: 'b' }]);
    n.clock.advanceSeconds(60);
    assert.deepEqual(await viewRows(n), []);
  }));

test('views without a base regular column in their key, with = filters, SELECT * and DESC order; system_schema and DESCRIBE; restart', () =>
  withViews(async (n) => {
    await n.run('CREATE TABLE t (k int, c int, v int, w text, PRIMARY KEY (k, c))');
    await n.run("CREATE MATERIALIZED VIEW by_ck AS SELECT * FROM t WHERE c IS NOT NULL AND k IS NOT NULL AND c = 1 PRIMARY KEY (c, k) WITH CLUSTERING ORDER BY (k DESC) AND comment = 'c first'");
    await n.run("INSERT INTO t (k, c, v, w) VALUES (1, 1, 5, 'a')");
    await n.run('INSERT INTO t (k, c, v) VALUES (2, 1, 6)');
    await n.run("INSERT INTO t (k, c, v, w) VALUES (3, 2, 7, 'c')"); // filtered out: c = 2
    await n.run('UPDATE t SET w = \'u\' WHERE k = 4 AND c = 1'); // a row made by UPDATE (no row marker)
    assert.deepEqual(await n.rows('SELECT c, k, v, w FROM by_ck'), [{ c: 1, k: 4, v: null, w: 'u' }, { c: 1, k: 2, v: 6, w: null }, { c: 1, k: 1, v: 5, w: 'a' }]);
    await n.run('DELETE w FROM t WHERE k = 4 AND c = 1'); // its only cell: the row is gone in both
    assert.deepEqual((await n.rows('SELECT k FROM by_ck')).map((r) => r.k), [2, 1]);

    assert.deepEqual(await n.rows("SELECT view_name, base_table_name, include_all_columns, where_clause, comment FROM system_schema.views WHERE keyspace_name = 'ks'"), [
      { view_name: 'by_ck', base_table_name: 't', include_all_columns: true, where_clause: 'c IS NOT NULL AND k IS NOT NULL AND c = 1', comment: 'c first' },
    ]);
    assert.deepEqual((await n.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'ks'")).map((r) => r.table_name), ['t']);
    assert.deepEqual(await n.rows("SELECT column_name, kind, position, clustering_order FROM system_schema.columns WHERE keyspace_name = 'ks' AND table_name = 'by_ck'"), [
      { column_name: 'c', kind: 'partition_key', position: 0, clustering_order: 'none' },
      { column_name: 'k', kind: 'clustering', position: 0, clustering_order: 'desc' },
      { column_name: 'v', kind: 'regular', position: -1, clustering_order: 'none' },
      { column_name: 'w', kind: 'regular', position: -1, clustering_order: 'none' },
    ]);
    const described = await n.rows('DESCRIBE MATERIALIZED VIEW by_ck');
    assert.equal(described.length, 1);
    assert.equal(described[0]!.type, 'materialized_view');
    const cql = String(described[0]!.create_statement);
    assert.ok(
      cql.startsWith('CREATE MATERIALIZED VIEW ks.by_ck AS\n    SELECT *\n    FROM ks.t\n    WHERE c IS NOT NULL AND k IS NOT NULL AND c = 1\n    PRIMARY KEY (c, k)\n WITH CLUSTERING ORDER BY (k DESC)\n    AND additional_write_policy'),
      cql,
    );
    assert.ok(!cql.includes('default_time_to_live'), cql);
    assert.deepEqual((await n.rows('DESCRIBE KEYSPACE ks')).map((r) => `${r.type} ${r.name}`), ['keyspace ks', 'table t', 'materialized_view by_ck']);
    assert.deepEqual((await n.rows('DESCRIBE TABLES')).map((r) => r.name), ['t']);
    // The printed statement makes the same view again.
    await n.run('DROP MATERIALIZED VIEW by_ck');
    await n.run(cql);
    assert.equal((await n.rows('SELECT k FROM by_ck')).length, 2);

    await n.run('ALTER TABLE t ADD x int'); // a SELECT * view gains the column
    await n.run('UPDATE t SET x = 7 WHERE k = 2 AND c = 1');
    assert.deepEqual(await n.rows('SELECT k, x FROM by_ck'), [{ k: 2, x: 7 }, { k: 1, x: null }]);

    const r = await n.restart();
    r.state.keyspace = 'ks';
    assert.deepEqual((await r.rows('SELECT k FROM by_ck')).map((x) => x.k), [2, 1]);
    await r.run("INSERT INTO t (k, c, v) VALUES (9, 1, 9)"); // still maintained after the restart
    assert.deepEqual((await r.rows('SELECT k FROM by_ck')).map((x) => x.k), [9, 2, 1]);
    return r;
  }));

test('collections in a view follow element adds and removes; a composite partition key in the base', () =>
  withViews(async (n) => {
    await n.run('CREATE TABLE t (a int, b int, c int, tags set<text>, PRIMARY KEY ((a, b), c))');
    await n.run('CREATE MATERIALIZED VIEW by_c AS SELECT * FROM t WHERE a IS NOT NULL AND b IS NOT NULL AND c IS NOT NULL PRIMARY KEY (c, a, b)');
    await n.run("INSERT INTO t (a, b, c, tags) VALUES (1, 2, 3, {'x', 'y'})");
    await n.run("UPDATE t SET tags = tags + {'z'} WHERE a = 1 AND b = 2 AND c = 3");
    await n.run("UPDATE t SET tags = tags - {'x'} WHERE a = 1 AND b = 2 AND c = 3");
    const rows = await n.rows('SELECT a, b, c, tags FROM by_c WHERE c = 3');
    assert.deepEqual(rows.map((r) => [r.a, r.b, r.c, [...(r.tags as Set<string>)].sort()]), [[1, 2, 3, ['y', 'z']]]);
    await n.run('DELETE FROM t WHERE a = 1 AND b = 2');
    assert.deepEqual(await n.rows('SELECT * FROM by_c'), []);
  }));
