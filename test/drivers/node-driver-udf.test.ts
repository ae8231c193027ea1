/**
 * npm cassandra-driver against `ilium start` with user-defined functions enabled: a JavaScript UDF
 * and a UDA used in SELECT (nested, aliased, GROUP BY), the driver's function and aggregate
 * metadata (getFunctions / getAggregates read system_schema.functions and aggregates), the schema
 * change events refreshing another client's metadata, a slow call's client warning and a stuck
 * call's FUNCTION_FAILURE, and the refusal on a node with the 4.0 defaults.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { startLatencyProbe } from '../support/latency-probe.js';

const YAML = [
  'enable_user_defined_functions: true',
  'enable_scripted_user_defined_functions: true',
  'user_defined_function_warn_timeout: 40',
  'user_defined_function_fail_timeout: 600',
  '',
].join('\n');

let node: IliumProcess;
const clients: cassandra.Client[] = [];

async function client(proc: IliumProcess, keyspace?: string): Promise<cassandra.Client> {
  const c = new cassandra.Client({ contactPoints: [`${proc.host}:${proc.port}`], localDataCenter: 'datacenter1', ...(keyspace === undefined ? {} : { keyspace }) });
  clients.push(c);
  await c.connect();
  return c;
}

before(async () => {
  node = await startIliumProcess({ address: '127.0.25.11', configYaml: YAML });
  const admin = await client(node);
  await admin.execute("CREATE KEYSPACE udf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await admin.execute('CREATE TABLE udf.t (k int, c int, v int, PRIMARY KEY (k, c))');
  for (const [k, c, v] of [[1, 1, 10], [1, 2, 20], [2, 1, 5]]) await admin.execute('INSERT INTO udf.t (k, c, v) VALUES (?, ?, ?)', [k, c, v], { prepare: true });
});

after(async () => {
  try {
    await Promise.all(clients.map((c) => c.shutdown()));
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
  } finally {
    node.dispose();
  }
});

test('a JavaScript UDF and a UDA in SELECT, and the driver metadata of both', async () => {
  const c = await client(node, 'udf');
  const watcher = await client(node, 'udf');
  await c.execute("CREATE FUNCTION twice(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 2'");
  await c.execute('CREATE FUNCTION acc(s tuple<int, bigint>, v int) CALLED ON NULL INPUT RETURNS tuple<int, bigint> LANGUAGE javascript AS $$v == null ? s : [s[0] + 1, s[1] + v]$$');
  await c.execute('CREATE FUNCTION fin(s tuple<int, bigint>) CALLED ON NULL INPUT RETURNS double LANGUAGE javascript AS $$s[0] == 0 ? null : s[1] / s[0]$$');
  await c.execute('CREATE AGGREGATE average(int) SFUNC acc STYPE tuple<int, bigint> FINALFUNC fin INITCOND (0, 0)');

  const rows = (await c.execute('SELECT c, twice(twice(v)) AS q, udf.twice(c) FROM t WHERE k = ?', [1], { prepare: true })).rows;
  assert.deepEqual(rows.map((r) => [r['c'], r['q'], r['udf.twice(c)']]), [[1, 40, 2], [2, 80, 4]]);
  const grouped = (await c.execute('SELECT k, average(v) AS a FROM t GROUP BY k')).rows;
  assert.deepEqual(grouped.map((r) => [r['k'], r['a']]), [[1, 15], [2, 5]]);

  const [fn] = await watcher.metadata.getFunctions('udf', 'twice');
  assert.ok(fn !== undefined, 'the other client sees the function');
  assert.deepEqual([fn.keyspaceName, fn.name, fn.signature, fn.argumentNames, fn.body, fn.language, fn.calledOnNullInput], ['udf', 'twice', ['int'], ['x'], 'x * 2', 'javascript', false]);
  // The typings call these types strings; the driver gives its type descriptions ({ code, info }).
  const code = (t: unknown) => (t as { code: number }).code;
  assert.equal(code(fn.returnType), cassandra.types.dataTypes.int);
  const [agg] = (await watcher.metadata.getAggregates('udf', 'average')) as unknown as Record<string, unknown>[];
  assert.ok(agg !== undefined);
  assert.deepEqual([agg['name'], agg['signature'], agg['stateFunction'], agg['finalFunction'], agg['initCondition']], ['average', ['int'], 'acc', 'fin', '(0, 0)']);
  assert.equal(code(agg['returnType']), cassandra.types.dataTypes.double);
  assert.equal(code(agg['stateType']), cassandra.types.dataTypes.tuple);

  await c.execute("CREATE OR REPLACE FUNCTION twice(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x + x + 1'");
  assert.deepEqual((await c.execute('SELECT twice(v) FROM t WHERE k = 2')).rows.map((r) => r['udf.twice(v)']), [11]);
  for (let i = 0; i < 100; i++) {
    const [now] = await watcher.metadata.getFunctions('udf', 'twice');
    if (now?.body === 'x + x + 1') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal((await watcher.metadata.getFunctions('udf', 'twice'))[0]?.body, 'x + x + 1', 'the UPDATED event refreshed the other client');
  await assert.rejects(c.execute('DROP FUNCTION acc'), (e: Error & { code?: number }) => e.code === 0x2200 && e.message === "Function 'udf.acc' is still referenced by aggregates udf.average");
  await c.execute('DROP AGGREGATE average');
  await c.execute('DROP FUNCTION acc');
});

test('a slow call warns the client; a stuck one fails with FUNCTION_FAILURE after the fail timeout', async () => {
  const c = await client(node, 'udf');
  await c.execute('CREATE FUNCTION slow(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$var t = Date.now(); while (Date.now() - t < 60) {} x$$');
  const r = await c.execute('SELECT slow(v) FROM t WHERE k = 2');
  assert.equal(r.rows[0]!['udf.slow(v)'], 5);
  assert.deepEqual(r.info.warnings, ['User defined function udf.slow : (int) -> int ran longer than 40ms']);
  const w = await c.execute('INSERT INTO t (k, c, v) VALUES (3, 1, slow(7))');
  assert.deepEqual(w.info.warnings, ['User defined function udf.slow : (int) -> int ran longer than 40ms'], 'a write calling it warns too');
  await c.execute('CREATE FUNCTION stuck(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS $$while (true) {}$$');
  await assert.rejects(c.execute('SELECT stuck(v) FROM t WHERE k = 2'), (e: Error & { code?: number; keyspace?: string; functionName?: string; argTypes?: string[] }) => {
    assert.equal(e.code, 0x1400, String(e));
    assert.equal(e.message, "execution of 'udf.stuck[int]' failed: TimeoutException: User defined function udf.stuck : (int) -> int ran longer than 600ms");
    return true;
  });
  assert.deepEqual((await c.execute('SELECT twice(v) FROM t WHERE k = 2')).rows.length, 1, 'the node serves on');
});

test('a SELECT calling a UDF on thousands of rows leaves room for other requests (paced runs: ~0.1 s waits, ~0.6 s unpaced)', async () => {
  const c = await client(node, 'udf');
  const rows = 3000;
  for (let i = 0; i < rows; i += 100) {
    const batch = Array.from({ length: 100 }, (_, j) => ({ query: 'INSERT INTO t (k, c, v) VALUES (9, ?, ?)', params: [i + j, i + j] }));
    await c.batch(batch, { prepare: true, logged: false });
  }
  await c.execute("CREATE FUNCTION IF NOT EXISTS triple(x int) RETURNS NULL ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x * 3'");
  const probe = await startLatencyProbe(node.host, node.port, 'SELECT v FROM udf.t WHERE k = 2');
  try {
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    const r = await c.execute('SELECT triple(v) AS x FROM t WHERE k = 9', [], { fetchSize: 5000 });
    const t1 = Date.now();
    assert.equal(r.rows.length, rows);
    assert.equal(r.rows[rows - 1]!['x'], (rows - 1) * 3);
    const during = probe.between(t0, t1);
    console.log(`SELECT triple(v) over ${rows} rows: ${t1 - t0} ms; ${during.length} probes, max ${Math.max(...during)} ms`);
    assert.ok(during.length >= 2, `probes were answered during the select (${during.length})`);
    assert.ok(Math.max(...during) < 300, `probe latencies during the select: ${during.join(', ')}`);
  } finally {
    await probe.stop();
  }
});

test('with Cassandra 4.0 defaults, CREATE FUNCTION is refused with its message', async () => {
  const plain = await startIliumProcess({ address: '127.0.25.12' });
  try {
    const c = await client(plain);
    await c.execute("CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await assert.rejects(
      c.execute("CREATE FUNCTION k.f(x int) CALLED ON NULL INPUT RETURNS int LANGUAGE javascript AS 'x'"),
      (e: Error & { code?: number }) => e.code === 0x2200 && e.message === 'User-defined functions are disabled in cassandra.yaml - set enable_user_defined_functions=true to enable',
    );
    await c.shutdown();
    assert.equal(await plain.stop(), 0);
  } finally {
    plain.dispose();
  }
});
