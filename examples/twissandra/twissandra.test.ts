/** Twissandra: register with the Username index, follow, tweet with fan-out, userline and paginated timeline newest first. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, withExampleDb } from '../example-test-db.js';
import { run } from './twissandra.js';

for (const backend of BACKENDS) {
  test(`twissandra: userline and timeline newest first, paginated; followers and friends [${backend}]`, async () => {
    const r = await withExampleDb(run, undefined, backend);
    assert.deepEqual(r.userline, ['Twissandra now runs on Ilium.', 'Trying out Twissandra. This is awesome!']);
    assert.deepEqual(r.timelinePages, [
      ['Twissandra now runs on Ilium.', '@cloudproject you are welcome'],
      ['@jericevans thanks for helping me learn Cassandra!', 'Trying out Twissandra. This is awesome!'],
    ]);
    assert.deepEqual(r.followersOfEricflo, ['cloudproject']);
    assert.deepEqual(r.friendsOfCloudproject, ['ericflo', 'jericevans']);
  });
}
