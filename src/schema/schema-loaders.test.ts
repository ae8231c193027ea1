/** The seeds' schema texts, loaded from both forms, and the loaders' error paths. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeededRandom } from '../env/index.js';
import { ConfigurationError, InvalidRequestError } from '../errors/index.js';
import { loadJsonSchema } from './json-schema-loader.js';
import { loadXmlSchema } from './xml-schema-loader.js';
import type { KeyspaceDef } from './keyspace-def.js';
import { SEED_000_MULTIBLOG, SEED_000_TWITTER, SEED_003_TWISSANDRA, SEED_003_TWITTER, SEED_004_BLOGGY } from './fixtures/seed-schemas.js';

const shape = (ks: KeyspaceDef) =>
  ks.tables.map((t) => [t.name, t.columnType, t.comparator.name, t.subcomparator?.name ?? null]);

test('seed 000 Twitter JSON (trailing commas) loads with SimpleStrategy RF 1', () => {
  const [ks, ...rest] = loadJsonSchema(SEED_000_TWITTER, new SeededRandom(1));
  assert.equal(rest.length, 0);
  assert.equal(ks!.name, 'Twitter');
  assert.deepEqual(ks!.replication, { class: 'SimpleStrategy', options: { replication_factor: '1' } });
  assert.deepEqual(shape(ks!), [
    ['Users', 'Standard', 'UTF8Type', null],
    ['Statuses', 'Standard', 'UTF8Type', null],
    ['StatusRelationships', 'Super', 'UTF8Type', 'TimeUUIDType'],
  ]);
  assert.equal(ks!.tables[0]!.gcGraceSeconds, 864000);
  assert.equal(new Set(ks!.tables.map((t) => t.id)).size, 3, 'each table has its own id');
});

test('seed 000 Multiblog JSON loads', () => {
  const [ks] = loadJsonSchema(SEED_000_MULTIBLOG, new SeededRandom(1));
  assert.deepEqual(shape(ks!), [
    ['Blogs', 'Standard', 'TimeUUIDType', null],
    ['Comments', 'Standard', 'TimeUUIDType', null],
  ]);
});

test('JSON: keyspace options, validators, column metadata', () => {
  const text = `{"App":{"strategy_class":"org.apache.cassandra.locator.NetworkTopologyStrategy","strategy_options":{"DC1":3,"DC2":"2"},
    "Users":{"comparator_type":"UTF8Type","default_validation_class":"UTF8Type","key_validation_class":"LongType","gc_grace_seconds":10,"comment":"people",
      "column_metadata":[{"column_name":"state","validation_class":"AsciiType","index_type":"KEYS"},{"column_name":"age","validation_class":"LongType"}]}}}`;
  const [ks] = loadJsonSchema(text, new SeededRandom(2));
  assert.deepEqual(ks!.replication, { class: 'NetworkTopologyStrategy', options: { DC1: '3', DC2: '2' } });
  const users = ks!.tables[0]!;
  assert.equal(users.defaultValidator.name, 'UTF8Type');
  assert.equal(users.keyValidator.name, 'LongType');
  assert.equal(users.gcGraceSeconds, 10);
  assert.equal(users.comment, 'people');
  assert.deepEqual(users.columnMetadata.map((c) => [c.name.toString(), c.validator.name, c.indexType, c.indexName]), [
    ['state', 'AsciiType', 'KEYS', 'Users_state_idx'],
    ['age', 'LongType', null, null],
  ]);
});

test('JSON errors: not JSON, unknown option, unknown type', () => {
  const r = new SeededRandom(3);
  assert.throws(() => loadJsonSchema('{"A":', r), ConfigurationError);
  assert.throws(() => loadJsonSchema('{"A":{"B":{"comparator":"UTF8Type"}}}', r), ConfigurationError);
  assert.throws(() => loadJsonSchema('{"A":{"B":{"comparator_type":"NoSuchType"}}}', r), (e: unknown) => e instanceof InvalidRequestError && /NoSuchType/.test(e.message));
});

test('seed 003 example 16.1: a bare <Keyspace> root', () => {
  const [ks] = loadXmlSchema(SEED_003_TWITTER, new SeededRandom(4));
  assert.equal(ks!.name, 'Twitter');
  assert.deepEqual(shape(ks!), [
    ['Statuses', 'Standard', 'UTF8Type', null],
    ['StatusAudits', 'Standard', 'UTF8Type', null],
    ['StatusRelationships', 'Super', 'UTF8Type', 'TimeUUIDType'],
    ['Users', 'Standard', 'UTF8Type', null],
    ['UserRelationships', 'Super', 'UTF8Type', 'TimeUUIDType'],
  ]);
});

test('seed 003 example 16.2: <Keyspaces>, RackUnawareStrategy → SimpleStrategy, RF 1', () => {
  const [ks] = loadXmlSchema(SEED_003_TWISSANDRA, new SeededRandom(5));
  assert.equal(ks!.name, 'Twissandra');
  assert.deepEqual(ks!.replication, { class: 'SimpleStrategy', options: { replication_factor: '1' } });
  assert.deepEqual(shape(ks!), [
    ['User', 'Standard', 'UTF8Type', null],
    ['Username', 'Standard', 'BytesType', null],
    ['Friends', 'Standard', 'BytesType', null],
    ['Followers', 'Standard', 'BytesType', null],
    ['Tweet', 'Standard', 'UTF8Type', null],
    ['Timeline', 'Standard', 'LongType', null],
    ['Userline', 'Standard', 'LongType', null],
  ]);
});

test('seed 004 BloggyAppy, as published with blanks inside tags', () => {
  const [ks] = loadXmlSchema(SEED_004_BLOGGY, new SeededRandom(6));
  assert.equal(ks!.name, 'BloggyAppy');
  assert.deepEqual(shape(ks!), [
    ['Authors', 'Standard', 'BytesType', null],
    ['BlogEntries', 'Standard', 'BytesType', null],
    ['TaggedPosts', 'Standard', 'TimeUUIDType', null],
    ['Comments', 'Super', 'TimeUUIDType', 'BytesType'],
  ]);
});

test('XML errors: malformed, no keyspace, unknown comparator, unknown strategy', () => {
  const r = new SeededRandom(7);
  assert.throws(() => loadXmlSchema('<Keyspace Name="A">', r), ConfigurationError);
  assert.throws(() => loadXmlSchema('<Storage><Other/></Storage>', r), ConfigurationError);
  assert.throws(() => loadXmlSchema('<Keyspace Name="A"><ColumnFamily Name="B" CompareWith="Nope"/></Keyspace>', r), InvalidRequestError);
  assert.throws(() => loadXmlSchema('<Keyspace Name="A"><ReplicaPlacementStrategy>x.Y</ReplicaPlacementStrategy><ReplicationFactor>1</ReplicationFactor></Keyspace>', r), InvalidRequestError);
});
