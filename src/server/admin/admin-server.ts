/**
 * Listens for nodetool on admin_address:admin_port and runs each connection's commands; with a
 * SuperuserCheck (authentication on), only for requests carrying a superuser's credentials; with
 * TLS options (client_encryption_options enabled: the client ports' key material and policy), over
 * TLS — required, or beside plaintext when optional.
 */
import type { Env, NetAddress, TlsServerOptions } from '../../env/index.js';
import { SocketListener } from '../../transport/index.js';
import { AdminGuard, type SuperuserCheck } from './admin-auth.js';
import { type AdminCommandRunner, AdminConnection } from './admin-connection.js';

export interface AdminServerOptions {
  readonly host: string;
  readonly port: number;
  /** Undefined: no credentials needed (authentication off). */
  readonly checkSuperuser?: SuperuserCheck;
  /** How long a refusal waits (admin-auth.ts; tests shorten it). */
  readonly authFailureDelayMs?: number;
  /** Undefined: plaintext only. */
  readonly tls?: TlsServerOptions;
}

export class AdminServer {
  private readonly sockets: SocketListener<AdminConnection>;

  constructor(env: Env, run: AdminCommandRunner, options: AdminServerOptions) {
    const guard = new AdminGuard(env, options.checkSuperuser, options.authFailureDelayMs);
    const listen = { host: options.host, port: options.port, ...(options.tls === undefined ? {} : { tls: options.tls }) };
    this.sockets = new SocketListener(env, 'the admin server', listen, (s) => new AdminConnection(s, run, guard, (c) => this.sockets.release(c)));
  }

  start(): Promise<NetAddress> {
    return this.sockets.start();
  }

  address(): NetAddress {
    return this.sockets.address();
  }

  close(): Promise<void> {
    return this.sockets.close();
  }
}
