/**
 * Seed 004's blog ("WTF is a SuperColumn?"): Authors and BlogEntries as plain rows, TaggedPosts
 * (TimeUUID names → post slug) with every post also under `__notag__`, and Comments as a super
 * column family (TimeUUID super column per comment). Answers the seed's three pages: the 10 latest
 * posts, the latest post tagged guitar, and a post with its author and comments.
 */
import type { Ilium, Keyspace, Row, SuperRow } from '../../src/index.js';
import { type ExampleRun, isMain, runExample } from '../run-example.js';

export const BLOGGY_SCHEMA = `<Keyspace Name="BloggyAppy">
<ColumnFamily CompareWith="BytesType" Name="Authors" />
<ColumnFamily CompareWith="BytesType" Name="BlogEntries" />
<ColumnFamily CompareWith="TimeUUIDType" Name="TaggedPosts" />
<ColumnFamily CompareWith="TimeUUIDType" Name="Comments" CompareSubcolumnsWith="BytesType" ColumnType="Super" />
</Keyspace>`;

const NO_TAG = '__notag__';

/** The seed's posts, oldest first (its "..." filled in). */
const POSTS = [
  { slug: 'i-got-a-new-guitar', title: 'This is a blog entry about my new, awesome guitar', body: 'this is a cool entry. etc etc yada yada', author: 'Arin Sarkissian', tags: 'life,guitar,music', pubDate: '1250558004' },
  { slug: 'another-cool-guitar', title: 'Another cool guitar', body: 'yet another guitar', author: 'Arin Sarkissian', tags: 'guitar', pubDate: '1250558104' },
  { slug: 'scream-is-the-best-movie-ever', title: 'Scream is the best movie ever', body: 'it really is', author: 'Arin Sarkissian', tags: 'movie,horror', pubDate: '1250558204' },
] as const;

const COMMENTS = [
  { slug: 'scream-is-the-best-movie-ever', commenter: 'Joe Blow', email: 'joeb@example.com', comment: "you're a dumb douche, the godfather is the best movie ever", commentTime: '1250438004' },
  { slug: 'scream-is-the-best-movie-ever', commenter: 'Some Dude', email: 'sd@example.com', comment: 'be nice Joe Blow this isnt youtube', commentTime: '1250557004' },
  { slug: 'i-got-a-new-guitar', commenter: 'Johnny Guitar', email: 'guitardude@example.com', comment: 'nice axe dawg...', commentTime: '1250438004' },
] as const;

export interface PostView {
  readonly slug: string;
  readonly title: string;
  readonly author: string;
  readonly authorTwitter: string;
  readonly tags: string[];
}

export interface BloggyResult extends ExampleRun {
  readonly latest: PostView[];
  readonly latestGuitar: PostView[];
  readonly post: PostView;
  readonly comments: string[];
}

export async function run(db: Ilium): Promise<BloggyResult> {
  await db.loadSchema(BLOGGY_SCHEMA);
  const ks = db.keyspace('BloggyAppy');
  await ks.insert('Authors', 'Arin Sarkissian', { numPosts: '11', twitter: 'phatduckk', email: 'arin@example.com', bio: 'bla bla bla' });
  for (const p of POSTS) await publish(db, ks, p);
  for (const c of COMMENTS) {
    const { slug, ...fields } = c;
    await ks.insert('Comments', slug, new Map([[db.timeUuid(), fields]]));
  }
  const latest = await latestPosts(ks, NO_TAG, 10);
  const latestGuitar = await latestPosts(ks, 'guitar', 1);
  const post = await postView(ks, 'scream-is-the-best-movie-ever');
  const comments = [...(await ks.get<SuperRow>('Comments', post.slug)).values()].map((c) => `${String(c.get('commenter'))}: ${String(c.get('comment'))}`);
  const lines = [
    `10 latest posts: ${JSON.stringify(latest.map((p) => p.slug))}`,
    `latest with tag guitar: ${JSON.stringify(latestGuitar.map((p) => p.slug))}`,
    `post: ${post.title} by ${post.author} (@${post.authorTwitter}), tags ${JSON.stringify(post.tags)}`,
    ...comments.map((c) => `  comment: ${c}`),
  ];
  return { latest, latestGuitar, post, comments, lines };
}

/** A post: its BlogEntries row, and one TaggedPosts column under each tag and under __notag__ (one batch). */
async function publish(db: Ilium, ks: Keyspace, post: (typeof POSTS)[number]): Promise<void> {
  const at = db.timeUuid();
  await ks.batch((b) => {
    b.insert('BlogEntries', post.slug, { ...post });
    for (const tag of [...post.tags.split(','), NO_TAG]) b.insert('TaggedPosts', tag, new Map([[at, post.slug]]));
  });
}

/** The seed's steps: the last `count` columns of the tag's row, each slug's entry, each entry's author. */
async function latestPosts(ks: Keyspace, tag: string, count: number): Promise<PostView[]> {
  const slugs = await ks.get<Row>('TaggedPosts', tag, { reversed: true, count });
  return Promise.all([...slugs.values()].map((slug) => postView(ks, String(slug))));
}

async function postView(ks: Keyspace, slug: string): Promise<PostView> {
  const entry = await ks.get<Row>('BlogEntries', slug);
  const author = String(entry.get('author'));
  const profile = await ks.get<Row>('Authors', author);
  const tags = String(entry.get('tags')).split(',').filter((t) => t.length > 0);
  return { slug, title: String(entry.get('title')), author, authorTwitter: String(profile.get('twitter')), tags };
}

if (isMain(import.meta.url)) await runExample('bloggy', run);
