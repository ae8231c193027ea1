/** The pycassa-style ColumnFamily handle: get options, NotFoundError for an empty row, multiget and getRange leaving empty rows out, remove. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NotFoundError } from '../errors/index.js';
import { SEED_003_TWISSANDRA } from '../schema/fixtures/seed-schemas.js';
import type { Row, SuperRow } from './js-values.js';
import { BACKENDS, withTestDb } from '../../test/support/api-test-db.js';

for (const backend of BACKENDS) {
  test(`pycassa style on seed 003 Twissandra: column options, multiget, getRange, getCount, remove [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.loadSchema(SEED_003_TWISSANDRA);
      const userline = t.db.columnFamily('Twissandra', 'Userline');
      await userline.insert('u1', new Map([[30n, 't3'], [10n, 't1'], [20n, 't2']]));
      assert.deepEqual([...(await userline.get('u1', { columnReversed: true })).entries()], [[30n, 't3'], [20n, 't2'], [10n, 't1']]);
      assert.deepEqual([...(await userline.get('u1', { columnStart: 20n, columnCount: 1, columnReversed: true })).values()], ['t2']);
      assert.deepEqual([...(await userline.get('u1', { columns: [10, 30] })).values()], ['t1', 't3']);
      await assert.rejects(userline.get('nobody'), NotFoundError);
      assert.equal(await userline.getCount('u1'), 3);
      const rows = await userline.multiget(['u1', 'nobody']);
      assert.deepEqual([...rows.keys()], ['u1']);
      await userline.remove('u1', [20]);
      assert.deepEqual([...(await userline.get<Row>('u1')).keys()], [10n, 30n]);
      await userline.remove('u1');
      await assert.rejects(userline.get('u1'), NotFoundError);
      const user = t.db.keyspace('Twissandra').columnFamily('User');
      await user.insert('a', { username: 'ericflo' });
      await user.insert('b', { username: 'jericevans' });
      assert.equal((await user.getRange({ rowCount: 10 })).size, 2);
    }, undefined, undefined, backend));

  test(`pycassa style on a super column family: superColumn option and super column deletion [${backend}]`, () =>
    withTestDb(async (t) => {
      await t.db.addKeyspace({ name: 'K', tables: [{ name: 'AddressBook', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'UTF8Type' }] });
      const book = t.db.columnFamily('K', 'AddressBook');
      await book.insert('phatduckk', { John: { street: 'Howard street', zip: '94404' }, Kim: { street: 'X street' } });
      const all = await book.get<SuperRow>('phatduckk');
      assert.deepEqual([...all.keys()], ['John', 'Kim']);
      assert.deepEqual([...(await book.get('phatduckk', { superColumn: 'John' })).entries()], [['street', 'Howard street'], ['zip', '94404']]);
      assert.equal(await book.getCount('phatduckk'), 2);
      assert.equal(await book.getCount('phatduckk', { superColumn: 'John' }), 2);
      await book.remove('phatduckk', ['zip'], { superColumn: 'John' });
      assert.deepEqual([...(await book.get('phatduckk', { superColumn: 'John' })).keys()], ['street']);
      await book.remove('phatduckk', ['Kim']);
      assert.deepEqual([...(await book.get<SuperRow>('phatduckk')).keys()], ['John']);
    }, undefined, undefined, backend));
}
