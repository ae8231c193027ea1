/**
 * The Thrift session's schema and description calls: KsDef/CfDef round trips through
 * system_add_keyspace and describe_keyspace, column family add/update/drop with 0.7's refusals,
 * index builds on update, schema versions and events, the ring, partitioner, snitch and splits.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteOrderedPartitioner } from '../../dht/index.js';
import { bytes, openThriftTestNode, rejectsThrift, type ThriftTestNode } from '../../../test/support/thrift-test-node.js';
import type { CfDef, KsDef } from './cassandra-service.js';
import { THRIFT_API_VERSION } from './thrift-session.js';

const M = 'org.apache.cassandra.db.marshal.';

function ksDef(name: string, cfDefs: CfDef[] = []): KsDef {
  return { name, strategyClass: 'SimpleStrategy', replicationFactor: 1, cfDefs };
}


async function withNode(fn: (n: ThriftTestNode) => Promise<void>, partitioner?: ByteOrderedPartitioner): Promise<void> {
  const n = await openThriftTestNode(partitioner);
  try {
    await fn(n);
  } finally {
    await n.close();
  }
}

test('a KsDef added comes back from describe_keyspace with its column families, types as class names', () =>
  withNode(async (n) => {
    const s = n.session();
    const users: CfDef = {
      keyspace: 'Blog',
      name: 'Users',
      comparatorType: 'UTF8Type',
      keyValidationClass: 'UTF8Type',
      comment: 'people',
      gcGraceSeconds: 3600,
      columnMetadata: [{ name: bytes('state'), validationClass: 'UTF8Type', indexType: 'KEYS', indexName: 'users_state' }, { name: bytes('age'), validationClass: 'LongType' }],
    };
    const posts: CfDef = { keyspace: 'Blog', name: 'Posts', columnType: 'Super', comparatorType: 'org.apache.cassandra.db.marshal.TimeUUIDType', subcomparatorType: 'BytesType', defaultValidationClass: 'UTF8Type' };
    const version = await s.systemAddKeyspace({ ...ksDef('Blog', [users, posts]), replicationFactor: 3 });
    assert.equal(version, n.keeper.schema.version);
    const ks = await s.describeKeyspace('Blog');
    assert.equal(ks.name, 'Blog');
    assert.equal(ks.strategyClass, 'org.apache.cassandra.locator.SimpleStrategy');
    assert.equal(ks.replicationFactor, 3);
    assert.equal(ks.strategyOptions?.get('replication_factor'), '3');
    assert.equal(ks.durableWrites, true);
    const u = ks.cfDefs.find((c) => c.name === 'Users')!;
    assert.equal(u.keyspace, 'Blog');
    assert.equal(u.columnType, 'Standard');
    assert.equal(u.comparatorType, `${M}UTF8Type`);
    assert.equal(u.subcomparatorType, undefined);
    assert.equal(u.keyValidationClass, `${M}UTF8Type`);
    assert.equal(u.defaultValidationClass, `${M}BytesType`);
    assert.equal(u.comment, 'people');
    assert.equal(u.gcGraceSeconds, 3600);
    assert.equal(u.readRepairChance, 1.0);
    assert.deepEqual(
      u.columnMetadata?.map((c) => [c.name.toString(), c.validationClass, c.indexType, c.indexName]),
      [['state', `${M}UTF8Type`, 'KEYS', 'users_state'], ['age', `${M}LongType`, undefined, undefined]],
    );
    assert.equal(typeof u.id, 'number');
    // Fields without an Ilium equivalent are echoed with the defaults.
    assert.equal(u.rowCacheSize, 0);
    assert.equal(u.keyCacheSize, 200000);
    assert.equal(u.minCompactionThreshold, 4);
    assert.equal(u.maxCompactionThreshold, 32);
    const p = ks.cfDefs.find((c) => c.name === 'Posts')!;
    assert.equal(p.columnType, 'Super');
    assert.equal(p.comparatorType, `${M}TimeUUIDType`);
    assert.equal(p.subcomparatorType, `${M}BytesType`);
    assert.equal(p.defaultValidationClass, `${M}UTF8Type`);
    // describe_keyspaces lists it beside the system keyspace; every KsDef has a replication factor.
    const all = await s.describeKeyspaces();
    assert.deepEqual(all.map((k) => k.name).sort(), ['Blog', 'system']);
    for (const k of all) assert.equal(typeof k.replicationFactor, 'number');
    assert.equal((await s.describeKeyspace('system')).strategyClass, 'org.apache.cassandra.locator.LocalStrategy');
    assert.deepEqual(n.events, [
      { change: 'CREATED', target: 'KEYSPACE', keyspace: 'Blog' },
      { change: 'CREATED', target: 'TABLE', keyspace: 'Blog', name: 'Users' },
      { change: 'CREATED', target: 'TABLE', keyspace: 'Blog', name: 'Posts' },
    ]);
  }));

test('replication: full class names, NetworkTopologyStrategy options, unknown strategies refused', () =>
  withNode(async (n) => {
    const s = n.session();
    await s.systemAddKeyspace({ name: 'Nts', strategyClass: 'org.apache.cassandra.locator.NetworkTopologyStrategy', strategyOptions: new Map([['dc1', '2'], ['dc2', '1']]), replicationFactor: 0, cfDefs: [] });
    const nts = await s.describeKeyspace('Nts');
    assert.equal(nts.strategyClass, 'org.apache.cassandra.locator.NetworkTopologyStrategy');
    assert.equal(nts.replicationFactor, 3);
    assert.deepEqual([...nts.strategyOptions!], [['dc1', '2'], ['dc2', '1']]);
    await rejectsThrift(s.systemAddKeyspace({ ...ksDef('Bad'), strategyClass: 'NoSuchStrategy' }), 'InvalidRequestException', /NoSuchStrategy/);
    await rejectsThrift(s.systemAddKeyspace(ksDef('Nts')), 'InvalidRequestException', /already exists/);
    await rejectsThrift(s.systemAddKeyspace(ksDef('system')), 'InvalidRequestException');
    // A column family naming another keyspace is refused.
    await rejectsThrift(s.systemAddKeyspace(ksDef('Other', [{ keyspace: 'Elsewhere', name: 'X' }])), 'InvalidRequestException', /did not match KsDef/);
    // update: replication changes, column families may not come along.
    const v = await s.systemUpdateKeyspace({ ...ksDef('Nts'), strategyClass: 'SimpleStrategy', replicationFactor: 2, durableWrites: false });
    assert.equal(v, n.keeper.schema.version);
    const updated = await s.describeKeyspace('Nts');
    assert.equal(updated.replicationFactor, 2);
    assert.equal(updated.durableWrites, false);
    await rejectsThrift(s.systemUpdateKeyspace(ksDef('Nts', [{ keyspace: 'Nts', name: 'X' }])), 'InvalidRequestException', /must not contain any column family/);
    await rejectsThrift(s.systemUpdateKeyspace(ksDef('Missing')), 'InvalidRequestException', /does not exist/);
    await s.systemDropKeyspace('Nts');
    await rejectsThrift(s.describeKeyspace('Nts'), 'NotFoundException');
    await rejectsThrift(s.systemDropKeyspace('Nts'), 'InvalidRequestException', /does not exist/);
    assert.deepEqual(n.events.map((e) => `${e.change} ${e.target} ${e.keyspace}`), ['CREATED KEYSPACE Nts', 'UPDATED KEYSPACE Nts', 'DROPPED KEYSPACE Nts']);
  }));

test('column families: add, bad type names, update refusing comparator changes, drop', () =>
  withNode(async (n) => {
    const s = n.session();
    await s.systemAddKeyspace(ksDef('Ks'));
    await s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Cf', comparatorType: 'UTF8Type' });
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Cf' }), 'InvalidRequestException', /already existing/);
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Bad', comparatorType: 'NoSuchType' }), 'InvalidRequestException', /comparator_type 'NoSuchType'/);
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Bad', defaultValidationClass: 'Nope' }), 'InvalidRequestException', /default_validation_class/);
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Bad', columnType: 'Hyper' }), 'InvalidRequestException', /column type/);
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Bad', subcomparatorType: 'UTF8Type' }), 'InvalidRequestException', /subcomparator/);
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Nope', name: 'Cf' }), 'InvalidRequestException', /does not exist/);
    // Invalid UTF-8 as a UTF8Type column name in column metadata.
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Bad', comparatorType: 'UTF8Type', columnMetadata: [{ name: Buffer.from([0xff, 0xfe]), validationClass: 'UTF8Type' }] }), 'InvalidRequestException');
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Bad', minCompactionThreshold: 40, maxCompactionThreshold: 8 }), 'InvalidRequestException', /min_compaction_threshold/);

    const cf = (await s.describeKeyspace('Ks')).cfDefs[0]!;
    await rejectsThrift(s.systemUpdateColumnFamily({ ...cf, comparatorType: 'LongType' }), 'InvalidRequestException', /comparators do not match/);
    await rejectsThrift(s.systemUpdateColumnFamily({ ...cf, columnType: 'Super' }), 'InvalidRequestException', /types do not match/);
    await rejectsThrift(s.systemUpdateColumnFamily({ ...cf, id: (cf.id ?? 0) + 1 }), 'InvalidRequestException', /ids do not match/);
    await rejectsThrift(s.systemUpdateColumnFamily({ ...cf, name: 'Missing' }), 'InvalidRequestException', /Missing/);
    const v = await s.systemUpdateColumnFamily({ ...cf, comment: 'changed', gcGraceSeconds: 60, minCompactionThreshold: 2 });
    assert.equal(v, n.keeper.schema.version);
    const after = (await s.describeKeyspace('Ks')).cfDefs[0]!;
    assert.equal(after.comment, 'changed');
    assert.equal(after.gcGraceSeconds, 60);
    assert.equal(after.minCompactionThreshold, 2);
    assert.equal(after.id, cf.id);

    // system_drop_column_family works in the session's keyspace.
    await rejectsThrift(s.systemDropColumnFamily('Cf'), 'InvalidRequestException', /not set a keyspace/);
    await s.setKeyspace('Ks');
    await s.systemDropColumnFamily('Cf');
    await rejectsThrift(s.systemDropColumnFamily('Cf'), 'InvalidRequestException', /Cf/);
    assert.deepEqual((await s.describeKeyspace('Ks')).cfDefs, []);
    assert.deepEqual(n.events.map((e) => `${e.change} ${e.target}`), ['CREATED KEYSPACE', 'CREATED TABLE', 'UPDATED TABLE', 'DROPPED TABLE']);
  }));

test('an update adding a KEYS index builds it from the rows already there', () =>
  withNode(async (n) => {
    const s = n.session();
    await s.systemAddKeyspace(ksDef('Ks', [{ keyspace: 'Ks', name: 'People', comparatorType: 'UTF8Type', columnMetadata: [{ name: bytes('state'), validationClass: 'UTF8Type' }] }]));
    await s.setKeyspace('Ks');
    let ts = 1n;
    for (const [key, state] of [['alice', 'UT'], ['bob', 'TX'], ['carol', 'UT']]) {
      await s.insert(bytes(key!), { columnFamily: 'People' }, { name: bytes('state'), value: bytes(state!), timestamp: ts++ });
    }
    const clause = { expressions: [{ columnName: bytes('state'), op: 'EQ' as const, value: bytes('UT') }], startKey: Buffer.alloc(0), count: 10 };
    const all = { sliceRange: { start: Buffer.alloc(0), finish: Buffer.alloc(0), reversed: false, count: 10 } };
    await rejectsThrift(s.getIndexedSlices({ columnFamily: 'People' }, clause, all), 'InvalidRequestException');
    const cf = (await s.describeKeyspace('Ks')).cfDefs[0]!;
    await s.systemUpdateColumnFamily({ ...cf, columnMetadata: [{ name: bytes('state'), validationClass: 'UTF8Type', indexType: 'KEYS' }] });
    const found = await s.getIndexedSlices({ columnFamily: 'People' }, clause, all);
    assert.deepEqual(found.map((r) => r.key.toString()).sort(), ['alice', 'carol']);
    const described = (await s.describeKeyspace('Ks')).cfDefs[0]!.columnMetadata![0]!;
    assert.equal(described.indexType, 'KEYS');
    assert.equal(described.indexName, 'People_state_idx');
  }));

test('CQL drivers hear of Thrift schema changes: the CQL layer sees the new table at once', () =>
  withNode(async (n) => {
    const s = n.session();
    await s.systemAddKeyspace(ksDef('Ks', [{ keyspace: 'Ks', name: 'Cf', comparatorType: 'UTF8Type', keyValidationClass: 'UTF8Type', defaultValidationClass: 'UTF8Type' }]));
    await s.setKeyspace('Ks');
    await s.insert(bytes('k'), { columnFamily: 'Cf' }, { name: bytes('c'), value: bytes('v'), timestamp: 1n });
    assert.deepEqual(await n.cql('SELECT key, column1, value FROM "Cf"', 'Ks'), [{ key: 'k', column1: 'c', value: 'v' }]);
  }));

test('describe calls: versions, cluster name, API version, partitioner, snitch, ring', () =>
  withNode(async (n) => {
    const s = n.session({ tokens: ['100', '-5', '42'] });
    await s.systemAddKeyspace(ksDef('Ks'));
    assert.deepEqual([...(await s.describeSchemaVersions())], [[n.keeper.schema.version, ['127.0.0.1']]]);
    assert.equal(await s.describeClusterName(), 'Test Cluster');
    assert.equal(await s.describeVersion(), THRIFT_API_VERSION);
    assert.equal(await s.describeVersion(), '19.4.0');
    assert.equal(await s.describePartitioner(), 'org.apache.cassandra.dht.Murmur3Partitioner');
    assert.equal(await s.describeSnitch(), 'org.apache.cassandra.locator.SimpleSnitch');
    assert.deepEqual(await s.describeRing('Ks'), [
      { startToken: '100', endToken: '-5', endpoints: ['127.0.0.1'] },
      { startToken: '-5', endToken: '42', endpoints: ['127.0.0.1'] },
      { startToken: '42', endToken: '100', endpoints: ['127.0.0.1'] },
    ]);
    await rejectsThrift(s.describeRing('Nope'), 'InvalidRequestException', /no ring/);
    await rejectsThrift(s.describeRing('system'), 'InvalidRequestException', /no ring/);
    assert.deepEqual(await n.session().describeRing('Ks').then((r) => r.length), 1);
  }));

test('describe_splits cuts a token range every keys_per_split rows', () =>
  withNode(async (n) => {
    const s = n.session();
    await s.systemAddKeyspace(ksDef('Ks', [{ keyspace: 'Ks', name: 'Cf' }]));
    await s.setKeyspace('Ks');
    for (let i = 0; i < 25; i++) await s.insert(bytes(`k${String(i).padStart(2, '0')}`), { columnFamily: 'Cf' }, { name: bytes('c'), value: bytes('v'), timestamp: 1n });
    const splits = await s.describeSplits('Cf', '00', 'ff', 10);
    assert.deepEqual(splits, ['00', bytes('k09').toString('hex'), bytes('k19').toString('hex'), 'ff']);
    assert.deepEqual(await s.describeSplits('Cf', '00', 'ff', 100), ['00', 'ff']);
    await rejectsThrift(s.describeSplits('Cf', '00', 'ff', 0), 'InvalidRequestException', /keys_per_split/);
    await rejectsThrift(s.describeSplits('Nope', '00', 'ff', 10), 'InvalidRequestException', /unconfigured columnfamily Nope/);
    await rejectsThrift(s.describeSplits('Cf', 'zz', 'ff', 10), 'InvalidRequestException');
  }, new ByteOrderedPartitioner()));
