/**
 * Sends one admin command to a node's HTTP endpoint (POST /api/v1/<command>, server/http/
 * admin-routes.ts) and resolves with its result: what `ilium nodetool --http` uses instead of the
 * admin port. Credentials travel as HTTP Basic; with `tls`, HTTPS verifying the node as the admin
 * port's client does. Errors are the admin client's: AdminCommandError for the node's answer
 * (a 401 is an AuthenticationError), AdminClosedError when the connection ends unanswered.
 * A client of the node, not part of it: it uses node:http(s) directly, as drivers do.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { NetAddress, TlsClientOptions } from '../../env/index.js';
import type { AdminErrorBody } from '../../server/admin/admin-wire.js';
import { AdminClosedError, AdminCommandError, type AdminCredentials } from './admin-client.js';

/** The largest answer read (tablestats of many tables stays far below). */
const answerBytesMax = 64 * 1024 * 1024;

export function callAdminHttp(address: NetAddress, command: string, args: readonly string[], timeoutMs: number, credentials?: AdminCredentials, tls?: TlsClientOptions): Promise<unknown> {
  const body = JSON.stringify({ args });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  if (credentials !== undefined) headers.authorization = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  const options = { host: address.host, port: address.port, method: 'POST', path: `/api/v1/${encodeURIComponent(command)}`, headers, timeout: timeoutMs };
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage): void => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (bytes > answerBytesMax) req.destroy(new Error(`the node's answer is over ${answerBytesMax} bytes`));
        else chunks.push(c);
      });
      res.on('end', () => {
        let v: { result?: unknown; error?: AdminErrorBody };
        try {
          v = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof v;
        } catch {
          reject(new Error(`the node answered ${res.statusCode} with a body that is not JSON`));
          return;
        }
        if (res.statusCode === 200) resolve(v.result ?? null);
        else reject(new AdminCommandError(v.error ?? { type: 'ServerError', code: 0, message: `HTTP ${res.statusCode}` }));
      });
    };
    const req = tls === undefined
      ? http.request(options, onResponse)
      : https.request({ ...options, ...(tls.ca === undefined ? {} : { ca: tls.ca }), ...(tls.cert === undefined ? {} : { cert: tls.cert }), ...(tls.key === undefined ? {} : { key: tls.key }) }, onResponse);
    req.on('timeout', () => req.destroy(new Error(`no answer from ${address.host}:${address.port} within ${timeoutMs} ms`)));
    req.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ECONNRESET' ? new AdminClosedError(`${address.host}:${address.port} closed the connection without answering`) : e));
    req.end(body);
  });
}
