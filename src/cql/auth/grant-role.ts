/**
 * GRANT r TO grantee and REVOKE r FROM revokee (Cassandra's GrantRoleStatement and
 * RevokeRoleStatement): both roles must exist; the grant is kept both ways, in the grantee's
 * `member_of` and in `role_members`. Needs AUTHORIZE on the role (superusers, for now).
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type CqlContext, type CqlStatement, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { GrantRoleStatement, RevokeRoleStatement } from '../parser/index.js';
import { authStatement, checkPermission } from './auth-statement.js';

export const prepareGrantRole: Preparer<GrantRoleStatement> = (stmt, _parsed, ctx) => membership(ctx, 'grant', stmt.role, stmt.grantee);

export const prepareRevokeRole: Preparer<RevokeRoleStatement> = (stmt, _parsed, ctx) => membership(ctx, 'revoke', stmt.role, stmt.revokee);

function membership(ctx: CqlContext, op: 'grant' | 'revoke', role: string, other: string): CqlStatement {
  return authStatement(op === 'grant' ? 'grantRole' : 'revokeRole', async (user) => {
    const roles = ctx.roles;
    await checkPermission(ctx, user, 'AUTHORIZE', role);
    for (const r of [role, other]) if (!(await roles.exists(r))) throw new InvalidRequestError(`${r} doesn't exist`);
    if (op === 'grant') await roles.grantRole(role, other);
    else await roles.revokeRole(role, other);
    return VOID_RESULT;
  });
}
