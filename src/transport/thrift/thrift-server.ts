/**
 * The Thrift server: listens through `Env.net` (framed transport, binary protocol) and runs one
 * ThriftConnection per client, each with its own handler from `newHandler` (per-connection state
 * such as the keyspace lives there). Knows nothing of Cassandra: the service plugs in as handlers.
 */
import type { Env, NetAddress, TlsServerOptions } from '../../env/index.js';
import { DEFAULT_CQL_SERVER_OPTIONS, preAuthFrameBytesMax } from '../server/server-options.js';
import { PreAuthBudget } from '../server/pre-auth-budget.js';
import { SocketListener } from '../server/socket-listener.js';
import { type TransportLogger, consoleLogger } from '../server/transport-logger.js';
import { ThriftConnection, type ThriftConnectionHandler, type ThriftConnectionHost } from './thrift-connection.js';
import { DEFAULT_MAX_FRAME_MB } from './thrift-wire.js';

export interface ThriftServerOptions {
  readonly host: string;
  readonly port: number;
  /** Largest frame accepted; Cassandra's thrift_framed_transport_size_in_mb (15 MB). */
  readonly maxFrameBytes?: number;
  /** Largest frame before a login the handler requires (default: the CQL server's preAuthFrameBytesMax). */
  readonly preLoginFrameBytes?: number;
  /** Bytes connections that must still log in hold together beyond 4 KiB each (default 8 MiB, as the CQL server's). */
  readonly preLoginBufferedBytesMax?: number;
  readonly logger?: TransportLogger;
  /** TLS on this port (client_encryption_options); plaintext when absent. */
  readonly tls?: TlsServerOptions;
}

export class ThriftServer {
  private readonly sockets: SocketListener<ThriftConnection>;

  constructor(env: Env, newHandler: (client: NetAddress) => ThriftConnectionHandler, options: ThriftServerOptions) {
    const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_MB * 1024 * 1024;
    const host: ThriftConnectionHost = {
      maxFrameBytes,
      preLoginFrameBytes: Math.min(options.preLoginFrameBytes ?? preAuthFrameBytesMax, maxFrameBytes),
      preLoginBudget: new PreAuthBudget(options.preLoginBufferedBytesMax ?? DEFAULT_CQL_SERVER_OPTIONS.preAuthBufferedBytesMax),
      logger: options.logger ?? consoleLogger,
      newHandler,
      onClosed: (c) => this.sockets.release(c),
    };
    this.sockets = new SocketListener(env, 'the Thrift server', { host: options.host, port: options.port, ...(options.tls === undefined ? {} : { tls: options.tls }) }, (s) => new ThriftConnection(s, host));
  }

  start(): Promise<NetAddress> {
    return this.sockets.start();
  }

  address(): NetAddress {
    return this.sockets.address();
  }

  get connectionCount(): number {
    return this.sockets.connections.size;
  }

  /** Stops accepting; connections finish the call in hand and close; resolves when all are gone. */
  close(): Promise<void> {
    return this.sockets.close();
  }
}
