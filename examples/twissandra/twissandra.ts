/**
 * Twissandra (seeds 001-003) in pycassa style: the seven column families of seed 003's XML,
 * register (User + the Username inverted index), follow (Friends/Followers), tweet (Tweet,
 * Userline, and Timeline for the author and every follower, LongType microsecond timestamps as
 * names), and userline/timeline newest first with start/limit pagination.
 */
import { type ColumnFamily, type Ilium, NotFoundError, type Row } from '../../src/index.js';
import { type ExampleRun, isMain, runExample } from '../run-example.js';

export const TWISSANDRA_SCHEMA = `  <Keyspaces>
    <Keyspace Name="Twissandra">
       <ColumnFamily CompareWith="UTF8Type" Name="User"/>
      <ColumnFamily CompareWith="BytesType" Name="Username"/>
      <ColumnFamily CompareWith="BytesType" Name="Friends"/>
      <ColumnFamily CompareWith="BytesType" Name="Followers"/>
      <ColumnFamily CompareWith="UTF8Type" Name="Tweet"/>
      <ColumnFamily CompareWith="LongType" Name="Timeline"/>
      <ColumnFamily CompareWith="LongType" Name="Userline"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>`;

export interface Page {
  /** Tweet bodies, newest first. */
  readonly tweets: string[];
  /** The `start` of the next page, or undefined on the last page. */
  readonly next: bigint | undefined;
}

/** The app: the seven column families as pycassa-style handles, and its operations. */
export class Twissandra {
  private readonly cf: Record<'user' | 'username' | 'friends' | 'followers' | 'tweet' | 'timeline' | 'userline', ColumnFamily>;
  private lastTimestamp = 0n;

  constructor(private readonly db: Ilium) {
    const ks = db.keyspace('Twissandra');
    this.cf = {
      user: ks.columnFamily('User'), username: ks.columnFamily('Username'), friends: ks.columnFamily('Friends'),
      followers: ks.columnFamily('Followers'), tweet: ks.columnFamily('Tweet'), timeline: ks.columnFamily('Timeline'), userline: ks.columnFamily('Userline'),
    };
  }

  async register(username: string, password: string): Promise<string> {
    const useruuid = this.db.timeUuid().toGuid();
    await this.cf.user.insert(useruuid, { id: useruuid, username, password });
    await this.cf.username.insert(username, { id: useruuid });
    return useruuid;
  }

  async userId(username: string): Promise<string> {
    return String((await this.cf.username.get(username, { columns: ['id'] })).get('id'));
  }

  async follow(useruuid: string, frienduuid: string): Promise<void> {
    const now = String(this.nextTimestamp());
    await this.cf.friends.insert(useruuid, { [frienduuid]: now });
    await this.cf.followers.insert(frienduuid, { [useruuid]: now });
  }

  async tweet(useruuid: string, body: string): Promise<string> {
    const tweetuuid = this.db.timeUuid().toGuid();
    const timestamp = this.nextTimestamp();
    await this.cf.tweet.insert(tweetuuid, { id: tweetuuid, user_id: useruuid, body, _ts: String(timestamp) });
    const columns = new Map([[timestamp, tweetuuid]]);
    await this.cf.userline.insert(useruuid, columns);
    await this.cf.timeline.insert(useruuid, columns);
    for (const otheruuid of await this.followerIds(useruuid)) await this.cf.timeline.insert(otheruuid, columns);
    return tweetuuid;
  }

  userline(useruuid: string, start?: bigint, limit = 20): Promise<Page> {
    return this.page(this.cf.userline, useruuid, start, limit);
  }

  timeline(useruuid: string, start?: bigint, limit = 20): Promise<Page> {
    return this.page(this.cf.timeline, useruuid, start, limit);
  }

  async followerIds(useruuid: string): Promise<string[]> {
    return this.keysOf(this.cf.followers, useruuid);
  }

  async friendIds(useruuid: string): Promise<string[]> {
    return this.keysOf(this.cf.friends, useruuid);
  }

  /** Newest first from `start`, one extra column asked for to know where the next page starts. */
  private async page(line: ColumnFamily, useruuid: string, start: bigint | undefined, limit: number): Promise<Page> {
    let timeline: Row;
    try {
      timeline = await line.get(useruuid, { columnStart: start, columnCount: limit + 1, columnReversed: true });
    } catch (e) {
      if (e instanceof NotFoundError) return { tweets: [], next: undefined };
      throw e;
    }
    const entries = [...timeline];
    const ids = entries.slice(0, limit).map(([, id]) => String(id));
    const tweets = await this.cf.tweet.multiget(ids);
    return { tweets: ids.map((id) => String(tweets.get(id)?.get('body'))), next: entries.length > limit ? (entries[limit]![0] as bigint) : undefined };
  }

  private async keysOf(cf: ColumnFamily, key: string): Promise<string[]> {
    try {
      return [...(await cf.get(key, { columnCount: 5000 })).keys()].map(String);
    } catch (e) {
      if (e instanceof NotFoundError) return [];
      throw e;
    }
  }

  /** Microseconds, strictly increasing for this app instance: two tweets never share a Userline name. */
  private nextTimestamp(): bigint {
    const now = BigInt(Date.now()) * 1000n;
    this.lastTimestamp = now > this.lastTimestamp ? now : this.lastTimestamp + 1n;
    return this.lastTimestamp;
  }
}

export interface TwissandraResult extends ExampleRun {
  readonly userline: string[];
  readonly timelinePages: string[][];
  readonly followersOfEricflo: string[];
  readonly friendsOfCloudproject: string[];
}

export async function run(db: Ilium): Promise<TwissandraResult> {
  await db.loadSchema(TWISSANDRA_SCHEMA);
  const app = new Twissandra(db);
  const ericflo = await app.register('ericflo', '****');
  const jericevans = await app.register('jericevans', '****');
  const cloudproject = await app.register('cloudproject', 'SECRET');
  await app.follow(cloudproject, ericflo);
  await app.follow(cloudproject, jericevans);
  await app.tweet(ericflo, 'Trying out Twissandra. This is awesome!');
  await app.tweet(cloudproject, '@jericevans thanks for helping me learn Cassandra!');
  await app.tweet(jericevans, '@cloudproject you are welcome');
  await app.tweet(ericflo, 'Twissandra now runs on Ilium.');
  const userline = (await app.userline(await app.userId('ericflo'))).tweets;
  const timelinePages: string[][] = [];
  let start: bigint | undefined;
  do {
    const page = await app.timeline(cloudproject, start, 2);
    timelinePages.push(page.tweets);
    start = page.next;
  } while (start !== undefined);
  const name = async (id: string) => String((await db.columnFamily('Twissandra', 'User').get(id, { columns: ['username'] })).get('username'));
  const followersOfEricflo = await Promise.all((await app.followerIds(ericflo)).map(name));
  const friendsOfCloudproject = (await Promise.all((await app.friendIds(cloudproject)).map(name))).sort();
  const lines = [
    `userline of ericflo: ${JSON.stringify(userline)}`,
    ...timelinePages.map((p, i) => `timeline of cloudproject, page ${i + 1}: ${JSON.stringify(p)}`),
    `followers of ericflo: ${JSON.stringify(followersOfEricflo)}`,
    `cloudproject follows: ${JSON.stringify(friendsOfCloudproject)}`,
  ];
  return { userline, timelinePages, followersOfEricflo, friendsOfCloudproject, lines };
}

if (isMain(import.meta.url)) await runExample('twissandra', run);
