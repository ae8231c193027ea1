/**
 * The web console (GET / on each node's HTTP endpoint) in a real browser — Debian's chromium
 * through playwright-core — on three real `ilium start` processes (127.0.38.1-3, node 1 the seed,
 * each serving HTTP on its own address): the ring page lists the three nodes UN and shows the third
 * DN once it is stopped; the seeds' Twitter keyspace (examples/twitter, loaded through connect())
 * is browsed — the Super column family UserRelationships with its super columns, TimeUUID
 * sub-columns and timestamps (as dates and in µs) — and a CQL table with WRITETIME/TTL; the schema
 * page shows the comparators; the CQL editor runs a query with its trace and shows an error; the
 * charts move under load. Screenshots go to docs/screenshots/ with ILIUM_WRITE_SCREENSHOTS=1.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import type { Browser, Page } from 'playwright-core';
import { connect } from '../../src/index.js';
import { type IliumProcess, startIliumProcess } from '../support/ilium-process.js';
import { browserSkip, launchBrowser, screenshot, screenshotDir } from '../support/browser.js';
import { eventually } from '../support/test-cluster.js';
import { run as loadTwitter } from '../../examples/twitter/twitter.js';

const ADDRESSES = ['127.0.38.1', '127.0.38.2', '127.0.38.3'];
const skip = browserSkip();
const shots = screenshotDir();

let nodes: IliumProcess[] = [];
let browser: Browser;
let page: Page;

function yaml(address: string): string {
  return `seed_provider:\n  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n    parameters:\n      - seeds: "${ADDRESSES[0]}"\nhttp_address: ${address}\n`;
}

before(async () => {
  if (skip !== false) return;
  for (const address of ADDRESSES) nodes.push(await startIliumProcess({ address, configYaml: yaml(address), readyTimeoutMs: 60_000 }));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

after(async () => {
  await browser?.close();
  for (const n of nodes) n.dispose();
  nodes = [];
});

const statusOf = (address: string) => page.locator(`tr[data-address="${address}"] td.status`).textContent({ timeout: 2000 });

test('the ring page lists the three nodes UN', { skip, timeout: 180_000 }, async () => {
  const base = nodes[0]!.httpUrl!;
  assert.match(base, /^http:\/\/127\.0\.38\.1:\d+$/);
  await page.goto(`${base}/`);
  await eventually('the console shows three nodes UN', async () => {
    for (const a of ADDRESSES) if ((await statusOf(a).catch(() => null)) !== 'UN') return undefined;
    return true;
    // Joining nodes show UJ until their bootstrap ends: a loaded CI machine took ~60 s for the pair.
  }, 150_000);
  assert.match((await page.textContent('#ring-body'))!, /Datacenter: datacenter1/);
  assert.match((await page.textContent('#node-name'))!, /127\.0\.38\.1/);
  const owns = await page.locator('table.ring td:nth-child(5)').allTextContents();
  assert.equal(owns.length, 3);
  assert.ok(Math.abs(owns.reduce((a, o) => a + Number.parseFloat(o), 0) - 100) < 0.5, `ownership ${owns} sums to 100%`);
  await screenshot(page, shots, 'console-ring');
});

test('the Twitter keyspace: a Super column family browsed with sub-columns and timestamps; the schema shows its comparators', { skip, timeout: 120_000 }, async () => {
  const base = nodes[0]!.httpUrl!;
  const db = await connect({ contactPoints: [`${nodes[0]!.host}:${nodes[0]!.port}`] });
  const beforeUs = BigInt(Date.now()) * 1000n;
  try {
    await loadTwitter(db);
  } finally {
    await db.close();
  }
  await page.goto(`${base}/#schema`);
  await page.click('#schema-tree a[data-table="Twitter.UserRelationships"]');
  const schemaText = (await page.textContent('#schema-body'))!;
  assert.match(schemaText, /column_typeSuper/);
  assert.match(schemaText, /comparatorUTF8Type/);
  assert.match(schemaText, /subcomparatorTimeUUIDType/);
  await screenshot(page, shots, 'console-schema');

  await page.goto(`${base}/#browse`);
  await page.click('#browse-tree a[data-table="Twitter.UserRelationships"]');
  await page.waitForSelector('#browse-body[data-page="Twitter.UserRelationships@"] .row');
  // User 5's row: super columns followers and user_timeline, each with TimeUUID sub-columns.
  const row5 = page.locator('#browse-body .row', { has: page.locator('.key', { hasText: /^0x35 \('5'\)$/ }) });
  const supers = await row5.locator('tr.super').allTextContents();
  assert.deepEqual(supers, ['super column followers (2)', 'super column user_timeline (4)']);
  const subs = await row5.locator('tr.sub').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  assert.equal(subs.length, 6);
  for (const [name, , date, micros] of subs) {
    assert.match(name!, /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-/, 'sub-column names decoded as time UUIDs');
    assert.ok(BigInt(micros!) >= beforeUs - 60_000_000n && BigInt(micros!) <= BigInt(Date.now()) * 1000n, `timestamp ${micros} is the write's`);
    assert.equal(date, new Date(Number(BigInt(micros!) / 1000n)).toISOString().replace('T', ' ').replace('Z', ' UTC'));
  }
  assert.deepEqual(subs.slice(0, 2).map((s) => s[1]).sort(), ["0x36 ('6')", "0x37 ('7')"], 'follower ids as values (BytesType, with their text)');
  await screenshot(page, shots, 'console-browse-super');

  // A Standard column family: named columns with their values.
  await page.click('#browse-tree a[data-table="Twitter.Statuses"]');
  await page.waitForSelector('#browse-body[data-page="Twitter.Statuses@"] .row');
  const texts = await page.locator('#browse-body tr.col').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));
  assert.ok(texts.some(([n, v]) => n === 'text' && v === "0x4e6f6d206e6f6d206e6f6d206e6f6d206e6f6d2e ('Nom nom nom nom nom.')"), JSON.stringify(texts));
});

test('a CQL table browsed with WRITETIME and TTL, paged', { skip, timeout: 120_000 }, async () => {
  const base = nodes[0]!.httpUrl!;
  const cql = async (query: string) => {
    const r = await fetch(`${base}/console/api/cql`, { method: 'POST', body: JSON.stringify({ query }) });
    assert.equal(r.status, 200, await r.clone().text());
    return r.json();
  };
  await cql("CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
  await cql('CREATE TABLE shop.items (id int PRIMARY KEY, name text, tags set<text>)');
  // The other nodes learn the table by gossip: wait until every console's ring says one schema version.
  await eventually('schema agreement', async () => {
    const versions = await Promise.all(nodes.map(async (n) => ((await (await fetch(`${n.httpUrl}/console/api/ring`)).json()) as { schemaVersion: string }).schemaVersion));
    return new Set(versions).size === 1 ? true : undefined;
  }, 30_000);
  for (let i = 0; i < 25; i++) await cql(`INSERT INTO shop.items (id, name, tags) VALUES (${i}, 'item ${i}', {'a'}) USING TIMESTAMP ${1_700_000_000_000_000 + i} AND TTL 3600`);
  await page.goto(`${base}/#browse`);
  await page.click('#browse-tree a[data-table="shop.items"]');
  await page.waitForSelector('#browse-body[data-page="shop.items@"] .row');
  assert.equal(await page.locator('#browse-body .row').count(), 20);
  const first = await page.locator('#browse-body .row').first().locator('tr.col').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  const name = first.find((c) => c[0] === 'name')!;
  assert.match(name[1]!, /^item \d+$/);
  assert.match(name[3]!, /^17000000000000\d\d$/);
  assert.equal(name[2], '2023-11-14 22:13:20.000 UTC');
  assert.ok(Number(name[4]) > 3500 && Number(name[4]) <= 3600, `TTL ${name[4]}`);
  assert.equal(first.find((c) => c[0] === 'tags')![1], "{'a'}");
  const firstKeys = await page.locator('#browse-body .row .key').allTextContents();
  await page.click('#browse-next');
  await page.waitForSelector('#browse-body:not([data-page="shop.items@"]) .row');
  const secondKeys = await page.locator('#browse-body .row .key').allTextContents();
  assert.equal(secondKeys.length, 5);
  assert.deepEqual(new Set([...firstKeys, ...secondKeys]), new Set(Array.from({ length: 25 }, (_, i) => `id=${i}`)), 'the two pages hold every row once');
  await page.click('#browse-first');
  await page.waitForSelector('#browse-body[data-page="shop.items@"] .row');
});

test('the CQL editor runs a query with its trace, and shows an error', { skip, timeout: 120_000 }, async () => {
  const base = nodes[0]!.httpUrl!;
  await page.goto(`${base}/#cql`);
  await page.fill('#cql-keyspace', 'shop');
  await page.fill('#cql-text', 'SELECT id, name, tags FROM items WHERE id = 3');
  await page.check('#cql-trace');
  await page.click('#cql-run');
  await page.waitForSelector('table.result');
  const cells = await page.locator('table.result td').allTextContents();
  assert.deepEqual(cells, ['3', 'item 3', "{'a'}"]);
  assert.deepEqual(await page.locator('table.result th').allTextContents(), ['id', 'name', 'tags']);
  await page.waitForSelector('table.trace tr:nth-child(3)', { timeout: 10_000 });
  const activities = await page.locator('table.trace td:first-child').allTextContents();
  assert.ok(activities.some((a) => a === 'Parsing SELECT id, name, tags FROM items WHERE id = 3'), JSON.stringify(activities));
  assert.ok(activities.includes('Preparing statement'));
  assert.match((await page.textContent('h3.trace'))!, /Tracing session [0-9a-f-]{36} \(\d+ µs\)/);
  await screenshot(page, shots, 'console-cql-trace');

  await page.fill('#cql-text', 'SELECT * FROM nosuch.tbl');
  await page.click('#cql-run');
  await page.waitForSelector('#cql-result .error');
  assert.match((await page.textContent('#cql-result .error'))!, /InvalidRequestError: .*nosuch/);
});

test('the charts move with requests', { skip, timeout: 120_000 }, async () => {
  const base = nodes[0]!.httpUrl!;
  await page.goto(`${base}/#charts`);
  const client = new cassandra.Client({ contactPoints: [`${nodes[0]!.host}:${nodes[0]!.port}`], localDataCenter: 'datacenter1', policies: { loadBalancing: new cassandra.policies.loadBalancing.WhiteListPolicy(new cassandra.policies.loadBalancing.RoundRobinPolicy(), [`${nodes[0]!.host}:${nodes[0]!.port}`]) } });
  try {
    const deadline = Date.now() + 6000;
    let i = 0;
    while (Date.now() < deadline) await client.execute(`INSERT INTO shop.items (id, name) VALUES (${1000 + (i++ % 50)}, 'load')`);
  } finally {
    await client.shutdown();
  }
  const rate = await page.locator('[data-chart="Requests/s"] .now').textContent();
  const peak = await page.locator('[data-chart="Requests/s"] .muted').textContent();
  assert.ok(Number(/max ([\d.]+)/.exec(peak!)![1]) > 1, `requests/s peak ${peak} (now ${rate})`);
  assert.ok(Number(/max ([\d.]+)/.exec((await page.locator('[data-chart="p99 latency (ms)"] .muted').textContent())!)![1]) > 0);
  await screenshot(page, shots, 'console-charts');
});

test('a node stopped shows DN on the ring page, which polls', { skip, timeout: 180_000 }, async () => {
  await page.goto(`${nodes[0]!.httpUrl!}/`);
  await page.waitForSelector(`tr[data-address="${ADDRESSES[2]}"]`);
  await nodes[2]!.stop();
  // The page itself polls: no reload.
  await eventually('the console shows the stopped node DN', async () => ((await statusOf(ADDRESSES[2]!)) === 'DN' ? true : undefined), 60_000);
  assert.equal(await statusOf(ADDRESSES[0]!), 'UN');
  assert.equal(await statusOf(ADDRESSES[1]!), 'UN');
  await screenshot(page, shots, 'console-ring-down');
});
