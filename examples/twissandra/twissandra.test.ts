/** Twissandra: register with the Username index, follow, tweet with fan-out, userline and paginated timeline newest first. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withExampleDb } from '../example-test-db.js';
import { run } from './twissandra.js';

test('twissandra: userline and timeline newest first, paginated; followers and friends', async () => {
  const r = await withExampleDb(run);
  assert.deepEqual(r.userline, ['Twissandra now runs on Ilium.', 'Trying out Twissandra. This is awesome!']);
  assert.deepEqual(r.timelinePages, [
    ['Twissandra now runs on Ilium.', '@cloudproject you are welcome'],
    ['@jericevans thanks for helping me learn Cassandra!', 'Trying out Twissandra. This is awesome!'],
  ]);
  assert.deepEqual(r.followersOfEricflo, ['cloudproject']);
  assert.deepEqual(r.friendsOfCloudproject, ['ericflo', 'jericevans']);
});
