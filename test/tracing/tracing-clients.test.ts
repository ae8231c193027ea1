/**
 * Tracing against a real `ilium start` (on 127.0.24.1), read back by clients no one here wrote:
 * the npm cassandra-driver's getTrace, Debian's python3-cassandra get_query_trace and `ilium
 * cqlsh` with TRACING ON print the events a traced request recorded as it ran (parse, prepare,
 * the statement, the memtable and each SSTable read, the rows read, the write's commit log and
 * memtable). Also: the session's duration written at the end, tracetype_query_ttl on the rows,
 * system_traces and system_distributed where Cassandra lists them (system_schema, DESCRIBE
 * KEYSPACES, both drivers' keyspace metadata, python3-cassandra's with system_views virtual) with
 * ALTER KEYSPACE allowed, and `nodetool settraceprobability` tracing requests that
 * did not ask for it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

const ADDRESS = '127.0.24.1';
const TTL_SECONDS = 3600;
const PYTHON = '/usr/bin/python3';

let node: IliumProcess;
let client: cassandra.Client;

before(async () => {
  node = await startIliumProcess({ address: ADDRESS, configYaml: `tracetype_query_ttl: ${TTL_SECONDS}\n` });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))');
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0, node.output().slice(-2000));
    node.dispose();
  }
});

const nodetool = (...args: string[]) => runIliumCommand(['nodetool', '-p', String(node.adminPort), ...args]);
const activities = (trace: cassandra.metadata.QueryTrace) => trace.events.map((e) => e.activity);

test('the Node driver reads a traced write and a traced read over a memtable and an SSTable', async () => {
  const write = await client.execute("INSERT INTO ks.t (k, c, v) VALUES (1, 1, 'flushed')", [], { traceQuery: true });
  assert.ok(write.info.traceId !== undefined, 'a trace id came back');
  const wt = await client.metadata.getTrace(write.info.traceId);
  assert.equal(wt.requestType, 'Execute CQL3 query');
  assert.equal(String(wt.coordinator), ADDRESS);
  assert.ok(typeof wt.duration === 'number' && wt.duration > 0, 'the duration is written when the request completes');
  assert.equal((wt.parameters as Record<string, string>)['query'], "INSERT INTO ks.t (k, c, v) VALUES (1, 1, 'flushed')");
  assert.deepEqual(activities(wt), ["Parsing INSERT INTO ks.t (k, c, v) VALUES (1, 1, 'flushed')", 'Preparing statement', 'Determining replicas for mutation', 'Appending to commitlog', 'Adding to t memtable']);
  for (const e of wt.events) assert.equal(String(e.source), ADDRESS);

  assert.equal((await nodetool('flush', 'ks', 't')).code, 0);
  await client.execute("INSERT INTO ks.t (k, c, v) VALUES (1, 2, 'in memory')");
  const read = await client.execute('SELECT v FROM ks.t WHERE k = ?', [1], { traceQuery: true, prepare: true });
  assert.equal(read.rowLength, 2);
  const rt = await client.metadata.getTrace(read.info.traceId);
  assert.equal(rt.requestType, 'Execute CQL3 prepared query');
  assert.deepEqual(activities(rt), [
    'Executing single-partition query on t',
    'Acquiring sstable references',
    'Skipped 0/1 sstables not holding the partition (bloom filter or partition index)',
    'Merged data from memtables and 1 sstables',
    'Read 2 live rows and 0 tombstone cells',
  ]);
  const elapsed = rt.events.map((e) => e.elapsed as number);
  assert.deepEqual([...elapsed].sort((a, b) => a - b), elapsed, 'source_elapsed grows in event order');

  // Rows carry tracetype_query_ttl.
  const ttl = await client.execute('SELECT TTL(activity) AS t FROM system_traces.events WHERE session_id = ?', [read.info.traceId], { prepare: true });
  for (const r of ttl.rows) assert.ok((r['t'] as number) > TTL_SECONDS - 60 && (r['t'] as number) <= TTL_SECONDS, `TTL ${String(r['t'])}`);
});

test('paging and a scan are traced; an untraced request gets no id', async () => {
  for (let k = 10; k < 15; k++) await client.execute('INSERT INTO ks.t (k, c, v) VALUES (?, 0, ?)', [k, `v${k}`], { prepare: true });
  const page = await client.execute('SELECT * FROM ks.t', [], { traceQuery: true, fetchSize: 2 });
  const pt = await client.metadata.getTrace(page.info.traceId);
  const acts = activities(pt);
  assert.ok(acts.includes('Executing range scan on ks.t'), acts.join('\n'));
  assert.ok(acts.some((a) => /^Scanned \d+ partitions from memtables and 1 sstables/.test(a)), acts.join('\n'));
  assert.ok(acts.includes('Page of 2 rows full; a paging state for the next page is sent'), acts.join('\n'));
  const plain = await client.execute('SELECT * FROM ks.t WHERE k = 1');
  assert.equal(plain.info.traceId, undefined);
});

test("system_traces and system_distributed are listed as Cassandra lists them (system_schema, DESCRIBE, the driver's metadata); ALTER KEYSPACE is allowed", async () => {
  const ks = await client.execute('SELECT keyspace_name, replication FROM system_schema.keyspaces');
  const replication = new Map(ks.rows.map((r) => [r['keyspace_name'] as string, r['replication'] as Record<string, string>]));
  assert.deepEqual(replication.get('system_traces'), { class: 'org.apache.cassandra.locator.SimpleStrategy', replication_factor: '2' });
  assert.deepEqual(replication.get('system_distributed'), { class: 'org.apache.cassandra.locator.SimpleStrategy', replication_factor: '3' });
  const tables = await client.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name IN ('system_traces', 'system_distributed')");
  assert.deepEqual(tables.rows.map((r) => r['table_name'] as string).sort(), ['events', 'parent_repair_history', 'repair_history', 'sessions', 'view_build_status']);
  const describe = await client.execute('DESCRIBE KEYSPACES');
  const names = describe.rows.map((r) => r['name'] as string);
  for (const k of ['system_traces', 'system_distributed', 'system_auth']) assert.ok(names.includes(k), `${k} in ${names.join(' ')}`);
  // The driver's own keyspace metadata (read from system_schema at connect) lists them too.
  const listed = Object.keys(client.metadata.keyspaces).sort();
  for (const k of ['system', 'system_auth', 'system_distributed', 'system_schema', 'system_traces']) assert.ok(listed.includes(k), `${k} in the driver's ${listed.join(' ')}`);
  await client.execute("ALTER KEYSPACE system_traces WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  const altered = await client.execute("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'system_traces'");
  assert.equal((altered.first()['replication'] as Record<string, string>)['replication_factor'], '1');
  // Tracing still writes after the change (its statements are prepared again for the new schema).
  const r = await client.execute('SELECT * FROM ks.t WHERE k = 1', [], { traceQuery: true });
  assert.ok((await client.metadata.getTrace(r.info.traceId)).events.length > 0);
  await assert.rejects(client.execute('DROP KEYSPACE system_traces'), /Cannot DROP <keyspace system_traces>/);
  // system_distributed is replicated too (Cassandra 4.0's REPLICATED_SYSTEM_KEYSPACE_NAMES): ALTER allowed, DROP not.
  await client.execute("ALTER KEYSPACE system_distributed WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  const distributed = await client.execute("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'system_distributed'");
  assert.equal((distributed.first()['replication'] as Record<string, string>)['replication_factor'], '1');
  await assert.rejects(client.execute('DROP KEYSPACE system_distributed'), /Cannot DROP <keyspace system_distributed>/);
  await assert.rejects(client.execute("ALTER KEYSPACE system WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"), /system keyspace is not user-modifiable\./);
});

test('nodetool settraceprobability traces requests that did not ask, gettraceprobability reports it', async () => {
  assert.equal((await nodetool('gettraceprobability')).stdout, 'Current trace probability: 0.0\n');
  const refused = await nodetool('settraceprobability', '1.5');
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /Trace probability must be between 0 and 1/);
  const count = async () => (await client.execute('SELECT count(*) AS n FROM system_traces.sessions')).first()['n'] as cassandra.types.Long;
  assert.equal((await nodetool('settraceprobability', '1')).code, 0);
  assert.equal((await nodetool('gettraceprobability')).stdout, 'Current trace probability: 1.0\n');
  assert.equal((await nodetool('settraceprobability', '0')).code, 0);
  const before = Number(await count());
  assert.equal((await nodetool('settraceprobability', '1')).code, 0);
  const r = await client.execute("SELECT * FROM ks.t WHERE k = 1 AND c = 1");
  assert.equal(r.info.traceId, undefined, 'a request picked at random does not tell the client');
  assert.equal((await nodetool('settraceprobability', '0')).code, 0);
  let after = before;
  for (let i = 0; i < 50 && after < before + 2; i++) {
    await new Promise((res) => setTimeout(res, 20));
    after = Number(await count());
  }
  // The SELECT and the count(*) between the two settraceprobability calls, at least.
  assert.ok(after >= before + 1, `sessions ${before} → ${after}`);
  const sessions = await client.execute("SELECT parameters FROM system_traces.sessions");
  assert.ok(sessions.rows.some((s) => (s['parameters'] as Record<string, string> | null)?.['query'] === 'SELECT * FROM ks.t WHERE k = 1 AND c = 1'));
});

test('ilium cqlsh with TRACING ON prints the trace table', async () => {
  const run = await runIliumCommand(['cqlsh', node.host, String(node.port), '-e', 'TRACING ON; SELECT v FROM ks.t WHERE k = 1;']);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /\nTracing session: [0-9a-f-]{36}\n\n/);
  assert.match(run.stdout, / activity +\| timestamp +\| source +\| source_elapsed +\| client\n/);
  assert.match(run.stdout, /Execute CQL3 query \| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} \| 127\.0\.24\.1 \|\s+0 \|/);
  assert.match(run.stdout, /Read 2 live rows and 0 tombstone cells \[Native-Transport-Requests\] \|/);
  assert.match(run.stdout, /Request complete \| [^|]+ \| 127\.0\.24\.1 \|\s+\d+ \|/);
  assert.doesNotMatch(run.stdout, /Unable to fetch query trace/);
});

/** Checks in Python, one "ok <section>" line per section passed (test/support/python-sections.ts). */
const PY_TRACE = `
import sys
from cassandra.cluster import Cluster
from cassandra.policies import WhiteListRoundRobinPolicy
host, port = sys.argv[1], int(sys.argv[2])
cluster = Cluster([host], port=port, load_balancing_policy=WhiteListRoundRobinPolicy([host]), schema_metadata_enabled=False)
s = cluster.connect()
rs = s.execute("SELECT v FROM ks.t WHERE k = 1", trace=True)
t = rs.get_query_trace(max_wait_sec=10)
assert t.request_type == 'Execute CQL3 query', t.request_type
assert str(t.coordinator) == host, t.coordinator
assert t.duration is not None
print('ok session')
events = [(e.description, str(e.source)) for e in t.events]
assert ('Executing single-partition query on t', host) in events, events
assert ('Read 2 live rows and 0 tombstone cells', host) in events, events
print('ok events')
cluster.shutdown()
# The keyspaces the driver's schema metadata lists (4.0's system keyspaces; the virtual ones from
# system_virtual_schema, marked virtual) and the tables of system_traces and system_views.
meta = Cluster([host], port=port, load_balancing_policy=WhiteListRoundRobinPolicy([host]))
meta.connect()
keyspaces = meta.metadata.keyspaces
for name in ['system', 'system_auth', 'system_distributed', 'system_schema', 'system_traces', 'system_views', 'system_virtual_schema']:
    assert name in keyspaces, sorted(keyspaces)
assert [k for k in sorted(keyspaces) if keyspaces[k].virtual] == ['system_views', 'system_virtual_schema'], sorted(keyspaces)
assert sorted(keyspaces['system_traces'].tables) == ['events', 'sessions'], sorted(keyspaces['system_traces'].tables)
assert 'clients' in keyspaces['system_views'].tables, sorted(keyspaces['system_views'].tables)
print('ok keyspaces')
meta.shutdown()
`;

function missingPython(): string | undefined {
  const r = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `the Python driver is not installed for ${PYTHON} (apt-get install python3-cassandra)`;
}
const missing = missingPython();

test("python3-cassandra: execute(trace=True) and get_query_trace(); its schema metadata lists Cassandra 4.0's system keyspaces", { skip: missing !== undefined && process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] !== '1' ? missing : false, timeout: 60_000 }, async () => {
  assert.equal(missing, undefined, missing);
  // python -c CODE host port: the code is the "script", sys.argv[1:] the address.
  const { code, passed, stderr } = await runPythonSections(PYTHON, '-c', [PY_TRACE, node.host, String(node.port)]);
  assert.equal(code, 0, stderr);
  assert.deepEqual(passed, ['session', 'events', 'keyspaces']);
});
