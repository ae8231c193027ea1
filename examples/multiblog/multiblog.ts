/**
 * Seed 000's multi-tenant blog: Blogs and Comments with TimeUUIDType comparators. Posts are
 * columns of the blog's row named by a TimeUUID; the latest post is a reversed get of one column;
 * a permalink is the post's guid, found again with `start: TimeUUID.fromGuid(guid), count: 1`;
 * comments live in a row keyed by the post's guid, read oldest first and paginated by a start UUID.
 */
import { type Ilium, type Keyspace, type Row, TimeUUID } from '../../src/index.js';
import { type ExampleRun, isMain, runExample } from '../run-example.js';

export const MULTIBLOG_SCHEMA = `{"Multiblog":{
"Blogs":{
"comparator_type":"org.apache.cassandra.db.marshal.TimeUUIDType",
"column_type":"Standard"},
"Comments":{
"comparator_type":"org.apache.cassandra.db.marshal.TimeUUIDType",
"column_type":"Standard"}
},}`;

const BLOG = 'The Cutest Kittens';

export interface CommentPage {
  readonly comments: string[];
  /** The start of the next page, or undefined on the last page. */
  readonly next: TimeUUID | undefined;
}

export interface MultiblogResult extends ExampleRun {
  readonly latestTitle: string;
  readonly guid: string;
  readonly permalinkTitle: string;
  readonly comments: string[];
  readonly pages: string[][];
}

export async function run(db: Ilium): Promise<MultiblogResult> {
  await db.loadSchema(MULTIBLOG_SCHEMA);
  const multiblog = db.keyspace('Multiblog');
  await multiblog.insert('Blogs', BLOG, new Map([[db.timeUuid(), '{"title":"Say Hello to Buttons Cat","body":"Buttons is a cute cat."}']]));
  await multiblog.insert('Blogs', BLOG, new Map([[db.timeUuid(), '{"title":"Introducing Commie Cat","body":"Commie is also a cute cat"}']]));

  const [postId, post] = [...(await multiblog.get<Row>('Blogs', BLOG, { reversed: true, count: 1 }))][0]!;
  const guid = (postId as TimeUUID).toGuid();
  const permalink = await multiblog.get<Row>('Blogs', BLOG, { start: TimeUUID.fromGuid(guid), count: 1 });

  await multiblog.insert('Comments', guid, new Map([[db.timeUuid(), 'I like this cat. - Evan']]));
  await multiblog.insert('Comments', guid, new Map([[db.timeUuid(), 'I am cuter. - Buttons']]));
  const comments = [...(await multiblog.get<Row>('Comments', guid)).values()].map(String);
  const pages = await allPages(multiblog, guid, 1);

  const result = { latestTitle: titleOf(post), guid, permalinkTitle: titleOf([...permalink.values()][0]), comments, pages };
  const lines = [
    `latest post: ${result.latestTitle}`,
    `permalink guid: ${guid}`,
    `permalink post: ${result.permalinkTitle}`,
    `comments, oldest first: ${JSON.stringify(comments)}`,
    ...pages.map((p, i) => `comments page ${i + 1}: ${JSON.stringify(p)}`),
  ];
  return { ...result, lines };
}

/** One page of comments from `start` (inclusive): asks for one more than the page to learn the next start. */
export async function commentPage(multiblog: Keyspace, guid: string, start: TimeUUID | undefined, size: number): Promise<CommentPage> {
  const row = await multiblog.get<Row>('Comments', guid, { ...(start === undefined ? {} : { start }), count: size + 1 });
  const entries = [...row];
  const next = entries.length > size ? (entries[size]![0] as TimeUUID) : undefined;
  return { comments: entries.slice(0, size).map(([, v]) => String(v)), next };
}

async function allPages(multiblog: Keyspace, guid: string, size: number): Promise<string[][]> {
  const pages: string[][] = [];
  let start: TimeUUID | undefined;
  do {
    const page = await commentPage(multiblog, guid, start, size);
    pages.push(page.comments);
    start = page.next;
  } while (start !== undefined);
  return pages;
}

function titleOf(json: unknown): string {
  return (JSON.parse(String(json)) as { title: string }).title;
}

if (isMain(import.meta.url)) await runExample('multiblog', run);
