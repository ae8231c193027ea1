/**
 * system_views' other Cassandra 4.0 tables on a real `ilium start` (127.0.33.21): the per-table
 * latency tables (local and coordinator read, scan and write), rows_per_read, tombstones_per_read
 * and disk_usage count what the npm cassandra-driver did to its own table; sstable_tasks,
 * internode_inbound/outbound and system_properties answer with Cassandra's columns; and
 * python3-cassandra reads every one of them (python_system_views.py).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { runPythonSections } from '../support/python-sections.js';

let node: IliumProcess;
let client: cassandra.Client;

before(async () => {
  node = await startIliumProcess({ address: '127.0.33.21', args: ['-Dcassandra.superuser_setup_delay_ms=4321'] });
  client = new cassandra.Client({ contactPoints: [`${node.host}:${node.port}`], localDataCenter: 'datacenter1' });
  await client.connect();
  await client.execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c))');
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0);
    node.dispose();
  }
});

const metricsOf = async (table: string, ks = 'ks', name = 't') => (await client.execute(`SELECT * FROM system_views.${table} WHERE keyspace_name = ? AND table_name = ?`, [ks, name])).first();

test('latency tables count the requests made to the table, with Cassandra\'s columns', async () => {
  for (let c = 0; c < 30; c++) await client.execute('INSERT INTO ks.t (k, c, v) VALUES (1, ?, ?)', [c, `v${c}`], { prepare: true });
  for (let i = 0; i < 10; i++) assert.equal((await client.execute('SELECT * FROM ks.t WHERE k = 1', [], { prepare: true })).rows.length, 30);
  await client.execute('SELECT * FROM ks.t');
  const write = await metricsOf('coordinator_write_latency');
  assert.deepEqual(Object.keys(write).sort(), ['50th_ms', '99th_ms', 'count', 'keyspace_name', 'max_ms', 'per_second', 'table_name']);
  assert.equal(Number(write['count']), 30);
  assert.equal(Number((await metricsOf('local_write_latency'))['count']), 30, 'one memtable apply per write');
  const read = await metricsOf('local_read_latency');
  assert.equal(Number(read['count']), 10);
  assert.ok(read['50th_ms'] > 0 && read['max_ms'] >= read['99th_ms'] && read['99th_ms'] >= read['50th_ms'], JSON.stringify(read));
  assert.equal(Number((await metricsOf('coordinator_read_latency'))['count']), 10);
  assert.ok(Number((await metricsOf('local_scan_latency'))['count']) >= 1);
  assert.ok(Number((await metricsOf('coordinator_scan_latency'))['count']) >= 1);
  // Each of the ten reads returned 30 rows (one cell each): rows, not cells, are counted.
  const rows = await metricsOf('rows_per_read');
  assert.deepEqual(Object.keys(rows).sort(), ['50th', '99th', 'count', 'keyspace_name', 'max', 'table_name']);
  assert.ok(rows['50th'] >= 30 && rows['50th'] <= 36, `30 rows fall in the bucket of offset 30-36: ${JSON.stringify(rows)}`);
});

test('tombstones_per_read counts the tombstones a read met', async () => {
  await client.execute('CREATE TABLE ks.d (k int, c int, v text, PRIMARY KEY (k, c))');
  for (let c = 0; c < 5; c++) await client.execute('INSERT INTO ks.d (k, c, v) VALUES (1, ?, ?)', [c, 'x'], { prepare: true });
  for (let c = 0; c < 5; c++) await client.execute('DELETE FROM ks.d WHERE k = 1 AND c = ?', [c], { prepare: true });
  assert.equal((await client.execute('SELECT * FROM ks.d WHERE k = 1', [], { prepare: true })).rows.length, 0);
  const t = await metricsOf('tombstones_per_read', 'ks', 'd');
  assert.equal(Number(t['count']), 1);
  assert.equal(t['max'], 5, 'five row tombstones met by the one read');
});

test('disk_usage and max_partition_size show the flushed table in MiB, rounded up (Cassandra names both columns mebibytes)', async () => {
  assert.equal(Number((await metricsOf('disk_usage'))['mebibytes']), 0, 'nothing flushed yet');
  assert.equal(Number((await metricsOf('max_partition_size'))['mebibytes']), 0, 'no SSTable records a partition yet');
  const flushed = await runIliumCommand(['nodetool', '-p', String(node.adminPort), 'flush', 'ks']);
  assert.equal(flushed.code, 0, flushed.stderr);
  assert.equal(Number((await metricsOf('disk_usage'))['mebibytes']), 1);
  const max = await metricsOf('max_partition_size');
  assert.deepEqual(Object.keys(max).sort(), ['keyspace_name', 'mebibytes', 'table_name']);
  assert.equal(Number(max['mebibytes']), 1, 'the one partition of 30 rows, a few hundred bytes, rounds up to 1 MiB');
});

test('sstable_tasks, internode tables and system_properties answer with Cassandra\'s columns', async () => {
  const columns = async (table: string) => (await client.execute(`SELECT * FROM system_views.${table}`)).columns.map((c) => c.name).sort();
  assert.deepEqual(await columns('sstable_tasks'), ['completion_ratio', 'keyspace_name', 'kind', 'progress', 'table_name', 'task_id', 'total', 'unit']);
  assert.ok((await columns('internode_outbound')).includes('sent_count'));
  assert.ok((await columns('internode_inbound')).includes('received_count'));
  const props = new Map((await client.execute('SELECT * FROM system_views.system_properties')).rows.map((r) => [r['name'], r['value']]));
  assert.equal(props.get('cassandra.superuser_setup_delay_ms'), '4321');
  const tables = (await client.execute("SELECT table_name FROM system_virtual_schema.tables WHERE keyspace_name = 'system_views'")).rows.map((r) => r['table_name']);
  for (const t of ['sstable_tasks', 'local_read_latency', 'coordinator_write_latency', 'disk_usage', 'internode_inbound', 'system_properties']) assert.ok(tables.includes(t), t);
});

const PYTHON = '/usr/bin/python3';
const probe = spawnSync(PYTHON, ['-c', 'import cassandra.cluster'], { encoding: 'utf8' });
const missing = probe.status === 0 ? undefined : `the Python driver is not installed for ${PYTHON} (apt-get install python3-cassandra)`;

test('python3-cassandra reads every new system_views table', { skip: missing !== undefined && process.env['ILIUM_REQUIRE_PYTHON_DRIVER'] !== '1' ? missing : false, timeout: 120_000 }, async () => {
  assert.equal(missing, undefined, missing);
  const script = fileURLToPath(new URL('../../../test/drivers/python_system_views.py', import.meta.url));
  const { code, passed, stderr } = await runPythonSections(PYTHON, script, [node.host, String(node.port)]);
  assert.equal(code, 0, `python exited with ${code} after ${JSON.stringify(passed)}:\n${stderr.slice(-4000)}`);
  assert.deepEqual(passed, ['select', 'metrics', 'properties']);
});
