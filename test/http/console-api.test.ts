/**
 * The web console's JSON on a real `ilium start` (127.0.38.20; 127.0.38.21 with
 * PasswordAuthenticator), fetched as the page fetches it: every page is bounded (a page of at most
 * 100 rows however many are asked for, at most 200 columns of a row, marked truncated), bad
 * requests are 400 with the admin API's error body, and under PasswordAuthenticator the page and
 * its JSON need a superuser's Basic credentials, the CQL editor running as that user.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '../../src/index.js';
import { useIliumProcess } from '../support/ilium-process.js';
import { SUPERUSER_AT_ONCE, defaultSuperuserReady } from '../support/default-superuser.js';

const open = useIliumProcess({ address: '127.0.38.20', configYaml: 'http_address: 127.0.38.20\n' });
const secured = useIliumProcess({ address: '127.0.38.21', configYaml: 'http_address: 127.0.38.21\nauthenticator: PasswordAuthenticator\n', args: [SUPERUSER_AT_ONCE] });

const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });
const cql = (base: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${base}/console/api/cql`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

interface RowsPage { kind: string; rows: { key: string; cells: { name: string }[]; truncated?: true }[]; next?: string }

test('pages are bounded: at most 100 rows, 200 columns of a Thrift row (marked truncated); the next page follows', { timeout: 60_000 }, async () => {
  const base = open().httpUrl!;
  assert.equal((await cql(base, { query: "CREATE KEYSPACE big WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}" })).status, 200);
  assert.equal((await cql(base, { query: 'CREATE TABLE big.t (id int PRIMARY KEY, v text)' })).status, 200);
  for (let i = 0; i < 150; i++) assert.equal((await cql(base, { query: `INSERT INTO big.t (id, v) VALUES (${i}, 'v')` })).status, 200);
  const first = (await (await fetch(`${base}/console/api/rows/big/t?count=100000`)).json()) as RowsPage;
  assert.equal(first.kind, 'cql');
  assert.equal(first.rows.length, 100);
  assert.match(first.next!, /^[0-9a-f]+$/);
  const second = (await (await fetch(`${base}/console/api/rows/big/t?count=100000&after=${first.next}`)).json()) as RowsPage;
  assert.equal(second.rows.length, 50);
  assert.equal(second.next, undefined);
  assert.equal(new Set([...first.rows, ...second.rows].map((r) => r.key)).size, 150);
  const sel = (await (await cql(base, { query: 'SELECT * FROM big.t' })).json()) as { rows: unknown[]; pagingState?: string };
  assert.equal(sel.rows.length, 100, 'the editor pages at 100 rows');
  assert.ok(sel.pagingState !== undefined);

  const db = await connect({ contactPoints: [`${open().host}:${open().port}`] });
  try {
    await db.loadSchema('{"Wide":{"Cols":{"comparator_type":"org.apache.cassandra.db.marshal.UTF8Type","column_type":"Standard"}}}');
    const many: Record<string, string> = {};
    for (let i = 0; i < 300; i++) many[`c${String(i).padStart(3, '0')}`] = 'x';
    await db.keyspace('Wide').insert('Cols', 'row', many);
  } finally {
    await db.close();
  }
  const wide = (await (await fetch(`${base}/console/api/rows/Wide/Cols`)).json()) as RowsPage;
  assert.equal(wide.kind, 'thrift');
  assert.equal(wide.rows[0]!.cells.length, 200);
  assert.equal(wide.rows[0]!.truncated, true);
  assert.equal(wide.rows[0]!.cells[0]!.name, 'c000');
});

test('bad requests are 400 with an error body', async () => {
  const base = open().httpUrl!;
  const cases: [string, Promise<Response>][] = [
    ['unknown table', fetch(`${base}/console/api/rows/nosuch/t`)],
    ['after not hex', fetch(`${base}/console/api/rows/system/local?after=zz`)],
    ['count not a number', fetch(`${base}/console/api/rows/system/local?count=x`)],
    ['trace id not a UUID', fetch(`${base}/console/api/trace/1%20OR%201`)],
    ['body not JSON', cql(base, 'SELECT')],
    ['no query', cql(base, { q: 'x' })],
    ['paging state not hex', cql(base, { query: 'SELECT * FROM system.local', pagingState: 'xyz' })],
    ['a CQL error', cql(base, { query: 'SELECT * FROM nosuch.t' })],
  ];
  for (const [what, res] of cases) {
    const r = await res;
    assert.equal(r.status, 400, what);
    const body = (await r.json()) as { error: { type: string; message: string } };
    assert.ok(body.error.message.length > 0, what);
  }
  const page = await fetch(`${base}/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type')!, /^text\/html/);
  assert.match(await page.text(), /<script type="module" src="\/console\/app.js">/);
  const script = await fetch(`${base}/console/app.js`);
  assert.match(script.headers.get('content-type')!, /^text\/javascript/);
  assert.doesNotMatch(await script.text(), /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, 'nothing fetched from elsewhere');
});

test('with PasswordAuthenticator the console needs a superuser, and CQL runs as that user', { timeout: 60_000 }, async () => {
  const n = secured();
  await defaultSuperuserReady(n.host, n.port);
  assert.equal((await fetch(`${n.httpUrl}/`)).status, 401);
  assert.equal((await fetch(`${n.httpUrl}/console/api/ring`)).status, 401);
  assert.equal((await fetch(`${n.httpUrl}/`, { headers: basic('cassandra', 'cassandra') })).status, 200);
  const who = await cql(n.httpUrl!, { query: "CREATE ROLE ann WITH PASSWORD = 'pw' AND LOGIN = true" }, basic('cassandra', 'cassandra'));
  assert.equal(who.status, 200, await who.clone().text());
  const roles = (await (await cql(n.httpUrl!, { query: 'LIST ROLES' }, basic('cassandra', 'cassandra'))).json()) as { rows: string[][] };
  assert.deepEqual(roles.rows.map((r) => r[0]).sort(), ['ann', 'cassandra']);
  assert.equal((await fetch(`${n.httpUrl}/`, { headers: basic('ann', 'pw') })).status, 401, 'not a superuser');
});
