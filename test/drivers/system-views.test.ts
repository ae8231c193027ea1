/**
 * The virtual keyspace system_views on a real `ilium start` (127.0.24.4), read by the npm
 * cassandra-driver: clients lists the driver's own connections (address, port, driver name and
 * version from its STARTUP, protocol version, stage, request count, TLS off) and forgets them when
 * they close; settings shows the node's settings (no passwords); thread_pools its stages; caches
 * its chunk cache. It is
 * listed where Cassandra lists virtual keyspaces (system_virtual_schema, DESCRIBE KEYSPACES, `ilium
 * cqlsh`'s completion) and not in system_schema.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type IliumProcess, runIliumCommand, startIliumProcess } from '../support/ilium-process.js';
import { completions } from '../../src/tools/cqlsh/completion.js';
import { loadSchema } from '../../src/tools/cqlsh/schema-cache.js';

let node: IliumProcess;
let client: cassandra.Client;
const connect = async (): Promise<cassandra.Client> => {
  const c = new cassandra.Client({
    contactPoints: [`${node.host}:${node.port}`],
    localDataCenter: 'datacenter1',
    pooling: { coreConnectionsPerHost: { [cassandra.types.distance.local]: 1 } },
  });
  await c.connect();
  return c;
};

before(async () => {
  node = await startIliumProcess({ address: '127.0.24.4', configYaml: 'tracetype_query_ttl: 1234\n' });
  client = await connect();
});

after(async () => {
  await client?.shutdown();
  if (node !== undefined) {
    assert.equal(await node.stop(), 0);
    node.dispose();
  }
});

const nodeDriverRows = async () => (await client.execute('SELECT * FROM system_views.clients')).rows.filter((r) => r['driver_name'] === 'Apache Cassandra Node.js Driver');

test("ilium cqlsh completes the virtual keyspaces, their tables and columns, as Cassandra 4.0's cqlsh does", async () => {
  const schema = await loadSchema(client);
  const c = (before: string) => completions(before, { schema, keyspace: undefined }).candidates;
  assert.deepEqual(c('USE system_v'), ['system_views', 'system_virtual_schema']);
  assert.deepEqual(c('SELECT * FROM system_views.cl'), ['system_views.clients']);
  assert.ok(c('USE system_').includes('system_traces'), 'the replicated system keyspaces too');
  assert.deepEqual(completions('SELECT * FROM system_views.settings WHERE na', { schema, keyspace: undefined }).candidates, ['name']);
});

test('system_views.clients lists the driver\'s own connections, and forgets closed ones', async () => {
  const mine = await nodeDriverRows();
  assert.ok(mine.length >= 1, 'this client is listed');
  for (const r of mine) {
    assert.equal(String(r['address']), '127.0.0.1');
    assert.ok((r['port'] as number) > 0);
    assert.equal(r['hostname'], '127.0.0.1');
    assert.equal(r['connection_stage'], 'ready');
    assert.equal(r['protocol_version'], 4);
    assert.match(r['driver_version'] as string, /^\d+\.\d+\.\d+/);
    assert.equal((r['client_options'] as Record<string, string>)['DRIVER_NAME'], 'Apache Cassandra Node.js Driver');
    assert.equal(r['ssl_enabled'], false);
    assert.equal(r['ssl_protocol'], null);
    assert.equal(r['username'], null);
  }
  const total = (rows: cassandra.types.Row[]) => rows.reduce((n, r) => n + Number(r['request_count']), 0);
  const before = total(mine);
  await client.execute('SELECT * FROM system.local');
  assert.ok(total(await nodeDriverRows()) >= before + 2, 'request_count counts requests');

  const second = await connect();
  const ports = new Set((await nodeDriverRows()).map((r) => r['port'] as number));
  assert.ok(ports.size > mine.length, 'a second client adds its connections');
  await second.shutdown();
  for (let i = 0; i < 50 && (await nodeDriverRows()).length !== mine.length; i++) await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual((await nodeDriverRows()).map((r) => r['port']).sort(), mine.map((r) => r['port']).sort());
});

test('system_views.settings and thread_pools', async () => {
  const ttl = await client.execute("SELECT value FROM system_views.settings WHERE name = 'tracetype_query_ttl'");
  assert.equal(ttl.first()['value'], '1234');
  const all = await client.execute('SELECT name, value FROM system_views.settings');
  const names = all.rows.map((r) => r['name'] as string);
  assert.ok(names.includes('cluster_name') && names.includes('client_encryption_options_enabled'), names.join(' '));
  assert.ok(!names.some((n) => n.includes('password')), 'no secrets');
  const pools = await client.execute('SELECT name, active_tasks, completed_tasks FROM system_views.thread_pools');
  assert.ok(pools.rows.some((r) => r['name'] === 'ReadStage'));
});

test('system_views.caches: the SSTable chunk cache as Cassandra\'s "chunks", counting the reads it serves', async () => {
  await client.execute("CREATE KEYSPACE IF NOT EXISTS c WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await client.execute('CREATE TABLE IF NOT EXISTS c.t (k int PRIMARY KEY, v text)');
  await client.execute("INSERT INTO c.t (k, v) VALUES (1, 'x')");
  assert.equal((await runIliumCommand(['nodetool', '-p', String(node.adminPort), 'flush', 'c'])).code, 0);
  const before = (await client.execute("SELECT * FROM system_views.caches WHERE name = 'chunks'")).first();
  assert.ok(Number(before['capacity_bytes']) > 0);
  for (let i = 0; i < 3; i++) await client.execute('SELECT v FROM c.t WHERE k = 1');
  const after = (await client.execute("SELECT * FROM system_views.caches WHERE name = 'chunks'")).first();
  assert.ok(Number(after['request_count']) > Number(before['request_count']), 'reads of the SSTable go through the cache');
  assert.ok(Number(after['hit_count']) >= 1, 'the second read hits');
  assert.ok((after['hit_ratio'] as number) > 0 && (after['hit_ratio'] as number) <= 1);
  assert.ok(Number(after['size_bytes']) > 0 && (after['entry_count'] as number) > 0);
  assert.equal(after['recent_hit_rate_per_second'], null);
});

test('system_views is a virtual keyspace: in system_virtual_schema and DESCRIBE KEYSPACES, not in system_schema', async () => {
  const virtual = await client.execute('SELECT keyspace_name FROM system_virtual_schema.keyspaces');
  assert.deepEqual(virtual.rows.map((r) => r['keyspace_name']).sort(), ['system_views', 'system_virtual_schema']);
  const tables = await client.execute("SELECT table_name FROM system_virtual_schema.tables WHERE keyspace_name = 'system_views'");
  assert.deepEqual(tables.rows.map((r) => r['table_name']).sort(), [
    'caches', 'clients', 'coordinator_read_latency', 'coordinator_scan_latency', 'coordinator_write_latency', 'disk_usage', 'internode_inbound', 'internode_outbound', 'local_read_latency', 'local_scan_latency', 'local_write_latency', 'max_partition_size', 'rows_per_read', 'settings', 'sstable_tasks', 'system_properties', 'thread_pools', 'tombstones_per_read',
  ]);
  const schema = await client.execute('SELECT keyspace_name FROM system_schema.keyspaces');
  assert.ok(!schema.rows.some((r) => r['keyspace_name'] === 'system_views'));
  const described = await client.execute('DESCRIBE KEYSPACES');
  assert.deepEqual(
    described.rows.map((r) => r['name'] as string).filter((n) => n.startsWith('system')),
    ['system', 'system_auth', 'system_distributed', 'system_schema', 'system_traces', 'system_views', 'system_virtual_schema'],
  );
  const ks = await client.execute('DESCRIBE KEYSPACE system_views');
  assert.match(ks.rows.map((r) => r['create_statement']).join('\n'), /VIRTUAL TABLE system_views\.clients \(/);
  await assert.rejects(client.execute("INSERT INTO system_views.settings (name, value) VALUES ('x', 'y')"));
});
