/**
 * What bench:compare asks of each system: the Twitter workload's four operations, a look-up for
 * the correctness check, and close. Each implementation (ilium-cql.ts, ilium-embedded.ts,
 * postgres.ts, redis.ts) does them the way that system's users would, in as few round trips as
 * its model allows; `close` also stops and removes the service it started.
 */
import type { Follow, TimelineEntry, Tweet, User } from './workload.js';

export interface TwitterStore {
  /** The user and the username → id index. */
  register(user: User): Promise<void>;
  /** Both directions: who the follower follows, who follows the followee. */
  follow(follow: Follow): Promise<void>;
  /** The tweet, the author's userline, and the timeline of every follower of the author. */
  tweet(tweet: Tweet): Promise<void>;
  /** The newest `limit` tweets of `user`'s timeline, newest first. */
  timeline(user: number, limit: number): Promise<TimelineEntry[]>;
  /** The id registered under `username`, undefined when none. */
  userIdOf(username: string): Promise<number | undefined>;
  /** How many users follow `user`. */
  followerCount(user: number): Promise<number>;
  close(): Promise<void>;
}

/** One configuration of one system, as the report names it. */
export interface SystemSpec {
  /** e.g. 'ilium-server', 'postgres'. */
  readonly system: string;
  /** 'durable' (fsync before each acknowledgement) or 'relaxed' (periodic fsync). */
  readonly durability: 'durable' | 'relaxed';
  /** The setting, as the system spells it (e.g. 'commitlog_sync: batch'). */
  readonly setting: string;
  /** Starts the service (when it has one) and connects. */
  open(progress: (line: string) => void): Promise<TwitterStore>;
}
