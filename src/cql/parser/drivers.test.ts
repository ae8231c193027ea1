/**
 * Statements as the DataStax Node.js and Python drivers, gocql and cqlsh send them (control
 * connection, schema metadata, and the shapes their test suites use). Every one must parse.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseStatement } from './parse-statement.js';
import type { StatementKind } from './statement.js';

const CONTROL_CONNECTION = [
  "SELECT * FROM system.local WHERE key='local'",
  "SELECT * FROM system.local WHERE key = 'local'",
  'SELECT * FROM system.peers',
  'SELECT * FROM system.peers_v2',
  'SELECT peer, data_center, rack, tokens, rpc_address, schema_version FROM system.peers',
  'SELECT peer, data_center, host_id, rack, release_version, rpc_address, schema_version, tokens FROM system.peers',
  'SELECT peer, peer_port, data_center, host_id, rack, release_version, native_address, native_port, schema_version, tokens FROM system.peers_v2',
  "SELECT cluster_name, data_center, rack, tokens, partitioner, release_version, schema_version FROM system.local WHERE key='local'",
  "SELECT broadcast_address, cluster_name, data_center, host_id, listen_address, partitioner, rack, release_version, rpc_address, schema_version, tokens FROM system.local WHERE key='local'",
  "SELECT schema_version FROM system.local WHERE key='local'",
  'SELECT peer, rpc_address, schema_version FROM system.peers',
  "SELECT release_version FROM system.local WHERE key='local'",
  "SELECT data_center, rack, host_id FROM system.local WHERE key='local'",
  'SELECT * FROM system_virtual_schema.keyspaces',
  'SELECT * FROM system_virtual_schema.tables',
  'SELECT * FROM system_virtual_schema.columns',
];

const SCHEMA_METADATA = [
  'SELECT * FROM system_schema.keyspaces',
  'SELECT * FROM system_schema.tables',
  'SELECT * FROM system_schema.columns',
  'SELECT * FROM system_schema.types',
  'SELECT * FROM system_schema.functions',
  'SELECT * FROM system_schema.aggregates',
  'SELECT * FROM system_schema.triggers',
  'SELECT * FROM system_schema.indexes',
  'SELECT * FROM system_schema.views',
  "SELECT * FROM system_schema.keyspaces WHERE keyspace_name = 'ks'",
  "SELECT * FROM system_schema.tables WHERE keyspace_name='ks' AND table_name='t'",
  "SELECT * FROM system_schema.columns WHERE keyspace_name='ks' AND table_name='t'",
  'SELECT * FROM system_schema.columns WHERE keyspace_name=? AND table_name=?',
  "SELECT * FROM system_schema.functions WHERE keyspace_name = 'ks' AND function_name = 'plus'",
  "SELECT * FROM system_schema.aggregates WHERE keyspace_name = 'ks' AND aggregate_name = 'sum'",
  'SELECT keyspace_name, durable_writes, replication FROM system_schema.keyspaces WHERE keyspace_name = ?',
  'SELECT keyspace_name, table_name, bloom_filter_fp_chance, caching, comment, compaction, compression, crc_check_chance, dclocal_read_repair_chance, default_time_to_live, gc_grace_seconds, max_index_interval, memtable_flush_period_in_ms, min_index_interval, read_repair_chance, speculative_retry FROM system_schema.tables WHERE keyspace_name = ?',
  'SELECT column_name, clustering_order, type, kind, position FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?',
  'SELECT table_name, column_name, clustering_order, type, kind, position FROM system_schema.columns WHERE keyspace_name = ?',
  'SELECT type_name, field_names, field_types FROM system_schema.types WHERE keyspace_name = ?',
  'SELECT function_name, argument_types, argument_names, body, called_on_null_input, language, return_type FROM system_schema.functions WHERE keyspace_name = ?',
  'SELECT aggregate_name, argument_types, final_func, initcond, return_type, state_func, state_type FROM system_schema.aggregates WHERE keyspace_name = ?',
  'SELECT index_name, kind, options, table_name FROM system_schema.indexes WHERE keyspace_name = ?',
  'SELECT view_name, base_table_id, base_table_name, bloom_filter_fp_chance, caching, comment, compaction, compression, crc_check_chance, dclocal_read_repair_chance, default_time_to_live, extensions, gc_grace_seconds, id, include_all_columns, max_index_interval, memtable_flush_period_in_ms, min_index_interval, read_repair_chance, speculative_retry, where_clause FROM system_schema.views WHERE keyspace_name = ?',
  `SELECT table_name as "pureName", column_name as "columnName", type as "dataType", kind as "kind" FROM system_schema.columns WHERE keyspace_name = 'app'`,
  'SELECT keyspace_name, table_name, id FROM system_schema.tables',
  'SELECT count(*) FROM system.size_estimates WHERE keyspace_name = ? AND table_name = ?',
  'SELECT range_start, range_end, partitions_count, mean_partition_size FROM system.size_estimates WHERE keyspace_name = ? AND table_name = ?',
];

const DDL = [
  "CREATE KEYSPACE IF NOT EXISTS gocql_test WITH replication = {'class' : 'SimpleStrategy', 'replication_factor' : 1}",
  "CREATE KEYSPACE test3rf WITH replication = {'class': 'SimpleStrategy', 'replication_factor': '3'}",
  "CREATE KEYSPACE ks1 WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3} AND durable_writes = true",
  'DROP KEYSPACE IF EXISTS gocql_test',
  'CREATE TABLE test3rf.test (k int PRIMARY KEY, v int )',
  'CREATE TABLE gocql_test.batch_table (id int primary key)',
  'CREATE TABLE gocql_test.scan_with_nil_arguments (foo varchar, bar int, PRIMARY KEY (foo, bar))',
  'CREATE TABLE tbl1 (id uuid PRIMARY KEY, text_sample text, int_sample int, bigint_sample bigint, float_sample float, double_sample double, decimal_sample decimal, blob_sample blob, boolean_sample boolean, timestamp_sample timestamp, inet_sample inet, timeuuid_sample timeuuid, map_sample map<text, text>, list_sample list<text>, list_sample2 list<int>, set_sample set<text>, tuple_sample tuple<int, text>, date_sample date, time_sample time, smallint_sample smallint, tinyint_sample tinyint, duration_sample duration, varint_sample varint)',
  'CREATE TABLE gocql_test.test_metadata (first_id int, second_id int, third_id int, PRIMARY KEY (first_id, second_id)) WITH CLUSTERING ORDER BY (second_id DESC)',
  "CREATE TABLE t (pk int, ck int, v text, PRIMARY KEY (pk, ck)) WITH compaction = {'class': 'LeveledCompactionStrategy'} AND compression = {'chunk_length_in_kb': 64, 'class': 'LZ4Compressor'}",
  'CREATE INDEX index_metadata ON test_metadata ( third_id )',
  "CREATE CUSTOM INDEX ON t (v) USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS', 'analyzer_class': 'org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer', 'case_sensitive': 'false'}",
  'CREATE TYPE gocql_test.phone (countryCode int, number text)',
  'CREATE TABLE gocql_test.udt_test (id int, phone frozen<phone>, PRIMARY KEY(id))',
  'CREATE TABLE ks.collections (k int PRIMARY KEY, m map<text, frozen<list<int>>>, s set<frozen<tuple<int, text>>>, l list<frozen<phone>>)',
  'ALTER TABLE t ADD new_col text',
  'ALTER TABLE t WITH comment = \'updated\'',
  `CREATE FUNCTION gocql_test.avgState ( state tuple<int,bigint>, val int ) CALLED ON NULL INPUT RETURNS tuple<int,bigint> LANGUAGE java AS
    $$if (val !=null) {state.setInt(0, state.getInt(0)+1); state.setLong(1, state.getLong(1)+val.intValue());} return state;$$`,
  `CREATE FUNCTION gocql_test.avgFinal ( state tuple<int,bigint> ) CALLED ON NULL INPUT RETURNS double LANGUAGE java AS
    $$double r = 0; if (state.getInt(0) == 0) return null; r = state.getLong(1); r/= state.getInt(0); return Double.valueOf(r);$$`,
  'CREATE AGGREGATE gocql_test.average(int) SFUNC avgState STYPE tuple<int,bigint> FINALFUNC avgFinal INITCOND (0,0)',
  'CREATE MATERIALIZED VIEW gocql_test.view_view AS SELECT first_id, second_id FROM gocql_test.view_table WHERE first_id IS NOT NULL AND second_id IS NOT NULL PRIMARY KEY (second_id, first_id)',
  'DROP TABLE IF EXISTS t',
  'TRUNCATE t',
];

const DML = [
  'INSERT INTO test3rf.test (k, v) VALUES (1, 1)',
  'INSERT INTO gocql_test.x (id) VALUES (?) USING TIMESTAMP ?',
  'INSERT INTO t (id, v) VALUES (?, ?) USING TTL ? AND TIMESTAMP ?',
  'INSERT INTO t (id, v) VALUES (?, ?) IF NOT EXISTS',
  'INSERT INTO t JSON ?',
  `INSERT INTO t JSON '{"id": 1, "v": "x"}' DEFAULT UNSET`,
  'SELECT JSON * FROM t',
  'SELECT id FROM x WHERE id IN ?',
  'SELECT id FROM large LIMIT ?',
  'SELECT * FROM t WHERE foo = ? AND bar > ?',
  'SELECT ttl(v), writetime(v) FROM t WHERE k = ?',
  'SELECT * FROM t WHERE token(id) > token(?)',
  'SELECT token(id), id FROM t WHERE token(id) > ? AND token(id) <= ? LIMIT 1000',
  'SELECT count(*) FROM ks.t',
  'SELECT COUNT(*) AS cnt FROM ks.t',
  'UPDATE t SET counter = counter + ? WHERE id = ?',
  'UPDATE t SET v = ? WHERE id = ? IF v = ?',
  'UPDATE t SET v = ? WHERE id = ? IF EXISTS',
  'UPDATE t USING TTL ? SET l = l + ?, m[?] = ?, s = s - ? WHERE id = ?',
  'DELETE FROM t WHERE id = ?',
  'DELETE v FROM t WHERE id = ? IF EXISTS',
  "BEGIN BATCH INSERT INTO gocql_test.batch_table (id) VALUES (?); INSERT INTO gocql_test.batch_table (id) VALUES (?); APPLY BATCH",
  'BEGIN UNLOGGED BATCH INSERT INTO t (id) VALUES (1) INSERT INTO t (id) VALUES (2) APPLY BATCH;',
  'BEGIN COUNTER BATCH UPDATE c SET n = n + 1 WHERE id = 1; UPDATE c SET n = n - 1 WHERE id = 2; APPLY BATCH',
  'SELECT key, value FROM kv WHERE key = ?',
  'SELECT * FROM t WHERE pk = ? AND (ck1, ck2) > (?, ?) ORDER BY ck1 DESC LIMIT 10',
  'SELECT DISTINCT pk FROM t',
  'SELECT * FROM t WHERE v CONTAINS ? ALLOW FILTERING',
  'USE gocql_test',
  'USE "MixedCase"',
];

const CQLSH = [
  'DESCRIBE KEYSPACES',
  'DESC KEYSPACE ks',
  'DESCRIBE TABLE ks.t',
  'DESCRIBE FULL SCHEMA',
  'DESCRIBE CLUSTER',
  'LIST ROLES',
  'LIST ALL PERMISSIONS OF cassandra',
  "CREATE ROLE app WITH PASSWORD = 'secret' AND LOGIN = true",
  'GRANT SELECT ON KEYSPACE ks TO app',
];

for (const [group, statements] of Object.entries({ CONTROL_CONNECTION, SCHEMA_METADATA, DDL, DML, CQLSH })) {
  test(`driver statements parse: ${group}`, () => {
    for (const text of statements) {
      assert.doesNotThrow(() => parseStatement(text), text);
    }
  });
}

test('driver statements give the expected statement kinds', () => {
  const kinds = (list: string[]): StatementKind[] => list.map((t) => parseStatement(t).statement.kind);
  assert.ok(kinds(CONTROL_CONNECTION).every((k) => k === 'select'));
  assert.ok(kinds(SCHEMA_METADATA).every((k) => k === 'select'));
  assert.deepEqual([...new Set(kinds(DML))].sort(), ['batch', 'delete', 'insert', 'select', 'update', 'use']);
  assert.deepEqual(kinds(CQLSH), ['describe', 'describe', 'describe', 'describe', 'describe', 'listRoles', 'listPermissions', 'createRole', 'grantPermissions']);
});

test('gocql metadata query: columns named type and kind, a bind marker per keyspace', () => {
  const p = parseStatement('SELECT column_name, clustering_order, type, kind, position FROM system_schema.columns WHERE keyspace_name = ? AND table_name = ?');
  const s = p.statement;
  assert.equal(s.kind, 'select');
  if (s.kind !== 'select') return;
  assert.deepEqual(s.selectors.map((i) => i.selector.kind === 'column' && i.selector.name), ['column_name', 'clustering_order', 'type', 'kind', 'position']);
  assert.equal(p.bindMarkerCount, 2);
});
