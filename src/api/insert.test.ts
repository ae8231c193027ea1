/**
 * The API's insert (ColumnFamily and Keyspace): it follows schema changes made through the same
 * handles (the per-definition access cache never serves a stale definition), refuses bad input
 * with typed errors and writes nothing, keeps super columns grouped, and TTLs apply; on both
 * backends.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError, MarshalError } from '../errors/index.js';
import type { Row, SuperRow } from './js-values.js';
import { BACKENDS, withTestDb } from '../../test/support/api-test-db.js';

for (const backend of BACKENDS) {
  test(`insert follows schema changes: a validator added later applies, a dropped column family refuses [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.addKeyspace({ name: 'App', tables: [{ name: 'Users', comparator: 'UTF8Type' }] });
      const users = t.db.columnFamily('App', 'Users');
      const ks = t.db.keyspace('App');
      await users.insert('u1', { age: 'forty' }); // BytesType values: any text
      await t.db.updateColumnFamily({ keyspace: 'App', name: 'Users', columnMetadata: [{ name: 'age', validator: 'LongType' }] });
      await assert.rejects(users.insert('u2', { age: 'forty' }), MarshalError);
      await assert.rejects(ks.insert('Users', 'u2', { age: 'forty' }), MarshalError);
      await users.insert('u2', { age: 40 });
      assert.deepEqual([...(await users.get('u2'))], [['age', 40n]]);
      await t.db.dropColumnFamily('App', 'Users');
      await assert.rejects(users.insert('u3', { age: 1 }), (e: unknown) => e instanceof InvalidRequestError && /unconfigured columnfamily Users/.test(e.message));
      await assert.rejects(ks.insert('Users', 'u3', { age: 1 }), InvalidRequestError);
    }, undefined, undefined, backend));

  test(`insert refuses bad input whole: nothing of the row is written [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.addKeyspace({ name: 'App', tables: [{ name: 'Nums', comparator: 'LongType' }, { name: 'Groups', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'LongType' }] });
      const nums = t.db.columnFamily('App', 'Nums');
      await assert.rejects(nums.insert('k', new Map<number | string, string>([[1, 'one'], ['two', 'bad name']])), MarshalError);
      await assert.rejects(nums.insert('k', { 1: 'one' }, { ttl: 0 }), /ttl must be positive/);
      await assert.rejects(nums.insert('k', { 1: { nested: 'map' } } as never), /not a super column family/);
      await assert.rejects(nums.insert('k', 'not columns' as never), /columns must be a plain object or a Map/);
      assert.equal(await nums.getCount('k'), 0);
      const groups = t.db.columnFamily('App', 'Groups');
      await assert.rejects(groups.insert('k', { a: 'flat' } as never), /takes super column name/);
      await assert.rejects(groups.insert('k', { a: { 1: 'one' }, b: { x: 'bad sub-column' } }), MarshalError);
      assert.equal(await groups.getCount('k'), 0);
      await groups.insert('k', new Map<string, Map<number, string> | Record<string, string>>([['a', new Map([[2, 'two'], [1, 'one']])], ['b', { 3: 'three' }]]));
      const row = await groups.get<SuperRow>('k');
      assert.deepEqual([...row.keys()], ['a', 'b']);
      assert.deepEqual([...row.get('a')!], [[1n, 'one'], [2n, 'two']]);
    }, undefined, undefined, backend));

  test(`insert with a TTL: the columns expire [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.addKeyspace({ name: 'App', tables: [{ name: 'Sessions', comparator: 'UTF8Type' }] });
      const sessions = t.db.columnFamily('App', 'Sessions');
      await sessions.insert('s', { token: 'abc' }, { ttl: 2 });
      await sessions.insert('s', { user: 'u1' });
      assert.deepEqual([...(await sessions.get<Row>('s')).keys()], ['token', 'user']);
      await t.elapse(3.2);
      assert.deepEqual([...(await sessions.get<Row>('s')).keys()], ['user']);
    }, undefined, undefined, backend));
}
