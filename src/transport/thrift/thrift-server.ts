/**
 * The Thrift server: listens through `Env.net` (framed transport, binary protocol) and runs one
 * ThriftConnection per client, each with its own handler from `newHandler` (per-connection state
 * such as the keyspace lives there). Knows nothing of Cassandra: the service plugs in as handlers.
 */
import type { Env, NetAddress, NetServer, NetSocket } from '../../env/index.js';
import { EngineStateError } from '../../errors/index.js';
import { type TransportLogger, consoleLogger } from '../server/transport-logger.js';
import { ThriftConnection, type ThriftConnectionHandler, type ThriftConnectionHost } from './thrift-connection.js';
import { DEFAULT_MAX_FRAME_MB } from './thrift-wire.js';

export interface ThriftServerOptions {
  readonly host: string;
  readonly port: number;
  /** Largest frame accepted; Cassandra's thrift_framed_transport_size_in_mb (15 MB). */
  readonly maxFrameBytes?: number;
  readonly logger?: TransportLogger;
}

const CLOSE_GRACE_MS = 2000;

export class ThriftServer {
  private readonly connections = new Set<ThriftConnection>();
  private readonly host: ThriftConnectionHost;
  private listener: NetServer | undefined;
  private stopping = false;
  private allClosed: (() => void) | undefined;

  constructor(
    private readonly env: Env,
    newHandler: (client: NetAddress) => ThriftConnectionHandler,
    private readonly options: ThriftServerOptions,
  ) {
    this.host = {
      maxFrameBytes: options.maxFrameBytes ?? DEFAULT_MAX_FRAME_MB * 1024 * 1024,
      logger: options.logger ?? consoleLogger,
      newHandler,
      onClosed: (c) => {
        this.connections.delete(c);
        if (this.connections.size === 0) this.allClosed?.();
      },
    };
  }

  async start(): Promise<NetAddress> {
    if (this.listener !== undefined) throw new EngineStateError('the Thrift server is already started');
    this.listener = await this.env.net.listen({ host: this.options.host, port: this.options.port }, (s) => this.accept(s));
    return this.listener.address();
  }

  address(): NetAddress {
    if (this.listener === undefined) throw new EngineStateError('the Thrift server is not started');
    return this.listener.address();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Stops accepting; connections finish the call in hand and close; resolves when all are gone. */
  async close(): Promise<void> {
    this.stopping = true;
    await this.listener?.close();
    if (this.connections.size === 0) return;
    const done = new Promise<void>((resolve) => (this.allClosed = resolve));
    for (const c of this.connections) c.close();
    const timer = this.env.timers.setTimeout(() => {
      for (const c of this.connections) c.destroy();
    }, CLOSE_GRACE_MS);
    await done;
    timer.cancel();
  }

  private accept(socket: NetSocket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    this.connections.add(new ThriftConnection(socket, this.host));
  }
}
