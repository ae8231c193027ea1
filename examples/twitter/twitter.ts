/**
 * Seed 000's Twitter demo: the JSON schema (plus UserRelationships from the XML form of seed 003,
 * example 16.1), the irb session's inserts, the reversed user_timeline mapped to status texts, and
 * the home_timeline fan-out the seed suggests: each status a user posts goes into every follower's
 * home_timeline.
 */
import { type Ilium, type Keyspace, type Row } from '../../src/index.js';
import { type ExampleRun, isMain, runExample } from '../run-example.js';

export const TWITTER_JSON_SCHEMA = `{"Twitter":{ "Users":{ "comparator_type":"org.apache.cassandra.db.marshal.UTF8Type", "column_type":"Standard"}, "Statuses":{ "comparator_type":"org.apache.cassandra.db.marshal.UTF8Type", "column_type":"Standard"}, "StatusRelationships":{ "subcomparator_type":"org.apache.cassandra.db.marshal.TimeUUIDType", "comparator_type":"org.apache.cassandra.db.marshal.UTF8Type", "column_type":"Super"}, }}`;

export const TWITTER_XML_SCHEMA = `<Keyspace Name="Twitter">
<ColumnFamily CompareWith="UTF8Type" Name="Statuses" />
<ColumnFamily CompareWith="UTF8Type" Name="StatusAudits" />
<ColumnFamily CompareWith="UTF8Type" Name="StatusRelationships"
CompareSubcolumnsWith="TimeUUIDType" ColumnType="Super" />
<ColumnFamily CompareWith="UTF8Type" Name="Users" />
<ColumnFamily CompareWith="UTF8Type" Name="UserRelationships"
CompareSubcolumnsWith="TimeUUIDType" ColumnType="Super" />
</Keyspace>`;

export interface TwitterResult extends ExampleRun {
  /** The seed's answer: `["@evan Zzzz....", "Nom nom nom nom nom."]`. */
  readonly timeline: string[];
  /** Follower id → the status texts of their home_timeline, newest first. */
  readonly homeTimelines: Map<string, string[]>;
}

export async function run(db: Ilium): Promise<TwitterResult> {
  await db.loadSchema(TWITTER_JSON_SCHEMA);
  await db.loadSchema(TWITTER_XML_SCHEMA); // adds StatusAudits and UserRelationships
  const twitter = db.keyspace('Twitter');
  await twitter.insert('Users', '5', { screen_name: 'buttonscat' });
  await twitter.insert('Statuses', '1', { text: 'Nom nom nom nom nom.', user_id: '5' });
  await twitter.insert('Statuses', '2', { text: '@evan Zzzz....', user_id: '5', reply_to_id: '8' });
  await twitter.insert('UserRelationships', '5', { user_timeline: new Map([[db.timeUuid(), '1']]) });
  await twitter.insert('UserRelationships', '5', { user_timeline: new Map([[db.timeUuid(), '2']]) });
  const timeline = await statusTexts(twitter, '5', 'user_timeline');

  for (const [id, name] of [['6', 'commiecat'], ['7', 'evan']] as const) await follow(db, twitter, id, name, '5');
  await postStatus(db, twitter, '5', '3', 'Nap time is over.');
  await postStatus(db, twitter, '5', '4', 'Dinner?');
  const homeTimelines = new Map<string, string[]>();
  for (const id of ['6', '7']) homeTimelines.set(id, await statusTexts(twitter, id, 'home_timeline'));
  const lines = [`user_timeline of 5: ${JSON.stringify(timeline)}`, ...[...homeTimelines].map(([id, texts]) => `home_timeline of ${id}: ${JSON.stringify(texts)}`)];
  return { timeline, homeTimelines, lines };
}

/** The seed's query: the relationship reversed (newest first), each id mapped to its status text. */
async function statusTexts(twitter: Keyspace, userId: string, relationship: string): Promise<string[]> {
  const ids = await twitter.get<Row>('UserRelationships', userId, relationship, { reversed: true });
  return Promise.all([...ids.values()].map(async (id) => String(await twitter.get('Statuses', String(id), 'text'))));
}

async function follow(db: Ilium, twitter: Keyspace, followerId: string, screenName: string, userId: string): Promise<void> {
  await twitter.insert('Users', followerId, { screen_name: screenName });
  await twitter.insert('UserRelationships', userId, { followers: new Map([[db.timeUuid(), followerId]]) });
}

/** A new status: the status row, the author's user_timeline, and every follower's home_timeline, in one batch. */
async function postStatus(db: Ilium, twitter: Keyspace, userId: string, statusId: string, text: string): Promise<void> {
  const followers = await twitter.get<Row>('UserRelationships', userId, 'followers', { count: 5000 });
  const at = db.timeUuid();
  await twitter.batch((b) => {
    b.insert('Statuses', statusId, { text, user_id: userId });
    b.insert('UserRelationships', userId, { user_timeline: new Map([[at, statusId]]) });
    for (const follower of followers.values()) b.insert('UserRelationships', String(follower), { home_timeline: new Map([[at, statusId]]) });
  });
}

if (isMain(import.meta.url)) await runExample('twitter', run);
