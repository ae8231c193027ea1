/**
 * What the role statements share: no bind variables, run against `system_auth` at execution
 * through the node's RoleManager, only by a logged-in user (Cassandra's ensureNotAnonymous).
 *
 * Under CassandraAuthorizer the statements need Cassandra's permissions on `<all roles>` or
 * `<role r>`. Under AllowAllAuthorizer the rule is minimal: a user with superuser status
 * (its own or inherited) may run every role statement; anyone else may only LIST ROLES and
 * change their own password. Either way a refusal is Cassandra's Unauthorized "User alice does not
 * have sufficient privileges to perform the requested operation" (checked in apache/cassandra
 * cql3/statements/AuthenticationStatement.checkPermission, which replaces ClientState's "has no
 * … permission" message for CREATE/ALTER/DROP ROLE and GRANT/REVOKE role).
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import type { ClientState, ColumnSpec, CqlContext, CqlResult, CqlStatement } from '../execution/index.js';
import type { Permission, RoleOptions, StatementKind } from '../parser/index.js';
import { allRoles, roleResourceOf } from './resources.js';
import type { RoleChanges, RoleManager, RoleOption } from './role-manager.js';

export function authStatement(kind: StatementKind, run: (user: string, state: ClientState) => Promise<CqlResult>, resultColumns: readonly ColumnSpec[] | null = null): CqlStatement {
  return {
    kind,
    bindVariables: [],
    pkIndexes: [],
    resultColumns,
    execute: async (state) => run(loggedInUser(state), state),
  };
}

/** The session's user; Unauthorized when nobody logged in (or the authenticator lets everyone in). */
export function loggedInUser(state: ClientState): string {
  if (state.user === undefined || state.user === 'anonymous') {
    throw new UnauthorizedError('You have to be logged in and not anonymous to perform this request');
  }
  return state.user;
}

/**
 * Under CassandraAuthorizer, the permission on `<role r>` (`<all roles>` when `role` is null) or a
 * parent; under AllowAllAuthorizer the minimal rule (see the header): superusers may. Refused with
 * AuthenticationStatement.checkPermission's message (see the header).
 */
export async function checkPermission(ctx: CqlContext, user: string, permission: 'CREATE' | 'ALTER' | 'DROP' | 'AUTHORIZE', role: string | null): Promise<void> {
  if (await holds(ctx, user, permission, role)) return;
  throw new UnauthorizedError(`User ${user} does not have sufficient privileges to perform the requested operation`);
}

async function holds(ctx: CqlContext, user: string, permission: Permission, role: string | null): Promise<boolean> {
  if (!ctx.authorizer.enabled) return ctx.roles.hasSuperuserStatus(user);
  try {
    await ctx.authorizer.ensure(user, permission, role === null ? allRoles() : roleResourceOf(role));
    return true;
  } catch (e) {
    if (e instanceof UnauthorizedError) return false;
    throw e;
  }
}

/** CREATE/ALTER ROLE's options as RoleChanges, each checked against what the role manager supports. */
export function roleChangesOf(roles: RoleManager, o: RoleOptions): RoleChanges {
  const given: [RoleOption, boolean][] = [
    ['LOGIN', o.login !== null],
    ['SUPERUSER', o.superuser !== null],
    ['PASSWORD', o.password !== null],
    ['HASHED_PASSWORD', o.hashedPassword !== null],
    ['OPTIONS', o.options !== null],
  ];
  for (const [option, present] of given) {
    if (present && !roles.supports(option)) throw new InvalidRequestError(`org.apache.cassandra.auth.CassandraRoleManager doesn't support ${option}`);
  }
  return {
    ...(o.datacenters === null ? {} : { datacenters: o.datacenters }),
    ...(o.login === null ? {} : { login: o.login }),
    ...(o.superuser === null ? {} : { superuser: o.superuser }),
    ...(o.password === null ? {} : { password: o.password }),
    ...(o.hashedPassword === null ? {} : { hashedPassword: o.hashedPassword }),
  };
}

export function isEmptyChange(c: RoleChanges): boolean {
  return c.login === undefined && c.superuser === undefined && c.password === undefined && c.hashedPassword === undefined && c.datacenters === undefined;
}
