import { deepStrictEqual, equal, ok, rejects, throws } from 'node:assert/strict';
import { describe, it } from 'node:test';
import { median, summarize } from './report.js';
import { runOps } from './runner.js';
import { SeededRandom, makeWorkload, zipfSampler } from './workload.js';

const SIZE = { users: 300, followsPerUser: 12, tweets: 900, reads: 400 };

describe('bench:compare workload', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = makeWorkload({ ...SIZE, seed: 7, idBase: 1 });
    const b = makeWorkload({ ...SIZE, seed: 7, idBase: 1 });
    const c = makeWorkload({ ...SIZE, seed: 8, idBase: 1 });
    deepStrictEqual(a.follows, b.follows);
    deepStrictEqual(a.tweets, b.tweets);
    deepStrictEqual(a.reads, b.reads);
    ok(JSON.stringify(a.follows, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) !== JSON.stringify(c.follows, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
  });

  it('gives every user followsPerUser distinct others to follow, and the followers index agrees', () => {
    const w = makeWorkload({ ...SIZE, seed: 3, idBase: 100 });
    equal(w.users.length, SIZE.users);
    equal(w.follows.length, SIZE.users * SIZE.followsPerUser);
    const ids = new Set(w.users.map((u) => u.id));
    const pairs = new Set<string>();
    for (const f of w.follows) {
      ok(ids.has(f.follower) && ids.has(f.followee));
      ok(f.follower !== f.followee, 'nobody follows themselves');
      pairs.add(`${f.follower}>${f.followee}`);
    }
    equal(pairs.size, w.follows.length, 'no follow twice');
    let total = 0;
    for (const u of w.users) {
      const followers = w.followersOf(u.id);
      total += followers.length;
      for (const f of followers) ok(pairs.has(`${f}>${u.id}`));
    }
    equal(total, w.follows.length);
    deepStrictEqual(w.users.slice(0, 2).map((u) => [u.id, u.username]), [[100, 'user100'], [101, 'user101']]);
  });

  it('makes popularity skewed: the most followed user has several times the mean', () => {
    const w = makeWorkload({ users: 1000, followsPerUser: 20, tweets: 10, reads: 10, seed: 5, idBase: 1 });
    const counts = w.users.map((u) => w.followersOf(u.id).length);
    const max = Math.max(...counts);
    ok(max > 5 * 20, `max followers ${max}`);
    ok(counts.filter((n) => n < 20).length > w.users.length / 2, 'most users have fewer followers than the mean');
  });

  it('orders tweets by unique increasing timestamps with bodies of at most 140 characters', () => {
    const w = makeWorkload({ ...SIZE, seed: 11, idBase: 1 });
    for (let i = 1; i < w.tweets.length; i++) ok(w.tweets[i]!.ts > w.tweets[i - 1]!.ts);
    for (const t of w.tweets) ok(t.body.length > 0 && t.body.length <= 140);
    ok(new Set(w.tweets.map((t) => t.id)).size === w.tweets.length);
  });

  it('expects a timeline of the newest tweets of followed users only, newest first', () => {
    const w = makeWorkload({ ...SIZE, seed: 13, idBase: 1 });
    const user = w.users[17]!.id;
    const followed = new Set(w.follows.filter((f) => f.follower === user).map((f) => f.followee));
    const page = w.expectedTimeline(user, 20);
    const all = w.tweets.filter((t) => followed.has(t.author)).reverse();
    equal(page.length, Math.min(20, all.length));
    deepStrictEqual(page, all.slice(0, 20).map((t) => ({ tweetId: t.id, author: t.author, body: t.body })));
  });

  it('refuses more follows per user than there are others', () => {
    throws(() => makeWorkload({ users: 5, followsPerUser: 5, tweets: 1, reads: 1, seed: 1, idBase: 1 }), RangeError);
  });

  it('samples zipf ranks inside [0, n) with rank 0 the most frequent', () => {
    const rng = new SeededRandom(42);
    const pick = zipfSampler(50, 1, rng);
    const hits = new Array<number>(50).fill(0);
    for (let i = 0; i < 20_000; i++) hits[pick()]!++;
    equal(hits.reduce((a, b) => a + b), 20_000);
    ok(hits[0]! > hits[9]! && hits[9]! > hits[49]!);
  });
});

describe('bench:compare runner and report', () => {
  it('runs every op once with at most inflight outstanding', async () => {
    let outstanding = 0;
    let most = 0;
    const seen: number[] = [];
    const r = await runOps(50, 4, async (i) => {
      outstanding++;
      most = Math.max(most, outstanding);
      await new Promise((res) => setImmediate(res));
      seen.push(i);
      outstanding--;
    });
    equal(r.ops, 50);
    equal(most, 4);
    deepStrictEqual([...seen].sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i));
  });

  it('rejects with the first failure', async () => {
    await rejects(
      runOps(20, 3, async (i) => {
        if (i === 5) throw new Error('broken op');
      }),
      /broken op/,
    );
  });

  it('takes medians and ratios per operation', () => {
    equal(median([3, 1, 2]), 2);
    equal(median([4, 1, 3, 2]), 2.5);
    const phases = (n: number) => ({
      register: { ops: 1, seconds: 1, opsPerSec: n, p50Ms: 1, p99Ms: 2 },
      follow: { ops: 1, seconds: 1, opsPerSec: 2 * n, p50Ms: 1, p99Ms: 2 },
      tweet: { ops: 1, seconds: 1, opsPerSec: 3 * n, p50Ms: 1, p99Ms: 2 },
      timeline: { ops: 1, seconds: 1, opsPerSec: 4 * n, p50Ms: 1, p99Ms: 2 },
    });
    const m = (system: string, run: number, n: number) => ({ system, durability: 'durable' as const, setting: 's', run, load: [0, 0] as const, phases: phases(n) });
    const r = summarize([m('ilium-server', 1, 100), m('ilium-server', 2, 300), m('ilium-server', 3, 200), m('postgres', 1, 100)]);
    deepStrictEqual(r.systems[0]!.opsPerSec, { register: 200, follow: 400, tweet: 600, timeline: 800 });
    deepStrictEqual(r.ratios.durable['ilium-server/postgres'], { register: 2, follow: 2, tweet: 2, timeline: 2 });
    deepStrictEqual(r.ratios.durable['ilium-server/redis'], { register: null, follow: null, tweet: null, timeline: null });
  });
});
