/**
 * Twissandra as a web application (seeds 001–003): sign up, log in and out, follow and unfollow,
 * post a tweet that goes to the author's userline, the public line and every follower's timeline,
 * and read the timeline, a userline and the public line newest first with "older" paging — pages
 * rendered on the server from the seeds' column families through examples/twissandra's data layer
 * (Ilium's column-family API, embedded or remote). Plain HTML forms, no script, no build step.
 *
 *   const web = await startTwissandraWeb({ db, host: '127.0.0.1', port: 8080 });
 *   // web.url; await web.close();
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Ilium } from '../../src/index.js';
import { type Page, TWISSANDRA_SCHEMA, Twissandra } from '../twissandra/twissandra.js';
import { escapeHtml, layout, tweetList } from './pages.js';

export interface TwissandraWebOptions {
  readonly db: Ilium;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Tweets per page. */
  readonly pageSize?: number;
}

export interface TwissandraWeb {
  readonly url: string;
  close(): Promise<void>;
}

/** A request body past this is refused: forms here are a few hundred bytes. */
const BODY_BYTES_MAX = 16 * 1024;
const TWEET_CHARS_MAX = 280;
const SESSION_COOKIE = 'twissandra_session';

export async function startTwissandraWeb(options: TwissandraWebOptions): Promise<TwissandraWeb> {
  await options.db.loadSchema(TWISSANDRA_SCHEMA);
  const app = new Twissandra(options.db);
  const pageSize = options.pageSize ?? 20;
  /** Session token → user id, for this server's life (Twissandra kept them in Django's sessions). */
  const sessions = new Map<string, string>();

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, layout('Error', undefined, `<p class="error">${escapeHtml((e as Error).message)}</p>`));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://twissandra');
    const me = sessionUser(req);
    const myName = me === undefined ? undefined : await app.username(me);
    const start = parseStart(url.searchParams.get('start'));
    if (req.method === 'GET' && url.pathname === '/') {
      if (me === undefined) return redirect(res, '/public');
      const page = await app.timeline(me, start, pageSize);
      return send(res, 200, layout('Timeline', myName, `
<form method="post" action="/tweet" class="post"><textarea name="body" maxlength="${TWEET_CHARS_MAX}" placeholder="What are you doing?" required></textarea><button type="submit">Tweet</button></form>
<h2>Your timeline</h2>${await render(page, '/')}`));
    }
    if (req.method === 'GET' && url.pathname === '/public') {
      return send(res, 200, layout('Public', myName, `<h2>Public timeline</h2>${await render(await app.publicline(start, pageSize), '/public')}`));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/u/')) {
      const name = decodeURIComponent(url.pathname.slice(3));
      if (!(await app.exists(name))) return send(res, 404, layout('Not found', myName, `<p class="error">No user named ${escapeHtml(name)}.</p>`));
      const id = await app.userId(name);
      const following = me !== undefined && (await app.friendIds(me)).includes(id);
      const button = me === undefined || me === id ? '' : `<form method="post" action="/${following ? 'unfollow' : 'follow'}/${encodeURIComponent(name)}"><button type="submit" class="follow">${following ? 'Unfollow' : 'Follow'}</button></form>`;
      return send(res, 200, layout(name, myName, `<h2>${escapeHtml(name)}</h2>${button}${await render(await app.userline(id, start, pageSize), `/u/${encodeURIComponent(name)}`)}`));
    }
    if (req.method === 'GET' && (url.pathname === '/login' || url.pathname === '/signup')) {
      return send(res, 200, layout(url.pathname === '/login' ? 'Log in' : 'Sign up', myName, accountForm(url.pathname === '/login' ? 'login' : 'signup', url.searchParams.get('error'))));
    }
    if (req.method === 'POST' && (url.pathname === '/login' || url.pathname === '/signup')) {
      const form = await readForm(req);
      const username = (form.get('username') ?? '').trim();
      const password = form.get('password') ?? '';
      if (url.pathname === '/signup') {
        if (!/^[A-Za-z0-9_]{1,32}$/.test(username)) return redirect(res, '/signup?error=' + encodeURIComponent('A username is 1 to 32 letters, digits or _.'));
        if (password === '') return redirect(res, '/signup?error=' + encodeURIComponent('A password is needed.'));
        if (await app.exists(username)) return redirect(res, '/signup?error=' + encodeURIComponent('That username is taken.'));
        return logIn(res, await app.register(username, password));
      }
      const id = await app.login(username, password);
      if (id === undefined) return redirect(res, '/login?error=' + encodeURIComponent('Wrong username or password.'));
      return logIn(res, id);
    }
    if (req.method === 'POST' && url.pathname === '/logout') {
      const token = cookie(req, SESSION_COOKIE);
      if (token !== undefined) sessions.delete(token);
      res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      return redirect(res, '/public');
    }
    if (req.method === 'POST' && me !== undefined) {
      if (url.pathname === '/tweet') {
        const body = ((await readForm(req)).get('body') ?? '').trim().slice(0, TWEET_CHARS_MAX);
        if (body !== '') await app.tweet(me, body);
        return redirect(res, '/');
      }
      const follow = /^\/(follow|unfollow)\/(.+)$/.exec(url.pathname);
      if (follow !== null) {
        const name = decodeURIComponent(follow[2]!);
        if (!(await app.exists(name))) return send(res, 404, layout('Not found', myName, `<p class="error">No user named ${escapeHtml(name)}.</p>`));
        const id = await app.userId(name);
        if (id !== me) await (follow[1] === 'follow' ? app.follow(me, id) : app.unfollow(me, id));
        return redirect(res, `/u/${encodeURIComponent(name)}`);
      }
    }
    if (req.method === 'POST') return redirect(res, '/login');
    send(res, 404, layout('Not found', myName, '<p class="error">No such page.</p>'));
  }

  /** A page of tweets with their authors, and the "older" link when more follow. */
  async function render(page: Page, path: string): Promise<string> {
    const names = new Map<string, string>();
    for (const e of page.entries) if (!names.has(e.userId)) names.set(e.userId, await app.username(e.userId));
    return tweetList(page, names, path);
  }

  function logIn(res: ServerResponse, id: string): void {
    const token = randomBytes(24).toString('base64url');
    sessions.set(token, id);
    res.setHeader('Set-Cookie', `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`);
    redirect(res, '/');
  }

  function sessionUser(req: IncomingMessage): string | undefined {
    const token = cookie(req, SESSION_COOKIE);
    return token === undefined ? undefined : sessions.get(token);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function accountForm(kind: 'login' | 'signup', error: string | null): string {
  const title = kind === 'login' ? 'Log in' : 'Sign up';
  const other = kind === 'login' ? '<p>No account? <a href="/signup">Sign up</a>.</p>' : '<p>Have an account? <a href="/login">Log in</a>.</p>';
  return `<h2>${title}</h2>${error === null ? '' : `<p class="error">${escapeHtml(error)}</p>`}
<form method="post" action="/${kind}" class="account">
<label>Username <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="${kind === 'login' ? 'current-password' : 'new-password'}" required></label>
<button type="submit">${title}</button></form>${other}`;
}

function parseStart(v: string | null): bigint | undefined {
  return v !== null && /^\d{1,20}$/.test(v) ? BigInt(v) : undefined;
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > BODY_BYTES_MAX) throw new Error('request body too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, to: string): void {
  res.writeHead(303, { Location: to });
  res.end();
}
