import type { Env, NetAddress, NetServer, NetSocket } from '../../env/index.js';
import { EngineStateError } from '../../errors/index.js';
import type { ServerEvent } from '../protocol/index.js';
import { type ConnectionHost, CqlConnection } from './cql-connection.js';
import type { CqlRequestHandler } from './cql-request-handler.js';
import { type CqlServerOptions, maxFrameBytes, resolveServerOptions } from './server-options.js';

/** How long `close` lets connections flush before destroying them. */
const CLOSE_GRACE_MS = 2000;

/**
 * The CQL native protocol server: listens through `Env.net`, runs one `CqlConnection` per
 * client, and pushes events to the connections that REGISTERed for them.
 */
export class CqlServer {
  readonly options: CqlServerOptions;
  private readonly connections = new Set<CqlConnection>();
  private readonly host: ConnectionHost;
  private listener: NetServer | undefined;
  private stopping = false;
  private allClosed: (() => void) | undefined;

  constructor(
    private readonly env: Env,
    handler: CqlRequestHandler,
    options: Partial<CqlServerOptions> = {},
  ) {
    this.options = resolveServerOptions(options);
    this.host = {
      handler,
      authenticator: this.options.authenticator,
      logger: this.options.logger,
      random: env.random,
      maxFrameBytes: maxFrameBytes(this.options),
      maxInFlight: this.options.maxConcurrentRequestsPerConnection,
      cqlVersions: this.options.cqlVersions,
      onClosed: (c) => {
        this.connections.delete(c);
        if (this.connections.size === 0) this.allClosed?.();
      },
    };
  }

  /** Starts listening; resolves with the bound address (the real port when 0 was asked). */
  async start(): Promise<NetAddress> {
    if (this.listener !== undefined) throw new EngineStateError('the CQL server is already started');
    this.listener = await this.env.net.listen({ host: this.options.host, port: this.options.port }, (s) => this.accept(s));
    return this.listener.address();
  }

  address(): NetAddress {
    if (this.listener === undefined) throw new EngineStateError('the CQL server is not started');
    return this.listener.address();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Sends `event` to every ready connection registered for its type; returns how many. */
  publish(event: ServerEvent): number {
    let sent = 0;
    for (const c of this.connections) if (c.sendEvent(event)) sent++;
    return sent;
  }

  /** Stops accepting, closes every connection (flushing what is queued), resolves when all are gone. */
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
    this.connections.add(new CqlConnection(socket, this.host));
  }
}
