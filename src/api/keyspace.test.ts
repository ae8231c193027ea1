/**
 * The Ruby-style Keyspace API: insert/get/multiget/getRange/getCount/remove/batch on Standard and
 * Super column families, results as ordered Maps in comparator order, and the typed errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError, MarshalError, NotFoundError } from '../errors/index.js';
import { SEED_000_TWITTER } from '../schema/fixtures/seed-schemas.js';
import type { Row, SuperRow } from './js-values.js';
import { TimeUUID } from './time-uuid.js';
import { BACKENDS, type TestDb, withTestDb } from '../../test/support/api-test-db.js';

async function twitter(t: TestDb) {
  await t.db.loadSchema(SEED_000_TWITTER);
  await t.db.addColumnFamily({ keyspace: 'Twitter', name: 'UserRelationships', columnType: 'Super', comparator: 'UTF8Type', subcomparator: 'TimeUUIDType' });
  await t.db.addKeyspace({ name: 'Test', tables: [{ name: 'Numbers', comparator: 'LongType' }, { name: 'Typed', comparator: 'UTF8Type', columnMetadata: [{ name: 'age', validator: 'LongType' }, { name: 'nick', validator: 'UTF8Type' }] }] });
  return t.db.keyspace('Twitter');
}

for (const backend of BACKENDS) {
  test(`seed 000 demo: Users, Statuses, reversed user_timeline → the two texts [${backend}]`, () =>
    withTestDb(async (t) => {
      const tw = await twitter(t);
      await tw.insert('Users', '5', { screen_name: 'buttonscat' });
      await tw.insert('Statuses', '1', { text: 'Nom nom nom nom nom.', user_id: '5' });
      await tw.insert('Statuses', '2', { text: '@evan Zzzz....', user_id: '5', reply_to_id: '8' });
      await tw.insert('UserRelationships', '5', { user_timeline: new Map([[t.db.timeUuid(), '1']]) });
      await tw.insert('UserRelationships', '5', { user_timeline: new Map([[t.db.timeUuid(), '2']]) });
      const timeline = await tw.get<Row>('UserRelationships', '5', 'user_timeline', { reversed: true });
      const texts = await Promise.all([...timeline.values()].map((id) => tw.get('Statuses', id as string, 'text')));
      assert.deepEqual(texts, ['@evan Zzzz....', 'Nom nom nom nom nom.']);
      assert.ok([...timeline.keys()].every((k) => k instanceof TimeUUID));
      assert.deepEqual([...(await tw.get<Row>('Statuses', '2')).keys()], ['reply_to_id', 'text', 'user_id']);
      const superRow = await tw.get<SuperRow>('UserRelationships', '5');
      assert.deepEqual([...superRow.keys()], ['user_timeline']);
      assert.deepEqual([...superRow.get('user_timeline')!.values()], ['1', '2']);
      const first = [...timeline.keys()][1] as TimeUUID;
      assert.equal(await tw.get('UserRelationships', '5', 'user_timeline', first), '1', 'a sub-column by TimeUUID');
      assert.equal(await tw.get('UserRelationships', '5', 'user_timeline', first.toGuid()), '1', 'a sub-column by guid');
      assert.equal(await tw.get('Statuses', '1', 'nope'), undefined);
      assert.deepEqual(await tw.get('Statuses', 'absent'), new Map());
    }, undefined, undefined, backend));

  test(`slices: start/finish/count/reversed, names, LongType keys as bigint [${backend}]`, () =>
    withTestDb(async (t) => {
      await twitter(t);
      const ks = t.db.keyspace('Test');
      await ks.insert('Numbers', 'k', new Map([[123, 'hello there'], [832416, 'kjjkbcjkcbbd'], [3, '101010101010'], [976, 'kjjkbcjkcbbd']]));
      assert.deepEqual([...(await ks.get<Row>('Numbers', 'k')).keys()], [3n, 123n, 976n, 832416n]);
      assert.deepEqual([...(await ks.get<Row>('Numbers', 'k', { start: 100, finish: 1000 })).keys()], [123n, 976n]);
      assert.deepEqual([...(await ks.get<Row>('Numbers', 'k', { reversed: true, count: 2 })).keys()], [832416n, 976n]);
      assert.deepEqual([...(await ks.get<Row>('Numbers', 'k', { columns: [976, 3, 7] })).keys()], [3n, 976n]);
      assert.equal((await ks.get<Row>('Numbers', 'k')).get(123n), 'hello there');
      assert.equal(await ks.getCount('Numbers', 'k'), 4);
      assert.equal(await ks.getCount('Numbers', 'k', { start: 100 }), 3);
    }, undefined, undefined, backend));

  test(`typed validators: values encoded and decoded by column metadata [${backend}]`, () =>
    withTestDb(async (t) => {
      await twitter(t);
      const ks = t.db.keyspace('Test');
      if (backend !== 'remote') {
        await ks.insert('Typed', 'u', { age: 42, nick: 'x', other: 'bytes' });
        assert.deepEqual([...(await ks.get<Row>('Typed', 'u')).entries()], [['age', 42n], ['nick', 'x'], ['other', 'bytes']]);
      } else {
        // Over CQL a column family with column metadata shows only its named columns (Cassandra 2.x's view): refused, not lost.
        await assert.rejects(ks.insert('Typed', 'u', { age: 42, nick: 'x', other: 'bytes' }), (e: unknown) => e instanceof InvalidRequestError && /shows only its named columns \(age, nick\)/.test(e.message));
        assert.equal((await ks.get<Row>('Typed', 'u')).size, 0, 'a refused insert writes nothing');
        await ks.insert('Typed', 'u', { age: 42, nick: 'x' });
        assert.deepEqual([...(await ks.get<Row>('Typed', 'u')).entries()], [['age', 42n], ['nick', 'x']]);
      }
      await assert.rejects(ks.insert('Typed', 'u', { age: 'forty' }), MarshalError);
      await assert.rejects(ks.insert('Typed', 'u', { nick: Buffer.from([0xff]) }), InvalidRequestError, 'invalid UTF-8');
    }, undefined, undefined, backend));

  test(`multiget, getRange (order-preserving keys), remove at every level, batch [${backend}]`, () =>
    withTestDb(async (t) => {
      const tw = await twitter(t);
      for (const k of ['10049', '10050', '10060', '10070', '10071']) await tw.insert('Users', k, { name: `u${k}` });
      const many = await tw.multiget<Row>('Users', ['10060', 'nobody', '10050']);
      assert.deepEqual([...many.keys()], ['10060', 'nobody', '10050']);
      assert.equal(many.get('nobody')!.size, 0);
      assert.deepEqual([...(await tw.multiget('Users', ['10050', 'nobody'], 'name')).entries()], [['10050', 'u10050'], ['nobody', undefined]]);
      assert.deepEqual([...(await tw.getRange('Users', { start: '10050', finish: '10070' })).keys()], ['10050', '10060', '10070']);
      assert.equal((await tw.getRange('Users', { start: '10050', count: 2 })).size, 2);
      await tw.remove('Users', '10060', 'name');
      assert.deepEqual([...(await tw.getRange('Users', { start: '10050', finish: '10070' })).keys()], ['10050', '10070'], 'ghost rows left out');
      await tw.insert('UserRelationships', '5', { a: { [t.db.timeUuid().toGuid()]: '1' }, b: { [t.db.timeUuid().toGuid()]: '2' } });
      await tw.remove('UserRelationships', '5', 'a');
      assert.deepEqual([...(await tw.get<SuperRow>('UserRelationships', '5')).keys()], ['b']);
      await tw.batch((b) => {
        b.insert('Users', '7', { screen_name: 'seven' });
        b.insert('Statuses', '9', { text: 'batched' });
        b.remove('Users', '10050');
      });
      assert.equal(await tw.get('Users', '7', 'screen_name'), 'seven');
      assert.equal(await tw.get('Statuses', '9', 'text'), 'batched');
      assert.equal((await tw.get<Row>('Users', '10050')).size, 0);
      await assert.rejects(tw.batch((b) => { b.insert('Users', '8', { a: '1' }); b.insert('Nope', '8', { a: '1' }); }), InvalidRequestError);
      assert.equal((await tw.get<Row>('Users', '8')).size, 0, 'a refused batch writes nothing');
    }, 'OrderPreservingPartitioner', undefined, backend));

  test(`errors: unknown keyspace or CF, super call on a standard CF, map on a standard CF, bad TTL [${backend}]`, () =>
    withTestDb(async (t) => {
      const tw = await twitter(t);
      await assert.rejects(t.db.keyspace('Nope').get('Users', '5'), InvalidRequestError);
      await assert.rejects(tw.get('Nope', '5'), InvalidRequestError);
      await assert.rejects(tw.get('Users', '5', 'sc', 'col'), InvalidRequestError);
      await assert.rejects(tw.insert('Users', '5', { a: { b: 'c' } }), InvalidRequestError);
      await assert.rejects(tw.insert('UserRelationships', '5', { a: 'flat' }), InvalidRequestError);
      await assert.rejects(tw.insert('UserRelationships', '5', { a: { 'not-a-uuid': '1' } }), MarshalError);
      await assert.rejects(tw.insert('Users', '5', { a: '1' }, { ttl: -1 }), InvalidRequestError);
      assert.equal((await tw.get<Row>('Users', '5')).size, 0, 'nothing written');
    }, undefined, undefined, backend));

  test(`TTL, explicit timestamps, and data and schema surviving a reopen [${backend}]`, async () => {
    await withTestDb(async (t0) => {
      const tw = await twitter(t0);
      await tw.insert('Users', '5', { screen_name: 'buttonscat' });
      await tw.insert('Users', '5', { temp: 'x' }, { ttl: 2 });
      await tw.insert('Users', '5', { screen_name: 'older' }, { timestamp: 1 });
      assert.equal(await tw.get('Users', '5', 'screen_name'), 'buttonscat', 'an older timestamp loses');
      await t0.elapse(3.2);
      assert.deepEqual([...(await tw.get<Row>('Users', '5')).keys()], ['screen_name']);
      const t1 = await t0.reopen();
      try {
        assert.equal(await t1.db.keyspace('Twitter').get('Users', '5', 'screen_name'), 'buttonscat');
        const again = await t1.db.loadSchema(SEED_000_TWITTER);
        assert.deepEqual(again.keyspacesAdded, []);
        assert.deepEqual(again.columnFamiliesAdded, []);
        assert.deepEqual(again.existing.map((e) => e.columnFamily ?? e.keyspace), ['Twitter', 'Users', 'Statuses', 'StatusRelationships']);
        // A schema that cannot load as a whole changes nothing, not even its valid parts.
        await assert.rejects(t1.db.loadSchema('{"Fresh":{"A":{}},"Twitter":{"users":{}}}'), /case-insensitively unique/);
        await assert.rejects(t1.db.keyspace('Fresh').get('A', 'k'), /Keyspace Fresh does not exist/);
        const twitter = await t1.db.describeKeyspace('Twitter');
        assert.equal(twitter.tables.find((c) => c.name === 'StatusRelationships')!.subcomparator!.name, 'TimeUUIDType');
        assert.deepEqual((await t1.db.describeKeyspaces()).map((k) => k.name).sort(), ['Test', 'Twitter']);
        await assert.rejects(t1.db.describeKeyspace('Fresh'), NotFoundError);
      } finally {
        await t1.close();
      }
    }, undefined, undefined, backend);
  });
}
