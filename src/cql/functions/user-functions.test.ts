/** User-defined functions and aggregates called from SELECT: JavaScript in its sandbox, values both ways, nulls, errors, timeouts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { FunctionExecutionError } from './function-errors.js';
import { type CqlTestNode, withKeyspace } from '../../../test/support/cql-test-node.js';

const UDF = { enabled: true, scriptedEnabled: true, warnTimeoutMs: 500, failTimeoutMs: 1500 };
const withUdfs = (fn: (n: CqlTestNode) => Promise<CqlTestNode | void>, udf = UDF) => withKeyspace(fn, { udf });

async function table(n: CqlTestNode): Promise<void> {
  await n.run('CREATE TABLE t (k int, c int, v int, s text, PRIMARY KEY (k, c))');
  for (const [k, c, v] of [[1, 1, 10], [1, 2, 20], [2, 1, 5], [2, 2, null]] as const) await n.run('INSERT INTO t (k, c, v, s) VALUES (?, ?, ?, ?)', [k, c, v, `s${c}`].map((x) => (x === null ? null : typeof x === 'number' ? Buffer.from([0, 0, 0, x]) : Buffer.from(x))));
}

test('a JavaScript UDF in selectors: nested, aliased, qualified, with natives, and in WHERE terms', () =>
  withUdfs(async (n) => {
    await table(n);
    await n.run("CREATE FUNCTION twice(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'");
    await n.run("CREATE FUNCTION label(x int, s text) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS 's + \":\" + x'");
    assert.deepEqual(await n.rows('SELECT k, twice(v) AS d, ks.twice(twice(c)), label(v, s) FROM t WHERE k = 2'), [
      { k: 2, d: 10, 'ks.twice(ks.twice(c))': 4, 'ks.label(v, s)': 's1:5' },
      { k: 2, d: null, 'ks.twice(ks.twice(c))': 8, 'ks.label(v, s)': 's2:null' },
    ]);
    assert.deepEqual(await n.rows('SELECT v FROM t WHERE k = twice(1) AND c = 1'), [{ v: 5 }], 'a UDF in a WHERE term');
    await assert.rejects(async () => n.run('SELECT nope(v) FROM t'), (e: unknown) => e instanceof InvalidRequestError && e.message === 'Unknown function nope called');
    await assert.rejects(async () => n.run('SELECT other.twice(v) FROM t'), (e: unknown) => e instanceof InvalidRequestError && e.message === 'Unknown function other.twice called');
    await assert.rejects(
      async () => n.run("SELECT twice('a') FROM t"),
      (e: unknown) => e instanceof InvalidRequestError && e.message === "Type error: 'a' cannot be passed as argument 0 of function ks.twice of type int",
    );
  }));

test('UDAs over rows and GROUP BY, with INITCOND, a final function, and a state function that skips nulls', () =>
  withUdfs(async (n) => {
    await table(n);
    await n.run("CREATE FUNCTION acc(st tuple<int, bigint>, v int) RETURNS NULL ON NULL INPUT RETURNS tuple<int, bigint> LANGUAGE javascript AS '[st[0] + 1, st[1] + v]'");
    await n.run("CREATE FUNCTION avgf(st tuple<int, bigint>) CALLED ON NULL INPUT RETURNS double LANGUAGE javascript AS 'st[0] == 0 ? null : st[1] / st[0]'");
    await n.run('CREATE AGGREGATE average(int) SFUNC acc STYPE tuple<int, bigint> FINALFUNC avgf INITCOND (0, 0)');
    await n.run('CREATE FUNCTION cat(st text, s text) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS $$(st == null ? "" : st) + s$$');
    await n.run('CREATE AGGREGATE concat(text) SFUNC cat STYPE text');
    assert.deepEqual(await n.rows('SELECT average(v) AS a, concat(s), count(*) FROM t'), [{ a: 35 / 3, 'ks.concat(s)': 's1s2s1s2', count: 4n }]);
    assert.deepEqual(await n.rows('SELECT k, average(v), ks.concat(s) FROM t GROUP BY k'), [
      { k: 1, 'ks.average(v)': 15, 'ks.concat(s)': 's1s2' },
      { k: 2, 'ks.average(v)': 5, 'ks.concat(s)': 's1s2' },
    ]);
    assert.deepEqual(await n.rows('SELECT average(v) FROM t WHERE k = 3'), [{ 'ks.average(v)': null }], 'no rows: the final function of INITCOND');
  }));

test('values to and from JavaScript: bigint, double, text, boolean, timestamp, blob, collections, varint; Java narrowing', () =>
  withUdfs(async (n) => {
    await n.run('CREATE TABLE v (k int PRIMARY KEY, b bigint, d double, t timestamp, x blob, l list<int>, m map<text, int>, st set<text>, vi varint, ok boolean)');
    await n.run("INSERT INTO v (k, b, d, t, x, l, m, st, vi, ok) VALUES (1, 9000000000, 2.5, '2020-01-02 03:04:05+0000', 0x0102ff, [3, 1, 2], {'a': 1, 'b': 2}, {'y', 'x'}, 12345678901234567890, true)");
    const fn = async (sig: string, ret: string, body: string) => n.run(`CREATE OR REPLACE FUNCTION ${sig} CALLED ON NULL INPUT RETURNS ${ret} LANGUAGE javascript AS $$${body}$$`);
    await fn('fb(b bigint)', 'bigint', 'b + 1');
    await fn('fd(d double)', 'int', 'd * 3');
    await fn('ft(t timestamp)', 'timestamp', 'new Date(t.getTime() + 1000)');
    await fn('fx(x blob)', 'blob', 'x.slice(1)');
    await fn('fl(l list<int>)', 'list<int>', 'l.map(function (e) { return e * 10; })');
    await fn('fm(m map<text, int>)', 'map<text, int>', 'var r = new Map(); m.forEach(function (v, k) { r.set(k + k, v + 1); }); r');
    await fn('fs(st set<text>)', 'set<text>', 'var a = []; st.forEach(function (e) { a.push(e.toUpperCase()); }); a');
    await fn('fv(vi varint)', 'varint', 'vi * 2n');
    await fn('fo(ok boolean)', 'boolean', '!ok');
    await fn('fi(b bigint)', 'int', 'b');
    const [row] = await n.rows('SELECT fb(b) AS b, fd(d) AS d, ft(t) AS t, fx(x) AS x, fl(l) AS l, fm(m) AS m, fs(st) AS st, fv(vi) AS vi, fo(ok) AS ok, fi(b) AS i FROM v');
    assert.deepEqual(row, {
      b: 9000000001n,
      d: 7,
      t: new Date(Date.UTC(2020, 0, 2, 3, 4, 6)),
      x: Buffer.from([2, 255]),
      l: [30, 10, 20],
      m: new Map([['aa', 2], ['bb', 3]]),
      st: ['X', 'Y'],
      vi: 24691357802469135780n,
      ok: false,
      i: 2147483647,
    });
  }));

test('failures: a throwing body, a result of the wrong type, a timeout, LANGUAGE java; the sandbox has no node', () =>
  withUdfs(
    async (n) => {
      await table(n);
      const failsWith = (cql: string, message: string | RegExp) =>
        assert.rejects(async () => n.run(cql), (e: unknown) => {
          assert.ok(e instanceof FunctionExecutionError, String(e));
          if (typeof message === 'string') assert.equal(e.message, message);
          else assert.match(e.message, message);
          assert.equal(e.keyspace, 'ks');
          return true;
        });
      await n.run('CREATE FUNCTION boom(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$throw new TypeError("bad " + x)$$');
      await failsWith('SELECT boom(v) FROM t WHERE k = 1', "execution of 'ks.boom[int]' failed: TypeError: bad 10");
      await n.run('CREATE FUNCTION wrong(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$"text"$$');
      await failsWith('SELECT wrong(v) FROM t', "execution of 'ks.wrong[int]' failed: InvalidTypeException: Invalid value for CQL type int, expecting class java.lang.Integer but class java.lang.String provided");
      await n.run("CREATE FUNCTION spin(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'while (true) {}'");
      await failsWith('SELECT spin(v) FROM t', "execution of 'ks.spin[int]' failed: TimeoutException: User defined function ks.spin : (int) -> int ran longer than 400ms");
      await n.run('CREATE FUNCTION escape(x int) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS $$this.constructor.constructor("return process")().pid$$');
      await failsWith('SELECT escape(v) FROM t', /^execution of 'ks\.escape\[int\]' failed: EvalError: Code generation from strings disallowed/);
      await n.run("CREATE FUNCTION probe(x int) CALLED ON NULL INPUT RETURNS text LANGUAGE javascript AS '[typeof require, typeof process, typeof setTimeout, typeof Atomics, typeof globalThis.Buffer].join()'");
      assert.deepEqual(await n.rows('SELECT probe(v) FROM t WHERE k = 1 AND c = 1'), [{ 'ks.probe(v)': 'undefined,undefined,undefined,undefined,undefined' }]);
      await n.run('CREATE FUNCTION trap(x int) CALLED ON NULL INPUT RETURNS list<int> LANGUAGE javascript AS $$new Proxy([], { get: function () { while (true) {} } })$$');
      await failsWith('SELECT trap(v) FROM t', "execution of 'ks.trap[int]' failed: TimeoutException: User defined function ks.trap : (int) -> list<int> ran longer than 400ms");
      await n.run('CREATE FUNCTION throwtrap(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$throw { toString: function () { while (true) {} } }$$');
      await failsWith('SELECT throwtrap(v) FROM t', "execution of 'ks.throwtrap[int]' failed: an error that could not be described");
      await n.run('CREATE FUNCTION huge(x int) CALLED ON NULL INPUT RETURNS list<int> LANGUAGE javascript AS $$new Array(100001).fill(1)$$');
      await failsWith('SELECT huge(v) FROM t WHERE k = 1 AND c = 1', "execution of 'ks.huge[int]' failed: RangeError: result has more than 100000 values");
      await n.run('CREATE FUNCTION lock(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$Object.defineProperty(this, "x", { value: 1, configurable: false }); x$$');
      await n.run('SELECT lock(v) FROM t WHERE k = 1 AND c = 1');
      await failsWith('SELECT lock(v) FROM t WHERE k = 1 AND c = 1', /^execution of 'ks\.lock\[int\]' failed: TypeError: Cannot redefine property: x/);
      await n.run("CREATE FUNCTION j(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE java AS 'return x;'");
      await assert.rejects(async () => n.run('SELECT j(v) FROM t'), (e: unknown) => e instanceof InvalidRequestError && /LANGUAGE java, which Ilium keeps in the schema but cannot run/.test(e.message));
    },
    { ...UDF, failTimeoutMs: 400 },
  ));

