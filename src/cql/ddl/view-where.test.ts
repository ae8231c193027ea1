/**
 * A materialized view's WHERE clause as Cassandra 4.0's CreateViewStatement accepts it: `=`, IN
 * and ranges on base primary key columns, IS NOT NULL anywhere, with its messages for the rest;
 * the view holds exactly the base rows that pass, through the build, inserts, updates, deletes
 * and a restart (the filters kept in the schema).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { viewFromObject } from '../../schema/index.js';
import { type CqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';

const irE = (message: string) => (e: unknown) => {
  assert.ok(e instanceof InvalidRequestError, String(e));
  assert.equal(e.message, message);
  return true;
};

const BASE = 'CREATE TABLE t (k int, c int, d int, v int, PRIMARY KEY (k, c, d))';
const view = (n: CqlTestNode, where: string) => n.run(`CREATE MATERIALIZED VIEW mv AS SELECT k, c, d, v FROM t WHERE ${where} PRIMARY KEY (c, k, d)`);
const ALL = 'k IS NOT NULL AND c IS NOT NULL AND d IS NOT NULL';
const sorted = (rs: unknown[][]) => rs.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const rows = async (n: CqlTestNode, v = 'mv') => sorted((await n.rows(`SELECT k, c, d, v FROM ${v}`)).map((r) => [r['k'], r['c'], r['d'], r['v']]));

test("a view's WHERE takes IN and ranges on primary key columns; the view holds the passing rows through build, writes, deletes and a restart", () =>
  withKeyspace(
    async (n) => {
      await n.run(BASE);
      for (let k = 0; k < 3; k++) for (let c = 0; c < 4; c++) await n.run(`INSERT INTO t (k, c, d, v) VALUES (${k}, ${c}, ${c * 10}, ${k * 100 + c})`);
      await view(n, 'k IN (0, 2) AND c >= 1 AND c < 3 AND d IS NOT NULL');
      const where = await n.rows("SELECT where_clause FROM system_schema.views WHERE keyspace_name = 'ks' AND view_name = 'mv'");
      assert.deepEqual(where, [{ where_clause: 'k IN (0, 2) AND c >= 1 AND c < 3 AND d IS NOT NULL' }]);
      const built = [[0, 1, 10, 1], [0, 2, 20, 2], [2, 1, 10, 201], [2, 2, 20, 202]];
      for (let i = 0; i < 100 && (await rows(n)).length < built.length; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(await rows(n), built, 'built from the passing base rows');
      await n.run('INSERT INTO t (k, c, d, v) VALUES (0, 2, 99, 7)'); // passes
      await n.run('INSERT INTO t (k, c, d, v) VALUES (1, 2, 99, 7)'); // k fails
      await n.run('INSERT INTO t (k, c, d, v) VALUES (2, 3, 99, 7)'); // c fails the upper bound
      await n.run('UPDATE t SET v = 5 WHERE k = 2 AND c = 1 AND d = 10');
      await n.run('DELETE FROM t WHERE k = 0 AND c = 1');
      const after = [[0, 2, 20, 2], [0, 2, 99, 7], [2, 1, 10, 5], [2, 2, 20, 202]];
      assert.deepEqual(await rows(n), after);
      const m = await n.restart();
      m.state.keyspace = 'ks';
      await m.run('INSERT INTO t (k, c, d, v) VALUES (2, 1, 77, 8)');
      await m.run('INSERT INTO t (k, c, d, v) VALUES (2, 0, 77, 8)');
      assert.deepEqual(await rows(m), [...after, [2, 1, 77, 8]].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))), 'the filters survive a restart');
      return m;
    },
    { materializedViewsEnabled: true },
  ));

test("a view's WHERE refuses what Cassandra 4.0 refuses, with its messages", () =>
  withKeyspace(
    async (n) => {
      await n.run(BASE);
      await assert.rejects(view(n, `${ALL} AND v > 1`), irE("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: v restricted illegally)"));
      await assert.rejects(view(n, `${ALL} AND v IN (1, 2)`), irE("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: v restricted illegally)"));
      await assert.rejects(view(n, 'k = 1 AND k = 2 AND c IS NOT NULL AND d IS NOT NULL'), irE('k cannot be restricted by more than one relation if it includes an Equal'));
      await assert.rejects(view(n, 'k IN (1) AND k > 0 AND c IS NOT NULL AND d IS NOT NULL'), irE('k cannot be restricted by more than one relation if it includes a IN'));
      await assert.rejects(view(n, 'k > 0 AND k = 1 AND c IS NOT NULL AND d IS NOT NULL'), irE('Column "k" cannot be restricted by both an equality and an inequality relation'));
      await assert.rejects(view(n, 'k > 0 AND k >= 1 AND c IS NOT NULL AND d IS NOT NULL'), irE('More than one restriction was found for the start bound on k'));
      await assert.rejects(view(n, 'k < 0 AND k <= 1 AND c IS NOT NULL AND d IS NOT NULL'), irE('More than one restriction was found for the end bound on k'));
      await assert.rejects(view(n, 'k > 0 AND c IS NOT NULL'), irE("Primary key columns d must be restricted with 'IS NOT NULL' or otherwise"));
      // A range restricts as IS NOT NULL does: the key column is restricted.
      await view(n, 'k > 0 AND k <= 5 AND k IS NOT NULL AND c IS NOT NULL AND d IS NOT NULL');
    },
    { materializedViewsEnabled: true },
  ));

test('filters stored before comparisons existed (`equals`) still read', () => {
  const v = viewFromObject({ base_table_id: 'x', base_table_name: 't', include_all_columns: false, where_clause: 'k = 1 AND c IS NOT NULL', filters: [{ column: 'k', equals: '00000001' }, { column: 'c', equals: null }] });
  assert.deepEqual(v.filters.map((f) => [f.column, f.op, f.values.map((b) => b.toString('hex'))]), [['k', '=', ['00000001']], ['c', 'IS NOT NULL', []]]);
});

test("a view's WHERE takes multi-column relations on clustering columns, compared as tuples by value (a DESC column too), through build, writes and a restart", () =>
  withKeyspace(
    async (n) => {
      await n.run('CREATE TABLE t (k int, c int, d int, v int, PRIMARY KEY (k, c, d)) WITH CLUSTERING ORDER BY (c ASC, d DESC)');
      for (let c = 0; c < 3; c++) for (let d = 0; d < 3; d++) await n.run(`INSERT INTO t (k, c, d, v) VALUES (0, ${c}, ${d}, ${c * 10 + d})`);
      await n.run('CREATE MATERIALIZED VIEW mv AS SELECT k, c, d, v FROM t WHERE k IS NOT NULL AND (c, d) > (0, 1) AND (c, d) <= (2, 0) PRIMARY KEY (c, k, d)');
      await n.run("CREATE MATERIALIZED VIEW mv2 AS SELECT k, c, d, v FROM t WHERE k IS NOT NULL AND (c, d) IN ((1, 1), (2, 2), (5, 5)) PRIMARY KEY (c, k, d)");
      const where = await n.rows("SELECT view_name, where_clause FROM system_schema.views WHERE keyspace_name = 'ks'");
      assert.deepEqual(where, [
        { view_name: 'mv', where_clause: 'k IS NOT NULL AND (c, d) > (0, 1) AND (c, d) <= (2, 0)' },
        { view_name: 'mv2', where_clause: 'k IS NOT NULL AND (c, d) IN ((1, 1), (2, 2), (5, 5))' },
      ]);
      const built = [[0, 0, 2, 2], [0, 1, 0, 10], [0, 1, 1, 11], [0, 1, 2, 12], [0, 2, 0, 20]];
      for (let i = 0; i < 100 && (await rows(n, 'mv')).length < built.length; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(await rows(n, 'mv'), built, '(0, 1) < (c, d) <= (2, 0) by value, d DESC or not');
      assert.deepEqual(await rows(n, 'mv2'), [[0, 1, 1, 11], [0, 2, 2, 22]]);
      await n.run('INSERT INTO t (k, c, d, v) VALUES (0, 0, 5, 5)'); // (0, 5) > (0, 1): in mv
      await n.run('INSERT INTO t (k, c, d, v) VALUES (0, 2, 1, 21)'); // (2, 1) > (2, 0): not in mv
      await n.run('UPDATE t SET v = 99 WHERE k = 0 AND c = 1 AND d = 1');
      await n.run('DELETE FROM t WHERE k = 0 AND c = 2 AND d = 0');
      const after = [[0, 0, 2, 2], [0, 0, 5, 5], [0, 1, 0, 10], [0, 1, 1, 99], [0, 1, 2, 12]];
      assert.deepEqual(await rows(n, 'mv'), after);
      assert.deepEqual(await rows(n, 'mv2'), [[0, 1, 1, 99], [0, 2, 2, 22]]);
      const m = await n.restart();
      m.state.keyspace = 'ks';
      await m.run('INSERT INTO t (k, c, d, v) VALUES (1, 1, 5, 15)');
      await m.run('INSERT INTO t (k, c, d, v) VALUES (1, 0, 0, 0)');
      assert.deepEqual(await rows(m, 'mv'), sorted([...after, [1, 1, 5, 15]]), 'the multi-column filters survive a restart');
      return m;
    },
    { materializedViewsEnabled: true },
  ));

test("a view's multi-column relations are refused where Cassandra 4.0 refuses them, with its messages", () =>
  withKeyspace(
    async (n) => {
      await n.run('CREATE TABLE t (k int, c int, d int, e int, v int, PRIMARY KEY (k, c, d, e))');
      const mv = (where: string) => n.run(`CREATE MATERIALIZED VIEW mv AS SELECT k, c, d, e, v FROM t WHERE k IS NOT NULL AND ${where} PRIMARY KEY (c, k, d, e)`);
      const rest = 'c IS NOT NULL AND d IS NOT NULL AND e IS NOT NULL';
      await assert.rejects(mv(`(k, c) > (1, 2) AND ${rest}`), irE('Multi-column relations can only be applied to clustering columns but was applied to: k'));
      await assert.rejects(mv(`(c, e) > (1, 2) AND ${rest}`), irE('Clustering columns must appear in the PRIMARY KEY order in multi-column relations: (c, e) > (1, 2)'));
      await assert.rejects(mv(`(d, c) > (1, 2) AND ${rest}`), irE('Clustering columns must appear in the PRIMARY KEY order in multi-column relations: (d, c) > (1, 2)'));
      await assert.rejects(mv(`(c, c) > (1, 2) AND ${rest}`), irE('Column "c" appeared twice in a relation: (c, c) > (1, 2)'));
      await assert.rejects(mv(`(c, d) > (1, 2, 3) AND ${rest}`), irE('Expected 2 elements in value tuple, but got 3: (1, 2, 3)'));
      // 4.0 merges a single-column relation with a multi-column one as a one-column tuple (MultiColumnRestriction.mergeWith).
      await assert.rejects(mv(`(c, d) > (1, 2) AND d < 5 AND ${rest}`), irE('Column "d" cannot be restricted by two inequalities not starting with the same column'));
      await assert.rejects(mv(`d > 0 AND (c, d) < (1, 2) AND ${rest}`), irE('Column "d" cannot be restricted by two inequalities not starting with the same column'));
      await assert.rejects(mv(`c = 1 AND (c, d) > (1, 2) AND ${rest}`), irE('c cannot be restricted by more than one relation if it includes an Equal'));
      await assert.rejects(mv(`(c, d) > (1, 2) AND c = 1 AND ${rest}`), irE('Column "c" cannot be restricted by both an equality and an inequality relation'));
      await assert.rejects(mv(`(c, d) = (1, 2) AND (c, d) > (0, 0) AND ${rest}`), irE('c ,d cannot be restricted by more than one relation if it includes an Equal'));
      await assert.rejects(mv(`(c, d) IN ((1, 2), (3, 4)) AND (c, d) > (0, 0) AND ${rest}`), irE('c ,d cannot be restricted by more than one relation if it includes a IN'));
      await assert.rejects(mv(`(c, d) > (1, 2) AND c >= 0 AND ${rest}`), irE('More than one restriction was found for the start bound on c'));
      await assert.rejects(mv(`(c, d) > (1, 2) AND (d, e) < (0, 0) AND ${rest}`), irE('Column "d" cannot be restricted by two inequalities not starting with the same column'));
      // A multi-column restriction restricts each of its columns: no IS NOT NULL needed for c and d;
      // a slice of its first column bounds it on the other side.
      await n.run('CREATE MATERIALIZED VIEW ok AS SELECT k, c, d, e, v FROM t WHERE k IS NOT NULL AND (c, d) >= (0, 0) AND (c, d) < (9, 9) AND e IS NOT NULL PRIMARY KEY (c, k, d, e)');
      await n.run('CREATE MATERIALIZED VIEW ok2 AS SELECT k, c, d, e, v FROM t WHERE k IS NOT NULL AND (c, d) > (1, 2) AND c < 5 AND e IS NOT NULL PRIMARY KEY (c, k, d, e)');
    },
    { materializedViewsEnabled: true },
  ));
