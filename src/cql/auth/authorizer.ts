/**
 * Cassandra 4.0's CassandraAuthorizer over `system_auth` (auth-keyspace.ts): permissions kept per
 * role and resource in `role_permissions` (role, resource, permissions set<text>), with the reverse
 * index `resource_role_permissons_index` (resource, role) so dropping a resource finds its grants.
 * Read and written at LOCAL_ONE, as Cassandra's.
 *
 * A role holds a permission on a resource when it, or a role granted to it (directly or not),
 * was granted it there; a check succeeds when the user holds it on the resource or any parent
 * (chainOf). A superuser holds every permission that applies to a resource. What a user holds on
 * a resource is cached for `permissions_validity_in_ms` (0: no cache), bounded to
 * `PERMISSIONS_CACHED_MAX`; a change made on this node drops its cache at once.
 *
 * With AllowAllAuthorizer (`enabled` false) every check passes and the statements are refused as
 * Cassandra's AllowAllAuthorizer refuses them.
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import type { Env } from '../../env/index.js';
import { SetType, UTF8_TYPE } from '../../marshal/index.js';
import type { BoundValue, ClientState, CqlStatement, SchemaChangeEvent } from '../execution/index.js';
import { type Permission, parseCqlType } from '../parser/index.js';
import { AUTH_KEYSPACE, RESOURCE_ROLE_INDEX, ROLE_PERMISSIONS } from './auth-keyspace.js';
import { type AuthResource, ALL_PERMISSIONS, allFunctions, chainOf, functionResource, keyspaceResource, resourceFromName, tableResource, userFunctionOf } from './resources.js';
import type { Schema } from '../../schema/index.js';
import type { InternalQuery, RoleManager } from './role-manager.js';
import type { NetworkAuthorizer } from './network-authorizer.js';
import type { Access } from './statement-access.js';
import { ExpiringCache } from './expiring-cache.js';
import { pushAll } from '../../util/push-all.js';

export const PERMISSIONS_CACHED_MAX = 1000;
export const AUTHORIZER_CLASS = 'org.apache.cassandra.auth.CassandraAuthorizer';

export interface AuthorizerOptions {
  readonly env: Env;
  readonly query: InternalQuery;
  readonly roles: RoleManager;
  /** Checked first for every client statement, whatever the authorizer (ClientState.validateLogin). */
  readonly network: NetworkAuthorizer;
  /** authorizer: CassandraAuthorizer. */
  readonly enabled: boolean;
  /** permissions_validity_in_ms (Cassandra's default 2000). */
  readonly validityMs: number;
}

/** One granted permission, as LIST PERMISSIONS prints it. */
export interface PermissionDetail {
  readonly role: string;
  readonly resource: AuthResource;
  readonly permission: Permission;
}

export class Authorizer {
  private readonly cache: ExpiringCache<ReadonlySet<Permission>>;
  /** What each bound statement needs (statement-access.ts), noted when it is prepared. */
  private readonly access = new WeakMap<CqlStatement, Access>();

  constructor(private readonly o: AuthorizerOptions) {
    this.cache = new ExpiringCache(o.env.clock, o.validityMs, PERMISSIONS_CACHED_MAX);
  }

  get enabled(): boolean {
    return this.o.enabled;
  }

  /** What `user` holds on `resource` itself (not its parents), through every role granted to it. */
  permissions(user: string, resource: AuthResource): Promise<ReadonlySet<Permission>> {
    return this.cache.get(`${user}\u0000${resource.name}`, () => this.load(user, resource));
  }

  /** Unauthorized with Cassandra's message unless `user` holds `permission` on the resource or a parent. */
  async ensure(user: string, permission: Permission, resource: AuthResource): Promise<void> {
    if (!this.o.enabled) return;
    for (const r of chainOf(resource)) if ((await this.permissions(user, r)).has(permission)) return;
    throw new UnauthorizedError(`User ${user} has no ${permission} permission on ${resource.printed} or any of its parents`);
  }

  /** Notes what `statement` needs (prepareStatement calls this for every statement it binds). */
  note(statement: CqlStatement, access: Access): CqlStatement {
    this.access.set(statement, access);
    return statement;
  }

  /**
   * Before a client's statement runs (each time: a prepared statement is checked at execution):
   * Unauthorized unless the session's user reaches this node's data centre (network-authorizer.ts)
   * and holds what the statement needs. A statement bound elsewhere than
   * prepareStatement has no note and is refused.
   */
  ensureAccess(state: ClientState, statement: CqlStatement): Promise<void> | undefined {
    // Not async with authorization off: an unchecked request adds no promise.
    if (!this.o.network.enabled && !this.o.enabled) return undefined;
    return this.checkAccess(state, statement);
  }

  private async checkAccess(state: ClientState, statement: CqlStatement): Promise<void> {
    if (this.o.network.enabled) await this.o.network.ensureLocalAccess(state.user);
    if (!this.o.enabled) return;
    const user = state.user;
    if (user === undefined || user === 'anonymous') throw new UnauthorizedError('You have not logged in');
    let access = this.access.get(statement);
    while (access?.kind === 'atRun') access = access.resolve();
    if (access === undefined) throw new UnauthorizedError(`User ${user} may not run a ${statement.kind} statement that was not checked`);
    if (access.kind === 'superuser') {
      if (!(await this.o.roles.hasSuperuserStatus(user))) throw new UnauthorizedError(access.message);
      return;
    }
    for (const need of access.needs) await this.ensure(user, need.permission, need.resource);
  }

  async grant(permissions: readonly Permission[], resource: AuthResource, grantee: string): Promise<void> {
    await this.write(`UPDATE ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} SET permissions = permissions + ? WHERE role = ? AND resource = ?`, [textSet(permissions), text(grantee), text(resource.name)]);
    await this.write(`INSERT INTO ${AUTH_KEYSPACE}.${RESOURCE_ROLE_INDEX} (resource, role) VALUES (?, ?)`, [text(resource.name), text(grantee)]);
  }

  async revoke(permissions: readonly Permission[], resource: AuthResource, revokee: string): Promise<void> {
    await this.write(`UPDATE ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} SET permissions = permissions - ? WHERE role = ? AND resource = ?`, [textSet(permissions), text(revokee), text(resource.name)]);
    if ((await this.stored(revokee, resource.name)).length > 0) return;
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} WHERE role = ? AND resource = ?`, [text(revokee), text(resource.name)]);
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${RESOURCE_ROLE_INDEX} WHERE resource = ? AND role = ?`, [text(resource.name), text(revokee)]);
  }

  /**
   * The grants on `resource` (every resource when null) of `grantee` and the roles granted to it
   * (every role when null), restricted to `permissions`, sorted as Cassandra sorts them: role,
   * resource name, permission.
   */
  async list(permissions: readonly Permission[], resource: AuthResource | null, grantee: string | null): Promise<PermissionDetail[]> {
    const rows: (readonly (Buffer | null)[])[] = [];
    if (grantee === null) {
      pushAll(rows, (await this.o.query(`SELECT role, resource, permissions FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS}`, [], 'LOCAL_ONE'))?.rows ?? []);
    } else {
      for (const role of await this.o.roles.getRoles(grantee, true)) {
        pushAll(rows, (await this.o.query(`SELECT role, resource, permissions FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} WHERE role = ?`, [text(role)], 'LOCAL_ONE'))?.rows ?? []);
      }
    }
    const out: PermissionDetail[] = [];
    for (const row of rows) {
      const name = textOf(row[1]!);
      if (resource !== null && name !== resource.name) continue;
      const r = resourceFromName(name);
      if (r === null) continue;
      for (const p of permissionsOf(row[2]!)) if (permissions.includes(p)) out.push({ role: textOf(row[0]!), resource: r, permission: p });
    }
    return out.sort(compareDetails);
  }

  /** Drops every grant on the resource (it was dropped). */
  async revokeAllOn(resource: AuthResource): Promise<void> {
    const roles = await this.o.query(`SELECT role FROM ${AUTH_KEYSPACE}.${RESOURCE_ROLE_INDEX} WHERE resource = ?`, [text(resource.name)], 'LOCAL_ONE');
    for (const row of roles?.rows ?? []) await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} WHERE role = ? AND resource = ?`, [row[0]!, text(resource.name)]);
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${RESOURCE_ROLE_INDEX} WHERE resource = ?`, [text(resource.name)]);
  }

  /** Drops every grant made to the role (it was dropped). */
  async revokeAllFrom(role: string): Promise<void> {
    const held = await this.o.query(`SELECT resource FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} WHERE role = ?`, [text(role)], 'LOCAL_ONE');
    for (const row of held?.rows ?? []) await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${RESOURCE_ROLE_INDEX} WHERE resource = ? AND role = ?`, [row[0]!, text(role)]);
    await this.write(`DELETE FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} WHERE role = ?`, [text(role)]);
  }

  /**
   * After a client's schema change (Cassandra's grantPermissionsToCreator, createdResources and its
   * AuthSchemaChangeListener): the creator of a keyspace, table, function or aggregate holds
   * everything that applies to it; a dropped one takes its grants along (a keyspace, those on its
   * tables and functions too). `schema` is the schema after the change.
   */
  async schemaChanged(user: string | undefined, change: SchemaChangeEvent, schema: Schema): Promise<void> {
    if (!this.o.enabled) return;
    const resource = changedResource(change, schema);
    if (resource === null) return;
    if (change.change === 'CREATED' && user !== undefined && user !== 'anonymous') await this.grant(resource.applicable, resource, user);
    if (change.change !== 'DROPPED') return;
    await this.revokeAllOn(resource);
    if (change.target !== 'KEYSPACE') return;
    await this.revokeAllOn(allFunctions(change.keyspace));
    const inside = (await this.list(ALL_PERMISSIONS, null, null)).filter((d) => d.resource.name.startsWith(`${resource.name}/`) || d.resource.name.startsWith(`functions/${change.keyspace}/`));
    for (const name of new Set(inside.map((d) => d.resource.name))) await this.revokeAllOn(resourceFromName(name)!);
  }

  /**
   * Refuses the permission statements under AllowAllAuthorizer, with its messages (checked in
   * apache/cassandra auth/AllowAllAuthorizer.java: grant, revoke, list), once the statement's own
   * checks passed, as Cassandra reaches the authorizer only then; clients see an Invalid query.
   */
  ensureEnabled(operation: 'GRANT' | 'REVOKE' | 'LIST PERMISSIONS'): void {
    if (!this.o.enabled) throw new InvalidRequestError(`${operation} operation is not supported by AllowAllAuthorizer`);
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async load(user: string, resource: AuthResource): Promise<ReadonlySet<Permission>> {
    if (await this.o.roles.hasSuperuserStatus(user)) return new Set(resource.applicable);
    const out = new Set<Permission>();
    for (const role of await this.o.roles.getRoles(user, true)) for (const p of await this.stored(role, resource.name)) out.add(p);
    return out;
  }

  private async stored(role: string, resourceName: string): Promise<Permission[]> {
    const rows = await this.o.query(`SELECT permissions FROM ${AUTH_KEYSPACE}.${ROLE_PERMISSIONS} WHERE role = ? AND resource = ?`, [text(role), text(resourceName)], 'LOCAL_ONE');
    const cell = rows?.rows[0]?.[0];
    return cell == null ? [] : permissionsOf(cell);
  }

  private async write(cql: string, values: readonly BoundValue[]): Promise<void> {
    this.invalidate();
    try {
      await this.o.query(cql, values, 'LOCAL_ONE');
    } finally {
      this.invalidate();
    }
  }
}

/** Cassandra's PermissionDetails order: role, resource name, permission. */
export function compareDetails(a: PermissionDetail, b: PermissionDetail): number {
  if (a.role !== b.role) return a.role < b.role ? -1 : 1;
  if (a.resource.name !== b.resource.name) return a.resource.name < b.resource.name ? -1 : 1;
  return ALL_PERMISSIONS.indexOf(a.permission) - ALL_PERMISSIONS.indexOf(b.permission);
}

const TEXT_SET_TYPE = new SetType<string | null>(UTF8_TYPE, false);
const textSet = (items: readonly string[]): Buffer => TEXT_SET_TYPE.decompose([...items]);
const text = (s: string): Buffer => Buffer.from(s, 'utf8');
const textOf = (b: Buffer | null): string => (b === null ? '' : UTF8_TYPE.compose(b) ?? '');
const permissionsOf = (cell: Buffer | null): Permission[] =>
  cell === null ? [] : [...(TEXT_SET_TYPE.compose(cell) ?? [])].filter((p): p is Permission => ALL_PERMISSIONS.includes(p as Permission));

/** The resource a schema change made or dropped; null for what takes no permissions (a type). */
function changedResource(change: SchemaChangeEvent, schema: Schema): AuthResource | null {
  switch (change.target) {
    case 'KEYSPACE':
      return keyspaceResource(change.keyspace);
    case 'TABLE':
      return tableResource(change.keyspace, change.name);
    case 'FUNCTION':
    case 'AGGREGATE': {
      // The event lists the argument types in CQL; read in the keyspace they name the one resource.
      try {
        const types = change.argTypes.map((t) => parseCqlType(t));
        return functionResource(change.keyspace, change.name, userFunctionOf(schema, change.keyspace, change.name, types).argumentTypes);
      } catch {
        return null; // a type no longer readable (its keyspace went): the keyspace's drop takes the grants
      }
    }
    default:
      return null;
  }
}
