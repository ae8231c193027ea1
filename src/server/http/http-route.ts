/**
 * The node's HTTP routes as a table others extend (`/metrics`, the admin API, later the console):
 * each `{ method, path, handle }`. A path is literal segments and `:name` segments, each matching
 * one non-empty segment and handed to `handle` (decoded) as `params.name`. The first route whose
 * method and path match answers; a path some route matches with another method is answered 405.
 */
import type { HttpRequest, HttpResponse } from '../../env/index.js';

export interface HttpRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly handle: (request: HttpRequest, params: Readonly<Record<string, string>>) => Promise<HttpResponse> | HttpResponse;
}

/** The route's parameters when `path` matches its pattern, else undefined. */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) return undefined;
  }
  return params;
}

export function jsonResponse(status: number, value: unknown): HttpResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: `${JSON.stringify(value)}\n` };
}
