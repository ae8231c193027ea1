import type { Env, ListenOptions, NetAddress } from '../../env/index.js';
import type { ServerEvent } from '../protocol/index.js';
import { type ConnectedClient, type ConnectionHost, CqlConnection } from './cql-connection.js';
import type { CqlRequestHandler } from './cql-request-handler.js';
import { ConnectionLimiter } from './connection-limiter.js';
import { RequestDataLimits } from './request-data-limits.js';
import { type CqlServerOptions, maxFrameBytes, preAuthFrameBytes, resolveServerOptions } from './server-options.js';
import { SocketListener } from './socket-listener.js';
import { PreAuthBudget } from './pre-auth-budget.js';

/**
 * The CQL native protocol server: listens through `Env.net`, runs one `CqlConnection` per
 * client, and pushes events to the connections that REGISTERed for them.
 */
export class CqlServer {
  readonly options: CqlServerOptions;
  private readonly sockets: SocketListener<CqlConnection>;

  constructor(env: Env, handler: CqlRequestHandler, options: Partial<CqlServerOptions> = {}) {
    this.options = resolveServerOptions(options);
    const host: ConnectionHost = {
      handler,
      authenticator: this.options.authenticator,
      logger: this.options.logger,
      random: env.random,
      maxFrameBytes: maxFrameBytes(this.options),
      preAuthFrameBytes: preAuthFrameBytes(this.options),
      preAuthBudget: new PreAuthBudget(this.options.preAuthBufferedBytesMax),
      maxInFlight: this.options.maxConcurrentRequestsPerConnection,
      requestData:
        this.options.requestData ??
        new RequestDataLimits({ bytesMax: this.options.nativeTransportMaxRequestDataInFlightBytes, perIpBytesMax: this.options.nativeTransportMaxRequestDataInFlightPerIpBytes }),
      requestsPerTurn: this.options.requestsPerTurn,
      allowOlderProtocols: this.options.nativeTransportAllowOlderProtocols,
      cqlVersions: this.options.cqlVersions,
      onClosed: (c) => this.sockets.release(c),
    };
    const caps = {
      connectionsMax: this.options.nativeTransportMaxConcurrentConnections,
      connectionsPerIpMax: this.options.nativeTransportMaxConcurrentConnectionsPerIp,
    };
    const limiter = new ConnectionLimiter(caps, env.clock, this.options.logger);
    this.sockets = new SocketListener(env, 'the CQL server', listenOptionsOf(this.options), (s) => new CqlConnection(s, host), limiter);
  }

  /** Starts listening; resolves with the bound address (the real port when 0 was asked). */
  start(): Promise<NetAddress> {
    return this.sockets.start();
  }

  address(): NetAddress {
    return this.sockets.address();
  }

  get connectionCount(): number {
    return this.sockets.connections.size;
  }

  /** Every connection, as system_views.clients lists them. */
  clients(): ConnectedClient[] {
    return [...this.sockets.connections].map((c) => c.describe());
  }

  /** Sends `event` to every ready connection registered for its type; returns how many. */
  publish(event: ServerEvent): number {
    let sent = 0;
    for (const c of this.sockets.connections) if (c.sendEvent(event)) sent++;
    return sent;
  }

  /** Stops accepting, closes every connection (flushing what is queued), resolves when all are gone. */
  close(): Promise<void> {
    return this.sockets.close();
  }
}

function listenOptionsOf(o: CqlServerOptions): ListenOptions {
  // Connections copy what they keep (frame-reader.ts), so plaintext reads may be lent.
  return o.tls === undefined ? { host: o.host, port: o.port, borrowedReads: true } : { host: o.host, port: o.port, tls: o.tls };
}
