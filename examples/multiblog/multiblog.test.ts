/** Seed 000's multi-blog: latest post via reversed, permalink by guid, comments oldest first, paginated by a start UUID. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, withExampleDb } from '../example-test-db.js';
import { run } from './multiblog.js';

for (const backend of BACKENDS) {
  test(`multiblog: latest post, permalink by guid, comments oldest first and paginated [${backend}]`, async () => {
    const r = await withExampleDb(run, undefined, backend);
    assert.equal(r.latestTitle, 'Introducing Commie Cat');
    assert.match(r.guid, /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(r.permalinkTitle, 'Introducing Commie Cat');
    assert.deepEqual(r.comments, ['I like this cat. - Evan', 'I am cuter. - Buttons']);
    assert.deepEqual(r.pages, [['I like this cat. - Evan'], ['I am cuter. - Buttons']]);
  });
}
