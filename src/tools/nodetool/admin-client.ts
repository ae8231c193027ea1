/** Sends one admin request to a node and waits for its answer (the client side of admin-wire). */
import type { Env, NetAddress } from '../../env/index.js';
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

export async function callAdmin(env: Env, address: NetAddress, command: string, args: readonly string[], timeoutMs: number, credentials?: AdminCredentials): Promise<unknown> {
  const socket = await env.net.connect(address);
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
        reject(new Error(`${address.host}:${address.port} closed the connection without answering`));
      });
      socket.on('error', (e) => reject(e));
    });
    socket.write(encodeAdminMessage({ id: 1, command, args, ...(credentials === undefined ? {} : { user: credentials.user, password: credentials.password }) }));
    const response = await answer;
    if (!response.ok) throw new AdminCommandError(response.error);
    return response.result;
  } finally {
    socket.destroy();
  }
}
