/**
 * One node, three interfaces: column families made and written over Thrift are read over CQL
 * (npm cassandra-driver) and through the TypeScript API (`connect()`, remote mode); tables made
 * and written over CQL (COMPACT STORAGE, the Thrift-compatible kind) are read over Thrift, and a
 * Thrift write to them is seen by CQL.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { type Ilium, type Row, type SuperRow, connect } from '../../src/index.js';
import type { CassandraClient, TColumnOrSuperColumn } from './thrift-js-client.js';
import { SIMPLE_STRATEGY, type ThriftTestNode, nowMicros, startThriftNode } from './thrift-test-node.js';

let node: ThriftTestNode;
let cql: cassandra.Client;
let api: Ilium;
let thrift: CassandraClient;
let ONE: number;

before(async () => {
  node = await startThriftNode('127.0.0.54');
  ONE = node.ONE;
  const contact = `${node.host}:${node.process.port}`;
  cql = new cassandra.Client({ contactPoints: [contact], localDataCenter: 'datacenter1', encoding: { useBigIntAsLong: true } });
  await cql.connect();
  api = await connect({ contactPoints: [contact] });
  thrift = (await node.connect()).client;
});
after(async () => {
  await api?.close();
  await cql?.shutdown();
  await node?.close();
});

const long8 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return b;
};
const all = { slice_range: { start: '', finish: '', reversed: false, count: 100 } };
const pairs = (list: TColumnOrSuperColumn[]) => list.map((c) => [c.column!.name.toString(), c.column!.value.toString()]);

test('a keyspace and column families made over Thrift, written over Thrift, read over CQL and the TS API', async () => {
  await thrift.system_add_keyspace({
    name: 'FromThrift',
    strategy_class: SIMPLE_STRATEGY,
    replication_factor: 1,
    cf_defs: [
      { keyspace: 'FromThrift', name: 'Timeline', comparator_type: 'UTF8Type', key_validation_class: 'UTF8Type', default_validation_class: 'UTF8Type' },
      {
        keyspace: 'FromThrift',
        name: 'Profiles',
        comparator_type: 'UTF8Type',
        key_validation_class: 'UTF8Type',
        column_metadata: [
          { name: 'name', validation_class: 'UTF8Type' },
          { name: 'age', validation_class: 'LongType' },
        ],
      },
      { keyspace: 'FromThrift', name: 'Groups', column_type: 'Super', comparator_type: 'UTF8Type', subcomparator_type: 'UTF8Type', key_validation_class: 'UTF8Type', default_validation_class: 'UTF8Type' },
    ],
  });
  await thrift.set_keyspace('FromThrift');
  const ts = nowMicros();
  await thrift.batch_mutate({
    alice: {
      Timeline: [{ column_or_supercolumn: { column: { name: 'b', value: 'second', timestamp: ts } } }, { column_or_supercolumn: { column: { name: 'a', value: 'first', timestamp: ts } } }],
      Profiles: [{ column_or_supercolumn: { column: { name: 'name', value: 'Alice', timestamp: ts } } }, { column_or_supercolumn: { column: { name: 'age', value: long8(31n), timestamp: ts } } }],
      Groups: [{ column_or_supercolumn: { super_column: { name: 'admins', columns: [{ name: 'since', value: '2010', timestamp: ts }] } } }],
    },
    bob: { Timeline: [{ column_or_supercolumn: { column: { name: 'c', value: 'third', timestamp: ts } } }] },
  }, ONE);

  // CQL sees the Thrift definitions as their CQL views and the Thrift writes as rows.
  const timeline = await cql.execute('SELECT key, column1, value FROM "FromThrift"."Timeline" WHERE key = ?', ['alice'], { prepare: true });
  assert.deepEqual(timeline.rows.map((r) => [r['key'], r['column1'], r['value']]), [['alice', 'a', 'first'], ['alice', 'b', 'second']]);
  const everyone = await cql.execute('SELECT key, column1 FROM "FromThrift"."Timeline"');
  assert.deepEqual(everyone.rows.map((r) => `${r['key']}/${r['column1']}`).sort(), ['alice/a', 'alice/b', 'bob/c']);
  const profile = await cql.execute('SELECT key, name, age FROM "FromThrift"."Profiles" WHERE key = ?', ['alice'], { prepare: true });
  assert.deepEqual(profile.rows.map((r) => [r['key'], r['name'], r['age']]), [['alice', 'Alice', 31n]]);
  const groups = await cql.execute('SELECT key, column1, column2, value FROM "FromThrift"."Groups"');
  assert.deepEqual(groups.rows.map((r) => [r['key'], r['column1'], r['column2'], r['value']]), [['alice', 'admins', 'since', '2010']]);

  // The TS API over the same node.
  const ks = api.keyspace('FromThrift');
  assert.deepEqual([...(await ks.get<Row>('Timeline', 'alice'))], [['a', 'first'], ['b', 'second']]);
  assert.equal(await ks.get('Profiles', 'alice', 'name'), 'Alice');
  assert.equal(await ks.get('Profiles', 'alice', 'age'), 31n);
  const group = await ks.get<SuperRow>('Groups', 'alice');
  assert.deepEqual([...group.get('admins')!], [['since', '2010']]);

  // And a write through the API is seen over Thrift.
  await ks.insert('Timeline', 'bob', { d: 'fourth' });
  assert.deepEqual(pairs(await thrift.get_slice('bob', { column_family: 'Timeline' }, all, ONE)), [['c', 'third'], ['d', 'fourth']]);
});

test('tables made and written over CQL (COMPACT STORAGE) read over Thrift, and Thrift writes read back over CQL', async () => {
  await cql.execute("CREATE KEYSPACE fromcql WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await cql.execute('CREATE TABLE fromcql.events (key text, column1 text, value text, PRIMARY KEY (key, column1)) WITH COMPACT STORAGE');
  await cql.execute('CREATE TABLE fromcql.users (key text PRIMARY KEY, name text, age bigint) WITH COMPACT STORAGE');
  for (const [k, c, v] of [['e1', 'z', 'last'], ['e1', 'm', 'middle'], ['e2', 'a', 'only']]) {
    await cql.execute('INSERT INTO fromcql.events (key, column1, value) VALUES (?, ?, ?)', [k, c, v], { prepare: true });
  }
  await cql.execute('INSERT INTO fromcql.users (key, name, age) VALUES (?, ?, ?)', ['u1', 'Uma', 44n], { prepare: true });

  const c = (await node.connect('fromcql')).client;
  const ks = await c.describe_keyspace('fromcql');
  const events = ks.cf_defs.find((cf) => cf.name === 'events');
  assert.ok(events !== undefined, `describe_keyspace lists the CQL tables: ${ks.cf_defs.map((cf) => cf.name).join(', ')}`);
  assert.equal(events.comparator_type, 'org.apache.cassandra.db.marshal.UTF8Type');
  assert.deepEqual(pairs(await c.get_slice('e1', { column_family: 'events' }, all, ONE)), [['m', 'middle'], ['z', 'last']]);
  assert.equal((await c.get('e2', { column_family: 'events', column: 'a' }, ONE)).column!.value.toString(), 'only');
  const rows = await c.get_range_slices({ column_family: 'events' }, all, { start_key: '', end_key: '', count: 10 }, ONE);
  assert.deepEqual(rows.map((r) => r.key.toString()).sort(), ['e1', 'e2']);
  assert.equal((await c.get('u1', { column_family: 'users', column: 'name' }, ONE)).column!.value.toString(), 'Uma');
  assert.deepEqual((await c.get('u1', { column_family: 'users', column: 'age' }, ONE)).column!.value, long8(44n));

  // A Thrift write to the CQL-made tables, read back over CQL.
  await c.insert('e2', { column_family: 'events' }, { name: 'b', value: 'from thrift', timestamp: nowMicros() }, ONE);
  await c.insert('u2', { column_family: 'users' }, { name: 'name', value: 'Vic', timestamp: nowMicros() }, ONE);
  const e2 = await cql.execute("SELECT column1, value FROM fromcql.events WHERE key = 'e2'");
  assert.deepEqual(e2.rows.map((r) => [r['column1'], r['value']]), [['a', 'only'], ['b', 'from thrift']]);
  const u2 = await cql.execute("SELECT name, age FROM fromcql.users WHERE key = 'u2'");
  assert.deepEqual(u2.rows.map((r) => [r['name'], r['age']]), [['Vic', null]]);
});
