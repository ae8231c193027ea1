/**
 * What the node's own virtual tables (system_views) show of the node beyond its schema: the
 * connected CQL clients, its settings, its stages. The composition root hands these in; tests and
 * embedded contexts without servers get NO_NODE_VIEWS (empty tables).
 */
import type { StageCounts } from '../../net/index.js';
import type { NetAddress } from '../../env/index.js';

/**
 * One CQL connection as system_views.clients shows it. The transport (a layer above) describes
 * its connections in this shape (CqlConnection.describe); the composition root hands them here.
 */
export interface ConnectedClient {
  readonly address: NetAddress;
  readonly username: string | undefined;
  readonly stage: 'establishing' | 'authenticating' | 'ready' | 'closed';
  readonly protocolVersion: number | undefined;
  readonly startupOptions: ReadonlyMap<string, string>;
  readonly requestCount: number;
  readonly tls: { readonly protocol: string; readonly cipherSuite: string } | undefined;
}

export interface NodeViews {
  /** Every CQL connection of the node (both ports when the TLS one is apart). */
  clients(): readonly ConnectedClient[];
  /** The node's settings as (name, value) text. */
  settings(): readonly (readonly [string, string | null])[];
  /** The internode stages' counts (nodetool tpstats). */
  threadPools(): readonly StageCounts[];
  /** The node's caches under Cassandra's names (Ilium has the SSTable chunk cache: `chunks`). */
  caches(): readonly CacheCounts[];
}

export interface CacheCounts {
  readonly name: string;
  readonly capacityBytes: number;
  readonly sizeBytes: number;
  readonly entries: number;
  readonly hits: number;
  readonly misses: number;
}

export const NO_NODE_VIEWS: NodeViews = Object.freeze({ clients: () => [], settings: () => [], threadPools: () => [], caches: () => [] });
