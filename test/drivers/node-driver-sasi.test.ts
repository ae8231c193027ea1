/**
 * npm cassandra-driver against `ilium start`: SASI custom indexes (issue 17, item 7). LIKE and `=`
 * on SASI-indexed columns without ALLOW FILTERING, with Cassandra 4.0's semantics: the kinds each
 * mode serves (PREFIX: 'abc%' and 'abc'; CONTAINS: also '%abc' and '%abc%'), case_sensitive false
 * through NonTokenizingAnalyzer, ranges on a non-literal index, LIKE on an unindexed column
 * refused, and options Ilium cannot honour refused at CREATE. Results span several filtering
 * steps and pages (the scan is paced, not loaded at once).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { allPages, serverError } from './driver-node.js';

const SASI = 'org.apache.cassandra.index.sasi.SASIIndex';
const NON_TOKENIZING = 'org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer';
const INVALID = 0x2200;
const CONFIG = 0x2300;

let node: IliumProcess;
let c: cassandra.Client;

before(async () => {
  node = await startIliumProcess({ address: '127.0.29.1', configYaml: 'enable_sasi_indexes: true\n' });
  c = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await c.connect();
  await c.execute("CREATE KEYSPACE sasi WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await c.execute('USE sasi');
  await c.execute('CREATE TABLE t (k int PRIMARY KEY, p text, s text, n int, u text, plain text)');
  await c.execute(`CREATE CUSTOM INDEX p_idx ON t (p) USING '${SASI}'`);
  await c.execute(`CREATE CUSTOM INDEX s_idx ON t (s) USING '${SASI}' WITH OPTIONS = {'mode': 'CONTAINS'}`);
  await c.execute(`CREATE CUSTOM INDEX u_idx ON t (u) USING '${SASI}' WITH OPTIONS = {'mode': 'CONTAINS', 'analyzer_class': '${NON_TOKENIZING}', 'case_sensitive': 'false'}`);
  await c.execute(`CREATE CUSTOM INDEX n_idx ON t (n) USING '${SASI}' WITH OPTIONS = {'mode': 'SPARSE'}`);
  const words = ['apple', 'applesauce', 'pineapple', 'banana', 'grape'];
  for (let k = 0; k < 500; k++) {
    const w = words[k % words.length]!;
    await c.execute('INSERT INTO t (k, p, s, n, u, plain) VALUES (?, ?, ?, ?, ?, ?)', [k, w, w, k, k % 2 === 0 ? w.toUpperCase() : w, w], { prepare: true });
  }
});

after(async () => {
  try {
    await c.shutdown();
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
  } finally {
    node.dispose();
  }
});

async function keys(cql: string, params: unknown[] = [], fetchSize = 1000): Promise<number[]> {
  const { rows } = await allPages(c, cql, params, { prepare: true, fetchSize });
  return rows.map((r) => r['k'] as number).sort((a, b) => a - b);
}

const every = (mod: number[]): number[] => [...Array(500).keys()].filter((k) => mod.includes(k % 5));

test('PREFIX mode: LIKE prefix and exact, = without ALLOW FILTERING; suffix and contains refused with Cassandra messages', async () => {
  assert.deepEqual(await keys("SELECT k FROM t WHERE p LIKE 'apple%'"), every([0, 1]));
  assert.deepEqual(await keys('SELECT k FROM t WHERE p LIKE ?', ['apple%'], 37), every([0, 1]), 'paged with a bind marker');
  assert.deepEqual(await keys("SELECT k FROM t WHERE p LIKE 'apple'"), every([0]));
  assert.deepEqual(await keys("SELECT k FROM t WHERE p = 'grape'"), every([4]));
  const suffix = await serverError(c.execute("SELECT k FROM t WHERE p LIKE '%apple'"));
  assert.equal(suffix.code, INVALID);
  assert.equal(suffix.message, "p LIKE '%<term>' apple is only supported on properly indexed columns");
  const contains = await serverError(c.execute("SELECT k FROM t WHERE p LIKE '%ppl%'"));
  assert.equal(contains.message, "p LIKE '%<term>%' ppl is only supported on properly indexed columns");
  assert.equal((await serverError(c.execute("SELECT k FROM t WHERE p LIKE '%'"))).message, "LIKE value can't be empty.");
  // A second restricted column needs ALLOW FILTERING, as in Cassandra.
  const two = await serverError(c.execute("SELECT k FROM t WHERE p LIKE 'apple%' AND plain = 'apple'"));
  assert.match(two.message, /ALLOW FILTERING/);
  assert.deepEqual(await keys("SELECT k FROM t WHERE p LIKE 'apple%' AND plain = 'apple' ALLOW FILTERING"), every([0]));
  assert.equal((await serverError(c.execute("SELECT k FROM t WHERE p = 'apple' ORDER BY k"))).message, 'ORDER BY with 2ndary indexes is not supported.');
});

test('CONTAINS mode: prefix, suffix, contains and exact LIKE; case_sensitive false through NonTokenizingAnalyzer', async () => {
  assert.deepEqual(await keys("SELECT k FROM t WHERE s LIKE '%apple'"), every([0, 2]));
  assert.deepEqual(await keys("SELECT k FROM t WHERE s LIKE '%pple%'"), every([0, 1, 2]));
  assert.deepEqual(await keys("SELECT k FROM t WHERE s LIKE 'app%'"), every([0, 1]));
  assert.deepEqual(await keys("SELECT k FROM t WHERE s LIKE 'banana'"), every([3]));
  assert.deepEqual(await keys("SELECT k FROM t WHERE s LIKE '%APPLE'"), [], 'case sensitive without an analyzer');
  // u holds upper case on even keys: the analyzer lowercases values and terms alike.
  assert.deepEqual(await keys("SELECT k FROM t WHERE u LIKE '%ApPlE'"), every([0, 2]));
  assert.deepEqual(await keys("SELECT k FROM t WHERE u = 'BANANA'"), every([3]));
});

test('SPARSE on a number: = and ranges without ALLOW FILTERING', async () => {
  assert.deepEqual(await keys('SELECT k FROM t WHERE n = 42'), [42]);
  assert.deepEqual(await keys('SELECT k FROM t WHERE n >= 10 AND n < 13'), [10, 11, 12]);
  // The term is bound to the column's type first (as Cassandra's relation is), then the index checked.
  assert.equal((await serverError(c.execute("SELECT k FROM t WHERE n LIKE '4%'"))).message, 'Invalid STRING constant (4%) for "n" of type int');
  assert.equal((await serverError(c.execute('SELECT k FROM t WHERE n LIKE 4'))).message, 'LIKE restriction is only supported on properly indexed columns. n LIKE 4 is not valid.');
});

test('LIKE on an unindexed column is refused with Cassandra message, ALLOW FILTERING or not', async () => {
  for (const tail of ['', ' ALLOW FILTERING']) {
    const e = await serverError(c.execute(`SELECT k FROM t WHERE plain LIKE 'apple%'${tail}`));
    assert.equal(e.code, INVALID);
    assert.equal(e.message, "LIKE restriction is only supported on properly indexed columns. plain LIKE 'apple%' is not valid.");
  }
});

test('SASI options Ilium cannot honour are refused at CREATE', async () => {
  const refused = async (options: string, re: RegExp, column = 'plain') => {
    const e = await serverError(c.execute(`CREATE CUSTOM INDEX ON t (${column}) USING '${SASI}' WITH OPTIONS = ${options}`));
    assert.equal(e.code, CONFIG, e.message);
    assert.match(e.message, re);
  };
  await refused("{'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer'}", /Ilium does not support the SASI analyzer .*StandardAnalyzer/);
  await refused("{'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.DelimiterAnalyzer'}", /DelimiterAnalyzer/);
  await refused("{'analyzed': 'true'}", /StandardAnalyzer tokenizes/);
  await refused("{'analyzer_class': 'com.example.Nope'}", /^Invalid analyzer class option specified \[com.example.Nope\]$/);
  await refused("{'mode': 'SPARSE'}", /^SPARSE mode is only supported on non-literal columns\.$/);
  await refused("{'mode': 'FUZZY'}", /^Incorrect index mode: FUZZY$/);
  await refused(`{'analyzer_class': '${NON_TOKENIZING}'}`, /^NonTokenizingAnalyzer does not support type int$/, 'n');
  const tables = await c.execute("SELECT index_name FROM system_schema.indexes WHERE keyspace_name = 'sasi'");
  assert.deepEqual(tables.rows.map((r) => r['index_name']).sort(), ['n_idx', 'p_idx', 's_idx', 'u_idx'], 'nothing refused was kept');
});
