/** Definitions, validation errors, Schema operations, the persisted JSON form and the version. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SeededRandom } from '../env/index.js';
import { ErrorCode, InvalidRequestError } from '../errors/index.js';
import { AlreadyExistsError } from './already-exists-error.js';
import { type ColumnFamilyInput, createColumnFamily } from './column-family-def.js';
import { createKeyspace } from './keyspace-def.js';
import { keyspaceFromJson, keyspaceToJson } from './keyspace-json.js';
import { Schema } from './schema.js';

const random = new SeededRandom(11);
const cf = (o: Partial<ColumnFamilyInput> & { name: string }) => createColumnFamily({ keyspace: 'Ks', ...o }, random);
const invalid = (re: RegExp) => (e: unknown) => e instanceof InvalidRequestError && re.test(e.message);

test('column family defaults and id', () => {
  const t = cf({ name: 'Users' });
  assert.equal(t.columnType, 'Standard');
  assert.equal(t.comparator.name, 'BytesType');
  assert.equal(t.subcomparator, null);
  assert.equal(t.gcGraceSeconds, 864000);
  assert.equal(t.defaultTimeToLive, 0);
  assert.match(t.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(cf({ name: 'S', columnType: 'Super' }).subcomparator?.name, 'BytesType');
});

test('definition errors are InvalidRequestErrors naming the problem', () => {
  assert.throws(() => cf({ name: 'bad-name' }), invalid(/Column family name/));
  assert.throws(() => cf({ name: 'x'.repeat(49) }), invalid(/48/));
  assert.throws(() => createColumnFamily({ keyspace: 'a b', name: 'T' }, random), invalid(/Keyspace name/));
  assert.throws(() => cf({ name: 'T', comparator: 'Utf9Type' }), invalid(/comparator_type 'Utf9Type'/));
  assert.throws(() => cf({ name: 'T', defaultValidator: 'Nope' }), invalid(/default_validation_class/));
  assert.throws(() => cf({ name: 'T', subcomparator: 'UTF8Type' }), invalid(/standard column family/));
  assert.throws(() => cf({ name: 'T', columnType: 'Wide' }), invalid(/column type/));
  assert.throws(() => cf({ name: 'T', gcGraceSeconds: -1 }), invalid(/gc_grace_seconds/));
  assert.throws(() => cf({ name: 'T', defaultTimeToLive: -5 }), invalid(/default_time_to_live/));
  assert.throws(() => cf({ name: 'T', comparator: 'LongType', columnMetadata: [{ name: 'abc' }] }), invalid(/Column name abc .* LongType/));
  assert.throws(() => cf({ name: 'T', comparator: 'LongType', columnMetadata: [{ name: Buffer.from([1, 2]) }] }), invalid(/0x0102/));
  assert.throws(() => cf({ name: 'T', comparator: 'UTF8Type', columnMetadata: [{ name: 'a' }, { name: 'a' }] }), invalid(/Duplicate/));
  assert.throws(() => cf({ name: 'T', columnType: 'Super', columnMetadata: [{ name: 'a', indexType: 'KEYS' }] }), invalid(/super column families/));
  assert.throws(() => cf({ name: 'T', columnMetadata: [{ name: 'a', indexType: 'CUSTOM' }] }), invalid(/index_type/));
});

test('Super column metadata names are checked by the subcomparator', () => {
  const t = cf({ name: 'S', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'LongType', columnMetadata: [{ name: '42', validator: 'UTF8Type' }] });
  assert.equal(t.columnMetadata[0]!.name.readBigInt64BE(), 42n);
});

test('replication validation', () => {
  assert.throws(() => createKeyspace({ name: 'K', replication: { class: 'SimpleStrategy' } }, random), invalid(/replication_factor/));
  assert.throws(() => createKeyspace({ name: 'K', replication: { class: 'FancyStrategy', options: {} } }, random), invalid(/FancyStrategy/));
  assert.throws(() => createKeyspace({ name: 'K', replication: { class: 'SimpleStrategy', options: { replication_factor: 'x' } } }, random), invalid(/non-negative/));
  const ks = createKeyspace({ name: 'K', replication: { class: 'org.apache.cassandra.locator.RackUnawareStrategy', options: { replication_factor: 2 } } }, random);
  assert.deepEqual(ks.replication, { class: 'SimpleStrategy', options: { replication_factor: '2' } });
});

test('keyspace: duplicate column family names are refused', () => {
  assert.throws(() => createKeyspace({ name: 'K', tables: [{ name: 'A' }, { name: 'A' }] }, random), AlreadyExistsError);
  assert.throws(() => createKeyspace({ name: 'K', tables: [{ name: 'A' }, { name: 'a' }] }, random), invalid(/case-insensitively/));
});

test('Schema operations return new snapshots; refused ones change nothing', () => {
  const ks = createKeyspace({ name: 'Twitter', tables: [{ name: 'Users', comparator: 'UTF8Type' }] }, random);
  const s1 = Schema.EMPTY.addKeyspace(ks);
  assert.equal(Schema.EMPTY.keyspaces.length, 0);
  const users = s1.getTable('Twitter', 'Users');
  assert.equal(s1.tableById(users.id), users);

  const dup = (() => { try { s1.addKeyspace(ks); } catch (e) { return e; } return null; })();
  assert.ok(dup instanceof AlreadyExistsError && dup.code === ErrorCode.ALREADY_EXISTS && dup.keyspace === 'Twitter');
  assert.throws(() => s1.addKeyspace(createKeyspace({ name: 'twitter' }, random)), invalid(/case-insensitively/));
  assert.throws(() => s1.addKeyspace(createKeyspace({ name: 'system' }, random)), invalid(/not user-modifiable/));
  assert.throws(() => s1.addColumnFamily(cf({ name: 'X', keyspace: 'Nope' })), invalid(/Keyspace 'Nope' does not exist/));
  assert.throws(() => s1.addColumnFamily(createColumnFamily({ keyspace: 'Twitter', name: 'Users' }, random)), AlreadyExistsError);
  assert.throws(() => s1.dropColumnFamily('Twitter', 'Nope'), invalid(/unconfigured/));

  const v1 = s1.version;
  const statuses = createColumnFamily({ keyspace: 'Twitter', name: 'Statuses' }, random);
  const s2 = s1.addColumnFamily(statuses);
  assert.equal(s1.table('Twitter', 'Statuses'), undefined);
  assert.equal(s2.getTable('Twitter', 'Statuses').id, statuses.id);
  assert.notEqual(s2.version, v1);
  assert.equal(s2.dropColumnFamily('Twitter', 'Statuses').version, v1, 'version digests content');

  const s3 = s2.updateKeyspace('Twitter', { replication: { class: 'SimpleStrategy', options: { replication_factor: '3' } }, durableWrites: false });
  assert.equal(s3.getKeyspace('Twitter').replication.options.replication_factor, '3');
  assert.equal(s3.getKeyspace('Twitter').durableWrites, false);
  assert.equal(s3.getKeyspace('Twitter').tables.length, 2);

  const dropped = s3.dropKeyspace('Twitter');
  assert.equal(dropped.keyspaces.length, 0);
  assert.equal(dropped.tableById(users.id), undefined);
});

test('updateColumnFamily keeps the id and refuses changes of order-defining options', () => {
  const ks = createKeyspace({ name: 'K', tables: [{ name: 'T', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' }] }, random);
  const s = Schema.EMPTY.addKeyspace(ks);
  const base = { keyspace: 'K', name: 'T', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' };
  const u = s.updateColumnFamily(createColumnFamily({ ...base, comment: 'new', gcGraceSeconds: 60 }, random));
  assert.equal(u.getTable('K', 'T').id, ks.tables[0]!.id);
  assert.equal(u.getTable('K', 'T').comment, 'new');
  assert.throws(() => s.updateColumnFamily(createColumnFamily({ ...base, comparator: 'BytesType' }, random)), invalid(/comparators do not match/));
  assert.throws(() => s.updateColumnFamily(createColumnFamily({ ...base, subcomparator: 'BytesType' }, random)), invalid(/subcolumncomparators do not match/));
  assert.throws(() => s.updateColumnFamily(createColumnFamily({ ...base, columnType: 'Standard', subcomparator: null }, random)), invalid(/types do not match/));
  assert.throws(() => s.updateColumnFamily(createColumnFamily({ ...base, keyValidator: 'LongType' }, random)), invalid(/key validators do not match/));
  assert.equal(s.getTable('K', 'T').comment, '');
});

test('updateColumnFamily adds and removes KEYS indexes but refuses renaming one', () => {
  const base = { keyspace: 'K', name: 'T', comparator: 'UTF8Type' };
  const s = Schema.EMPTY.addKeyspace(createKeyspace({ name: 'K', tables: [base] }, random));
  const indexed = s.updateColumnFamily(createColumnFamily({ ...base, columnMetadata: [{ name: 'state', validator: 'UTF8Type', indexType: 'KEYS' }] }, random));
  assert.equal(indexed.getTable('K', 'T').columnMetadata[0]!.indexName, 'T_state_idx');
  const renamed = createColumnFamily({ ...base, columnMetadata: [{ name: 'state', indexType: 'KEYS', indexName: 'by_state' }] }, random);
  assert.throws(() => indexed.updateColumnFamily(renamed), invalid(/index T_state_idx cannot be renamed to by_state/));
  const removed = indexed.updateColumnFamily(createColumnFamily({ ...base, columnMetadata: [{ name: 'state', validator: 'UTF8Type' }] }, random));
  assert.equal(removed.getTable('K', 'T').columnMetadata[0]!.indexType, null);
  assert.equal(removed.updateColumnFamily(renamed).getTable('K', 'T').columnMetadata[0]!.indexName, 'by_state');
});

const TYPES = ['BytesType', 'UTF8Type', 'AsciiType', 'LongType', 'TimeUUIDType', 'LexicalUUIDType', 'IntegerType', 'ReversedType(LongType)', 'CompositeType(UTF8Type,LongType)'];

test('keyspace JSON round trip (property)', () => {
  const table = fc.record({
    name: fc.stringMatching(/^\w{1,20}$/),
    superCf: fc.boolean(),
    comparator: fc.constantFrom(...TYPES),
    subcomparator: fc.constantFrom(...TYPES),
    validator: fc.constantFrom(...TYPES),
    gc: fc.nat(1_000_000),
    ttl: fc.nat(1_000_000),
    comment: fc.string(),
    indexed: fc.boolean(),
  });
  fc.assert(
    fc.property(fc.uniqueArray(table, { selector: (t) => t.name.toLowerCase(), maxLength: 5 }), fc.nat(5), fc.boolean(), (tables, rf, durable) => {
      const ks = createKeyspace(
        {
          name: 'Ks',
          durableWrites: durable,
          replication: { class: 'SimpleStrategy', options: { replication_factor: rf } },
          tables: tables.map((t) => ({
            name: t.name,
            columnType: t.superCf ? 'Super' : 'Standard',
            comparator: t.comparator,
            subcomparator: t.superCf ? t.subcomparator : null,
            defaultValidator: t.validator,
            gcGraceSeconds: t.gc,
            defaultTimeToLive: t.ttl,
            comment: t.comment,
            columnMetadata: t.comparator === 'UTF8Type' && !t.superCf ? [{ name: 'col', validator: t.validator, indexType: t.indexed ? 'KEYS' : null }] : [],
          })),
        },
        random,
      );
      const text = keyspaceToJson(ks);
      const back = keyspaceFromJson(text);
      assert.equal(keyspaceToJson(back), text);
      assert.equal(Schema.of([back]).version, Schema.of([ks]).version);
    }),
    { numRuns: 100 },
  );
});
