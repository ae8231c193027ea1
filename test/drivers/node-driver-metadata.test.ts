/**
 * npm cassandra-driver against `ilium start`: connecting (host, version, token map, replicas),
 * the driver's schema metadata (keyspaces, tables with keys, clustering order and options, UDTs,
 * indexes), schema change events refreshing a second client's metadata, schema agreement, and
 * server errors with their codes and payloads (syntax, invalid, already exists with keyspace and
 * table, config, unprepared).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import cassandra from 'cassandra-driver';
import { createRealEnv } from '../../src/env/index.js';
import { ErrorCode } from '../../src/errors/index.js';
import { CqlWireClient } from '../support/cql-wire-client.js';
import { type DriverNode, serverError, startDriverNode } from './driver-node.js';

let node: DriverNode;
let client: cassandra.Client;

before(async () => {
  node = await startDriverNode('prepared_statements_cache_max_entries: 4\n');
  await node.createKeyspace('md');
  client = await node.client({ keyspace: 'md' });
});
after(() => node.close());

/** A keyspace as the driver holds it (its typings list only name and strategy). */
function keyspace(c: cassandra.Client, name: string): { strategy: string; strategyOptions: Record<string, string>; durableWrites: boolean } | undefined {
  return (c.metadata.keyspaces as unknown as Record<string, { strategy: string; strategyOptions: Record<string, string>; durableWrites: boolean }>)[name];
}

/** Polls until `check` holds (schema events reach the other client asynchronously). */
async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for: ${what}`);
}

test('connect: one host with its data center, rack, version and host id; token map and replicas', async () => {
  const hosts = client.getState().getConnectedHosts();
  assert.equal(hosts.length, 1);
  const h = hosts[0]!;
  assert.equal(h.address, `${node.process.host}:${node.process.port}`);
  assert.equal(h.datacenter, 'datacenter1');
  assert.equal(h.rack, 'rack1');
  assert.match(h.cassandraVersion, /^4\./);
  assert.ok(h.hostId !== null && h.hostId !== undefined);
  assert.ok(h.tokens.length >= 1);
  assert.equal(client.metadata.getTokenRanges().size, h.tokens.length);
  assert.deepEqual(client.metadata.getReplicas('md', Buffer.from([0, 0, 0, 1])).map((r) => r.address), [h.address]);
  const local = (await client.execute("SELECT cluster_name, partitioner, release_version FROM system.local WHERE key = 'local'")).first();
  assert.equal(local['partitioner'], 'org.apache.cassandra.dht.Murmur3Partitioner');
  assert.equal(local['release_version'], h.cassandraVersion);
});

test('schema metadata: keyspaces, tables (keys, clustering order, columns, options), UDTs, indexes', async () => {
  await client.execute('CREATE TYPE addr (street text, zip int)');
  await client.execute(`CREATE TABLE events (day date, kind text, at timeuuid, who frozen<addr>, tags set<text>, n counter,
    PRIMARY KEY ((day, kind), at)) WITH CLUSTERING ORDER BY (at DESC) AND comment = 'ev' AND gc_grace_seconds = 3600`).catch((e: Error) => e);
  // A counter cannot sit beside other regular columns: Cassandra's error, and no table.
  assert.equal(await client.metadata.getTable('md', 'events'), null);
  await client.execute(`CREATE TABLE events (day date, kind text, at timeuuid, who frozen<addr>, tags set<text>, v text,
    PRIMARY KEY ((day, kind), at)) WITH CLUSTERING ORDER BY (at DESC) AND comment = 'ev' AND gc_grace_seconds = 3600 AND default_time_to_live = 60`);
  await client.execute('CREATE INDEX events_v ON events (v)');
  const ks = keyspace(client, 'md')!;
  assert.equal(ks.strategy, 'org.apache.cassandra.locator.SimpleStrategy');
  assert.deepEqual(ks.strategyOptions, { replication_factor: '1' });
  const t = await client.metadata.getTable('md', 'events');
  assert.ok(t !== null);
  assert.deepEqual(t.partitionKeys.map((c) => c.name), ['day', 'kind']);
  assert.deepEqual(t.clusteringKeys.map((c) => c.name), ['at']);
  assert.deepEqual(t.clusteringOrder, ['DESC']);
  assert.deepEqual(t.columns.map((c) => c.name).sort(), ['at', 'day', 'kind', 'tags', 'v', 'who']);
  assert.equal(t.columnsByName['who']!.type.code, cassandra.types.dataTypes.udt);
  assert.equal(t.columnsByName['tags']!.type.code, cassandra.types.dataTypes.set);
  assert.equal(t.comment, 'ev');
  assert.equal(t.gcGraceSeconds, 3600);
  assert.equal(t.defaultTtl, 60);
  assert.deepEqual(t.indexes.map((i) => [i.name, i.target]), [['events_v', 'v']]);
  const udt = await client.metadata.getUdt('md', 'addr');
  assert.deepEqual(udt?.fields.map((f) => [f.name, f.type.code]), [['street', cassandra.types.dataTypes.text], ['zip', cassandra.types.dataTypes.int]]);
  assert.ok(client.metadata.keyspaces['system_schema'], 'system keyspaces are listed');
});

test('schema change events refresh a second client: keyspaces, tables, columns, types, drops', async () => {
  const watcher = await node.client();
  // The driver's control connection registers for SCHEMA_CHANGE; our events drive its refresh.
  await client.execute("CREATE KEYSPACE ev WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1} AND durable_writes = false");
  await eventually('the keyspace appears', () => watcher.metadata.keyspaces['ev'] !== undefined);
  assert.deepEqual([keyspace(watcher, 'ev')!.strategyOptions, keyspace(watcher, 'ev')!.durableWrites], [{ datacenter1: '1' }, false]);
  await client.execute('CREATE TABLE ev.t (k int PRIMARY KEY, a int)');
  await eventually('the table appears', async () => (await watcher.metadata.getTable('ev', 't')) !== null);
  await client.execute('ALTER TABLE ev.t ADD b text');
  await eventually('the new column appears', async () => (await watcher.metadata.getTable('ev', 't'))?.columnsByName['b'] !== undefined);
  await client.execute('CREATE TYPE ev.u (f int)');
  await eventually('the type appears', async () => (await watcher.metadata.getUdt('ev', 'u')) !== null);
  await client.execute('ALTER TYPE ev.u ADD g text');
  await eventually('the type gains a field', async () => (await watcher.metadata.getUdt('ev', 'u'))?.fields.length === 2);
  await client.execute('DROP TABLE ev.t');
  await eventually('the table goes', async () => (await watcher.metadata.getTable('ev', 't')) === null);
  assert.equal(await (client.metadata as unknown as { checkSchemaAgreement(): Promise<boolean> }).checkSchemaAgreement(), true);
  await client.execute('DROP KEYSPACE ev');
  await eventually('the keyspace goes', () => watcher.metadata.keyspaces['ev'] === undefined);
});

test('errors carry Cassandra codes and payloads', async () => {
  await client.execute('CREATE TABLE e (k int PRIMARY KEY, v int)');
  const syntax = await serverError(client.execute('SELEC * FROM e'));
  assert.equal(syntax.code, ErrorCode.SYNTAX_ERROR);
  const invalid = await serverError(client.execute('SELECT * FROM nope'));
  assert.equal(invalid.code, ErrorCode.INVALID);
  assert.match(invalid.message, /unconfigured table nope/);
  const table = await serverError(client.execute('CREATE TABLE e (k int PRIMARY KEY)'));
  assert.deepEqual([table.code, table.keyspace, table.table], [ErrorCode.ALREADY_EXISTS, 'md', 'e']);
  const ks = await serverError(client.execute("CREATE KEYSPACE md WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
  assert.equal(ks.code, ErrorCode.ALREADY_EXISTS);
  assert.equal(ks.keyspace, 'md');
  assert.ok(ks.table === '' || ks.table === undefined, 'no table for a keyspace');
  const config = await serverError(client.execute("CREATE KEYSPACE bad WITH replication = {'class': 'NoSuchStrategy'}"));
  assert.equal(config.code, ErrorCode.CONFIG_ERROR);
  const filtering = await serverError(client.execute('SELECT * FROM e WHERE v = 1'));
  assert.equal(filtering.code, ErrorCode.INVALID);
  assert.match(filtering.message, /ALLOW FILTERING/);
  const badValue = await serverError(client.execute('INSERT INTO e (k, v) VALUES (?, ?)', [1, 'x'], { hints: ['int', 'text'] }));
  assert.equal(badValue.code, ErrorCode.INVALID);
  // Consistency levels a statement does not accept: Cassandra's InvalidRequest, not a protocol error.
  // (ANY is code 0, which the driver treats as "not given".)
  const { consistencies } = cassandra.types;
  const serialWrite = await serverError(client.execute('INSERT INTO e (k, v) VALUES (1, 1)', [], { consistency: consistencies.serial }));
  assert.equal(serialWrite.code, ErrorCode.INVALID);
  const casSerial = await serverError(client.execute('INSERT INTO e (k, v) VALUES (1, 1) IF NOT EXISTS', [], { serialConsistency: consistencies.one }));
  assert.deepEqual([casSerial.code, casSerial.message], [ErrorCode.INVALID, 'Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL']);
  // A prepared statement evicted from the server's cache: UNPREPARED with its id on the wire;
  // the driver re-prepares by itself.
  const insert = 'INSERT INTO md.e (k, v) VALUES (?, ?)';
  const wire = await CqlWireClient.connect(createRealEnv().net, { host: node.process.host, port: node.process.port });
  try {
    await wire.startup();
    const p = await wire.request({ opcode: 'PREPARE', query: insert });
    assert.ok(p.response.opcode === 'RESULT' && p.response.result.kind === 'prepared');
    const id = p.response.result.id;
    for (let i = 0; i < 4; i++) await client.execute(`SELECT v FROM e WHERE k = ${i}`, [], { prepare: true });
    const gone = await wire.request({ opcode: 'EXECUTE', id, params: { consistency: 'ONE', values: [], skipMetadata: false } });
    assert.ok(gone.response.opcode === 'ERROR');
    assert.equal(gone.response.error.code, ErrorCode.UNPREPARED);
  } finally {
    wire.close();
  }
  await client.execute(insert, [1, 1], { prepare: true });
  assert.equal((await client.execute('SELECT v FROM e WHERE k = 1')).first()['v'], 1);
});

test('a prepared SELECT * follows ALTER TABLE: new columns appear, dropped ones go', async () => {
  await client.execute('CREATE TABLE alt (k int PRIMARY KEY, a int)');
  await client.execute('INSERT INTO alt (k, a) VALUES (1, 1)');
  const select = () => client.execute('SELECT * FROM alt WHERE k = ?', [1], { prepare: true });
  assert.deepEqual((await select()).columns.map((c) => c.name), ['k', 'a']);
  await client.execute('ALTER TABLE alt ADD b text');
  await client.execute("UPDATE alt SET b = 'bee' WHERE k = 1");
  const r = await select();
  assert.deepEqual(r.columns.map((c) => c.name), ['k', 'a', 'b']);
  assert.equal(r.first()['b'], 'bee');
  await client.execute('ALTER TABLE alt DROP a');
  assert.deepEqual((await select()).columns.map((c) => c.name), ['k', 'b']);
});
