/**
 * What a messaging service needs to know, with defaults, and how the node configuration maps to
 * it (`listen_address`, `storage_port`, `cluster_name`; cassandra.yaml's broadcast_address is not
 * supported yet, so a node is named by its listen address).
 */
import type { NodeConfig } from '../config/index.js';
import type { Env, TlsClientOptions, TlsServerOptions } from '../env/index.js';
import { endpoint, type InetAddressAndPort } from './inet-address.js';
import { SILENT_NET_LOGGER, type NetLogger } from './net-logger.js';
import { runImmediately, type StageExecutor } from './stage.js';

export interface MessagingOptions {
  readonly env: Env;
  /** Where the inbound server listens; port 0 picks a free one (tests). */
  readonly listen: InetAddressAndPort;
  /** How this node names itself to peers; defaults to the listen address (with its real port). */
  readonly broadcast?: InetAddressAndPort;
  readonly clusterName: string;
  readonly logger?: NetLogger;
  /** Runs inbound handlers per stage; default: at once. */
  readonly executor?: StageExecutor;
  /** Largest frame sent or accepted (default 32 MiB). */
  readonly maxFrameBytes?: number;
  /** Messages queued per outbound connection before the oldest are dropped (default 8192). */
  readonly outboundQueueMax?: number;
  /** Payloads above this go on the peer's 'large' connection (default 64 KiB). */
  readonly largeMessageBytes?: number;
  /** First reconnect delay; doubles per failed attempt up to `reconnectMaxMs` (defaults 100, 5000). */
  readonly reconnectInitialMs?: number;
  readonly reconnectMaxMs?: number;
  /** How long either side waits for the other's handshake frame (default 10 s). */
  readonly handshakeTimeoutMs?: number;
  /** TLS (server_encryption_options); plaintext both ways when absent. */
  readonly tls?: InternodeTls;
}

/** Internode TLS: how the inbound server listens, and per peer whether (and how) to connect over TLS. */
export interface InternodeTls {
  readonly inbound: TlsServerOptions | undefined;
  /** Asked at each connection attempt: undefined means plaintext to that peer (internode_encryption dc/rack). */
  outbound(peer: InetAddressAndPort): TlsClientOptions | undefined;
}

export interface ResolvedMessagingOptions extends Required<Omit<MessagingOptions, 'broadcast' | 'tls'>> {
  readonly broadcast: InetAddressAndPort | undefined;
  readonly tls: InternodeTls | undefined;
}

export function resolveMessagingOptions(o: MessagingOptions): ResolvedMessagingOptions {
  return {
    env: o.env,
    listen: o.listen,
    broadcast: o.broadcast,
    clusterName: o.clusterName,
    logger: o.logger ?? SILENT_NET_LOGGER,
    executor: o.executor ?? runImmediately,
    maxFrameBytes: o.maxFrameBytes ?? 32 * 1024 * 1024,
    outboundQueueMax: o.outboundQueueMax ?? 8192,
    largeMessageBytes: o.largeMessageBytes ?? 64 * 1024,
    reconnectInitialMs: o.reconnectInitialMs ?? 100,
    reconnectMaxMs: o.reconnectMaxMs ?? 5000,
    handshakeTimeoutMs: o.handshakeTimeoutMs ?? 10_000,
    tls: o.tls,
  };
}

/** The options a node's configuration implies. */
export function messagingOptionsFromConfig(config: NodeConfig, env: Env, extra: Partial<MessagingOptions> = {}): MessagingOptions {
  return {
    env,
    listen: endpoint(config.listen_address, config.storage_port),
    clusterName: config.cluster_name,
    ...extra,
  };
}
