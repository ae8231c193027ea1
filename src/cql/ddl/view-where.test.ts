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
const rows = async (n: CqlTestNode) => (await n.rows('SELECT k, c, d, v FROM mv')).map((r) => [r['k'], r['c'], r['d'], r['v']]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

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
