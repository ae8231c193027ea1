/** Listens for nodetool on admin_address:admin_port and runs each connection's commands. */
import type { Env, NetAddress } from '../../env/index.js';
import { SocketListener } from '../../transport/index.js';
import { type AdminCommandRunner, AdminConnection } from './admin-connection.js';

export class AdminServer {
  private readonly sockets: SocketListener<AdminConnection>;

  constructor(env: Env, run: AdminCommandRunner, listen: { readonly host: string; readonly port: number }) {
    this.sockets = new SocketListener(env, 'the admin server', listen, (s) => new AdminConnection(s, run, (c) => this.sockets.release(c)));
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
