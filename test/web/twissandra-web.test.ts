/**
 * Twissandra as a web application (examples/twissandra-web) in a real browser — Debian's chromium
 * through playwright-core — on an embedded in-memory Ilium, served on 127.0.40.6: two users sign
 * up in their own browser contexts, one follows the other, the other's tweets show on the
 * follower's timeline newest first with "older" paging, the public line lists everyone's, unfollow
 * stops new tweets from arriving, a wrong password is refused. Screenshots of the pages are made
 * (docs/screenshots/ with ILIUM_WRITE_SCREENSHOTS=1). Then the remote mode: the same app on an
 * `ilium start` node (127.0.40.7) through connect(), driven over HTTP.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { type Ilium, connect, open } from '../../src/index.js';
import { startIliumProcess } from '../support/ilium-process.js';
import { type TwissandraWeb, startTwissandraWeb } from '../../examples/twissandra-web/app.js';
import { browserSkip, launchBrowser, screenshot, screenshotDir } from '../support/browser.js';

const HOST = '127.0.40.6';
/** The remote mode's node and app. */
const REMOTE_HOST = '127.0.40.7';
const PAGE_SIZE = 3;
const skip = browserSkip();

let db: Ilium;
let web: TwissandraWeb;
let browser: Browser;
const shots = screenshotDir();

before(async () => {
  if (skip !== false) return;
  db = await open();
  web = await startTwissandraWeb({ db, host: HOST, port: 0, pageSize: PAGE_SIZE });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await web?.close();
  await db?.close();
});

async function signUp(page: Page, name: string, password: string): Promise<void> {
  await page.goto(`${web.url}/signup`);
  await page.fill('input[name=username]', name);
  await page.fill('input[name=password]', password);
  await page.click('form.account button');
  await page.waitForURL(`${web.url}/`);
}

async function tweet(page: Page, body: string): Promise<void> {
  await page.goto(`${web.url}/`);
  await page.fill('textarea[name=body]', body);
  await page.click('form.post button');
  await page.waitForURL(`${web.url}/`);
}

async function bodies(page: Page): Promise<string[]> {
  return page.locator('li.tweet .body').allTextContents();
}

test('two users sign up, one follows the other, tweets reach the follower’s timeline with older paging; unfollow; the public line; login', { skip, timeout: 120_000 }, async () => {
  const ann = await (await browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
  const bob = await (await browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
  await signUp(ann, 'ann', 'ann-secret');
  await signUp(bob, 'bob', 'bob-secret');

  // bob follows ann from her page.
  await bob.goto(`${web.url}/u/ann`);
  await bob.click('button.follow');
  await bob.waitForURL(`${web.url}/u/ann`);
  assert.equal(await bob.textContent('button.follow'), 'Unfollow');

  for (let i = 1; i <= 5; i++) await tweet(ann, `ann's tweet ${i} <b>not bold</b>`);
  await tweet(bob, 'bob says hi');

  // bob's timeline: his own and ann's, newest first, PAGE_SIZE at a time.
  await bob.goto(`${web.url}/`);
  assert.deepEqual(await bodies(bob), ['bob says hi', "ann's tweet 5 <b>not bold</b>", "ann's tweet 4 <b>not bold</b>"]);
  await screenshot(bob, shots, 'twissandra-timeline');
  await bob.click('a.older');
  assert.deepEqual(await bodies(bob), ["ann's tweet 3 <b>not bold</b>", "ann's tweet 2 <b>not bold</b>", "ann's tweet 1 <b>not bold</b>"]);
  assert.equal(await bob.locator('a.older').count(), 0, 'the last page has no "older" link');

  // ann's timeline has only her own tweets (she follows nobody).
  await ann.goto(`${web.url}/`);
  assert.deepEqual(await bodies(ann), ["ann's tweet 5 <b>not bold</b>", "ann's tweet 4 <b>not bold</b>", "ann's tweet 3 <b>not bold</b>"]);

  // The public line has everyone's; ann's userline only hers.
  await ann.goto(`${web.url}/public`);
  assert.equal((await bodies(ann))[0], 'bob says hi');
  await screenshot(ann, shots, 'twissandra-public');
  await bob.goto(`${web.url}/u/ann`);
  assert.deepEqual(await bodies(bob), ["ann's tweet 5 <b>not bold</b>", "ann's tweet 4 <b>not bold</b>", "ann's tweet 3 <b>not bold</b>"]);
  await screenshot(bob, shots, 'twissandra-userline');

  // After unfollowing, ann's new tweets no longer reach bob.
  await bob.click('button.follow');
  await bob.waitForURL(`${web.url}/u/ann`);
  assert.equal(await bob.textContent('button.follow'), 'Follow');
  await tweet(ann, 'after the unfollow');
  await bob.goto(`${web.url}/`);
  assert.ok(!(await bodies(bob)).includes('after the unfollow'));

  // Logging out and in again; a wrong password is refused; a taken name too.
  const carol = await (await browser.newContext()).newPage();
  await carol.goto(`${web.url}/login`);
  await carol.fill('input[name=username]', 'ann');
  await carol.fill('input[name=password]', 'wrong');
  await carol.click('form.account button');
  assert.equal(await carol.textContent('p.error'), 'Wrong username or password.');
  await screenshot(carol, shots, 'twissandra-login');
  await carol.fill('input[name=username]', 'ann');
  await carol.fill('input[name=password]', 'ann-secret');
  await carol.click('form.account button');
  await carol.waitForURL(`${web.url}/`);
  assert.equal((await bodies(carol))[0], 'after the unfollow');
  await carol.goto(`${web.url}/signup`);
  await carol.fill('input[name=username]', 'bob');
  await carol.fill('input[name=password]', 'x');
  await carol.click('form.account button');
  assert.equal(await carol.textContent('p.error'), 'That username is taken.');
  assert.ok(statSync(`${shots}/twissandra-timeline.png`).size > 1000);
});

test('remote mode: the same app on a running node (ilium start) through connect(), driven over HTTP', { timeout: 120_000 }, async () => {
  const node = await startIliumProcess({ address: REMOTE_HOST });
  const remote = await connect({ contactPoints: [`${node.host}:${node.port}`] });
  const app = await startTwissandraWeb({ db: remote, host: REMOTE_HOST, port: 0, pageSize: PAGE_SIZE });
  try {
    const signUp = async (name: string): Promise<string> => {
      const r = await fetch(`${app.url}/signup`, { method: 'POST', body: new URLSearchParams({ username: name, password: 'pw' }), redirect: 'manual' });
      assert.equal(r.status, 303);
      return r.headers.get('set-cookie')!.split(';')[0]!;
    };
    const dee = await signUp('dee');
    const eve = await signUp('eve');
    assert.equal((await fetch(`${app.url}/follow/dee`, { method: 'POST', headers: { cookie: eve }, redirect: 'manual' })).status, 303);
    await fetch(`${app.url}/tweet`, { method: 'POST', headers: { cookie: dee }, body: new URLSearchParams({ body: 'hello from a node' }), redirect: 'manual' });
    const timeline = await (await fetch(`${app.url}/`, { headers: { cookie: eve } })).text();
    assert.match(timeline, /<span class="body">hello from a node<\/span>/);
  } finally {
    await app.close();
    await remote.close();
    await node.stop();
    node.dispose();
  }
});
