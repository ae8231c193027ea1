/**
 * The web console (GET /): one page (console-page.ts) and its script (console-script.ts), plain
 * text shipped in dist — no build step, nothing fetched from elsewhere — and the JSON it polls:
 *
 *   GET  /console/api/ring                       the ring as nodetool status sees it (gossip), the schema version
 *   GET  /console/api/stats                      the numbers of the live charts (console-stats.ts)
 *   GET  /console/api/schema                     keyspaces and tables (console-schema.ts)
 *   GET  /console/api/rows/:keyspace/:table?after=<hex>&count=<n>   a page of rows (console-rows.ts)
 *   POST /console/api/cql  {query, keyspace?, trace?, pagingState?} a statement's result (console-cql.ts)
 *   GET  /console/api/trace/:id                  a trace session's events
 *
 * Credentials are the endpoint's (HTTP Basic superuser when authentication is on); CQL runs as
 * that user. Errors are {"error": {"type", "code", "message"}} as the admin API's.
 */
import type { HttpRequest, HttpResponse } from '../../env/index.js';
import { IliumError, InvalidRequestError } from '../../errors/index.js';
import type { IliumNode } from '../ilium-node.js';
import { clusterStatus } from '../admin/cluster-status.js';
import { basicCredentials } from './http-server.js';
import { type HttpRoute, jsonResponse } from './http-route.js';
import { ConsoleCql, type ConsoleCqlRequest } from './console-cql.js';
import { CONSOLE_PAGE } from './console-page.js';
import { CONSOLE_SCRIPT } from './console-script.js';
import { cqlRows, thriftRows } from './console-rows.js';
import { consoleSchema } from './console-schema.js';
import { consoleStats } from './console-stats.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?:[0-9a-f]{2})*$/i;
const DEFAULT_PAGE_ROWS = 20;

export function consoleRoutes(node: IliumNode): HttpRoute[] {
  const cql = new ConsoleCql(node.env, node.processor);
  const caller = (r: HttpRequest) => ({ user: basicCredentials(r.headers.authorization).user, address: r.remoteAddress });
  return [
    { method: 'GET', path: '/', handle: () => text('text/html', CONSOLE_PAGE) },
    { method: 'GET', path: '/console/app.js', handle: () => text('text/javascript', CONSOLE_SCRIPT) },
    { method: 'GET', path: '/console/api/ring', handle: () => jsonResponse(200, { local: node.config.listen_address, atMs: node.env.clock.nowMs(), schemaVersion: node.keeper.schema.version, ...clusterStatus(node) }) },
    { method: 'GET', path: '/console/api/stats', handle: () => jsonResponse(200, consoleStats(node)) },
    { method: 'GET', path: '/console/api/schema', handle: () => jsonResponse(200, consoleSchema(node.keeper.schema)) },
    {
      method: 'GET',
      path: '/console/api/rows/:keyspace/:table',
      handle: (r, p) =>
        answer(async () => {
          const q = new URLSearchParams(r.query);
          const cf = node.keeper.schema.table(p.keyspace!, p.table!);
          if (cf === undefined) throw new InvalidRequestError(`unconfigured table ${p.table} in keyspace ${p.keyspace}`);
          const after = q.get('after') ?? undefined;
          if (after !== undefined && !HEX.test(after)) throw new InvalidRequestError('"after" must be hex');
          const count = Number(q.get('count') ?? DEFAULT_PAGE_ROWS);
          if (!Number.isInteger(count) || count < 1) throw new InvalidRequestError('"count" must be a positive integer');
          return cf.cql.fromThrift ? thriftRows(node.thrift, cf, after, count) : cqlRows(cql, cf, after, count, caller(r));
        }),
    },
    {
      method: 'POST',
      path: '/console/api/cql',
      handle: (r) =>
        answer(async () => {
          const req = cqlRequest(r.body);
          return cql.run(req, caller(r));
        }),
    },
    {
      method: 'GET',
      path: '/console/api/trace/:id',
      handle: (r, p) =>
        answer(async () => {
          if (!UUID.test(p.id!)) throw new InvalidRequestError('a trace session id is a UUID');
          return cql.trace(p.id!, caller(r));
        }),
    },
  ];
}

function text(type: string, body: string): HttpResponse {
  return { status: 200, headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-cache' }, body };
}

async function answer(run: () => Promise<unknown>): Promise<HttpResponse> {
  try {
    return jsonResponse(200, await run());
  } catch (e) {
    if (e instanceof IliumError) return jsonResponse(e instanceof InvalidRequestError ? 400 : 500, { error: { type: e.constructor.name, code: e.code, message: e.message } });
    return jsonResponse(500, { error: { type: 'ServerError', code: 0, message: e instanceof Error ? e.message : String(e) } });
  }
}

function cqlRequest(body: Buffer): ConsoleCqlRequest {
  let v: unknown;
  try {
    v = JSON.parse(body.toString('utf8'));
  } catch {
    throw new InvalidRequestError('the body is not JSON: {"query": "…"}');
  }
  const o = v as Record<string, unknown>;
  if (typeof v !== 'object' || v === null || typeof o['query'] !== 'string') throw new InvalidRequestError('the body must be {"query": "<CQL>", "keyspace"?, "trace"?, "pagingState"?}');
  const pagingState = o['pagingState'];
  if (pagingState !== undefined && (typeof pagingState !== 'string' || !HEX.test(pagingState))) throw new InvalidRequestError('"pagingState" must be hex');
  const keyspace = o['keyspace'];
  return { query: o['query'], trace: o['trace'] === true, ...(typeof keyspace === 'string' ? { keyspace } : {}), ...(typeof pagingState === 'string' ? { pagingState } : {}) };
}
