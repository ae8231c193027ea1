/**
 * SELECT JSON, INSERT JSON, toJson() and fromJson() on collections (multi-cell and frozen), tuples
 * and user types against a real node: Cassandra's forms, INSERT JSON replacing whole multi-cell
 * values (DEFAULT NULL deleting them, DEFAULT UNSET leaving them), and SELECT JSON rows that
 * INSERT JSON takes back unchanged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';

async function withTable(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode();
  try {
    await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    n.state.keyspace = 'ks';
    await n.run('CREATE TYPE addr (street text, "Zip" int, tags set<text>)');
    await n.run(
      'CREATE TABLE t (k int PRIMARY KEY, l list<int>, s set<text>, m map<int, text>, fl frozen<list<int>>, fm frozen<map<text, int>>, ' +
        'tu tuple<int, text>, a addr, fa frozen<addr>, ml map<frozen<list<int>>, int>, st set<timestamp>)',
    );
    await fn(n);
  } finally {
    await n.close();
  }
}

async function jsonRow(n: CqlTestNode, cql: string): Promise<string> {
  const r = await n.rows(cql);
  assert.equal(r.length, 1, cql);
  return r[0]!['[json]'] as string;
}

const DOC =
  '{"k": 1, "l": [3, 1, 3], "s": ["b", "a"], "m": {"2": "x", "1": "y"}, "fl": [1], "fm": {"b": 2, "a": 1}, "tu": [1, null], ' +
  '"a": {"street": "Main", "\\"Zip\\"": 5, "tags": ["t"]}, "fa": {"street": "x"}, "ml": {"[1, 2]": 3}, "st": ["2021-03-04 05:06:07.008Z"]}';

test('INSERT JSON then SELECT JSON: every structured form, in Cassandra’s text', async () => {
  await withTable(async (n) => {
    await n.run(`INSERT INTO t JSON '${DOC}'`);
    assert.equal(
      await jsonRow(n, 'SELECT JSON * FROM t'),
      '{"k": 1, "a": {"street": "Main", "\\"Zip\\"": 5, "tags": ["t"]}, "fa": {"street": "x", "\\"Zip\\"": null, "tags": null}, "fl": [1], "fm": {"a": 1, "b": 2}, ' +
        '"l": [3, 1, 3], "m": {"1": "y", "2": "x"}, "ml": {"[1, 2]": 3}, "s": ["a", "b"], "st": ["2021-03-04 05:06:07.008Z"], "tu": [1, null]}',
    );
    assert.deepEqual(await n.rows('SELECT l, m, s FROM t'), [{ l: [3, 1, 3], m: new Map([[1, 'y'], [2, 'x']]), s: ['a', 'b'] }]);
  });
});

test('a SELECT JSON row goes back through INSERT JSON unchanged', async () => {
  await withTable(async (n) => {
    await n.run(`INSERT INTO t JSON '${DOC}'`);
    const first = await jsonRow(n, 'SELECT JSON * FROM t');
    await n.run('TRUNCATE t');
    await n.run('INSERT INTO t JSON ?', [Buffer.from(first, 'utf8')]);
    assert.equal(await jsonRow(n, 'SELECT JSON * FROM t'), first);
  });
});

test('INSERT JSON replaces multi-cell values whole; DEFAULT NULL deletes the others, DEFAULT UNSET keeps them', async () => {
  await withTable(async (n) => {
    await n.run("INSERT INTO t (k, l, s, m) VALUES (1, [1, 2], {'a'}, {1: 'a'})");
    await n.run(`INSERT INTO t JSON '{"k": 1, "l": [9], "s": ["z"]}' DEFAULT UNSET`);
    assert.equal(await jsonRow(n, 'SELECT JSON l, s, m FROM t'), '{"l": [9], "s": ["z"], "m": {"1": "a"}}');
    await n.run(`INSERT INTO t JSON '{"k": 1, "l": [7, 7]}'`);
    assert.equal(await jsonRow(n, 'SELECT JSON l, s, m FROM t'), '{"l": [7, 7], "s": null, "m": null}');
    await n.run(`INSERT INTO t JSON '{"k": 1, "l": []}'`);
    assert.equal(await jsonRow(n, 'SELECT JSON l FROM t'), '{"l": null}');
    // The collection written by INSERT JSON behaves as any other: elements can be added and removed.
    await n.run(`INSERT INTO t JSON '{"k": 1, "m": {"3": "c", "4": "d"}}'`);
    await n.run("UPDATE t SET m = m + {5: 'e'}, l = l + [1] WHERE k = 1");
    await n.run('DELETE m[3] FROM t WHERE k = 1');
    assert.equal(await jsonRow(n, 'SELECT JSON l, m FROM t'), '{"l": [1], "m": {"4": "d", "5": "e"}}');
  });
});

test('toJson() and fromJson() on structured values', async () => {
  await withTable(async (n) => {
    await n.run("INSERT INTO t (k, l, tu, a, fm) VALUES (1, fromJson('[5, 6]'), fromJson('[2, \"x\"]'), fromJson('{\"street\": \"s\"}'), fromJson('{\"q\": 1}'))");
    const r = await n.rows('SELECT toJson(l) AS l, toJson(tu) AS tu, toJson(a) AS a, toJson(fm) AS fm FROM t WHERE k = 1');
    assert.deepEqual(r, [{ l: '[5, 6]', tu: '[2, "x"]', a: '{"street": "s", "\\"Zip\\"": null, "tags": null}', fm: '{"q": 1}' }]);
    await n.run("UPDATE t SET m = fromJson('{\"7\": \"seven\"}') WHERE k = 1");
    assert.deepEqual(await n.rows('SELECT m FROM t WHERE k = 1'), [{ m: new Map([[7, 'seven']]) }]);
  });
});

test('bad JSON for structured columns is refused with Cassandra’s messages', async () => {
  await withTable(async (n) => {
    const refused = async (doc: string, message: string) =>
      assert.rejects(async () => n.run(`INSERT INTO t JSON '${doc}'`), (e: unknown) => e instanceof InvalidRequestError && e.message === message);
    await refused('{"k": 1, "l": [1, null]}', 'Error decoding JSON value for l: Invalid null element in list');
    await refused('{"k": 1, "m": {"x": "a"}}', "Error decoding JSON value for m: Unable to make int from 'x'");
    await refused('{"k": 1, "tu": [1]}', 'Error decoding JSON value for tu: Tuple is missing items (expected 2): [1]');
    await refused('{"k": 1, "a": {"city": "c"}}', "Error decoding JSON value for a: Unknown field 'city' in value of user defined type addr");
    await refused('{"k": 1, "s": 5}', 'Error decoding JSON value for s: Expected a list (representing a set), but got a Integer: 5');
  });
});
