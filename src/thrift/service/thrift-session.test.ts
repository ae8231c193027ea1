/**
 * The Thrift session's connection state and data calls: login with and without a password
 * authenticator, set_keyspace, every read and write delegated to the operations, and the error
 * paths 0.7 defines (no keyspace, unknown keyspace or column family, bad comparator values,
 * invalid UTF-8, super column calls on a standard column family, TTLs out of range, NotFound).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PasswordAuthenticator } from '../../transport/index.js';
import { ALL_COLUMNS, bytes, mutationBatch, openThriftTestNode, rejectsThrift, type ThriftTestNode, withThriftKeyspace } from '../../../test/support/thrift-test-node.js';
import { THRIFT_API_VERSION, type ThriftSession } from './thrift-session.js';

const ALL = ALL_COLUMNS;
const long = (n: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(n));
  return b;
};

const batch = mutationBatch;


/** A node with keyspace Ks: Std (UTF8Type names and values), Longs (LongType names), Sup (Super). */
function withKs(fn: (n: ThriftTestNode, s: ThriftSession) => Promise<void>): Promise<void> {
  return withThriftKeyspace(
    [
      { name: 'Std', comparatorType: 'UTF8Type', defaultValidationClass: 'UTF8Type' },
      { name: 'Longs', comparatorType: 'LongType' },
      { name: 'Sup', columnType: 'Super', comparatorType: 'UTF8Type', subcomparatorType: 'UTF8Type' },
      { name: 'Idx', comparatorType: 'UTF8Type', columnMetadata: [{ name: bytes('city'), validationClass: 'UTF8Type', indexType: 'KEYS' }] },
    ],
    fn,
  );
}

test('login: open without an authenticator; with a password authenticator, data calls wait for it', async () => {
  const n = await openThriftTestNode();
  try {
    await n.session().systemAddKeyspace({ name: 'Ks', strategyClass: 'SimpleStrategy', replicationFactor: 1, cfDefs: [{ keyspace: 'Ks', name: 'Cf' }] });
    const open = n.session();
    await open.login({ credentials: new Map([['username', 'anyone'], ['password', 'x']]) });
    assert.equal(open.user, 'anyone');

    const authenticator = new PasswordAuthenticator(new Map([['alice', 'secret']]));
    const s = n.session({ authenticator });
    await rejectsThrift(s.setKeyspace('Ks'), 'InvalidRequestException', /You have not logged in/); // 0.7 let it through
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Cf' }, { name: bytes('c'), value: bytes('v'), timestamp: 1n }), 'InvalidRequestException', /You have not logged in/);
    await rejectsThrift(s.getSlice(bytes('k'), { columnFamily: 'Cf' }, ALL), 'InvalidRequestException', /You have not logged in/);
    await rejectsThrift(s.systemAddColumnFamily({ keyspace: 'Ks', name: 'Other' }), 'InvalidRequestException', /You have not logged in/);
    await rejectsThrift(s.describeKeyspace('Ks'), 'InvalidRequestException', /You have not logged in/); // 0.7 answered it
    await rejectsThrift(s.login({ credentials: new Map([['username', 'alice'], ['password', 'wrong']]) }), 'AuthenticationException', /incorrect/);
    await rejectsThrift(s.login({ credentials: new Map([['username', 'alice']]) }), 'AuthenticationException', /missing the required key 'password'/);
    assert.equal(s.user, undefined);
    await s.login({ credentials: new Map([['username', 'alice'], ['password', 'secret']]) });
    assert.equal(s.user, 'alice');
    await s.setKeyspace('Ks');
    await s.insert(bytes('k'), { columnFamily: 'Cf' }, { name: bytes('c'), value: bytes('v'), timestamp: 1n });
    assert.equal((await s.getSlice(bytes('k'), { columnFamily: 'Cf' }, ALL)).length, 1);
  } finally {
    await n.close();
  }
});

test('before a required login only login and describe_version answer; mustLogIn tells the transport', async () => {
  const n = await openThriftTestNode();
  try {
    await n.session().systemAddKeyspace({ name: 'Ks', strategyClass: 'SimpleStrategy', replicationFactor: 1, cfDefs: [{ keyspace: 'Ks', name: 'Cf' }] });
    assert.equal(n.session().mustLogIn(), false, 'no authenticator: nothing to wait for');
    const s = n.session({ authenticator: new PasswordAuthenticator(new Map([['alice', 'secret']])) });
    assert.equal(s.mustLogIn(), true);
    assert.equal(await s.describeVersion(), THRIFT_API_VERSION);
    const refused: [string, () => Promise<unknown>][] = [
      ['describe_keyspaces', () => s.describeKeyspaces()],
      ['describe_keyspace', () => s.describeKeyspace('Ks')],
      ['set_keyspace', () => s.setKeyspace('Ks')],
      ['describe_cluster_name', () => s.describeClusterName()],
      ['describe_ring', () => s.describeRing('Ks')],
      ['describe_schema_versions', () => s.describeSchemaVersions()],
      ['describe_partitioner', () => s.describePartitioner()],
      ['describe_snitch', () => s.describeSnitch()],
      ['describe_splits', () => s.describeSplits('Cf', '0', '0', 10)],
    ];
    for (const [name, call] of refused) {
      await rejectsThrift(call(), 'InvalidRequestException', /^You have not logged in$/).catch((e: unknown) => assert.fail(`${name}: ${String(e)}`));
    }
    await s.login({ credentials: new Map([['username', 'alice'], ['password', 'secret']]) });
    assert.equal(s.mustLogIn(), false);
    assert.ok((await s.describeKeyspaces()).some((k) => k.name === 'Ks'));
    await s.setKeyspace('Ks');
    assert.equal((await s.describeKeyspace('Ks')).name, 'Ks');
  } finally {
    await n.close();
  }
});

test('set_keyspace: unknown keyspaces refused; data calls need one', () =>
  withKs(async (n) => {
    const s = n.session();
    await rejectsThrift(s.setKeyspace('Nope'), 'InvalidRequestException', /^Keyspace 'Nope' does not exist$/);
    assert.equal(s.keyspace, undefined);
    const noKs = /^You have not set a keyspace for this session$/;
    const col = { name: bytes('c'), value: bytes('v'), timestamp: 1n };
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Std' }, col), 'InvalidRequestException', noKs);
    await rejectsThrift(s.get(bytes('k'), { columnFamily: 'Std', column: bytes('c') }), 'InvalidRequestException', noKs);
    await rejectsThrift(s.getSlice(bytes('k'), { columnFamily: 'Std' }, ALL), 'InvalidRequestException', noKs);
    await rejectsThrift(s.getCount(bytes('k'), { columnFamily: 'Std' }, ALL), 'InvalidRequestException', noKs);
    await rejectsThrift(s.multigetSlice([bytes('k')], { columnFamily: 'Std' }, ALL), 'InvalidRequestException', noKs);
    await rejectsThrift(s.multigetCount([bytes('k')], { columnFamily: 'Std' }, ALL), 'InvalidRequestException', noKs);
    await rejectsThrift(s.getRangeSlices({ columnFamily: 'Std' }, ALL, { startKey: Buffer.alloc(0), endKey: Buffer.alloc(0), count: 10 }), 'InvalidRequestException', noKs);
    await rejectsThrift(s.getIndexedSlices({ columnFamily: 'Idx' }, { expressions: [], startKey: Buffer.alloc(0), count: 1 }, ALL), 'InvalidRequestException', noKs);
    await rejectsThrift(s.remove(bytes('k'), { columnFamily: 'Std' }, 1n), 'InvalidRequestException', noKs);
    await rejectsThrift(s.add(bytes('k'), { columnFamily: 'Std' }, { name: bytes('c'), value: 1n }), 'InvalidRequestException', noKs);
    await rejectsThrift(s.removeCounter(bytes('k'), { columnFamily: 'Std' }), 'InvalidRequestException', noKs);
    await rejectsThrift(s.batchMutate(new Map()), 'InvalidRequestException', noKs);
    await rejectsThrift(s.truncate('Std'), 'InvalidRequestException', noKs);
    await rejectsThrift(s.describeSplits('Std', '0', '0', 10), 'InvalidRequestException', noKs);
    // The system keyspace may be set (0.7 clients do) but serves no column family.
    await s.setKeyspace('system');
    await rejectsThrift(s.getSlice(bytes('k'), { columnFamily: 'Schema' }, ALL), 'InvalidRequestException', /unconfigured columnfamily Schema/);
    // A keyspace dropped under the session: its calls say so.
    await s.setKeyspace('Ks');
    await n.session().systemDropKeyspace('Ks');
    await rejectsThrift(s.getSlice(bytes('k'), { columnFamily: 'Std' }, ALL), 'InvalidRequestException', /Keyspace Ks does not exist/);
  }));

test('reads and writes: insert, get, slices, counts, multiget, ranges, indexed slices, remove, batch, truncate', () =>
  withKs(async (_n, s) => {
    const std = { columnFamily: 'Std' };
    for (const [key, name, value] of [['a', 'x', '1'], ['a', 'y', '2'], ['b', 'x', '3']] as const) {
      await s.insert(bytes(key), std, { name: bytes(name), value: bytes(value), timestamp: 10n });
    }
    const got = await s.get(bytes('a'), { columnFamily: 'Std', column: bytes('y') });
    assert.deepEqual(got, { column: { name: bytes('y'), value: bytes('2'), timestamp: 10n } });
    await rejectsThrift(s.get(bytes('a'), { columnFamily: 'Std', column: bytes('zz') }), 'NotFoundException');
    await rejectsThrift(s.get(bytes('nobody'), { columnFamily: 'Std', column: bytes('x') }), 'NotFoundException');
    assert.deepEqual((await s.getSlice(bytes('a'), std, ALL)).map((c) => c.column!.name.toString()), ['x', 'y']);
    assert.equal(await s.getCount(bytes('a'), std, ALL), 2);
    const multi = await s.multigetSlice([bytes('a'), bytes('b'), bytes('none')], std, { columnNames: [bytes('x')] });
    assert.deepEqual([...multi].map(([k, cols]) => [k.toString(), cols.map((c) => c.column!.value.toString())]), [['a', ['1']], ['b', ['3']], ['none', []]]);
    const counts = await s.multigetCount([bytes('a'), bytes('b')], std, ALL);
    assert.deepEqual([...counts].map(([k, c]) => [k.toString(), c]), [['a', 2], ['b', 1]]);
    const ranges = await s.getRangeSlices(std, ALL, { startToken: '-9223372036854775808', endToken: '-9223372036854775808', count: 10 });
    assert.deepEqual(ranges.map((r) => r.key.toString()).sort(), ['a', 'b']);

    await s.insert(bytes('p1'), { columnFamily: 'Idx' }, { name: bytes('city'), value: bytes('Oslo'), timestamp: 1n });
    await s.insert(bytes('p2'), { columnFamily: 'Idx' }, { name: bytes('city'), value: bytes('Rome'), timestamp: 1n });
    const byCity = await s.getIndexedSlices({ columnFamily: 'Idx' }, { expressions: [{ columnName: bytes('city'), op: 'EQ', value: bytes('Rome') }], startKey: Buffer.alloc(0), count: 10 }, ALL);
    assert.deepEqual(byCity.map((r) => r.key.toString()), ['p2']);

    await s.remove(bytes('a'), { columnFamily: 'Std', column: bytes('x') }, 11n);
    assert.deepEqual((await s.getSlice(bytes('a'), std, ALL)).map((c) => c.column!.name.toString()), ['y']);

    // Super column families: a sub-column by parent, read back as a super column.
    await s.insert(bytes('a'), { columnFamily: 'Sup', superColumn: bytes('s1') }, { name: bytes('c'), value: bytes('v'), timestamp: 1n });
    const sup = await s.get(bytes('a'), { columnFamily: 'Sup', superColumn: bytes('s1') });
    assert.deepEqual(sup.superColumn?.columns.map((c) => c.name.toString()), ['c']);

    await s.batchMutate(
      batch([
        ['c', 'Std', [{ columnOrSuperColumn: { column: { name: bytes('z'), value: bytes('9'), timestamp: 1n } } }]],
        ['b', 'Std', [{ deletion: { timestamp: 20n } }]],
      ]),
    );
    assert.equal((await s.getSlice(bytes('c'), std, ALL)).length, 1);
    assert.equal((await s.getSlice(bytes('b'), std, ALL)).length, 0);

    await s.truncate('Std');
    assert.equal((await s.getSlice(bytes('a'), std, ALL)).length, 0);
    await rejectsThrift(s.truncate('Nope'), 'InvalidRequestException', /unconfigured columnfamily Nope/);
  }));

test('0.7 refusals: unknown column family, comparator and validator checks, super calls on a standard CF, TTLs', () =>
  withKs(async (_n, s) => {
    const col = (name: Buffer, value = bytes('v'), extra: { ttl?: number } = {}) => ({ name, value, timestamp: 1n, ...extra });
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Nope' }, col(bytes('c'))), 'InvalidRequestException', /unconfigured columnfamily Nope/);
    await rejectsThrift(s.getSlice(bytes('k'), { columnFamily: 'Nope' }, ALL), 'InvalidRequestException', /unconfigured columnfamily Nope/);
    // A LongType name must be 8 bytes.
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Longs' }, col(bytes('abc'))), 'InvalidRequestException', /LongType/);
    await s.insert(bytes('k'), { columnFamily: 'Longs' }, col(long(5)));
    // Invalid UTF-8 as a UTF8Type name, and as a UTF8Type value.
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Std' }, col(Buffer.from([0xc3, 0x28]))), 'InvalidRequestException', /UTF8Type/);
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Std' }, col(bytes('c'), Buffer.from([0xff]))), 'InvalidRequestException', /UTF8Type/);
    await rejectsThrift(s.getSlice(bytes('k'), { columnFamily: 'Std' }, { columnNames: [Buffer.from([0xff])] }), 'InvalidRequestException', /UTF8Type/);
    // Super column arguments on a standard column family; a super CF without one.
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Std', superColumn: bytes('s') }, col(bytes('c'))), 'InvalidRequestException', /standard CF Std/);
    await rejectsThrift(s.get(bytes('k'), { columnFamily: 'Std', superColumn: bytes('s'), column: bytes('c') }), 'InvalidRequestException', /supercolumn parameter is invalid for standard CF Std/);
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Sup' }, col(bytes('c'))), 'InvalidRequestException', /super CF Sup/);
    // TTLs: positive and at most twenty years.
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Std' }, col(bytes('c'), bytes('v'), { ttl: 0 })), 'InvalidRequestException', /ttl must be positive/);
    await rejectsThrift(s.insert(bytes('k'), { columnFamily: 'Std' }, col(bytes('c'), bytes('v'), { ttl: 20 * 365 * 86400 + 1 })), 'InvalidRequestException', /ttl is too large/);
    await rejectsThrift(s.insert(Buffer.alloc(0), { columnFamily: 'Std' }, col(bytes('c'))), 'InvalidRequestException', /Key may not be empty/);
    // A bad mutation anywhere in a batch writes nothing.
    await rejectsThrift(
      s.batchMutate(
        batch([
          ['ok', 'Std', [{ columnOrSuperColumn: { column: col(bytes('c')) } }]],
          ['bad', 'Longs', [{ columnOrSuperColumn: { column: col(bytes('x')) } }]],
        ]),
      ),
      'InvalidRequestException',
    );
    assert.equal((await s.getSlice(bytes('ok'), { columnFamily: 'Std' }, ALL)).length, 0);
    await rejectsThrift(s.batchMutate(batch([['k', 'Std', [{ deletion: {} }]]])), 'InvalidRequestException', /timestamp is required/);
  }));
