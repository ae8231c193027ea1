/**
 * The node's HTTP endpoint (http_address:http_port): a route table (`http-route.ts`) served
 * through the Env seam's `Network.serveHttp`. With a SuperuserCheck (PasswordAuthenticator), every
 * request — unknown paths too, so a caller without credentials learns nothing — needs a
 * superuser's name and password as HTTP Basic credentials, checked by the admin port's guard
 * (admin-auth.ts: the same check and the same one-at-a-time refusal delay); a refusal is 401 with
 * a `WWW-Authenticate: Basic` challenge and the message Cassandra's JMX gives nodetool. With TLS
 * options (client_encryption_options enabled) it is HTTPS, required or beside plain HTTP.
 */
import type { Env, HttpRequest, HttpResponse, NetAddress, NetServer, TlsServerOptions } from '../../env/index.js';
import { AuthenticationError } from '../../errors/index.js';
import { AdminGuard, type SuperuserCheck } from '../admin/admin-auth.js';
import { type HttpRoute, jsonResponse, matchPath } from './http-route.js';

/** The largest request body the node reads (admin commands take a few short arguments). */
export const httpBodyBytesMax = 64 * 1024;

export interface NodeHttpServerOptions {
  readonly host: string;
  readonly port: number;
  /** Undefined: no credentials needed (authentication off). */
  readonly checkSuperuser?: SuperuserCheck;
  /** How long a refusal waits (admin-auth.ts; tests shorten it). */
  readonly authFailureDelayMs?: number;
  /** Undefined: plain HTTP only. */
  readonly tls?: TlsServerOptions;
}

export class NodeHttpServer {
  private readonly guard: AdminGuard;
  private server: NetServer | undefined;

  constructor(
    private readonly env: Env,
    private readonly routes: readonly HttpRoute[],
    private readonly options: NodeHttpServerOptions,
  ) {
    this.guard = new AdminGuard(env, options.checkSuperuser, options.authFailureDelayMs);
  }

  async start(): Promise<NetAddress> {
    const { host, port, tls } = this.options;
    this.server = await this.env.net.serveHttp({ host, port, bodyBytesMax: httpBodyBytesMax, ...(tls === undefined ? {} : { tls }) }, (r) => this.answer(r));
    return this.server.address();
  }

  address(): NetAddress {
    if (this.server === undefined) throw new Error('the HTTP server is not started');
    return this.server.address();
  }

  close(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }

  private async answer(request: HttpRequest): Promise<HttpResponse> {
    try {
      await this.guard.admit(basicCredentials(request.headers.authorization));
    } catch (e) {
      if (!(e instanceof AuthenticationError)) throw e;
      return { ...jsonResponse(401, { error: { type: 'AuthenticationError', code: e.code, message: e.message } }), headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Basic realm="ilium", charset="UTF-8"' } };
    }
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchPath(route.path, request.path);
      if (params === undefined) continue;
      pathMatched = true;
      if (route.method === request.method || (route.method === 'GET' && request.method === 'HEAD')) return route.handle(request, params);
    }
    if (pathMatched) {
      const allow = this.routes.filter((r) => matchPath(r.path, request.path) !== undefined).map((r) => r.method);
      return { ...jsonResponse(405, { error: { message: `${request.method} is not allowed on ${request.path}` } }), headers: { 'content-type': 'application/json; charset=utf-8', allow: allow.join(', ') } };
    }
    return jsonResponse(404, { error: { message: `nothing at ${request.path}` } });
  }
}

/** The name and password of an `Authorization: Basic …` header (RFC 7617), or none. */
export function basicCredentials(header: string | undefined): { user?: string; password?: string } {
  const m = header === undefined ? null : /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (m === null) return {};
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon === -1 ? {} : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}
