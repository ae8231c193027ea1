/**
 * DROP ROLE [IF EXISTS] r and the legacy DROP USER [IF EXISTS] u (Cassandra's
 * DropRoleStatement): the role's row goes, and so do its memberships both ways, the permissions
 * granted to it and those granted on it, and its network_permissions row (DropRoleStatement.execute).
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { type CqlContext, type CqlStatement, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { DropRoleStatement, DropUserStatement, StatementKind } from '../parser/index.js';
import { authStatement, checkPermission } from './auth-statement.js';
import { roleResourceOf } from './resources.js';

export const prepareDropRole: Preparer<DropRoleStatement> = (stmt, _parsed, ctx) => dropRole(ctx, 'dropRole', stmt.role, stmt.ifExists);

export const prepareDropUser: Preparer<DropUserStatement> = (stmt, _parsed, ctx) => dropRole(ctx, 'dropUser', stmt.user, stmt.ifExists);

function dropRole(ctx: CqlContext, kind: StatementKind, role: string, ifExists: boolean): CqlStatement {
  return authStatement(kind, async (user) => {
    const roles = ctx.roles;
    await checkPermission(ctx, user, 'DROP', role);
    const exists = await roles.exists(role);
    if (exists && !(await roles.hasSuperuserStatus(user)) && (await roles.hasSuperuserStatus(role))) {
      throw new UnauthorizedError('Only superusers can drop a role with superuser status');
    }
    if (!exists) {
      if (ifExists) return VOID_RESULT;
      throw new InvalidRequestError(`${role} doesn't exist`);
    }
    if (user === role) throw new InvalidRequestError('Cannot DROP primary role for current login');
    await roles.dropRole(role);
    await ctx.authorizer.revokeAllFrom(role);
    await ctx.authorizer.revokeAllOn(roleResourceOf(role));
    await ctx.network.drop(role);
    return VOID_RESULT;
  });
}
