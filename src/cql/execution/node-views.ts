/**
 * What the node's own virtual tables (system_views) show of the node beyond its schema: the
 * connected CQL clients, its settings, its stages. The composition root hands these in; tests and
 * embedded contexts without servers get NO_NODE_VIEWS (empty tables).
 */
import type { StageCounts } from '../../net/index.js';
import type { NetAddress } from '../../env/index.js';
import type { TableMetrics } from '../../storage/metrics/table-metrics.js';
import type { SSTableTask } from '../../storage/compaction/compactor.js';

export type { SSTableTask, TableMetrics };

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
  /** Every table of the node with its request metrics and its SSTables' bytes on disk. */
  tables(): readonly TableView[];
  /** The compactions running now. */
  sstableTasks(): readonly SSTableTask[];
  /** Internode messaging, one entry per peer this node exchanged messages with. */
  internode(): readonly InternodePeer[];
  /** The Cassandra -D system properties the node was started with, as (name, value) text. */
  systemProperties(): readonly (readonly [string, string | null])[];
}

export interface TableView {
  readonly keyspace: string;
  readonly table: string;
  readonly metrics: TableMetrics;
  readonly diskBytes: number;
  /** The largest partition its SSTables record, in bytes (the histogram bucket's offset; 0 with none). */
  readonly maxPartitionBytes: number;
  /** The monotonic time of the read, in nanoseconds (the five-minute rates tick up to it). */
  readonly nowNs: number;
}

/** A peer's message counts (Ilium counts messages, not bytes). */
export interface InternodePeer {
  readonly address: NetAddress;
  readonly dc: string;
  readonly rack: string;
  readonly sent: number;
  readonly received: number;
  /** Dropped because the peer's outbound queue was full. */
  readonly overloaded: number;
  /** Dropped unsent because the connection or service closed. */
  readonly closedUnsent: number;
  /** Received with a verb this node does not know or has no handler for. */
  readonly unknownVerb: number;
}

export interface CacheCounts {
  readonly name: string;
  readonly capacityBytes: number;
  readonly sizeBytes: number;
  readonly entries: number;
  readonly hits: number;
  readonly misses: number;
}

export const NO_NODE_VIEWS: NodeViews = Object.freeze({
  clients: () => [],
  settings: () => [],
  threadPools: () => [],
  caches: () => [],
  tables: () => [],
  sstableTasks: () => [],
  internode: () => [],
  systemProperties: () => [],
});
