/**
 * Lightweight transactions on one node: IF EXISTS, IF NOT EXISTS and IF conditions on UPDATE and
 * DELETE — every operator, elements and fields, static columns — with the result rows Cassandra
 * returns, checked and applied under the partition lock (concurrent compare-and-set: one winner).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { INT32_TYPE, UTF8_TYPE, UserType } from '../../marshal/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { createTable, tableRows } from '../../../test/support/cql-table-rows.js';

const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

async function withTable(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    const addr = new UserType('ks', 'addr', ['street', 'no'], [UTF8_TYPE, INT32_TYPE], true);
    await createTable(n, 'ks', 't', {
      partitionKey: [{ name: 'k', type: 'int' }],
      clustering: [{ name: 'c', type: 'int' }],
      regular: [{ name: 'v', type: 'int' }, { name: 'l', type: 'list<int>' }, { name: 'm', type: 'map<text, int>' }, { name: 's', type: 'set<int>' }, { name: 'u', type: addr }, { name: 'w', type: 'text' }],
      statics: [{ name: 'st', type: 'int' }],
    });
    await n.run("INSERT INTO t (k, c, v, l, m, s, u) VALUES (1, 1, 10, [1, 2], {'a': 1}, {5, 6}, {street: 'Main', no: 3})");
    await fn(n);
  } finally {
    await n.close();
  }
}

const applied = async (n: CqlTestNode, cql: string): Promise<boolean> => (await n.rows(cql))[0]!['[applied]'] as boolean;
const v = (n: CqlTestNode) => tableRows(n, 'ks', 't').find((r) => r.c === 1)?.v;

test('IF EXISTS: applied on an existing row, not on a missing one (no row returned)', async () => {
  await withTable(async (n) => {
    assert.deepEqual(await n.rows('UPDATE t SET v = 11 WHERE k = 1 AND c = 1 IF EXISTS'), [{ '[applied]': true }]);
    assert.equal(v(n), 11);
    assert.deepEqual(await n.rows('UPDATE t SET v = 11 WHERE k = 1 AND c = 2 IF EXISTS'), [{ '[applied]': false }]);
    assert.equal(tableRows(n, 'ks', 't').length, 1);
    assert.deepEqual(await n.rows('DELETE FROM t WHERE k = 1 AND c = 2 IF EXISTS'), [{ '[applied]': false }]);
    assert.equal(await applied(n, 'DELETE FROM t WHERE k = 1 AND c = 1 IF EXISTS'), true);
    assert.deepEqual(tableRows(n, 'ks', 't'), []);
  });
});

test('comparison operators on a column; the columns read come back when not applied', async () => {
  await withTable(async (n) => {
    for (const [cond, expected] of [
      ['v = 10', true], ['v = 9', false], ['v != 9', true], ['v < 11', true], ['v < 10', false], ['v <= 10', true],
      ['v > 9', true], ['v > 10', false], ['v >= 10', true], ['v IN (1, 10)', true], ['v IN (1, 2)', false],
      ['w = null', true], ['w != null', false], ['w IN (null)', true], ['w > \'a\'', false],
    ] as const) {
      assert.equal(await applied(n, `UPDATE t SET v = 10 WHERE k = 1 AND c = 1 IF ${cond}`), expected, cond);
    }
    assert.deepEqual(await n.rows('UPDATE t SET v = 12 WHERE k = 1 AND c = 1 IF v = 9 AND w = null'), [{ '[applied]': false, v: 10, w: null }]);
    assert.equal(v(n), 10);
    assert.deepEqual(await n.rows('UPDATE t SET v = 12 WHERE k = 1 AND c = 1 IF v = 10 AND w = null'), [{ '[applied]': true }]);
    assert.equal(v(n), 12);
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE k = 1 AND c = 1 IF v > null'), invalid(/Invalid comparison with null for operator ">"/));
  });
});

test('collections, elements and UDT fields in conditions', async () => {
  await withTable(async (n) => {
    for (const [cond, expected] of [
      ['l = [1, 2]', true], ['l = [2, 1]', false], ['s = {6, 5}', true], ["m = {'a': 1}", true],
      ['l CONTAINS 2', true], ['l CONTAINS 3', false], ['s CONTAINS 5', true], ["m CONTAINS KEY 'a'", true], ["m CONTAINS KEY 'b'", false], ['m CONTAINS 1', true],
      ["m['a'] = 1", true], ["m['a'] > 1", false], ["m['b'] = null", true], ['l[1] = 2', true], ['l[5] = null', true],
      ["u.street = 'Main'", true], ['u.no >= 4', false], ["u.street IN ('x', 'Main')", true],
    ] as const) {
      assert.equal(await applied(n, `UPDATE t SET w = 'x' WHERE k = 1 AND c = 1 IF ${cond}`), expected, cond);
    }
    assert.deepEqual(await n.rows("UPDATE t SET w = 'y' WHERE k = 1 AND c = 1 IF m['a'] = 2"), [{ '[applied]': false, m: new Map([['a', 1]]) }]);
    await assert.rejects(async () => n.run("UPDATE t SET w = 'x' WHERE k = 1 AND c = 1 IF v CONTAINS 1"), invalid(/CONTAINS/));
  });
});

test('markers in conditions are typed by what they compare; IN ? takes a list', async () => {
  await withTable(async (n) => {
    const st = n.prepare("UPDATE t SET w = 'x' WHERE k = ? AND c = ? IF v IN ? AND m[?] = ? AND u.no = ?");
    assert.deepEqual(st.bindVariables.map((b) => `${b.name}:${b.type.cqlName}`), ['k:int', 'c:int', 'in(v):frozen<list<int>>', 'key(m):text', 'value(m):int', 'u.no:int']);
  });
});

test('static columns: conditions on the partition alone; IF NOT EXISTS on a static-only insert', async () => {
  await withTable(async (n) => {
    assert.equal(await applied(n, 'UPDATE t SET st = 1 WHERE k = 1 IF st = null'), true);
    assert.deepEqual(await n.rows('UPDATE t SET st = 2 WHERE k = 1 IF st = 5'), [{ '[applied]': false, st: 1 }]);
    assert.equal(await applied(n, 'UPDATE t SET st = 2, v = 3 WHERE k = 1 AND c = 1 IF st = 1 AND v = 10'), true);
    assert.deepEqual(tableRows(n, 'ks', 't').map((r) => [r.st, r.v]), [[2, 3]]);
    assert.equal(await applied(n, 'INSERT INTO t (k, st) VALUES (2, 1) IF NOT EXISTS'), true);
    assert.equal(await applied(n, 'INSERT INTO t (k, st) VALUES (2, 1) IF NOT EXISTS'), false);
  });
});

test('concurrent compare-and-set: exactly one of many identical conditional updates applies', async () => {
  await withTable(async (n) => {
    const st = n.prepare('UPDATE t SET v = ? WHERE k = 1 AND c = 1 IF v = 10');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => st.execute(n.state, { consistency: 'ONE', values: [INT32_TYPE.decompose(100 + i)] })));
    const wins = results.filter((r) => r.kind === 'rows' && r.rows[0]![0]![0] === 1);
    assert.equal(wins.length, 1);
    const inserts = await Promise.all(Array.from({ length: 20 }, (_, i) => n.rows(`INSERT INTO t (k, c, v) VALUES (9, 9, ${i}) IF NOT EXISTS`)));
    assert.equal(inserts.filter((r) => r[0]!['[applied]'] === true).length, 1);
  });
});

test('refusals: IN on keys, ranges, timestamps, counters, key columns in conditions', async () => {
  await withTable(async (n) => {
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE k IN (1, 2) AND c = 1 IF v = 1'), invalid(/IN on the partition key is not supported with conditional updates/));
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE k = 1 AND c IN (1, 2) IF v = 1'), invalid(/IN on the clustering key columns is not supported with conditional updates/));
    await assert.rejects(async () => n.run('DELETE FROM t WHERE k = 1 AND c > 1 IF v = 1'), invalid(/DELETE statements must restrict all PRIMARY KEY columns with equality relations in order to use IF conditions/));
    await assert.rejects(async () => n.run('UPDATE t USING TIMESTAMP 1 SET v = 1 WHERE k = 1 AND c = 1 IF v = 1'), invalid(/Cannot provide custom timestamp for conditional updates/));
    await assert.rejects(async () => n.run('UPDATE t SET v = 1 WHERE k = 1 AND c = 1 IF c = 1'), invalid(/PRIMARY KEY column 'c' cannot have IF conditions/));
    await createTable(n, 'ks', 'cnt', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'n', type: 'counter' }] });
    await assert.rejects(async () => n.run('UPDATE cnt SET n = n + 1 WHERE k = 1 IF EXISTS'), invalid(/Conditional updates are not supported on counter tables/));
  });
});

test('DELETE … IF EXISTS of a whole partition: applied when it holds any row, not when empty', async () => {
  await withTable(async (n) => {
    assert.deepEqual(await n.rows('DELETE FROM t WHERE k = 7 IF EXISTS'), [{ '[applied]': false }]);
    assert.equal(await applied(n, 'DELETE FROM t WHERE k = 1 IF EXISTS'), true);
    assert.deepEqual(tableRows(n, 'ks', 't'), []);
    await assert.rejects(async () => n.run('DELETE FROM t WHERE k = 1 IF v = 1'), invalid(/must restrict all PRIMARY KEY columns/));
  });
});

// Regression: a counter increment wrote at the server clock even when the value it read had a
// later timestamp (a clock that stepped back, here across a restart), so the new sum lost to the
// old value and the increment vanished.
test('a counter increment writes above the timestamp of the value it read, whatever the clock says', async () => {
  let n = await openCqlTestNode();
  try {
    n.state.keyspace = 'ks';
    await createTable(n, 'ks', 'cnt', { partitionKey: [{ name: 'k', type: 'int' }], regular: [{ name: 'a', type: 'counter' }] });
    await n.run('UPDATE cnt SET a = a + 1 WHERE k = 1');
    n.clock.advanceSeconds(-60);
    n = await n.restart();
    n.state.keyspace = 'ks';
    await n.run('UPDATE cnt SET a = a + 1 WHERE k = 1');
    assert.equal(tableRows(n, 'ks', 'cnt')[0]!.a, 2n);
  } finally {
    await n.close();
  }
});
