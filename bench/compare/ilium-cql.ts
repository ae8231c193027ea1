/**
 * The Twitter workload on an Ilium node over CQL, through npm `cassandra-driver`: Twissandra's
 * seven column families as CQL tables (users, usernames — the inverted index —, friends,
 * followers, tweets, and userline/timeline clustered newest first), a fresh `ilium start` with its
 * own temporary data directory and the commit log sync mode asked. Prepared statements; a
 * register and a follow write their two partitions in one logged BATCH (the username index and
 * the follower lists stay in step); a tweet reads the author's followers, then writes the tweet,
 * the userline entry and each follower's timeline entry as concurrent single-partition INSERTs,
 * as Twissandra does with `execute_async` (one BATCH of a popular author's fan-out is a
 * multi-partition batch over Cassandra's 50 KiB `batch_size_fail_threshold_in_kb`, refused with
 * "Batch too large", as it is by Cassandra); a page is the timeline's first rows, then the tweets
 * by id (`IN`, the multiget of the seeds).
 */
import cassandra from 'cassandra-driver';
import { startIliumProcess } from '../../test/support/ilium-process.js';
import type { SystemSpec, TwitterStore } from './store.js';
import type { Follow, TimelineEntry, Tweet, User } from './workload.js';

export type CommitLogSync = 'batch' | 'periodic';

/** Twissandra's model in CQL, in keyspace `twissandra`. */
export const CQL_SCHEMA = [
  "CREATE KEYSPACE twissandra WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
  'CREATE TABLE twissandra.users (id int PRIMARY KEY, username text, password text)',
  'CREATE TABLE twissandra.usernames (username text PRIMARY KEY, id int)',
  'CREATE TABLE twissandra.friends (user_id int, friend_id int, since bigint, PRIMARY KEY (user_id, friend_id))',
  'CREATE TABLE twissandra.followers (user_id int, follower_id int, since bigint, PRIMARY KEY (user_id, follower_id))',
  'CREATE TABLE twissandra.tweets (id bigint PRIMARY KEY, user_id int, body text, ts bigint)',
  'CREATE TABLE twissandra.userline (user_id int, ts bigint, tweet_id bigint, PRIMARY KEY (user_id, ts)) WITH CLUSTERING ORDER BY (ts DESC)',
  'CREATE TABLE twissandra.timeline (user_id int, ts bigint, tweet_id bigint, PRIMARY KEY (user_id, ts)) WITH CLUSTERING ORDER BY (ts DESC)',
];

const Q = {
  user: 'INSERT INTO twissandra.users (id, username, password) VALUES (?, ?, ?)',
  username: 'INSERT INTO twissandra.usernames (username, id) VALUES (?, ?)',
  friend: 'INSERT INTO twissandra.friends (user_id, friend_id, since) VALUES (?, ?, ?)',
  follower: 'INSERT INTO twissandra.followers (user_id, follower_id, since) VALUES (?, ?, ?)',
  followers: 'SELECT follower_id FROM twissandra.followers WHERE user_id = ?',
  tweet: 'INSERT INTO twissandra.tweets (id, user_id, body, ts) VALUES (?, ?, ?, ?)',
  userline: 'INSERT INTO twissandra.userline (user_id, ts, tweet_id) VALUES (?, ?, ?)',
  timeline: 'INSERT INTO twissandra.timeline (user_id, ts, tweet_id) VALUES (?, ?, ?)',
  page: 'SELECT tweet_id FROM twissandra.timeline WHERE user_id = ? LIMIT ?',
  tweets: 'SELECT id, user_id, body FROM twissandra.tweets WHERE id IN ?',
  userId: 'SELECT id FROM twissandra.usernames WHERE username = ?',
  followerCount: 'SELECT count(*) FROM twissandra.followers WHERE user_id = ?',
};

const PREPARED = { prepare: true } as const;

/** `address`: the node's loopback address (127.0.0.1 when absent; tests give their own). */
export function iliumCqlSpec(sync: CommitLogSync, address?: string): SystemSpec {
  return {
    system: 'ilium-server',
    durability: sync === 'batch' ? 'durable' : 'relaxed',
    setting: `commitlog_sync: ${sync}${sync === 'periodic' ? ' (commitlog_sync_period_in_ms: 10000)' : ''}`,
    open: async (progress) => {
      progress(`starting ilium (commitlog_sync: ${sync})`);
      const node = await startIliumProcess({ configYaml: `commitlog_sync: ${sync}\n`, ...(address === undefined ? {} : { address }) });
      const client = new cassandra.Client({
        contactPoints: [`${node.host}:${node.port}`],
        localDataCenter: 'datacenter1',
        isMetadataSyncEnabled: false,
        protocolOptions: { maxVersion: 4 },
        encoding: { useBigIntAsLong: true },
        socketOptions: { readTimeout: 60_000 },
      });
      // Should this process die before `close`, the node must not outlive it.
      const disposeOnExit = (): void => node.dispose();
      process.once('exit', disposeOnExit);
      const close = async (): Promise<void> => {
        process.off('exit', disposeOnExit);
        await client.shutdown();
        const code = await node.stop();
        node.dispose();
        if (code !== 0) throw new Error(`ilium exited with ${code}:\n${node.output().slice(-2000)}`);
      };
      try {
        await client.connect();
        for (const statement of CQL_SCHEMA) await client.execute(statement);
      } catch (e) {
        await close().catch(() => undefined);
        throw e;
      }
      return new IliumCqlStore(client, close);
    },
  };
}

class IliumCqlStore implements TwitterStore {
  constructor(
    private readonly client: cassandra.Client,
    readonly close: () => Promise<void>,
  ) {}

  async register(u: User): Promise<void> {
    await this.client.batch(
      [
        { query: Q.user, params: [u.id, u.username, u.password] },
        { query: Q.username, params: [u.username, u.id] },
      ],
      PREPARED,
    );
  }

  async follow(f: Follow): Promise<void> {
    await this.client.batch(
      [
        { query: Q.friend, params: [f.follower, f.followee, f.since] },
        { query: Q.follower, params: [f.followee, f.follower, f.since] },
      ],
      PREPARED,
    );
  }

  async tweet(t: Tweet): Promise<void> {
    const followers = await this.allRows(Q.followers, [t.author]);
    const id = BigInt(t.id);
    const writes = [
      this.client.execute(Q.tweet, [id, t.author, t.body, t.ts], PREPARED),
      this.client.execute(Q.userline, [t.author, t.ts, id], PREPARED),
      ...followers.map((r) => this.client.execute(Q.timeline, [r.get('follower_id') as number, t.ts, id], PREPARED)),
    ];
    await Promise.all(writes);
  }

  async timeline(user: number, limit: number): Promise<TimelineEntry[]> {
    const page = await this.client.execute(Q.page, [user, limit], PREPARED);
    if (page.rows.length === 0) return [];
    const ids = page.rows.map((r) => r.get('tweet_id') as bigint);
    const tweets = await this.client.execute(Q.tweets, [ids], PREPARED);
    const byId = new Map(tweets.rows.map((r) => [r.get('id') as bigint, r]));
    return ids.map((id) => {
      const r = byId.get(id);
      if (r === undefined) throw new Error(`tweet ${id} is on a timeline but not in tweets`);
      return { tweetId: Number(id), author: r.get('user_id') as number, body: r.get('body') as string };
    });
  }

  async userIdOf(username: string): Promise<number | undefined> {
    const rs = await this.client.execute(Q.userId, [username], PREPARED);
    return rs.first()?.get('id') as number | undefined;
  }

  async followerCount(user: number): Promise<number> {
    const rs = await this.client.execute(Q.followerCount, [user], PREPARED);
    return Number(rs.first().get('count'));
  }

  /** Every row of a query, page after page. */
  private async allRows(query: string, params: unknown[]): Promise<cassandra.types.Row[]> {
    const rows: cassandra.types.Row[] = [];
    let pageState: string | undefined;
    do {
      const rs = await this.client.execute(query, params, { prepare: true, fetchSize: 5000, ...(pageState === undefined ? {} : { pageState }) });
      rows.push(...rs.rows);
      pageState = rs.pageState ?? undefined;
    } while (pageState !== undefined);
    return rows;
  }
}
