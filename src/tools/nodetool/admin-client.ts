/** Sends one admin request to a node and waits for its answer (the client side of admin-wire). */
import type { Env, NetAddress, NetSocket, TimerHandle, TlsClientOptions } from '../../env/index.js';
import { type AdminErrorBody, type AdminResponse, LineSplitter, encodeAdminMessage } from '../../server/admin/admin-wire.js';

/** The node answered with an error. */
export class AdminCommandError extends Error {
  constructor(readonly body: AdminErrorBody) {
    super(body.message);
  }
}

/** A superuser's name and password, sent with the request (needed when the node's authentication is on). */
export interface AdminCredentials {
  readonly user: string;
  readonly password: string;
}

/** The node closed (or reset) the connection before answering: a TLS-only admin port does so to a plaintext request. */
export class AdminClosedError extends Error {}

/** How long a TLS handshake may take: a plaintext admin port never answers a ClientHello. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Connects (over TLS with `tls`), giving up after `ms`; a connection made after that is closed. */
async function connectWithin(env: Env, address: NetAddress, tls: TlsClientOptions | undefined, ms: number): Promise<NetSocket> {
  const pending = env.net.connect(address, tls);
  let timer: TimerHandle | undefined;
  const late = new Promise<never>((_, reject) => {
    const why = tls === undefined ? 'no connection' : 'no TLS handshake (is client_encryption_options enabled on the node? without it its admin port speaks plaintext: drop --ssl)';
    timer = env.timers.setTimeout(() => reject(new Error(`${why} with ${address.host}:${address.port} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([pending, late]);
  } catch (e) {
    pending.then((s) => s.destroy(), () => undefined);
    throw e;
  } finally {
    timer?.cancel();
  }
}

/** Sends `command` to the admin port at `address` (over TLS with `tls`) and resolves with its result. */
export async function callAdmin(env: Env, address: NetAddress, command: string, args: readonly string[], timeoutMs: number, credentials?: AdminCredentials, tls?: TlsClientOptions): Promise<unknown> {
  const socket = await connectWithin(env, address, tls, Math.min(timeoutMs, HANDSHAKE_TIMEOUT_MS));
  try {
    const answer = new Promise<AdminResponse>((resolve, reject) => {
      const lines = new LineSplitter(64 * 1024 * 1024);
      const timer = env.timers.setTimeout(() => reject(new Error(`no answer from ${address.host}:${address.port} within ${timeoutMs} ms`)), timeoutMs);
      socket.on('data', (chunk) => {
        for (const line of lines.push(chunk)) {
          timer.cancel();
          try {
            resolve(JSON.parse(line) as AdminResponse);
          } catch {
            reject(new Error('the node sent a line that is not JSON'));
          }
        }
      });
      socket.on('close', () => {
        timer.cancel();
        reject(new AdminClosedError(`${address.host}:${address.port} closed the connection without answering`));
      });
      socket.on('error', (e) => reject((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? new AdminClosedError(`${address.host}:${address.port} closed the connection without answering`) : e));
    });
    socket.write(encodeAdminMessage({ id: 1, command, args, ...(credentials === undefined ? {} : { user: credentials.user, password: credentials.password }) }));
    const response = await answer;
    if (!response.ok) throw new AdminCommandError(response.error);
    return response.result;
  } finally {
    socket.destroy();
  }
}
