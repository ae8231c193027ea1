/**
 * The Twitter workload on PostgreSQL, through npm `pg`: seed 002's relational schema (user,
 * followers, following, tweets, with its foreign keys; `user` is `users` here, a reserved word)
 * plus a `timeline` table filled at tweet time, every access indexed (primary keys, the unique
 * username, tweets by user and time). One statement — one round trip, one transaction, one commit
 * — per operation: two tables written at once with a data-modifying WITH, the fan-out as
 * INSERT … SELECT from followers, a timeline page as one join. Prepared (named) statements on a
 * pool of as many connections as requests in flight.
 */
import pg from 'pg';
import { startPostgres } from './postgres-service.js';
import type { SystemSpec, TwitterStore } from './store.js';
import type { Follow, TimelineEntry, Tweet, User } from './workload.js';

const SCHEMA = `
CREATE TABLE users (id integer PRIMARY KEY, username varchar(64) NOT NULL UNIQUE, password varchar(64) NOT NULL);
CREATE TABLE following (user_id integer NOT NULL REFERENCES users(id), followed integer NOT NULL REFERENCES users(id), since bigint NOT NULL, PRIMARY KEY (user_id, followed));
CREATE TABLE followers (user_id integer NOT NULL REFERENCES users(id), follower integer NOT NULL REFERENCES users(id), since bigint NOT NULL, PRIMARY KEY (user_id, follower));
CREATE TABLE tweets (id bigint PRIMARY KEY, user_id integer NOT NULL REFERENCES users(id), body varchar(140) NOT NULL, ts bigint NOT NULL);
CREATE INDEX tweets_by_user ON tweets (user_id, ts DESC);
CREATE TABLE timeline (user_id integer NOT NULL, ts bigint NOT NULL, tweet_id bigint NOT NULL, PRIMARY KEY (user_id, ts));
`;

const REGISTER = 'INSERT INTO users (id, username, password) VALUES ($1, $2, $3)';
const FOLLOW = 'WITH f AS (INSERT INTO following (user_id, followed, since) VALUES ($1, $2, $3)) INSERT INTO followers (user_id, follower, since) VALUES ($2, $1, $3)';
const TWEET =
  'WITH t AS (INSERT INTO tweets (id, user_id, body, ts) VALUES ($1, $2, $3, $4)) ' +
  'INSERT INTO timeline (user_id, ts, tweet_id) SELECT follower, $4, $1 FROM followers WHERE user_id = $2';
const TIMELINE = 'SELECT t.id, t.user_id, t.body FROM timeline l JOIN tweets t ON t.id = l.tweet_id WHERE l.user_id = $1 ORDER BY l.ts DESC LIMIT $2';
const USER_ID = 'SELECT id FROM users WHERE username = $1';
const FOLLOWER_COUNT = 'SELECT count(*) AS n FROM followers WHERE user_id = $1';

export function postgresSpec(inflight: number, synchronousCommit: boolean): SystemSpec {
  return {
    system: 'postgres',
    durability: synchronousCommit ? 'durable' : 'relaxed',
    setting: `synchronous_commit = ${synchronousCommit ? 'on' : 'off'}, fsync = on`,
    open: async (progress) => {
      progress(`starting PostgreSQL (synchronous_commit ${synchronousCommit ? 'on' : 'off'})`);
      const service = await startPostgres({ synchronousCommit, progress });
      const pool = new pg.Pool({ host: service.host, port: service.port, user: service.user, database: service.database, max: inflight });
      // An idle connection the server drops (its shutdown at close) is not a failed operation:
      // those reject their own query. Without a listener the pool's 'error' would end the process.
      pool.on('error', () => undefined);
      try {
        await pool.query(SCHEMA);
      } catch (e) {
        await pool.end();
        await service.stop();
        throw e;
      }
      return new PostgresStore(pool, async () => {
        await pool.end();
        await service.stop();
      });
    },
  };
}

class PostgresStore implements TwitterStore {
  constructor(
    private readonly pool: pg.Pool,
    readonly close: () => Promise<void>,
  ) {}

  async register(u: User): Promise<void> {
    await this.pool.query({ name: 'register', text: REGISTER, values: [u.id, u.username, u.password] });
  }

  async follow(f: Follow): Promise<void> {
    await this.pool.query({ name: 'follow', text: FOLLOW, values: [f.follower, f.followee, f.since] });
  }

  async tweet(t: Tweet): Promise<void> {
    await this.pool.query({ name: 'tweet', text: TWEET, values: [t.id, t.author, t.body, t.ts] });
  }

  async timeline(user: number, limit: number): Promise<TimelineEntry[]> {
    const r = await this.pool.query<{ id: string; user_id: number; body: string }>({ name: 'timeline', text: TIMELINE, values: [user, limit] });
    return r.rows.map((row) => ({ tweetId: Number(row.id), author: row.user_id, body: row.body }));
  }

  async userIdOf(username: string): Promise<number | undefined> {
    const r = await this.pool.query<{ id: number }>({ name: 'user-id', text: USER_ID, values: [username] });
    return r.rows[0]?.id;
  }

  async followerCount(user: number): Promise<number> {
    const r = await this.pool.query<{ n: string }>({ name: 'follower-count', text: FOLLOWER_COUNT, values: [user] });
    return Number(r.rows[0]!.n);
  }
}
