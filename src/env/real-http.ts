/**
 * `Network.serveHttp` over node:http. Sockets are accepted as `RealNetwork.listen` accepts them
 * (TLS through `real-tls.ts`'s acceptor, so HTTPS, optional TLS on one port and certificate
 * reloading behave as on the client ports) and handed to an unlistened node:http server.
 *
 * Bounds: a body over `bodyBytesMax` is answered 413 and the connection closed; headers must
 * arrive within `headersTimeoutMs` and a whole request within `requestTimeoutMs` (node's own
 * limits, shortened); node caps the header bytes (16 KiB).
 */
import * as http from 'node:http';
import * as net from 'node:net';
import type { HttpHandler, HttpListenOptions, HttpRequest, HttpResponse, NetServer } from './network.js';
import { tlsAcceptor } from './real-tls.js';

const headersTimeoutMs = 10_000;
const requestTimeoutMs = 30_000;

export function serveRealHttp(options: HttpListenOptions, handle: HttpHandler): Promise<NetServer> {
  const httpServer = http.createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs }, (req, res) => {
    readBody(req, options.bodyBytesMax).then(
      (body) => (body === undefined ? tooLarge(options.bodyBytesMax) : handle(requestOf(req, body)).catch(serverError)),
      () => undefined,
    ).then((answer) => {
      if (answer === undefined || res.destroyed) return;
      res.writeHead(answer.status, { 'content-length': String(Buffer.byteLength(answer.body)), ...answer.headers });
      res.end(answer.body);
      if (answer.status === 413) req.socket.destroySoon();
    });
  });
  const plain = (s: net.Socket): void => {
    httpServer.emit('connection', s);
  };
  let accept = plain;
  try {
    if (options.tls !== undefined) accept = tlsAcceptor(options.tls, plain, plain);
  } catch (e) {
    return Promise.reject(e);
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer(accept);
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', () => {});
      resolve(new HttpNetServer(server, httpServer));
    });
  });
}

class HttpNetServer implements NetServer {
  constructor(
    private readonly server: net.Server,
    private readonly httpServer: http.Server,
  ) {}

  address(): { host: string; port: number } {
    const a = this.server.address();
    if (a === null || typeof a === 'string') throw new Error('server is not listening on TCP');
    return { host: a.address, port: a.port };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.httpServer.closeAllConnections();
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
      setImmediate(resolve);
    });
  }
}

/** The body, or undefined once it outgrows `max` bytes (reading stops there). */
function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes > max) {
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function requestOf(req: http.IncomingMessage, body: Buffer): HttpRequest {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  return {
    method: req.method ?? 'GET',
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? '' : url.slice(q + 1),
    headers,
    body,
    remoteAddress: { host: req.socket.remoteAddress ?? '', port: req.socket.remotePort ?? 0 },
  };
}

function tooLarge(max: number): HttpResponse {
  return { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }, body: `request body over ${max} bytes\n` };
}

function serverError(e: unknown): HttpResponse {
  return { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `${e instanceof Error ? e.message : String(e)}\n` };
}
