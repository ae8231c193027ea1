/**
 * LIST ROLES [OF r] [NORECURSIVE] and the legacy LIST USERS (Cassandra's ListRolesStatement and
 * ListUsersStatement): rows sorted by name with Cassandra's columns — role, super, login,
 * options for roles; name, super, datacenters for users (the roles that may log in; the data
 * centres they reach as the network authorizer says: ALL, or a list). No role:
 * a VOID result, as Cassandra answers.
 *
 * Who sees what (Cassandra's ListRolesStatement.execute): a user holding DESCRIBE on `<all roles>`
 * — every user under AllowAllAuthorizer, superusers under CassandraAuthorizer — lists any role.
 * Anyone else lists the roles granted to themselves (LIST ROLES, LIST USERS), or to a role they
 * hold themselves (LIST ROLES OF r); OF another role is refused Unauthorized "You are not
 * authorized to view roles granted to r " (Cassandra's message, its trailing space included).
 */
import { BOOLEAN_TYPE, MapType, UTF8_TYPE } from '../../marshal/index.js';
import { type ColumnSpec, type CqlContext, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { ListRolesStatement, ListUsersStatement } from '../parser/index.js';
import { AUTH_KEYSPACE, ROLES } from './auth-keyspace.js';
import { authStatement } from './auth-statement.js';
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { allRoles } from './resources.js';
import { describeAccess } from './network-authorizer.js';

const OPTIONS_TYPE = new MapType<string | null, string | null>(UTF8_TYPE, UTF8_TYPE, false);
const col = (name: string, type: ColumnSpec['type']): ColumnSpec => ({ keyspace: AUTH_KEYSPACE, table: ROLES, name, type });
const ROLE_COLUMNS: readonly ColumnSpec[] = [col('role', UTF8_TYPE), col('super', BOOLEAN_TYPE), col('login', BOOLEAN_TYPE), col('options', OPTIONS_TYPE)];
const USER_COLUMNS: readonly ColumnSpec[] = [col('name', UTF8_TYPE), col('super', BOOLEAN_TYPE), col('datacenters', UTF8_TYPE)];
const NO_OPTIONS = OPTIONS_TYPE.decompose(new Map());

export const prepareListRoles: Preparer<ListRolesStatement> = (stmt, _parsed, ctx) =>
  authStatement('listRoles', async (user) => {
    if (stmt.of !== null && !(await ctx.roles.exists(stmt.of))) throw new InvalidRequestError(`<role ${stmt.of}> doesn't exist`);
    const names = await visibleRoles(ctx, user, stmt.of, stmt.recursive);
    const rows = [];
    for (const name of sorted(names)) {
      const role = await ctx.roles.getRole(name);
      if (role === null) continue;
      rows.push([UTF8_TYPE.decompose(name), BOOLEAN_TYPE.decompose(role.isSuper), BOOLEAN_TYPE.decompose(role.canLogin), NO_OPTIONS]);
    }
    return rows.length === 0 ? VOID_RESULT : { kind: 'rows', columns: ROLE_COLUMNS, rows };
  }, ROLE_COLUMNS);

export const prepareListUsers: Preparer<ListUsersStatement> = (_stmt, _parsed, ctx: CqlContext) =>
  authStatement('listUsers', async (user) => {
    const rows = [];
    for (const name of sorted(await visibleRoles(ctx, user, null, false))) {
      const role = await ctx.roles.getRole(name);
      if (role === null || !role.canLogin) continue;
      rows.push([UTF8_TYPE.decompose(name), BOOLEAN_TYPE.decompose(role.isSuper), UTF8_TYPE.decompose(describeAccess(await ctx.network.access(name)))]);
    }
    return rows.length === 0 ? VOID_RESULT : { kind: 'rows', columns: USER_COLUMNS, rows };
  }, USER_COLUMNS);

/** The roles `user` may list: all of them (or those of `of`), or only its own (see the header). */
async function visibleRoles(ctx: CqlContext, user: string, of: string | null, recursive: boolean): Promise<Set<string>> {
  if (await mayDescribeAllRoles(ctx, user)) return of === null ? ctx.roles.getAllRoles() : ctx.roles.getRoles(of, recursive);
  if (of === null) return ctx.roles.getRoles(user, recursive);
  if ((await ctx.roles.getRoles(user, true)).has(of)) return ctx.roles.getRoles(of, recursive);
  throw new UnauthorizedError(`You are not authorized to view roles granted to ${of} `);
}

/** DESCRIBE on `<all roles>` itself (it has no parent): everyone under AllowAllAuthorizer. */
async function mayDescribeAllRoles(ctx: CqlContext, user: string): Promise<boolean> {
  return !ctx.authorizer.enabled || (await ctx.authorizer.permissions(user, allRoles())).has('DESCRIBE');
}

function sorted(names: Iterable<string>): string[] {
  return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
