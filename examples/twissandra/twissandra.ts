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
  /** The same tweets whole: who wrote each and when. */
  readonly entries: TweetEntry[];
  /** The `start` of the next page, or undefined on the last page. */
  readonly next: bigint | undefined;
}

export interface TweetEntry {
  readonly id: string;
  readonly body: string;
  readonly userId: string;
  /** When it was posted (its Userline/Timeline name, microseconds). */
  readonly micros: bigint;
}

/** The Userline row every tweet also goes to: Twissandra's public line. */
export const PUBLIC_USERLINE_KEY = '!PUBLIC!';

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

  /** The user's id when the name exists and the password is theirs (Twissandra's login); undefined otherwise. */
  async login(username: string, password: string): Promise<string | undefined> {
    const id = (await this.cf.username.get(username, { columns: ['id'] }).catch(notFoundAsEmpty)).get('id');
    if (id === undefined) return undefined;
    const user = await this.cf.user.get(String(id), { columns: ['password'] }).catch(notFoundAsEmpty);
    return user.get('password') === password ? String(id) : undefined;
  }

  /** The user's name, for display. */
  async username(useruuid: string): Promise<string> {
    return String((await this.cf.user.get(useruuid, { columns: ['username'] })).get('username'));
  }

  /** Whether the name is taken. */
  async exists(username: string): Promise<boolean> {
    return (await this.cf.username.get(username, { columns: ['id'] }).catch(notFoundAsEmpty)).size > 0;
  }

  async follow(useruuid: string, frienduuid: string): Promise<void> {
    const now = String(this.nextTimestamp());
    await this.cf.friends.insert(useruuid, { [frienduuid]: now });
    await this.cf.followers.insert(frienduuid, { [useruuid]: now });
  }

  /** Stops following: the Friends and Followers columns go. */
  async unfollow(useruuid: string, frienduuid: string): Promise<void> {
    await this.cf.friends.remove(useruuid, [frienduuid]);
    await this.cf.followers.remove(frienduuid, [useruuid]);
  }

  async tweet(useruuid: string, body: string): Promise<string> {
    const tweetuuid = this.db.timeUuid().toGuid();
    const timestamp = this.nextTimestamp();
    await this.cf.tweet.insert(tweetuuid, { id: tweetuuid, user_id: useruuid, body, _ts: String(timestamp) });
    const columns = new Map([[timestamp, tweetuuid]]);
    await this.cf.userline.insert(useruuid, columns);
    await this.cf.userline.insert(PUBLIC_USERLINE_KEY, columns);
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

  /** Everyone's tweets, newest first (Twissandra's public line). */
  publicline(start?: bigint, limit = 20): Promise<Page> {
    return this.page(this.cf.userline, PUBLIC_USERLINE_KEY, start, limit);
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
      if (e instanceof NotFoundError) return { tweets: [], entries: [], next: undefined };
      throw e;
    }
    const columns = [...timeline];
    const page = columns.slice(0, limit).map(([micros, id]) => ({ micros: micros as bigint, id: String(id) }));
    const tweets = await this.cf.tweet.multiget(page.map((p) => p.id));
    const entries = page.map((p) => ({ ...p, body: String(tweets.get(p.id)?.get('body')), userId: String(tweets.get(p.id)?.get('user_id')) }));
    return { tweets: entries.map((e) => e.body), entries, next: columns.length > limit ? (columns[limit]![0] as bigint) : undefined };
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

/** A missing row read as an empty one. */
function notFoundAsEmpty(e: unknown): Row {
  if (e instanceof NotFoundError) return new Map();
  throw e;
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
