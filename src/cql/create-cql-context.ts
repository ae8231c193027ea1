/**
 * Builds the CqlContext of a node from its parts (the composition root calls this; so do tests).
 */
import type { LocalOperations } from '../db/operations/index.js';
import type { SchemaKeeper } from '../db/system-schema.js';
import type { Partitioner } from '../dht/index.js';
import { type Env, TimestampSource } from '../env/index.js';
import { Authorizer, BCRYPT_ROUNDS_DEFAULT, NetworkAuthorizer, type BcryptWork, type InternalQuery, PasswordHasher, RoleManager } from './auth/index.js';
import { type BoundValue, type CqlContext, type CqlLimits, type CqlStatement, NO_NODE_VIEWS, type NodeViews, type CqlLogger, DEFAULT_CQL_LIMITS, DEFAULT_REQUEST_TIMEOUTS, type DataStore, LayoutCache, type RequestTimeouts, LocalDataStore, NO_VIRTUAL_TABLES, type NodeInfo, type PeerInfo, type VirtualTables, newClientState, queryOptions } from './execution/index.js';
import { parseStatement } from './parser/index.js';
import { prepareStatement } from './prepare.js';
import { DEFAULT_UDF_SETTINGS, JavascriptHost, type UdfSettings, UserFunctions, createFunctionContext, createNativeFunctionRegistry } from './functions/index.js';
import { createVirtualTables } from './virtual/index.js';
import { type TraceSource, TraceWriter, Tracing } from './tracing/index.js';
import { executeModifications } from './modification/execute-modifications.js';
import { ModificationStatement } from './modification/modification-statement.js';

export interface CqlContextParts {
  readonly env: Env;
  readonly keeper: SchemaKeeper;
  readonly ops: LocalOperations;
  readonly partitioner: Partitioner;
  readonly node: () => NodeInfo;
  readonly peers?: () => readonly PeerInfo[];
  /**
   * Made from the context being built (system_schema reads the live schema through it); the
   * node's real ones (system.local, system_schema.* …) when absent.
   */
  readonly virtualTables?: (ctx: CqlContext) => VirtualTables;
  /** The coordinator; the local engine when absent. */
  readonly data?: DataStore;
  /** How roles are kept and checked; AUTH_DEFAULTS when absent. */
  readonly auth?: AuthSettings;
  /** Request guards; DEFAULT_CQL_LIMITS when absent. */
  readonly limits?: CqlLimits;
  /** Where statements log; nowhere when absent. */
  readonly logger?: CqlLogger;
  /** The request timeouts from cassandra.yaml; Cassandra's defaults when absent. */
  readonly timeouts?: RequestTimeouts;
  /** tracetype_query_ttl and where trace rows say they come from; TRACING_DEFAULTS when absent. */
  readonly tracing?: TracingSettings;
  /** What system_views shows (clients, settings, stages); empty tables when absent. */
  readonly views?: NodeViews;
  /** The user-defined function settings from cassandra.yaml; Cassandra 4.0's defaults (disabled) when absent. */
  readonly udf?: UdfSettings;
  /** Where JavaScript UDFs run (the node makes it and closes it); a host with the default limits when absent. */
  readonly javascript?: JavascriptHost;
  /** enable_materialized_views from cassandra.yaml; Cassandra 4.0's default (false) when absent. */
  readonly materializedViewsEnabled?: boolean;
  /** enable_sasi_indexes from cassandra.yaml; Cassandra 4.0's default (false) when absent. */
  readonly sasiIndexesEnabled?: boolean;
  /** enable_drop_compact_storage from cassandra.yaml; Cassandra 4.0's default (false) when absent. */
  readonly dropCompactStorageEnabled?: boolean;
}

/** How traces are written: tracetype_query_ttl, and this node's address and storage port. */
export interface TracingSettings {
  readonly queryTtlSeconds: number;
  readonly source: Omit<TraceSource, 'thread'>;
}

/** Cassandra's default tracetype_query_ttl (one day); the source is the node's broadcast address. */
export const TRACING_DEFAULTS: TracingSettings = Object.freeze({ queryTtlSeconds: 86400, source: { address: '127.0.0.1', port: 7000 } });

/** Cassandra names the thread; Ilium runs every request on one event loop and names the stage. */
const TRACE_THREAD = 'Native-Transport-Requests';

/** The role manager's settings, from cassandra.yaml and -D properties. */
export interface AuthSettings {
  /** authenticator is PasswordAuthenticator: roles may have passwords. */
  readonly passwords: boolean;
  /** roles_validity_in_ms. */
  readonly rolesValidityMs: number;
  /** -Dcassandra.auth_bcrypt_gensalt_log2_rounds. */
  readonly bcryptRounds: number;
  /** authorizer: CassandraAuthorizer (absent: AllowAllAuthorizer). */
  readonly authorizer?: boolean;
  /** network_authorizer: CassandraNetworkAuthorizer (absent: AllowAllNetworkAuthorizer). */
  readonly networkAuthorizer?: boolean;
  /** permissions_validity_in_ms (absent: 2000). */
  readonly permissionsValidityMs?: number;
  /** credentials_validity_in_ms (absent: 2000). */
  readonly credentialsValidityMs?: number;
  /** Where bcrypt runs (absent: in process, INLINE_BCRYPT). */
  readonly bcrypt?: BcryptWork;
}

export const AUTH_DEFAULTS: AuthSettings = Object.freeze({ passwords: true, rolesValidityMs: 2000, bcryptRounds: BCRYPT_ROUNDS_DEFAULT });

const SILENT_LOGGER: CqlLogger = { warn: () => undefined, error: () => undefined };

export function createCqlContext(parts: CqlContextParts): CqlContext {
  const { env, keeper } = parts;
  let virtualTables: VirtualTables = NO_VIRTUAL_TABLES;
  const ctx: CqlContext = {
    env,
    schema: () => keeper.schema,
    keeper,
    data: parts.data ?? new LocalDataStore(parts.ops.ctx),
    get virtualTables() {
      return virtualTables;
    },
    partitioner: parts.partitioner,
    layouts: new LayoutCache(),
    functions: createNativeFunctionRegistry(),
    userFunctions: new UserFunctions(parts.udf ?? DEFAULT_UDF_SETTINGS, env.clock, (m) => ctx.logger.warn(m), parts.javascript ?? new JavascriptHost()),
    functionContext: createFunctionContext(env),
    timestamps: new TimestampSource(env.clock),
    get roles() {
      return roles;
    },
    get authorizer() {
      return authorizer;
    },
    get network() {
      return network;
    },
    timeouts: parts.timeouts ?? DEFAULT_REQUEST_TIMEOUTS,
    node: parts.node,
    peers: parts.peers ?? (() => []),
    nowSec: () => Math.floor(env.clock.nowMs() / 1000),
    limits: parts.limits ?? DEFAULT_CQL_LIMITS,
    logger: parts.logger ?? SILENT_LOGGER,
    get tracing() {
      return tracing;
    },
    views: parts.views ?? NO_NODE_VIEWS,
    materializedViewsEnabled: parts.materializedViewsEnabled ?? false,
    sasiIndexesEnabled: parts.sasiIndexesEnabled ?? false,
    dropCompactStorageEnabled: parts.dropCompactStorageEnabled ?? false,
  };
  virtualTables = (parts.virtualTables ?? createVirtualTables)(ctx);
  const auth = parts.auth ?? AUTH_DEFAULTS;
  // Roles are read and written with internal CQL, as the node itself, through the context's DataStore.
  const query: InternalQuery = async (cql, values, consistency) => {
    const result = await prepareStatement(parseStatement(cql), ctx, undefined).execute(newClientState(), queryOptions(values, { consistency }));
    return result.kind === 'rows' ? result : null;
  };
  const roles = new RoleManager({ env, query, passwords: auth.passwords, validityMs: auth.rolesValidityMs, credentialsValidityMs: auth.credentialsValidityMs ?? 2000, hasher: new PasswordHasher(auth.bcryptRounds, auth.bcrypt) });
  const network = new NetworkAuthorizer({
    env, query, roles, enabled: auth.networkAuthorizer ?? false, validityMs: auth.rolesValidityMs,
    localDc: () => ctx.node().dataCenter,
    knownDcs: () => [ctx.node().dataCenter, ...ctx.peers().map((p) => p.dataCenter)],
  });
  const authorizer = new Authorizer({ env, query, roles, network, enabled: auth.authorizer ?? false, validityMs: auth.permissionsValidityMs ?? 2000 });
  const tracing = createTracing(ctx, parts.tracing ?? TRACING_DEFAULTS);
  return ctx;
}

/** The node's tracing: trace rows written by internal statements, at ANY, through the context's DataStore. */
function createTracing(ctx: CqlContext, settings: TracingSettings): Tracing {
  const statements = {
    schema: () => ctx.schema(),
    prepare: (cql: string) => prepareStatement(parseStatement(cql), ctx, undefined),
    execute: (statement: CqlStatement, values: readonly BoundValue[]) => statement.execute(newClientState(), queryOptions(values, { consistency: 'ANY' })),
    // The modifications' own path with several rows: grouped per partition, each partition one mutation, no batch guard.
    executeMany: (statement: CqlStatement, rows: readonly (readonly BoundValue[])[]) => {
      if (!(statement instanceof ModificationStatement)) return Promise.reject(new Error('trace writes are modifications'));
      return executeModifications(ctx, rows.map((values) => ({ statement, values })), queryOptions([], { consistency: 'ANY' }), { isBatch: false });
    },
  };
  const writer = new TraceWriter(statements, { ...settings.source, thread: TRACE_THREAD }, () => settings.queryTtlSeconds, (e) => ctx.logger.warn(`trace write failed: ${e.message}`), (fn) => {
    ctx.env.timers.setImmediate(fn);
  });
  const clock = { nowMs: () => ctx.env.clock.nowMs(), monotonicNs: () => ctx.env.clock.monotonicNs(), nextTimeUuid: () => ctx.functionContext.nextTimeUuid() };
  return new Tracing(clock, ctx.env.random, writer);
}
