/**
 * The correctness check run once per run on every system, after the measured phases: usernames
 * resolve to their ids (and an unknown one to nothing), follower counts match the graph (the most
 * followed user included), and timeline pages hold exactly the newest tweets of the followed
 * users, newest first, with their authors and bodies. A mismatch throws, naming what differed.
 */
import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import type { TwitterStore } from './store.js';
import type { Workload } from './workload.js';

/** How many users' timelines and counts are checked. */
const SAMPLE = 25;

export async function verifyStore(store: TwitterStore, w: Workload, pageSize: number): Promise<void> {
  const step = Math.max(1, Math.floor(w.users.length / SAMPLE));
  const sample = w.users.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  const mostFollowed = w.users.reduce((a, b) => (w.followersOf(b.id).length > w.followersOf(a.id).length ? b : a));
  for (const u of [...sample, mostFollowed]) {
    strictEqual(await store.userIdOf(u.username), u.id, `the id of ${u.username}`);
    strictEqual(await store.followerCount(u.id), w.followersOf(u.id).length, `the follower count of user ${u.id}`);
    deepStrictEqual(await store.timeline(u.id, pageSize), w.expectedTimeline(u.id, pageSize), `the timeline of user ${u.id}`);
  }
  strictEqual(await store.userIdOf('nobody-registered-this'), undefined, 'an unknown username');
}
