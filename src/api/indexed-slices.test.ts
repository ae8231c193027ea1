/**
 * get_indexed_slices through the API, both styles: expressions and values converted by the column
 * family's types, results as key → Row in index order, paging by start key, the typed errors,
 * rows dropping out when updated, deleted or expired; and `updateColumnFamily` adding an index to
 * a column family that already holds rows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError, MarshalError } from '../errors/index.js';
import type { Row } from './js-values.js';
import { createIndexClause, createIndexExpression } from './index-clause.js';
import { BACKENDS, type TestDb, withTestDb } from '../../test/support/api-test-db.js';

async function users(t: TestDb) {
  await t.db.addKeyspace({
    name: 'App',
    tables: [
      {
        name: 'Users',
        comparator: 'UTF8Type',
        keyValidator: 'UTF8Type',
        columnMetadata: [
          { name: 'state', validator: 'UTF8Type', indexType: 'KEYS' },
          { name: 'birth_year', validator: 'LongType', indexType: 'KEYS' },
          { name: 'name', validator: 'UTF8Type' },
        ],
      },
    ],
  });
  const cf = t.db.columnFamily('App', 'Users');
  await cf.insert('jsmith', { name: 'John Smith', state: 'UT', birth_year: 1971 });
  await cf.insert('mscott', { name: 'Mike Scott', state: 'UT', birth_year: 1980 });
  await cf.insert('jbird', { name: 'Jeff Bird', state: 'UT', birth_year: 1965 });
  await cf.insert('adoe', { name: 'Ann Doe', state: 'CA', birth_year: 1980 });
  return cf;
}

for (const backend of BACKENDS) {
  test(`pycassa style: expressions, typed values, column options, count and paging in index order [${backend}]`, () =>
    withTestDb(async (t) => {
      const cf = await users(t);
      const utah = createIndexExpression('state', 'UT');
      const after1970 = createIndexExpression('birth_year', 1970, 'GT');
      const rows = await cf.getIndexedSlices(createIndexClause([utah, after1970]));
      assert.deepEqual([...rows.keys()], ['jsmith', 'mscott'], 'key order under the order-preserving partitioner');
      assert.deepEqual([...rows.get('jsmith')!.entries()], [['birth_year', 1971n], ['name', 'John Smith'], ['state', 'UT']]);
      const names = await cf.getIndexedSlices({ expressions: [{ column: 'state', value: 'UT' }] }, { columns: ['name'] });
      assert.deepEqual([...names.entries()].map(([k, r]) => [k, [...r.values()]]), [['jbird', ['Jeff Bird']], ['jsmith', ['John Smith']], ['mscott', ['Mike Scott']]]);
      assert.deepEqual([...(await cf.getIndexedSlices({ expressions: [utah] }, { columnStart: 'n', columnCount: 1 })).get('jbird')!.keys()], ['name']);
      const page1 = await cf.getIndexedSlices({ expressions: [utah], count: 2 });
      assert.deepEqual([...page1.keys()], ['jbird', 'jsmith']);
      const page2 = await cf.getIndexedSlices({ expressions: [utah], startKey: 'jsmith', count: 2 });
      assert.deepEqual([...page2.keys()], ['jsmith', 'mscott'], 'the start key is inclusive');
      const born1980 = await cf.getIndexedSlices({ expressions: [{ column: 'birth_year', value: 1980n, op: 'EQ' }, { column: 'state', value: 'M', op: 'LT' }] });
      assert.deepEqual([...born1980.keys()], ['adoe']);
      assert.equal((await cf.getIndexedSlices({ expressions: [utah] }, { columns: ['nickname'] })).size, 0, 'rows without selected columns are left out');
    }, 'OrderPreservingPartitioner', undefined, backend));

  test(`Ruby style: an expression list with keyStart/keyCount, or a whole clause [${backend}]`, () =>
    withTestDb(async (t) => {
      await users(t);
      const app = t.db.keyspace('App');
      const born = await app.getIndexedSlices('Users', [{ column: 'state', value: 'UT', op: '==' }, { column: 'birth_year', value: 1971, op: '>=' }]);
      assert.deepEqual([...born.keys()].sort(), ['jsmith', 'mscott']);
      assert.equal((await app.getIndexedSlices('Users', [{ column: 'state', value: 'UT' }], { keyCount: 1 })).size, 1);
      const cols = await app.getIndexedSlices<Row>('Users', [{ column: 'state', value: 'CA' }], { start: 'name', finish: 'name' });
      assert.deepEqual([...cols.get('adoe')!.entries()], [['name', 'Ann Doe']]);
      const clause = await app.getIndexedSlices('Users', { expressions: [{ column: 'birth_year', value: 1965, op: '<=' }, { column: 'state', value: 'UT' }] });
      assert.deepEqual([...clause.keys()], ['jbird']);
    }, undefined, undefined, backend));

  test(`errors: no indexed EQ expression, unknown operator, badly typed value, unknown column family [${backend}]`, () =>
    withTestDb(async (t) => {
      const cf = await users(t);
      await assert.rejects(cf.getIndexedSlices({ expressions: [{ column: 'name', value: 'John Smith' }] }), (e: unknown) => e instanceof InvalidRequestError && /No indexed columns present in index clause with operator EQ/.test(e.message));
      await assert.rejects(cf.getIndexedSlices({ expressions: [{ column: 'state', value: 'UT', op: 'GT' }] }), InvalidRequestError);
      await assert.rejects(cf.getIndexedSlices({ expressions: [] }), /may not be empty/);
      await assert.rejects(cf.getIndexedSlices({ expressions: [{ column: 'state', value: 'UT', op: 'LIKE' as 'EQ' }] }), (e: unknown) => e instanceof InvalidRequestError && /Unknown index operator LIKE/.test(e.message));
      await assert.rejects(cf.getIndexedSlices({ expressions: [{ column: 'birth_year', value: 'nineteen' }] }), MarshalError);
      await assert.rejects(t.db.keyspace('App').getIndexedSlices('Nope', [{ column: 'state', value: 'UT' }]), InvalidRequestError);
      await assert.rejects(cf.getIndexedSlices(null as never), InvalidRequestError);
    }, undefined, undefined, backend));

  test(`rows updated, deleted or expired drop out of index results [${backend}]`, () =>
    withTestDb(async (t) => {
      const cf = await users(t);
      const utah = { expressions: [createIndexExpression('state', 'UT')] };
      await cf.insert('jsmith', { state: 'NV' });
      await cf.remove('mscott');
      await cf.insert('tmp', { state: 'UT', name: 'Temp' }, { ttl: 2 });
      assert.deepEqual([...(await cf.getIndexedSlices(utah)).keys()].sort(), ['jbird', 'tmp']);
      await t.elapse(3.2);
      assert.deepEqual([...(await cf.getIndexedSlices(utah)).keys()], ['jbird']);
      await cf.remove('jbird', ['state']);
      assert.equal((await cf.getIndexedSlices(utah)).size, 0);
      assert.deepEqual([...(await cf.getIndexedSlices({ expressions: [createIndexExpression('state', 'NV')] })).keys()], ['jsmith']);
    }, undefined, undefined, backend));

  test(`updateColumnFamily: options not given keep their values; an index added over existing rows finds them, also after a reopen [${backend}]`, async () => {
    await withTestDb(async (t0) => {
      await t0.db.addKeyspace({ name: 'App', tables: [{ name: 'Tweets', comparator: 'UTF8Type', keyValidator: 'UTF8Type', columnMetadata: [{ name: 'user', validator: 'UTF8Type' }, { name: 'text', validator: 'UTF8Type' }] }] });
      const tweets = t0.db.columnFamily('App', 'Tweets');
      for (let i = 0; i < 50; i++) await tweets.insert(`t${i}`, { user: i % 5 === 0 ? 'ann' : 'bob', text: `tweet ${i}` });
      await assert.rejects(tweets.getIndexedSlices({ expressions: [{ column: 'user', value: 'ann' }] }), InvalidRequestError);
      const before = await t0.db.updateColumnFamily({ keyspace: 'App', name: 'Tweets', comment: 'short texts' });
      assert.equal(before.columnMetadata.length, 2, 'metadata kept');
      assert.equal(before.comparator.name, 'UTF8Type');
      await t0.db.updateColumnFamily({ keyspace: 'App', name: 'Tweets', columnMetadata: [{ name: 'user', validator: 'UTF8Type', indexType: 'KEYS' }, { name: 'text', validator: 'UTF8Type' }] });
      const ann = await tweets.getIndexedSlices({ expressions: [{ column: 'user', value: 'ann' }] });
      assert.equal(ann.size, 10);
      assert.equal(ann.get('t5')!.get('text'), 'tweet 5');
      await assert.rejects(t0.db.updateColumnFamily({ keyspace: 'App', name: 'Tweets', keyValidator: 'LongType' }), (e: unknown) => e instanceof InvalidRequestError && /key validators do not match/.test(e.message));
      const t1 = await t0.reopen();
      try {
        const again = t1.db.columnFamily('App', 'Tweets');
        assert.equal((await again.getIndexedSlices({ expressions: [{ column: 'user', value: 'ann' }], count: 1000 })).size, 10);
        assert.equal((await t1.db.keyspace('App').getIndexedSlices('Tweets', [{ column: 'user', value: 'bob' }], { keyCount: 1000 })).size, 40);
      } finally {
        await t1.close();
      }
    }, undefined, undefined, backend);
  });
}
