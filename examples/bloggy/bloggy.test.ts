/** Seed 004's blog: the 10 latest posts, the latest tagged guitar, a post with its author and comments oldest first. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKENDS, withExampleDb } from '../example-test-db.js';
import { run } from './bloggy.js';

for (const backend of BACKENDS) {
  test(`bloggy: latest posts via __notag__, latest guitar post, a post with author and comments [${backend}]`, async () => {
    const r = await withExampleDb(run, undefined, backend);
    assert.deepEqual(r.latest.map((p) => p.slug), ['scream-is-the-best-movie-ever', 'another-cool-guitar', 'i-got-a-new-guitar']);
    assert.deepEqual(r.latestGuitar.map((p) => p.slug), ['another-cool-guitar']);
    assert.deepEqual(r.latest[2]!.tags, ['life', 'guitar', 'music']);
    assert.equal(r.latest[2]!.title, 'This is a blog entry about my new, awesome guitar');
    assert.deepEqual({ author: r.post.author, twitter: r.post.authorTwitter, tags: r.post.tags }, { author: 'Arin Sarkissian', twitter: 'phatduckk', tags: ['movie', 'horror'] });
    assert.deepEqual(r.comments, ["Joe Blow: you're a dumb douche, the godfather is the best movie ever", 'Some Dude: be nice Joe Blow this isnt youtube']);
  });
}
