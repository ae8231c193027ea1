/**
 * The Twitter workload on Redis, Retwis-style through npm `ioredis` (one connection; ioredis
 * pipelines the requests in flight on it): a hash per user and per tweet, the `users` hash as the
 * username → id index, and sorted sets scored by time for following, followers, each user's
 * userline and timeline. Writes of one operation go in one MULTI/EXEC; a tweet reads the author's
 * followers first, then writes the tweet and every follower's timeline entry in one MULTI; a page
 * is ZREVRANGE then the tweets' fields in one pipeline.
 */
import { Redis } from 'ioredis';
import { startRedis } from './redis-service.js';
import type { SystemSpec, TwitterStore } from './store.js';
import type { Follow, TimelineEntry, Tweet, User } from './workload.js';

export function redisSpec(appendfsync: 'always' | 'everysec'): SystemSpec {
  return {
    system: 'redis',
    durability: appendfsync === 'always' ? 'durable' : 'relaxed',
    setting: `appendonly yes, appendfsync ${appendfsync}`,
    open: async (progress) => {
      progress(`starting Redis (appendfsync ${appendfsync})`);
      const service = await startRedis({ appendfsync, progress });
      const redis = new Redis({ host: service.host, port: service.port, maxRetriesPerRequest: 0 });
      return new RedisStore(redis, async () => {
        redis.disconnect();
        await service.stop();
      });
    },
  };
}

/** A MULTI/EXEC's replies, any command's error thrown. */
function checked(replies: [Error | null, unknown][] | null): unknown[] {
  if (replies === null) throw new Error('MULTI/EXEC was aborted');
  return replies.map(([e, v]) => {
    if (e !== null) throw e;
    return v;
  });
}

class RedisStore implements TwitterStore {
  constructor(
    private readonly redis: Redis,
    readonly close: () => Promise<void>,
  ) {}

  async register(u: User): Promise<void> {
    checked(await this.redis.multi().hset(`user:${u.id}`, 'username', u.username, 'password', u.password).hset('users', u.username, u.id).exec());
  }

  async follow(f: Follow): Promise<void> {
    const since = String(f.since);
    checked(await this.redis.multi().zadd(`following:${f.follower}`, since, f.followee).zadd(`followers:${f.followee}`, since, f.follower).exec());
  }

  async tweet(t: Tweet): Promise<void> {
    const followers = await this.redis.zrange(`followers:${t.author}`, 0, -1);
    const ts = String(t.ts);
    const m = this.redis.multi().hset(`post:${t.id}`, 'user_id', t.author, 'body', t.body, 'ts', ts).zadd(`userline:${t.author}`, ts, t.id);
    for (const f of followers) m.zadd(`timeline:${f}`, ts, t.id);
    checked(await m.exec());
  }

  async timeline(user: number, limit: number): Promise<TimelineEntry[]> {
    const ids = await this.redis.zrevrange(`timeline:${user}`, 0, limit - 1);
    if (ids.length === 0) return [];
    const p = this.redis.pipeline();
    for (const id of ids) p.hmget(`post:${id}`, 'user_id', 'body');
    const posts = checked(await p.exec()) as [string, string][];
    return ids.map((id, i) => ({ tweetId: Number(id), author: Number(posts[i]![0]), body: posts[i]![1] }));
  }

  async userIdOf(username: string): Promise<number | undefined> {
    const id = await this.redis.hget('users', username);
    return id === null ? undefined : Number(id);
  }

  followerCount(user: number): Promise<number> {
    return this.redis.zcard(`followers:${user}`);
  }
}
