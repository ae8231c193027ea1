import type { TlsServerOptions } from '../../env/index.js';
import { ConfigurationError } from '../../errors/index.js';
import { AllowAllAuthenticator, type Authenticator } from './authenticator.js';
import type { RequestDataLimits } from './request-data-limits.js';
import { type TransportLogger, consoleLogger } from './transport-logger.js';

/**
 * Tunables of the CQL server, with defaults. Names mirror cassandra.yaml keys where the meaning
 * is the same (native_transport_port → port, native_transport_max_frame_size_in_mb →
 * nativeTransportMaxFrameSizeInMb).
 */
export interface CqlServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /**
   * Largest frame body accepted, compressed or not, in MiB (default 16; Cassandra's v4 default
   * was 256). A larger frame is answered PROTOCOL_ERROR and skipped.
   */
  readonly nativeTransportMaxFrameSizeInMb: number;
  /**
   * Largest frame body a connection may send before it is authenticated: before STARTUP
   * completes, and until AUTH_SUCCESS when the authenticator requires a login. The frames of a
   * handshake are a few hundred bytes (a SASL PLAIN token carries a name and a password), so a
   * small bound costs clients nothing and keeps what an unauthenticated peer makes the node hold
   * to one such frame: a larger header is answered PROTOCOL_ERROR and the connection closed, its
   * body never read. Default `preAuthFrameBytesMax` (256 KiB); never above the frame limit.
   */
  readonly preAuthFrameBytesMax: number;
  /**
   * Bytes all unauthenticated connections together may hold in partial frames beyond 4 KiB each
   * (pre-auth-budget.ts). A connection that would go over is answered OVERLOADED and closed.
   * Default 4 MiB: sixteen frames at the 256 KiB pre-auth bound, where a handshake needs a few hundred bytes.
   */
  readonly preAuthBufferedBytesMax: number;
  /** native_transport_max_concurrent_connections: -1 (default) unlimited (connection-limiter.ts). */
  readonly nativeTransportMaxConcurrentConnections: number;
  /** native_transport_max_concurrent_connections_per_ip: -1 (default) unlimited. */
  readonly nativeTransportMaxConcurrentConnectionsPerIp: number;
  /**
   * native_transport_max_request_data_in_flight: bytes of requests (frame bodies) the node holds
   * from their read until their answer is written, over all connections (request-data-limits.ts).
   * Default 128 MiB (Cassandra: a tenth of the JVM heap; see docs/RELIABILITY.md, "Limits").
   */
  readonly nativeTransportMaxRequestDataInFlightBytes: number;
  /** native_transport_max_request_data_in_flight_per_ip: the same from one client IP (32 MiB). */
  readonly nativeTransportMaxRequestDataInFlightPerIpBytes: number;
  /** Limits shared with the node's other CQL server (the TLS port); made from the two above when absent. */
  readonly requestData?: RequestDataLimits;
  /** native_transport_allow_older_protocols: v3 and v4 clients served (default true); false: v5 only, as Cassandra 4.0. */
  readonly nativeTransportAllowOlderProtocols: boolean;
  /** Requests of one connection being processed at once; beyond it the server stops reading. */
  readonly maxConcurrentRequestsPerConnection: number;
  /**
   * Requests of one connection started per event-loop turn before the server lets their answers
   * go out and reads on in the next turn. Small bursts let the client work on the first answers
   * while the server works on the rest (on a 2-core machine, with the client on it, that
   * overlap is most of the throughput); large ones save system calls.
   */
  readonly requestsPerTurn: number;
  readonly authenticator: Authenticator;
  readonly logger: TransportLogger;
  /** CQL_VERSION values advertised in SUPPORTED (the first is the one we implement). */
  readonly cqlVersions: readonly string[];
  /** TLS on this port (client_encryption_options); plaintext when absent. */
  readonly tls?: TlsServerOptions;
}

/**
 * The frame bound before authentication (see CqlServerOptions.preAuthFrameBytesMax; the Thrift
 * server uses it before a login too). Cassandra 4.0 has no separate bound there (its pre-v5 decoder
 * takes frames up to native_transport_max_frame_size_in_mb from anyone); Ilium's is DESIGN §9's
 * "small frames only before login".
 */
export const preAuthFrameBytesMax = 256 * 1024;

/** The defaults of native_transport_max_request_data_in_flight and …_per_ip (docs/RELIABILITY.md). */
export const requestDataInFlightBytesMax = 128 * 1024 * 1024;
export const requestDataInFlightPerIpBytesMax = 32 * 1024 * 1024;

export const DEFAULT_CQL_SERVER_OPTIONS: CqlServerOptions = {
  host: '127.0.0.1',
  port: 9042,
  nativeTransportMaxFrameSizeInMb: 16,
  preAuthFrameBytesMax,
  preAuthBufferedBytesMax: 4 * 1024 * 1024,
  nativeTransportMaxConcurrentConnections: -1,
  nativeTransportMaxConcurrentConnectionsPerIp: -1,
  nativeTransportMaxRequestDataInFlightBytes: requestDataInFlightBytesMax,
  nativeTransportMaxRequestDataInFlightPerIpBytes: requestDataInFlightPerIpBytesMax,
  nativeTransportAllowOlderProtocols: true,
  maxConcurrentRequestsPerConnection: 1024,
  requestsPerTurn: 16,
  authenticator: new AllowAllAuthenticator(),
  logger: consoleLogger,
  cqlVersions: ['3.4.5'],
};

export function resolveServerOptions(partial: Partial<CqlServerOptions>): CqlServerOptions {
  const o = { ...DEFAULT_CQL_SERVER_OPTIONS, ...partial };
  const mb = o.nativeTransportMaxFrameSizeInMb;
  if (!(mb > 0) || mb > 2047) throw new ConfigurationError(`nativeTransportMaxFrameSizeInMb must be in (0, 2047], got ${mb}`);
  if (!Number.isInteger(o.maxConcurrentRequestsPerConnection) || o.maxConcurrentRequestsPerConnection < 1) {
    throw new ConfigurationError(`maxConcurrentRequestsPerConnection must be a positive integer`);
  }
  if (!Number.isInteger(o.requestsPerTurn) || o.requestsPerTurn < 1) throw new ConfigurationError('requestsPerTurn must be a positive integer');
  if (!Number.isInteger(o.preAuthFrameBytesMax) || o.preAuthFrameBytesMax < 1024) throw new ConfigurationError(`preAuthFrameBytesMax must be an integer of at least 1024, got ${o.preAuthFrameBytesMax}`);
  if (!Number.isInteger(o.preAuthBufferedBytesMax) || o.preAuthBufferedBytesMax < 0) throw new ConfigurationError(`preAuthBufferedBytesMax must be a non-negative integer, got ${o.preAuthBufferedBytesMax}`);
  for (const k of ['nativeTransportMaxRequestDataInFlightBytes', 'nativeTransportMaxRequestDataInFlightPerIpBytes'] as const) {
    if (!Number.isSafeInteger(o[k]) || o[k] < 1) throw new ConfigurationError(`${k} must be a positive whole number of bytes, got ${o[k]}`);
  }
  for (const k of ['nativeTransportMaxConcurrentConnections', 'nativeTransportMaxConcurrentConnectionsPerIp'] as const) {
    if (!Number.isInteger(o[k])) throw new ConfigurationError(`${k} must be an integer (-1: unlimited), got ${o[k]}`);
  }
  if (o.cqlVersions.length === 0) throw new ConfigurationError('cqlVersions must name at least one version');
  return o;
}

export function maxFrameBytes(o: CqlServerOptions): number {
  return Math.floor(o.nativeTransportMaxFrameSizeInMb * 1024 * 1024);
}

/** The frame bound before authentication: preAuthFrameBytesMax, or the frame limit if lower. */
export function preAuthFrameBytes(o: CqlServerOptions): number {
  return Math.min(o.preAuthFrameBytesMax, maxFrameBytes(o));
}
