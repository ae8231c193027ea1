/**
 * bench:compare's workload: the seeds' Twitter (Twissandra) data made from one seed, so every
 * system under test gets the same users, the same follower graph and the same tweets in the same
 * order. Popularity is zipf-ish (a few users are followed by many, most by few); tweet authors
 * and timeline readers are uniform, so a tweet reaches `followsPerUser` timelines on average.
 *
 * Tweets carry their own id and microsecond timestamp (unique, increasing with the tweet's index),
 * so "newest first" does not depend on the order concurrent requests happen to land in and the
 * expected timeline page of any user can be computed here, to check each system's answer.
 */

export interface WorkloadSize {
  readonly users: number;
  readonly followsPerUser: number;
  readonly tweets: number;
  readonly reads: number;
}

export interface User {
  readonly id: number;
  readonly username: string;
  readonly password: string;
}

export interface Follow {
  /** Who follows… */
  readonly follower: number;
  /** …whom. */
  readonly followee: number;
  /** When, in microseconds. */
  readonly since: bigint;
}

export interface Tweet {
  readonly id: number;
  readonly author: number;
  readonly body: string;
  /** Microseconds since the epoch; the timeline's order. */
  readonly ts: bigint;
}

/** One entry of a timeline page as every system returns it. */
export interface TimelineEntry {
  readonly tweetId: number;
  readonly author: number;
  readonly body: string;
}

export interface Workload {
  readonly users: readonly User[];
  /** Every user's follows, user after user. */
  readonly follows: readonly Follow[];
  /** In timestamp order. */
  readonly tweets: readonly Tweet[];
  /** The user whose timeline each read asks for. */
  readonly reads: readonly number[];
  /** The users following `user` (the fan-out of their tweets). */
  followersOf(user: number): readonly number[];
  /** The newest `limit` tweets of the users `user` follows, newest first. */
  expectedTimeline(user: number, limit: number): TimelineEntry[];
}

export interface WorkloadOptions extends WorkloadSize {
  readonly seed: number;
  /** The first user and tweet id (a warm-up workload uses ids apart from the measured one). */
  readonly idBase: number;
  /** Zipf exponent of follower popularity; 0.8 by default. */
  readonly zipf?: number;
}

/** First tweet timestamp: 2026-11-22T00:00:00Z in microseconds. */
const EPOCH_US = 1_795_305_600_000_000n;

/** A small seeded generator (xorshift32): the same seed gives the same workload everywhere. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = (seed >>> 0) || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x1_0000_0000;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/** Picks indexes in [0, n) with probability ∝ 1 / (rank + 1)^s (rank 0 the most popular). */
export function zipfSampler(n: number, s: number, rng: SeededRandom): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return () => {
    const x = rng.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

const WORDS = ['nom', 'zzzz', 'cassandra', 'ilium', 'twissandra', 'timeline', 'follow', 'tweet', 'hello', 'world', 'coffee', 'cats', 'benchmark', 'node', 'query', 'today', 'again', 'thanks', '@evan', '#nosql'];

function tweetBody(rng: SeededRandom): string {
  const words: string[] = [];
  let length = 0;
  const target = 40 + rng.below(100);
  while (length < target) {
    const w = WORDS[rng.below(WORDS.length)]!;
    words.push(w);
    length += w.length + 1;
  }
  return words.join(' ').slice(0, 140);
}

export function makeWorkload(o: WorkloadOptions): Workload {
  if (o.followsPerUser >= o.users) throw new RangeError(`followsPerUser (${o.followsPerUser}) must be below users (${o.users})`);
  const rng = new SeededRandom(o.seed);
  const users: User[] = Array.from({ length: o.users }, (_, i) => ({
    id: o.idBase + i,
    username: `user${o.idBase + i}`,
    password: (rng.next() * 2 ** 52).toString(36),
  }));
  // Popularity rank → user, shuffled so that popular users are not the low ids.
  const byRank = users.map((u) => u.id);
  for (let i = byRank.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [byRank[i], byRank[j]] = [byRank[j]!, byRank[i]!];
  }
  const popular = zipfSampler(o.users, o.zipf ?? 0.8, rng);
  const follows: Follow[] = [];
  const followers = new Map<number, number[]>(users.map((u) => [u.id, []]));
  const followees = new Map<number, Set<number>>();
  for (const u of users) {
    const mine = new Set<number>();
    while (mine.size < o.followsPerUser) {
      const other = byRank[popular()]!;
      if (other === u.id || mine.has(other)) continue;
      mine.add(other);
      follows.push({ follower: u.id, followee: other, since: EPOCH_US - 1_000_000n + BigInt(follows.length) });
      followers.get(other)!.push(u.id);
    }
    followees.set(u.id, mine);
  }
  const tweets: Tweet[] = Array.from({ length: o.tweets }, (_, i) => ({
    id: o.idBase + i,
    author: users[rng.below(o.users)]!.id,
    body: tweetBody(rng),
    ts: EPOCH_US + BigInt(i) * 1000n,
  }));
  const reads = Array.from({ length: o.reads }, () => users[rng.below(o.users)]!.id);
  return {
    users,
    follows,
    tweets,
    reads,
    followersOf: (user) => followers.get(user) ?? [],
    expectedTimeline: (user, limit) => {
      const mine = followees.get(user) ?? new Set<number>();
      const out: TimelineEntry[] = [];
      for (let i = tweets.length - 1; i >= 0 && out.length < limit; i--) {
        const t = tweets[i]!;
        if (mine.has(t.author)) out.push({ tweetId: t.id, author: t.author, body: t.body });
      }
      return out;
    },
  };
}
