/**
 * CQL tables through the TS API, on both backends: `ks.table(name)` inserts, selects and deletes
 * rows of a CREATE TABLE table (clustering DESC, a collection, a static column, TTL); column-family
 * calls refuse such a table instead of misreading it, but serve a COMPACT STORAGE table shaped
 * like a column family; and a Thrift-made column family is readable by its CQL view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../errors/index.js';
import type { Row } from './js-values.js';
import { CQL_BACKENDS, withTestDb } from '../../test/support/api-test-db.js';

for (const backend of CQL_BACKENDS) {
  test(`ks.table: rows of a CQL table with clustering, a list and a static column; TTL; delete [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.addKeyspace({ name: 'ks', tables: [] });
      await t.db.addColumnFamily({
        keyspace: 'ks',
        name: 'scores',
        cql: {
          partitionKey: [{ name: 'user', type: 'text' }],
          clustering: [{ name: 'game', type: 'int', order: 'DESC' }],
          regular: [{ name: 'points', type: 'bigint' }, { name: 'tags', type: 'list<text>' }],
          statics: [{ name: 'country', type: 'text' }],
        },
      });
      const scores = t.db.keyspace('ks').table('scores');
      await scores.insert({ user: 'ann', game: 1, points: 10n, tags: ['a', 'b'], country: 'NZ' });
      await scores.insert({ user: 'ann', game: 2, points: 30n });
      await scores.insert({ user: 'bob', game: 1, points: 5n }, { ttl: 2 });
      assert.deepEqual(await scores.select({ user: 'ann' }), [
        { user: 'ann', game: 2, country: 'NZ', points: 30n, tags: null },
        { user: 'ann', game: 1, country: 'NZ', points: 10n, tags: ['a', 'b'] },
      ]);
      assert.deepEqual(await scores.select({ user: 'ann', game: 1 }), [{ user: 'ann', game: 1, country: 'NZ', points: 10n, tags: ['a', 'b'] }]);
      assert.equal((await scores.select({}, { limit: 10 })).length, 3);
      await t.elapse(3.2);
      assert.deepEqual(await scores.select({ user: 'bob' }), [], 'the TTL ran out');
      await scores.delete({ user: 'ann', game: 2 });
      assert.deepEqual((await scores.select({ user: 'ann' })).map((r) => r.game), [1]);
      await assert.rejects(scores.insert({ user: 'ann', nope: 1 }), (e: unknown) => e instanceof InvalidRequestError && /Undefined column name nope/.test(e.message));
      await assert.rejects(scores.insert({ user: 'ann', game: 'x' }), InvalidRequestError);
      // Column-family calls would misread [clustering…, column name] cells: refused, pointing to ks.table.
      await assert.rejects(t.db.keyspace('ks').get('scores', 'ann'), (e: unknown) => e instanceof InvalidRequestError && /ks\.table\('scores'\)/.test(e.message));
      await assert.rejects(t.db.columnFamily('ks', 'scores').insert('ann', { x: 'y' }), InvalidRequestError);
    }, undefined, undefined, backend));

  test(`a COMPACT STORAGE table serves column-family calls; a column family is readable by its CQL view [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.addKeyspace({ name: 'ks', tables: [{ name: 'Users', comparator: 'UTF8Type', defaultValidator: 'UTF8Type', keyValidator: 'UTF8Type' }] });
      await t.db.addColumnFamily({ keyspace: 'ks', name: 'events', cql: { partitionKey: [{ name: 'k', type: 'text' }], clustering: [{ name: 'at', type: 'bigint' }], regular: [{ name: 'what', type: 'text' }], compact: true } });
      const ks = t.db.keyspace('ks');
      await ks.insert('events', 'k1', new Map([[20n, 'b'], [10n, 'a']]));
      assert.deepEqual([...(await ks.get<Row>('events', 'k1')).entries()], [[10n, 'a'], [20n, 'b']]);
      assert.deepEqual(await ks.table('events').select({ k: 'k1' }), [{ k: 'k1', at: 10n, what: 'a' }, { k: 'k1', at: 20n, what: 'b' }]);
      await ks.insert('Users', '5', { screen_name: 'buttonscat', name: 'Cat' });
      assert.deepEqual(await ks.table('Users').select({ key: '5' }), [{ key: '5', column1: 'name', value: 'Cat' }, { key: '5', column1: 'screen_name', value: 'buttonscat' }]);
      await ks.table('Users').insert({ key: '6', column1: 'screen_name', value: 'six' });
      assert.equal(await ks.get('Users', '6', 'screen_name'), 'six');
    }, undefined, undefined, backend));
}
