/**
 * DESCRIBE: listings, objects in Cassandra 4.0's layout, errors, and the round trip — the create
 * statements of DESCRIBE KEYSPACE run on an empty node recreate the same schema.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { keyspaceToObject } from '../../schema/index.js';
import { type CqlTestNode, openCqlTestNode } from '../../../test/support/cql-test-node.js';
import { parseStatements } from '../parser/index.js';

const SCHEMA = [
  "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 3} AND durable_writes = false",
  'CREATE TYPE ks.addr (street text, "No" int)',
  'CREATE TYPE ks.person (name text, home frozen<addr>, tags set<text>)',
  `CREATE TABLE ks.events (a int, b text, c timeuuid, d bigint, s text STATIC, l list<int>, m map<text, frozen<addr>>,
     p person, t tuple<int, text>, "Mixed" varint, PRIMARY KEY ((a, b), c, d))
     WITH CLUSTERING ORDER BY (c DESC, d ASC) AND comment = 'it''s here' AND gc_grace_seconds = 100
     AND default_time_to_live = 9 AND bloom_filter_fp_chance = 0.5 AND compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': 10}
     AND compression = {'enabled': false} AND caching = {'keys': 'NONE', 'rows_per_partition': 10} AND speculative_retry = 'ALWAYS'
     AND read_repair_chance = 0.5 AND crc_check_chance = 0.5 AND cdc = true AND extensions = {'x': 'y'}`,
  'CREATE TABLE ks.simple (k int PRIMARY KEY, v text)',
  'CREATE TABLE ks.counts (k text PRIMARY KEY, n counter)',
  'CREATE TABLE ks.dense (k text, c int, v blob, PRIMARY KEY (k, c)) WITH COMPACT STORAGE',
  'CREATE TABLE ks.named (k text PRIMARY KEY, a int, b text) WITH COMPACT STORAGE',
  'CREATE INDEX ON ks.simple (v)',
  'CREATE INDEX mk ON ks.events (keys(m))',
  // (SASI refuses partition key columns, as Cassandra does: the index is on the static column.)
  "CREATE CUSTOM INDEX sasi ON ks.events (s) USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'}",
];

async function withSchema(fn: (n: CqlTestNode) => Promise<void>): Promise<void> {
  const n = await openCqlTestNode({ sasiIndexesEnabled: true });
  try {
    for (const s of SCHEMA) await n.run(s);
    await fn(n);
  } finally {
    await n.close();
  }
}

/** A keyspace definition without table ids (they are new on each creation). */
function withoutIds(n: CqlTestNode, ks: string): unknown {
  const o = keyspaceToObject(n.ctx.schema().keyspace(ks)!) as { tables: Record<string, unknown>[] };
  return { ...o, tables: o.tables.map(({ id: _id, ...rest }) => rest) };
}

test('DESCRIBE KEYSPACE recreates the same schema (round trip through our parser)', () =>
  withSchema(async (n) => {
    const rows = await n.rows('DESCRIBE KEYSPACE ks');
    assert.deepEqual(rows.map((r) => `${r.type} ${r.name}`), ['keyspace ks', 'type addr', 'type person', 'table counts', 'table dense', 'table events', 'index mk', 'index sasi', 'table named', 'table simple', 'index simple_v_idx']);
    const before = withoutIds(n, 'ks');
    const fresh = await openCqlTestNode({ sasiIndexesEnabled: true });
    try {
      for (const r of rows) for (const p of parseStatements(r.create_statement as string)) await fresh.run(p.text);
      assert.deepEqual(withoutIds(fresh, 'ks'), before);
    } finally {
      await fresh.close();
    }
  }));

test('DESCRIBE output in Cassandra 4.0 layout', () =>
  withSchema(async (n) => {
    const [ks] = await n.rows('DESCRIBE ONLY KEYSPACE ks');
    assert.equal(ks!.create_statement, "CREATE KEYSPACE ks WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': '3'}  AND durable_writes = false;");
    const [simple, index] = await n.rows('DESCRIBE TABLE ks.simple');
    assert.equal(
      simple!.create_statement,
      `CREATE TABLE ks.simple (
    k int PRIMARY KEY,
    v text
) WITH additional_write_policy = '99p'
    AND bloom_filter_fp_chance = 0.01
    AND caching = {'keys': 'ALL', 'rows_per_partition': 'NONE'}
    AND cdc = false
    AND comment = ''
    AND compaction = {'class': 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy', 'max_threshold': '32', 'min_threshold': '4'}
    AND compression = {'chunk_length_in_kb': '16', 'class': 'org.apache.cassandra.io.compress.LZ4Compressor'}
    AND crc_check_chance = 1.0
    AND default_time_to_live = 0
    AND extensions = {}
    AND gc_grace_seconds = 864000
    AND max_index_interval = 2048
    AND memtable_flush_period_in_ms = 0
    AND min_index_interval = 128
    AND read_repair = 'BLOCKING'
    AND speculative_retry = '99p';`,
    );
    assert.deepEqual(index, { keyspace_name: 'ks', type: 'index', name: 'simple_v_idx', create_statement: 'CREATE INDEX simple_v_idx ON ks.simple (v);' });
    const [type] = await n.rows('DESCRIBE TYPE ks.addr');
    assert.equal(type!.create_statement, 'CREATE TYPE ks.addr (\n    street text,\n    "No" int\n);');
    assert.deepEqual(await n.rows('DESCRIBE INDEX ks.mk'), [{ keyspace_name: 'ks', type: 'index', name: 'mk', create_statement: 'CREATE INDEX mk ON ks.events (keys(m));' }]);
    const [events] = await n.rows('DESCRIBE ks.events');
    assert.match(events!.create_statement as string, /PRIMARY KEY \(\(a, b\), c, d\)\n\) WITH CLUSTERING ORDER BY \(c DESC, d ASC\)\n    AND additional_write_policy/);
    assert.match(events!.create_statement as string, /\n    s text static,\n/);
  }));

test('DESCRIBE listings, SCHEMA, CLUSTER and errors', () =>
  withSchema(async (n) => {
    const keyspaces = (await n.rows('DESCRIBE KEYSPACES')).map((r) => r.name);
    assert.deepEqual(keyspaces, ['ks', 'system', 'system_schema', 'system_views', 'system_virtual_schema']);
    n.state.keyspace = 'ks';
    assert.deepEqual((await n.rows('DESCRIBE TABLES')).map((r) => r.name), ['counts', 'dense', 'events', 'named', 'simple']);
    assert.deepEqual(await n.rows('DESCRIBE COLUMNFAMILIES'), await n.rows('DESCRIBE TABLES'));
    assert.deepEqual(await n.rows('DESCRIBE TYPES'), [{ keyspace_name: 'ks', type: 'type', name: 'addr' }, { keyspace_name: 'ks', type: 'type', name: 'person' }]);
    const schema = await n.rows('DESCRIBE SCHEMA');
    assert.ok(schema.every((r) => r.keyspace_name === 'ks'));
    const full = await n.rows('DESCRIBE FULL SCHEMA');
    const local = full.find((r) => r.keyspace_name === 'system' && r.name === 'local')!;
    // System keyspaces are plain CREATE statements; virtual ones are comments (Cassandra 4.0).
    assert.match(local.create_statement as string, /^CREATE TABLE system.local \(\n    key text PRIMARY KEY,/);
    const system = full.find((r) => r.keyspace_name === 'system' && r.type === 'keyspace')!;
    assert.equal(system.create_statement, "CREATE KEYSPACE system WITH replication = {'class': 'LocalStrategy'}  AND durable_writes = true;");
    const virtualKs = full.find((r) => r.keyspace_name === 'system_virtual_schema' && r.type === 'keyspace')!;
    assert.equal(virtualKs.create_statement, '/*\nWarning: Keyspace system_virtual_schema is a virtual keyspace and cannot be recreated with CQL.\nStructure, for reference:\nVIRTUAL KEYSPACE system_virtual_schema;\n*/');
    const [columns] = await n.rows('DESCRIBE TABLE system_virtual_schema.columns');
    assert.match(columns!.create_statement as string, /^\/\*\nWarning: Table system_virtual_schema.columns is a virtual table and cannot be recreated with CQL.\nStructure, for reference:\nVIRTUAL TABLE system_virtual_schema.columns \(\n    keyspace_name text,\n/);
    assert.match(columns!.create_statement as string, /\n\) WITH CLUSTERING ORDER BY \(table_name ASC, column_name ASC\)\n    AND comment = '[^']*';\n\*\/$/);
    const [cluster] = await n.rows('DESCRIBE CLUSTER');
    assert.equal(cluster!.cluster, 'Test Cluster');
    assert.equal(cluster!.partitioner, 'org.apache.cassandra.dht.Murmur3Partitioner');
    assert.deepEqual(cluster!.range_ownership, new Map([['0', ['/127.0.0.1:7000']]]));
    const notFound = (cql: string, re: RegExp) => assert.rejects(async () => n.rows(cql), (e) => e instanceof InvalidRequestError && re.test(e.message));
    await notFound('DESCRIBE KEYSPACE nope', /'nope' not found in keyspaces/);
    await notFound('DESCRIBE TABLE nope', /Table 'nope' not found in keyspace 'ks'/);
    await notFound('DESCRIBE TYPE nope', /User defined type 'nope' not found in 'ks'/);
    await notFound('DESCRIBE INDEX nope', /Index 'nope' not found in 'ks'/);
    await notFound('DESCRIBE nope', /'nope' not found in keyspace 'ks'/);
    n.state.keyspace = undefined;
    await notFound('DESCRIBE KEYSPACE', /No keyspace specified and no current keyspace/);
  }));
