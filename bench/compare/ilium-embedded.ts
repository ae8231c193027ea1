/**
 * The Twitter workload on Ilium embedded: the TypeScript API (`open({ dataDir })`, the engine in
 * this process) with Twissandra's seven column families as seed 003 declares them (the schema the
 * twissandra example loads), pycassa style. The writes of one operation go in one `batch`
 * (one batch_mutate); a tweet reads the author's Followers row, then writes Tweet, Userline and
 * every follower's Timeline in one batch; a page is the Timeline row newest first, then the tweets
 * by `multiget`. Keys and ids are the workload's numbers as strings; Timeline and Userline names
 * are the tweets' microsecond timestamps (LongType).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TWISSANDRA_SCHEMA } from '../../examples/twissandra/twissandra.js';
import { type ColumnFamily, type Ilium, type Keyspace, NotFoundError, type Row, open } from '../../src/api/index.js';
import type { CommitLogSync } from './ilium-cql.js';
import type { SystemSpec, TwitterStore } from './store.js';
import type { Follow, TimelineEntry, Tweet, User } from './workload.js';

/** More columns than any Followers row holds here (the seeds' clients ask for 5000). */
const ALL_COLUMNS = 1_000_000;

export function iliumEmbeddedSpec(sync: CommitLogSync): SystemSpec {
  return {
    system: 'ilium-embedded',
    durability: sync === 'batch' ? 'durable' : 'relaxed',
    setting: `commitlogSync: '${sync}'`,
    open: async (progress) => {
      progress(`opening ilium embedded (commitlogSync ${sync})`);
      const dir = mkdtempSync(join(tmpdir(), 'bench-ilium-embedded-'));
      let db: Ilium;
      try {
        db = await open({ dataDir: join(dir, 'data'), commitlogSync: sync });
        await db.loadSchema(TWISSANDRA_SCHEMA);
      } catch (e) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
      return new IliumEmbeddedStore(db, async () => {
        try {
          await db.close();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    },
  };
}

/** `get` that answers undefined for a row with no columns (the API's NotFoundError). */
async function getOrUndefined(cf: ColumnFamily, key: string, options: Parameters<ColumnFamily['get']>[1]): Promise<Row | undefined> {
  try {
    return await cf.get<Row>(key, options);
  } catch (e) {
    if (e instanceof NotFoundError) return undefined;
    throw e;
  }
}

class IliumEmbeddedStore implements TwitterStore {
  private readonly ks: Keyspace;
  private readonly cf: Record<'username' | 'followers' | 'tweet' | 'timeline', ColumnFamily>;

  constructor(
    db: Ilium,
    readonly close: () => Promise<void>,
  ) {
    this.ks = db.keyspace('Twissandra');
    this.cf = { username: this.ks.columnFamily('Username'), followers: this.ks.columnFamily('Followers'), tweet: this.ks.columnFamily('Tweet'), timeline: this.ks.columnFamily('Timeline') };
  }

  async register(u: User): Promise<void> {
    const id = String(u.id);
    await this.ks.batch((b) => {
      b.insert('User', id, { id, username: u.username, password: u.password });
      b.insert('Username', u.username, { id });
    });
  }

  async follow(f: Follow): Promise<void> {
    const since = String(f.since);
    await this.ks.batch((b) => {
      b.insert('Friends', String(f.follower), { [String(f.followee)]: since });
      b.insert('Followers', String(f.followee), { [String(f.follower)]: since });
    });
  }

  async tweet(t: Tweet): Promise<void> {
    const author = String(t.author);
    const followers = await getOrUndefined(this.cf.followers, author, { columnCount: ALL_COLUMNS });
    const id = String(t.id);
    const line = new Map([[t.ts, id]]);
    await this.ks.batch((b) => {
      b.insert('Tweet', id, { id, user_id: author, body: t.body, _ts: String(t.ts) });
      b.insert('Userline', author, line);
      for (const follower of followers?.keys() ?? []) b.insert('Timeline', String(follower), line);
    });
  }

  async timeline(user: number, limit: number): Promise<TimelineEntry[]> {
    const page = await getOrUndefined(this.cf.timeline, String(user), { columnCount: limit, columnReversed: true });
    if (page === undefined) return [];
    const ids = [...page.values()].map(String);
    const tweets = await this.cf.tweet.multiget(ids);
    return ids.map((id) => {
      const row = tweets.get(id);
      if (row === undefined) throw new Error(`tweet ${id} is on a timeline but not in Tweet`);
      return { tweetId: Number(id), author: Number(row.get('user_id')), body: String(row.get('body')) };
    });
  }

  async userIdOf(username: string): Promise<number | undefined> {
    const row = await getOrUndefined(this.cf.username, username, { columns: ['id'] });
    return row === undefined ? undefined : Number(row.get('id'));
  }

  followerCount(user: number): Promise<number> {
    return this.cf.followers.getCount(String(user), { columnCount: ALL_COLUMNS });
  }
}
