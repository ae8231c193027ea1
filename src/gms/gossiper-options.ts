/**
 * What a Gossiper is built from, with Cassandra's defaults: a round every second (gossip interval),
 * ring delay 30 s (quarantine of a removed endpoint = 2 × ring delay), phi_convict_threshold 8.
 * `gossiperOptionsFromConfig` reads the cassandra.yaml-named keys (seeds, phi_convict_threshold,
 * cluster_name, partitioner, storage_port).
 */
import type { NodeConfig } from '../config/index.js';
import type { Env } from '../env/index.js';
import { parseEndpoint, type InetAddressAndPort, type MessagingService, type NetLogger } from '../net/index.js';
import { DEFAULT_PHI_CONVICT_THRESHOLD } from './failure-detector.js';
import type { BackgroundSupervisor } from '../util/background-supervisor.js';

export const GOSSIP_INTERVAL_MS = 1000;
export const RING_DELAY_MS = 30_000;
/** A generation this far (in seconds) beyond the one we hold is not believed (Cassandra: one year). */
export const MAX_GENERATION_DIFFERENCE_S = 86_400 * 365;

export interface GossiperOptions {
  readonly env: Env;
  readonly messaging: MessagingService;
  /** This node's broadcast address (normally `messaging.address`). */
  readonly local: InetAddressAndPort;
  readonly seeds: readonly InetAddressAndPort[];
  readonly clusterName: string;
  /** The partitioner's class name; SYNs from a node with another one are ignored. */
  readonly partitioner: string;
  readonly phiConvictThreshold?: number;
  readonly intervalMs?: number;
  readonly ringDelayMs?: number;
  /** Forces the heartbeat generation (a restart within the same second must pass a higher one). */
  readonly generation?: number;
  /**
   * Whether the ring still holds `endpoint` (StorageService's TokenMetadata). A dead LEFT/removed
   * endpoint is evicted after its expiry only once the ring has let it go. When given, endpoints
   * outside the ring (fat clients) silent for a ring delay are evicted too. Default: none (the
   * ring is unknown: nothing counts as held, and no fat-client eviction).
   */
  readonly isRingMember?: (endpoint: InetAddressAndPort) => boolean;
  readonly logger?: NetLogger;
  /** Where a failing round is reported (the node's); default: one that logs to `logger`. */
  readonly background?: BackgroundSupervisor;
}

/** The gossip options a node's config gives (seeds resolved on `storage_port`). */
export function gossiperOptionsFromConfig(
  config: NodeConfig,
  wiring: { env: Env; messaging: MessagingService; local: InetAddressAndPort; logger?: NetLogger },
): GossiperOptions {
  return {
    ...wiring,
    seeds: config.seeds.map((s) => parseEndpoint(s, config.storage_port)),
    clusterName: config.cluster_name,
    partitioner: config.partitioner,
    phiConvictThreshold: config.phi_convict_threshold ?? DEFAULT_PHI_CONVICT_THRESHOLD,
  };
}
