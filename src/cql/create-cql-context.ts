/**
 * Builds the CqlContext of a node from its parts (the composition root calls this; so do tests).
 */
import type { LocalOperations } from '../db/operations/index.js';
import type { SchemaKeeper } from '../db/system-schema.js';
import type { Partitioner } from '../dht/index.js';
import { type Env, TimestampSource } from '../env/index.js';
import { Authorizer, BCRYPT_ROUNDS_DEFAULT, type BcryptWork, type InternalQuery, PasswordHasher, RoleManager } from './auth/index.js';
import { type CqlContext, type CqlLimits, type CqlLogger, DEFAULT_CQL_LIMITS, DEFAULT_REQUEST_TIMEOUTS, type DataStore, LayoutCache, type RequestTimeouts, LocalDataStore, NO_VIRTUAL_TABLES, type NodeInfo, type PeerInfo, type VirtualTables, newClientState, queryOptions } from './execution/index.js';
import { parseStatement } from './parser/index.js';
import { prepareStatement } from './prepare.js';
import { DEFAULT_UDF_SETTINGS, type UdfSettings, UserFunctions, createFunctionContext, createNativeFunctionRegistry } from './functions/index.js';
import { createVirtualTables } from './virtual/index.js';

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
  /** The user-defined function settings from cassandra.yaml; Cassandra 4.0's defaults (disabled) when absent. */
  readonly udf?: UdfSettings;
}

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
    userFunctions: new UserFunctions(parts.udf ?? DEFAULT_UDF_SETTINGS, env.clock, (m) => ctx.logger.warn(m)),
    functionContext: createFunctionContext(env),
    timestamps: new TimestampSource(env.clock),
    get roles() {
      return roles;
    },
    get authorizer() {
      return authorizer;
    },
    timeouts: parts.timeouts ?? DEFAULT_REQUEST_TIMEOUTS,
    node: parts.node,
    peers: parts.peers ?? (() => []),
    nowSec: () => Math.floor(env.clock.nowMs() / 1000),
    limits: parts.limits ?? DEFAULT_CQL_LIMITS,
    logger: parts.logger ?? SILENT_LOGGER,
  };
  virtualTables = (parts.virtualTables ?? createVirtualTables)(ctx);
  const auth = parts.auth ?? AUTH_DEFAULTS;
  // Roles are read and written with internal CQL, as the node itself, through the context's DataStore.
  const query: InternalQuery = async (cql, values, consistency) => {
    const result = await prepareStatement(parseStatement(cql), ctx, undefined).execute(newClientState(), queryOptions(values, { consistency }));
    return result.kind === 'rows' ? result : null;
  };
  const roles = new RoleManager({ env, query, passwords: auth.passwords, validityMs: auth.rolesValidityMs, credentialsValidityMs: auth.credentialsValidityMs ?? 2000, hasher: new PasswordHasher(auth.bcryptRounds, auth.bcrypt) });
  const authorizer = new Authorizer({ env, query, roles, enabled: auth.authorizer ?? false, validityMs: auth.permissionsValidityMs ?? 2000 });
  return ctx;
}
