/**
 * SELECT on virtual tables, as drivers send it on connect and for schema metadata: the ordinary
 * SELECT runs on them unchanged (keys, clustering slices, ORDER BY, LIMIT, bind markers).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UTF8_TYPE } from '../../marshal/index.js';
import { openCqlTestNode } from '../../../test/support/cql-test-node.js';

test('driver queries on system.local, system.peers and system_schema.*', async () => {
  const n = await openCqlTestNode();
  try {
    await n.run("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    await n.run('CREATE TABLE ks.a (k int PRIMARY KEY, v text)');
    await n.run('CREATE TABLE ks.b (k int, c int, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c DESC)');
    const [local] = await n.rows("SELECT * FROM system.local WHERE key='local'");
    assert.equal(local!.schema_version, n.ctx.schema().version);
    assert.deepEqual(local!.tokens, ['0']);
    assert.deepEqual(await n.rows('SELECT host_id, cluster_name, data_center, rack, partitioner, release_version, schema_version FROM system.local'), [
      { host_id: '0f0e0d0c-0b0a-4908-8007-060504030201', cluster_name: 'Test Cluster', data_center: 'datacenter1', rack: 'rack1', partitioner: 'org.apache.cassandra.dht.Murmur3Partitioner', release_version: '4.0.11', schema_version: n.ctx.schema().version },
    ]);
    assert.deepEqual(await n.rows('SELECT * FROM system.peers'), []);
    assert.deepEqual(await n.rows('SELECT peer, peer_port, native_address FROM system.peers_v2'), []);
    const tables = await n.rows('SELECT * FROM system_schema.tables WHERE keyspace_name = ?', [UTF8_TYPE.decompose('ks')]);
    assert.deepEqual(tables.map((r) => r.table_name), ['a', 'b']);
    assert.deepEqual(tables[0]!.flags, ['compound']);
    const cols = await n.rows("SELECT column_name, kind, clustering_order FROM system_schema.columns WHERE keyspace_name = 'ks' AND table_name = 'b'");
    assert.deepEqual(cols, [{ column_name: 'c', kind: 'clustering', clustering_order: 'desc' }, { column_name: 'k', kind: 'partition_key', clustering_order: 'none' }]);
    const desc = await n.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'ks' ORDER BY table_name DESC LIMIT 1");
    assert.deepEqual(desc, [{ table_name: 'b' }]);
    const keyspaces = (await n.rows('SELECT keyspace_name FROM system_schema.keyspaces')).map((r) => r.keyspace_name).sort();
    assert.deepEqual(keyspaces, ['ks', 'system', 'system_schema']);
    assert.deepEqual((await n.rows('SELECT keyspace_name, table_name FROM system_virtual_schema.tables')).map((r) => `${String(r.keyspace_name)}.${String(r.table_name)}`).sort(), [
      'system_views.caches', 'system_views.clients', 'system_views.coordinator_read_latency', 'system_views.coordinator_scan_latency',
      'system_views.coordinator_write_latency', 'system_views.disk_usage', 'system_views.internode_inbound', 'system_views.internode_outbound',
      'system_views.local_read_latency', 'system_views.local_scan_latency', 'system_views.local_write_latency', 'system_views.max_partition_size', 'system_views.rows_per_read',
      'system_views.settings', 'system_views.sstable_tasks', 'system_views.system_properties', 'system_views.thread_pools',
      'system_views.tombstones_per_read',
      'system_virtual_schema.columns', 'system_virtual_schema.keyspaces', 'system_virtual_schema.tables',
    ]);
  } finally {
    await n.close();
  }
});
