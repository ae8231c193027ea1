/**
 * bench:compare's Ilium-over-CQL store on a real node (127.0.45.30): a popular author's tweet
 * reaches every follower's timeline. Regression: the fan-out was one BATCH, refused with "Batch
 * too large" once batch_size_fail_threshold_in_kb (50 KiB, Cassandra's default) was honoured, so
 * the bench stopped at its first popular author.
 */
import { deepStrictEqual, equal } from 'node:assert/strict';
import { test } from 'node:test';
import { iliumCqlSpec } from './ilium-cql.js';

const FOLLOWERS = 1500;

test('regression: a tweet fans out to 1,500 followers (a batch of them was over the 50 KiB batch limit)', async () => {
  const store = await iliumCqlSpec('periodic', '127.0.45.30').open(() => undefined);
  try {
    const author = { id: 1, username: 'author', password: 'p' };
    await store.register(author);
    for (let i = 0; i < FOLLOWERS; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => store.follow({ follower: 1000 + i + j, followee: author.id, since: BigInt(i + j) })));
    }
    equal(await store.followerCount(author.id), FOLLOWERS);
    await store.tweet({ id: 77, author: author.id, body: 'to everyone', ts: 1_000_000n });
    for (const follower of [1000, 1000 + FOLLOWERS / 2, 1000 + FOLLOWERS - 1]) {
      deepStrictEqual(await store.timeline(follower, 20), [{ tweetId: 77, author: author.id, body: 'to everyone' }]);
    }
    equal(await store.userIdOf('author'), author.id);
  } finally {
    await store.close();
  }
});
