/**
 * Seed 000's Twitter demo through Thrift, with exactly the calls its Ruby client (the `cassandra`
 * gem, 0.7 protocol) makes for each step of the irb session, in the gem's order and shapes:
 *
 * - `Cassandra.new('Twitter')`, on first use: describe_ring('Twitter') on a throwaway connection
 *   (node discovery), then a connection with set_keyspace('Twitter')
 * - the first call that needs the schema: describe_keyspace('Twitter') (is the column family
 *   Super? which comparators name its columns and sub columns?)
 * - `insert(cf, key, hash)`: one batch_mutate {key: {cf: [Mutation(Column…)]}} (super column
 *   families: one Mutation(SuperColumn(name, [Column…])) per super column); timestamps in µs
 * - `get(cf, key, column)` on a standard column family: multiget_slice([key], ColumnParent(cf),
 *   SlicePredicate(column_names: [column])), the value of that column
 * - `get(cf, key, super_column, :reversed => true)`: multiget_slice([key], ColumnParent(cf,
 *   super_column), SlicePredicate(SliceRange('', '', reversed, 100)))
 * - `get(cf, key)`: multiget_slice([key], ColumnParent(cf), SliceRange('', '', false, 100)) — the
 *   seed's "ordered hash of all columns"
 * - `count_columns(cf, key)`: get_count(key, ColumnParent(cf), SliceRange('', ''))
 * - `get_range(cf)`: get_range_slices(ColumnParent(cf), SliceRange('', ''), KeyRange('', '', 100));
 *   rows without columns are dropped by the gem
 * - `remove(cf, key[, column])`: remove(key, ColumnPath(cf[, column]), timestamp)
 *
 * The schema is the seed's (Users, Statuses, StatusRelationships) made with system_add_keyspace,
 * plus UserRelationships — the column family the demo writes, defined in the Twitter schema of
 * seed 003 — made with system_add_column_family, as examples/twitter does.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRealEnv } from '../../src/env/index.js';
import { TimeUuidGenerator, timeUuidTimestamp100ns } from '../../src/marshal/index.js';
import type { CassandraClient, TColumnOrSuperColumn } from './thrift-js-client.js';
import { SIMPLE_STRATEGY, type ThriftTestNode, nowMicros, startThriftNode } from './thrift-test-node.js';

const MARSHAL = 'org.apache.cassandra.db.marshal.';
/** The gem's `SliceRange.new(:start => '', :finish => '')`: the IDL defaults fill in reversed and count. */
const GEM_RANGE = { slice_range: { start: '', finish: '', reversed: false, count: 100 } };
let node: ThriftTestNode;
let ONE: number;

before(async () => {
  node = await startThriftNode('127.0.0.53');
  ONE = node.ONE;
});
after(async () => {
  await node?.close();
});

/** The gem's view of one column family, from describe_keyspace. */
interface CfShape {
  readonly isSuper: boolean;
  readonly comparator: string;
  readonly subcomparator: string | null | undefined;
}

/** What `Cassandra.new(keyspace)` does on first use, and the schema it then loads once. */
async function gemConnect(keyspace: string): Promise<{ client: CassandraClient; schema: Map<string, CfShape> }> {
  const discovery = await node.connect();
  const ring = await discovery.client.describe_ring(keyspace);
  assert.deepEqual([...new Set(ring.flatMap((r) => r.endpoints))], [node.host], 'node discovery finds this node');
  discovery.close();
  const { client } = await node.connect(keyspace);
  const ks = await client.describe_keyspace(keyspace);
  const schema = new Map(ks.cf_defs.map((cf) => [cf.name, { isSuper: cf.column_type === 'Super', comparator: cf.comparator_type!, subcomparator: cf.subcomparator_type }]));
  return { client, schema };
}

function valuesOf(list: TColumnOrSuperColumn[]): [Buffer, string][] {
  return list.map((c) => [c.column!.name, c.column!.value.toString()]);
}

test('seed 000: the Twitter schema through system_add_keyspace and system_add_column_family', async () => {
  const { client: c } = await node.connect();
  const utf8 = `${MARSHAL}UTF8Type`;
  await c.system_add_keyspace({
    name: 'Twitter',
    strategy_class: SIMPLE_STRATEGY,
    replication_factor: 1,
    cf_defs: [
      { keyspace: 'Twitter', name: 'Users', comparator_type: utf8, column_type: 'Standard' },
      { keyspace: 'Twitter', name: 'Statuses', comparator_type: utf8, column_type: 'Standard' },
      { keyspace: 'Twitter', name: 'StatusRelationships', subcomparator_type: `${MARSHAL}TimeUUIDType`, comparator_type: utf8, column_type: 'Super' },
    ],
  });
  await c.set_keyspace('Twitter');
  await c.system_add_column_family({ keyspace: 'Twitter', name: 'UserRelationships', subcomparator_type: `${MARSHAL}TimeUUIDType`, comparator_type: utf8, column_type: 'Super' });
});

test('seed 000: the irb session through the Ruby client\'s Thrift calls gives the seed\'s timeline', async () => {
  const uuids = (() => {
    const env = createRealEnv();
    return new TimeUuidGenerator(env.clock, env.random);
  })();
  // twitter = Cassandra.new('Twitter')
  const { client: twitter, schema } = await gemConnect('Twitter');
  // What the gem reads from the schema to encode names: UserRelationships is Super, its sub
  // columns TimeUUIDs (UUID objects), everything else UTF-8 strings.
  assert.deepEqual(schema.get('UserRelationships'), { isSuper: true, comparator: `${MARSHAL}UTF8Type`, subcomparator: `${MARSHAL}TimeUUIDType` });
  assert.equal(schema.get('Users')?.isSuper, false);
  assert.equal(schema.get('Statuses')?.comparator, `${MARSHAL}UTF8Type`);

  const insert = (cf: string, key: string, hash: Record<string, string>) => {
    const ts = nowMicros();
    return twitter.batch_mutate({ [key]: { [cf]: Object.entries(hash).map(([name, value]) => ({ column_or_supercolumn: { column: { name, value, timestamp: ts } } })) } }, ONE);
  };
  const insertSuper = (cf: string, key: string, hash: Record<string, [Buffer, string][]>) => {
    const ts = nowMicros();
    return twitter.batch_mutate({
      [key]: { [cf]: Object.entries(hash).map(([name, subs]) => ({ column_or_supercolumn: { super_column: { name, columns: subs.map(([n, value]) => ({ name: n, value, timestamp: ts })) } } })) },
    }, ONE);
  };

  // user = {'screen_name' => 'buttonscat'}; twitter.insert(:Users, '5', user)
  await insert('Users', '5', { screen_name: 'buttonscat' });
  // twitter.insert(:Statuses, '1', {'text' => 'Nom nom nom nom nom.', 'user_id' => '5'})
  await insert('Statuses', '1', { text: 'Nom nom nom nom nom.', user_id: '5' });
  // twitter.insert(:Statuses, '2', {'text' => '@evan Zzzz....', 'user_id' => '5', 'reply_to_id' => '8'})
  await insert('Statuses', '2', { text: '@evan Zzzz....', user_id: '5', reply_to_id: '8' });
  // twitter.insert(:UserRelationships, '5', {'user_timeline' => {UUID.new => '1'}}), then => '2'
  const first = uuids.next();
  await insertSuper('UserRelationships', '5', { user_timeline: [[first, '1']] });
  const second = uuids.next();
  await insertSuper('UserRelationships', '5', { user_timeline: [[second, '2']] });

  // timeline = twitter.get(:UserRelationships, '5', 'user_timeline', :reversed => true)
  const got = await twitter.multiget_slice(['5'], { column_family: 'UserRelationships', super_column: 'user_timeline' }, { slice_range: { start: '', finish: '', reversed: true, count: 100 } }, ONE);
  assert.deepEqual(Object.keys(got), ['5']);
  const timeline = valuesOf(got['5']!);
  assert.deepEqual(timeline, [[second, '2'], [first, '1']], 'newest first: the TimeUUID collation reversed');
  assert.ok(timeUuidTimestamp100ns(first) < timeUuidTimestamp100ns(second));

  // timeline.map { |time, id| twitter.get(:Statuses, id, 'text') }
  const texts: string[] = [];
  for (const [, id] of timeline) {
    const rows = await twitter.multiget_slice([id], { column_family: 'Statuses' }, { column_names: ['text'] }, ONE);
    texts.push(valuesOf(rows[id]!).find(([n]) => n.toString() === 'text')![1]);
  }
  // # => ["@evan Zzzz....", "Nom nom nom nom nom."]
  assert.deepEqual(texts, ['@evan Zzzz....', 'Nom nom nom nom nom.']);

  // The data-model section: a key asked for without a column gives the ordered hash of all its
  // columns, e.g. twitter.get(:Statuses, '2') and twitter.get(:Users, '5').
  const all = { slice_range: { start: '', finish: '', reversed: false, count: 100 } };
  const status2 = await twitter.multiget_slice(['2'], { column_family: 'Statuses' }, all, ONE);
  assert.deepEqual(valuesOf(status2['2']!).map(([n, v]) => [n.toString(), v]), [['reply_to_id', '8'], ['text', '@evan Zzzz....'], ['user_id', '5']]);
  const user5 = await twitter.multiget_slice(['5'], { column_family: 'Users' }, all, ONE);
  assert.deepEqual(valuesOf(user5['5']!).map(([n, v]) => [n.toString(), v]), [['screen_name', 'buttonscat']]);
});

test("seed 000's data through the gem's other calls: count_columns, get_range, multi_get, remove", async () => {
  const { client: twitter } = await gemConnect('Twitter');
  const all = { slice_range: { start: '', finish: '', reversed: false, count: 100 } };
  // twitter.count_columns(:Statuses, '2')
  assert.equal(await twitter.get_count('2', { column_family: 'Statuses' }, GEM_RANGE, ONE), 3);
  // twitter.multi_get(:Statuses, ['1', '2'], 'text')
  const texts = await twitter.multiget_slice(['1', '2'], { column_family: 'Statuses' }, { column_names: ['text'] }, ONE);
  assert.deepEqual(Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[0]!.column!.value.toString()])), { 1: 'Nom nom nom nom nom.', 2: '@evan Zzzz....' });
  // twitter.get_range(:Statuses)
  const keysWithColumns = async () =>
    (await twitter.get_range_slices({ column_family: 'Statuses' }, GEM_RANGE, { start_key: '', end_key: '', count: 100 }, ONE))
      .filter((r) => r.columns.length > 0)
      .map((r) => r.key.toString())
      .sort();
  assert.deepEqual(await keysWithColumns(), ['1', '2']);
  // twitter.remove(:Statuses, '2', 'reply_to_id'); twitter.remove(:Statuses, '1')
  await twitter.remove('2', { column_family: 'Statuses', column: 'reply_to_id' }, nowMicros(), ONE);
  await twitter.remove('1', { column_family: 'Statuses' }, nowMicros(), ONE);
  const status2 = await twitter.multiget_slice(['2'], { column_family: 'Statuses' }, all, ONE);
  assert.deepEqual(status2['2']!.map((c) => c.column!.name.toString()), ['text', 'user_id']);
  assert.deepEqual(await keysWithColumns(), ['2']);
  // twitter.get(:Statuses, '1') after the remove: an empty hash
  const gone = await twitter.multiget_slice(['1'], { column_family: 'Statuses' }, all, ONE);
  assert.deepEqual(gone['1'], []);
});
