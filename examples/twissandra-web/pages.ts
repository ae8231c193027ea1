/**
 * Twissandra's HTML: the page frame (navigation, the signed-in user, a little CSS) and a list of
 * tweets with authors, times and the "older" link. Every value from the data is escaped.
 */
import type { Page } from '../twissandra/twissandra.js';

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1c2430; }
header { background: #1d6fa5; color: #fff; padding: 0.6em 1.2em; display: flex; gap: 1.2em; align-items: center; }
header a, header button { color: #fff; background: none; border: 0; font: inherit; cursor: pointer; text-decoration: none; }
header .brand { font-weight: 700; font-size: 1.2em; margin-right: auto; }
main { max-width: 40em; margin: 1.2em auto; background: #fff; padding: 1em 1.5em; border-radius: 6px; box-shadow: 0 1px 3px #0002; }
ol.tweets { list-style: none; padding: 0; }
ol.tweets li { border-bottom: 1px solid #e3e7ea; padding: 0.6em 0; }
.meta { color: #68737d; font-size: 0.85em; }
.error { color: #b00020; }
form.post textarea { width: 100%; height: 4em; box-sizing: border-box; }
form.account label { display: block; margin: 0.5em 0; }
button { background: #1d6fa5; color: #fff; border: 0; padding: 0.4em 1em; border-radius: 4px; cursor: pointer; }
a.older { display: inline-block; margin-top: 0.6em; }
`;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A whole page: `user` is the signed-in user's name, or undefined. */
export function layout(title: string, user: string | undefined, content: string): string {
  const nav = user === undefined
    ? '<a href="/public">Public</a><a href="/login">Log in</a><a href="/signup">Sign up</a>'
    : `<a href="/">Timeline</a><a href="/public">Public</a><a href="/u/${encodeURIComponent(user)}">${escapeHtml(user)}</a><form method="post" action="/logout"><button type="submit">Log out</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Twissandra</title><style>${STYLE}</style></head>
<body><header><a class="brand" href="/">Twissandra</a>${nav}</header><main>${content}</main></body></html>`;
}

/** Tweets newest first; `path` is where the "older" link points (with `start`). */
export function tweetList(page: Page, names: ReadonlyMap<string, string>, path: string): string {
  if (page.entries.length === 0) return '<p class="meta">No tweets yet.</p>';
  const items = page.entries.map((e) => {
    const name = names.get(e.userId) ?? '?';
    const when = new Date(Number(e.micros / 1000n)).toISOString().replace('T', ' ').slice(0, 19);
    return `<li class="tweet"><a href="/u/${encodeURIComponent(name)}"><strong>${escapeHtml(name)}</strong></a> <span class="body">${escapeHtml(e.body)}</span><div class="meta">${when} UTC</div></li>`;
  });
  const older = page.next === undefined ? '' : `<a class="older" href="${path}?start=${page.next}">Older ›</a>`;
  return `<ol class="tweets">${items.join('')}</ol>${older}`;
}
