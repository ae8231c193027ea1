/**
 * CREATE ROLE [IF NOT EXISTS] r [WITH PASSWORD = … AND LOGIN = … AND SUPERUSER = …] and the
 * legacy CREATE USER [IF NOT EXISTS] u [WITH PASSWORD …] [SUPERUSER | NOSUPERUSER], which is a
 * role with LOGIN = true (Cassandra's CreateRoleStatement).
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { type CqlContext, type CqlStatement, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { CreateRoleStatement, CreateUserStatement, StatementKind } from '../parser/index.js';
import { authStatement, checkPermission, roleChangesOf } from './auth-statement.js';
import { roleResourceOf } from './resources.js';
import type { RoleChanges } from './role-manager.js';

export const prepareCreateRole: Preparer<CreateRoleStatement> = (stmt, _parsed, ctx) => {
  const changes = roleChangesOf(ctx.roles, stmt.options);
  return createRole(ctx, 'createRole', stmt.role, stmt.ifNotExists, changes);
};

export const prepareCreateUser: Preparer<CreateUserStatement> = (stmt, _parsed, ctx) => {
  const changes = roleChangesOf(ctx.roles, {
    password: stmt.password, hashedPassword: stmt.hashedPassword, login: true, superuser: stmt.superuser ?? false, options: null, datacenters: null,
  });
  return createRole(ctx, 'createUser', stmt.user, stmt.ifNotExists, changes);
};

function createRole(ctx: CqlContext, kind: StatementKind, role: string, ifNotExists: boolean, changes: RoleChanges): CqlStatement {
  if (role === '') throw new InvalidRequestError("Role name can't be an empty string");
  return authStatement(kind, async (user) => {
    const roles = ctx.roles;
    // DCPermissions.validate; Ilium also refuses ACCESS TO DATACENTERS under AllowAllNetworkAuthorizer
    // (Cassandra's CREATE ROLE then drops it silently, its ALTER ROLE refuses it).
    if (changes.datacenters !== undefined) ctx.network.validate(changes.datacenters);
    await checkPermission(ctx, user, 'CREATE', null);
    if (changes.superuser === true && !(await roles.hasSuperuserStatus(user))) {
      throw new UnauthorizedError('Only superusers can create a role with superuser status');
    }
    if (await roles.exists(role)) {
      if (ifNotExists) return VOID_RESULT;
      throw new InvalidRequestError(`${role} already exists`);
    }
    await roles.createRole(role, changes);
    // CreateRoleStatement.execute: under CassandraNetworkAuthorizer every new role gets its row (all when not given).
    await ctx.network.setRoleDatacenters(role, changes.datacenters ?? 'all');
    // Cassandra's grantPermissionsToCreator: the creator holds everything that applies to the new role.
    if (ctx.authorizer.enabled) await ctx.authorizer.grant(roleResourceOf(role).applicable, roleResourceOf(role), user);
    return VOID_RESULT;
  });
}
