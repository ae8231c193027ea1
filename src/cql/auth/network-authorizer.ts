/**
 * Cassandra 4.0's network authorizers (`network_authorizer` in cassandra.yaml): which data
 * centres a role may use (checked in apache/cassandra auth/CassandraNetworkAuthorizer.java,
 * DCPermissions.java, service/ClientState.validateLogin).
 *
 * CassandraNetworkAuthorizer keeps one row per role in `system_auth.network_permissions`
 * (role text PRIMARY KEY, dcs frozen<set<text>>), read and written at LOCAL_ONE. A role that may
 * not log in reaches no data centre; a superuser reaches all; otherwise an empty or missing set
 * means all, and a set means those data centres only. What a role reaches is cached for
 * `roles_validity_in_ms` as Cassandra's NetworkAuthCache is, bounded to `DC_ACCESS_CACHED_MAX`
 * entries; a change made on this node drops the cache at once.
 *
 * Every request of a logged-in user checks the node's own data centre first (Cassandra's
 * validateLogin, run by each statement's permission check): "You do not have access to this
 * datacenter (dc1)", Unauthorized. AllowAllNetworkAuthorizer (`enabled` false) lets every role
 * everywhere and refuses ACCESS TO DATACENTERS with Cassandra's message.
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import type { Env } from '../../env/index.js';
import { SetType, UTF8_TYPE } from '../../marshal/index.js';
import { AUTH_KEYSPACE, NETWORK_PERMISSIONS } from './auth-keyspace.js';
import { ExpiringCache } from './expiring-cache.js';
import type { InternalQuery, RoleManager } from './role-manager.js';

export const DC_ACCESS_CACHED_MAX = 1000;
export const NETWORK_AUTHORIZER_CLASS = 'org.apache.cassandra.auth.CassandraNetworkAuthorizer';

/** The data centres a role reaches (Cassandra's DCPermissions: all, none, or a subset). */
export type DcAccess = { readonly kind: 'all' } | { readonly kind: 'none' } | { readonly kind: 'subset'; readonly dcs: readonly string[] };

/** ACCESS TO DATACENTERS {…} as written, or 'all' for ACCESS TO ALL DATACENTERS. */
export type DcGrant = readonly string[] | 'all';

export interface NetworkAuthorizerOptions {
  readonly env: Env;
  readonly query: InternalQuery;
  readonly roles: RoleManager;
  /** network_authorizer: CassandraNetworkAuthorizer. */
  readonly enabled: boolean;
  /** roles_validity_in_ms (NetworkAuthCache uses the roles cache's settings). */
  readonly validityMs: number;
  /** This node's data centre. */
  readonly localDc: () => string;
  /** Every data centre of the ring (Cassandra's Datacenters.getValidDatacenters). */
  readonly knownDcs: () => readonly string[];
}

const ALL: DcAccess = Object.freeze({ kind: 'all' });
const NONE: DcAccess = Object.freeze({ kind: 'none' });

export class NetworkAuthorizer {
  private readonly cache: ExpiringCache<DcAccess>;

  constructor(private readonly o: NetworkAuthorizerOptions) {
    this.cache = new ExpiringCache(o.env.clock, o.validityMs, DC_ACCESS_CACHED_MAX);
  }

  get enabled(): boolean {
    return this.o.enabled;
  }

  /** The data centres `role` reaches (cached). */
  access(role: string): Promise<DcAccess> {
    if (!this.o.enabled) return Promise.resolve(ALL);
    return this.cache.get(role, () => this.load(role));
  }

  /** Unauthorized with Cassandra's message unless the session's user reaches this node's data centre. */
  async ensureLocalAccess(user: string | undefined): Promise<void> {
    if (!this.o.enabled || user === undefined || user === 'anonymous') return;
    const dc = this.o.localDc();
    if (!canAccess(await this.access(user), dc)) throw new UnauthorizedError(`You do not have access to this datacenter (${dc})`);
  }

  /**
   * Refuses ACCESS TO DATACENTERS under AllowAllNetworkAuthorizer, and data centres the ring does
   * not have (DCPermissions.validate; the set printed as Java prints a set).
   */
  validate(grant: DcGrant): void {
    if (!this.o.enabled) throw new InvalidRequestError('ACCESS TO DATACENTERS operations not supported by AllowAllNetworkAuthorizer');
    if (grant === 'all') return;
    const known = new Set(this.o.knownDcs());
    if (grant.some((dc) => !known.has(dc))) throw new InvalidRequestError(`Invalid value(s) for DATACENTERS '[${grant.join(', ')}]',All values must be valid datacenters`);
  }

  /** Stores the role's data centres: the set, or an empty one for all (setRoleDatacenters). */
  async setRoleDatacenters(role: string, grant: DcGrant): Promise<void> {
    if (!this.o.enabled) return;
    const dcs = grant === 'all' ? [] : [...new Set(grant)];
    await this.write(`UPDATE ${AUTH_KEYSPACE}.${NETWORK_PERMISSIONS} SET dcs = ? WHERE role = ?`, [DCS_TYPE.decompose(dcs), text(role)]);
  }

  /** The role was dropped: its row goes. */
  async drop(role: string): Promise<void> {
    if (!this.o.enabled) return;
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${NETWORK_PERMISSIONS} WHERE role = ?`, [text(role)]);
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async load(role: string): Promise<DcAccess> {
    if ((await this.o.roles.getRole(role))?.canLogin !== true) return NONE;
    if (await this.o.roles.hasSuperuserStatus(role)) return ALL;
    const rows = await this.o.query(`SELECT dcs FROM ${AUTH_KEYSPACE}.${NETWORK_PERMISSIONS} WHERE role = ?`, [text(role)], 'LOCAL_ONE');
    const cell = rows?.rows[0]?.[0];
    const dcs = cell == null ? [] : [...(DCS_TYPE.compose(cell) ?? [])].filter((d): d is string => d !== null);
    return dcs.length === 0 ? ALL : Object.freeze({ kind: 'subset', dcs: Object.freeze(dcs) });
  }

  private async write(cql: string, values: readonly Buffer[]): Promise<void> {
    this.invalidate();
    try {
      await this.o.query(cql, values, 'LOCAL_ONE');
    } finally {
      this.invalidate();
    }
  }
}

export function canAccess(access: DcAccess, dc: string): boolean {
  return access.kind === 'all' || (access.kind === 'subset' && access.dcs.includes(dc));
}

/** As LIST USERS prints it (DCPermissions.toString): ALL, n/a, or the data centres comma-separated. */
export function describeAccess(access: DcAccess): string {
  return access.kind === 'all' ? 'ALL' : access.kind === 'none' ? 'n/a' : access.dcs.join(', ');
}

const DCS_TYPE = new SetType<string | null>(UTF8_TYPE, false);
const text = (s: string): Buffer => Buffer.from(s, 'utf8');
