/**
 * Everything a CQL statement needs from the node, handed down by the composition root (never
 * module state): the env, the live user schema and the keeper that changes it, the coordinator
 * seam (DataStore), the virtual tables, the role manager, the partitioner, the function registry, write timestamps,
 * the request timeouts, and what the node says about itself.
 */
import type { Authorizer } from '../auth/authorizer.js';
import type { NetworkAuthorizer } from '../auth/network-authorizer.js';
import type { RoleManager } from '../auth/role-manager.js';
import type { SchemaKeeper } from '../../db/system-schema.js';
import type { Partitioner } from '../../dht/index.js';
import type { Env, TimestampSource } from '../../env/index.js';
import type { Schema } from '../../schema/index.js';
import type { FunctionContext, FunctionRegistry, UserFunctions } from '../functions/index.js';
import type { DataStore } from './data-store.js';
import type { NodeInfo, PeerInfo } from './node-info.js';
import type { LayoutCache } from './table-lookup.js';
import type { VirtualTables } from './virtual-tables.js';
import type { RequestTimeouts } from '../../db/request-budget.js';
import type { Tracing } from '../tracing/tracing.js';
import type { NodeViews } from './node-views.js';

/** Guards on what one request may do (cassandra.yaml thresholds). */
export interface CqlLimits {
  /** batch_size_warn_threshold_in_kb, in bytes (statements/batch-size.ts). */
  readonly batchSizeWarnBytes: number;
  /** batch_size_fail_threshold_in_kb, in bytes. */
  readonly batchSizeFailBytes: number;
  /** unlogged_batch_across_partitions_warn_threshold: an unlogged batch over more partitions warns the client. */
  readonly unloggedBatchPartitionsWarn: number;
  /**
   * tombstone_warn_threshold: a read that met more tombstones warns the client (select/tombstone-
   * warning.ts); the engine logs it. -1: never.
   */
  readonly tombstoneWarnThreshold: number;
}

/** Cassandra's defaults: 5 KiB, 50 KiB, 10 partitions and 1000 tombstones. */
export const DEFAULT_CQL_LIMITS: CqlLimits = { batchSizeWarnBytes: 5 * 1024, batchSizeFailBytes: 50 * 1024, unloggedBatchPartitionsWarn: 10, tombstoneWarnThreshold: 1000 };

/** Where statements log what the operator should see (the node logger). */
export interface CqlLogger {
  warn(message: string): void;
  error(message: string): void;
}

export interface CqlContext {
  readonly env: Env;
  /** The user schema now (system tables are in `virtualTables`). */
  schema(): Schema;
  /** Applies schema changes durably, one at a time. */
  readonly keeper: SchemaKeeper;
  readonly data: DataStore;
  readonly virtualTables: VirtualTables;
  readonly partitioner: Partitioner;
  /** How each table's rows lie in cells, cached per definition. */
  readonly layouts: LayoutCache;
  readonly functions: FunctionRegistry;
  /** User-defined functions and aggregates: their settings, compiled forms and resolution. */
  readonly userFunctions: UserFunctions;
  /** enable_materialized_views (cassandra.yaml): CREATE MATERIALIZED VIEW allowed. */
  readonly materializedViewsEnabled: boolean;
  /** enable_sasi_indexes (cassandra.yaml): CREATE CUSTOM INDEX … USING SASIIndex allowed. */
  readonly sasiIndexesEnabled: boolean;
  /** enable_drop_compact_storage (cassandra.yaml): only which refusal ALTER TABLE … DROP COMPACT STORAGE gives. */
  readonly dropCompactStorageEnabled: boolean;
  /** now(), uuid(), currentTimestamp()… read time and randomness through this. */
  readonly functionContext: FunctionContext;
  /** Server-side write timestamps (microseconds, strictly increasing). */
  readonly timestamps: TimestampSource;
  /** Roles in system_auth (CassandraRoleManager): the role statements and the password login. */
  readonly roles: RoleManager;
  /** Permissions in system_auth (CassandraAuthorizer, or every check passing: AllowAllAuthorizer). */
  readonly authorizer: Authorizer;
  /** Which data centres each role may use (CassandraNetworkAuthorizer, or all: AllowAllNetworkAuthorizer). */
  readonly network: NetworkAuthorizer;
  /** read/range/write_request_timeout_in_ms: how long a request's own work may run (RequestBudget). */
  readonly timeouts: RequestTimeouts;
  node(): NodeInfo;
  peers(): readonly PeerInfo[];
  /** Wall clock in seconds (TTL expiry, tombstone local deletion time). */
  nowSec(): number;
  readonly limits: CqlLimits;
  readonly logger: CqlLogger;
  /** Which requests are traced, and where their sessions are written (system_traces). */
  readonly tracing: Tracing;
  /** What system_views shows of the node: clients, settings, stages. */
  readonly views: NodeViews;
}
