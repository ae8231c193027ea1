/** Seed 000's Twitter demo gives exactly the seed's answer; statuses fan out to followers' home timelines. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, withExampleDb } from '../example-test-db.js';
import { run } from './twitter.js';

for (const backend of BACKENDS) {
  test(`twitter: the reversed user_timeline is ["@evan Zzzz....", "Nom nom nom nom nom."]; home_timeline fan-out [${backend}]`, async () => {
    const result = await withExampleDb(run, undefined, backend);
    assert.deepEqual(result.timeline, ['@evan Zzzz....', 'Nom nom nom nom nom.']);
    assert.deepEqual(result.homeTimelines.get('6'), ['Dinner?', 'Nap time is over.']);
    assert.deepEqual(result.homeTimelines.get('7'), ['Dinner?', 'Nap time is over.']);
    assert.equal(result.lines[0], 'user_timeline of 5: ["@evan Zzzz....","Nom nom nom nom nom."]');
  });
}
