/**
 * ALTER ROLE [IF EXISTS] r WITH … and the legacy ALTER USER [IF EXISTS] u WITH PASSWORD …
 * [SUPERUSER | NOSUPERUSER] (Cassandra's AlterRoleStatement): a role may change its own
 * password; superuser status only a superuser may change, and never its own or that of a role
 * granted to it.
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { type CqlContext, type CqlStatement, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { AlterRoleStatement, AlterUserStatement, StatementKind } from '../parser/index.js';
import { authStatement, checkPermission, isEmptyChange, roleChangesOf } from './auth-statement.js';
import type { RoleChanges, RoleOption } from './role-manager.js';

export const prepareAlterRole: Preparer<AlterRoleStatement> = (stmt, _parsed, ctx) =>
  alterRole(ctx, 'alterRole', stmt.role, stmt.ifExists, roleChangesOf(ctx.roles, stmt.options));

export const prepareAlterUser: Preparer<AlterUserStatement> = (stmt, _parsed, ctx) =>
  alterRole(ctx, 'alterUser', stmt.user, stmt.ifExists, roleChangesOf(ctx.roles, {
    password: stmt.password, hashedPassword: stmt.hashedPassword, login: null, superuser: stmt.superuser, options: null, datacenters: null,
  }));

function alterRole(ctx: CqlContext, kind: StatementKind, role: string, ifExists: boolean, changes: RoleChanges): CqlStatement {
  if (isEmptyChange(changes)) throw new InvalidRequestError("ALTER [ROLE|USER] can't be empty");
  return authStatement(kind, async (user) => {
    const roles = ctx.roles;
    // Cassandra's order (QueryProcessor.processStatement: authorize, then validate): the access
    // checks, then the data centres and whether the role exists.
    const isSuper = await roles.hasSuperuserStatus(user);
    if (changes.superuser !== undefined && (await roles.getRoles(user, true)).has(role)) {
      throw new UnauthorizedError("You aren't allowed to alter your own superuser status or that of a role granted to you");
    }
    if (changes.superuser !== undefined && !isSuper) throw new UnauthorizedError('Only superusers are allowed to alter superuser status');
    // Cassandra's checkAccess: a role alters only some options of itself; another role needs ALTER on it.
    if (!isSuper && user === role) {
      for (const option of optionsOf(changes)) {
        if (!roles.alterableByItself(option)) throw new UnauthorizedError(`You aren't allowed to alter ${option}`);
      }
    } else if (!isSuper) await checkPermission(ctx, user, 'ALTER', role);
    if (changes.datacenters !== undefined) ctx.network.validate(changes.datacenters);
    if (!(await roles.exists(role))) {
      if (ifExists) return VOID_RESULT;
      throw new InvalidRequestError(`${role} doesn't exist`);
    }
    await roles.alterRole(role, changes);
    if (changes.datacenters !== undefined) await ctx.network.setRoleDatacenters(role, changes.datacenters);
    return VOID_RESULT;
  });
}

function optionsOf(c: RoleChanges): RoleOption[] {
  const out: RoleOption[] = [];
  if (c.login !== undefined) out.push('LOGIN');
  if (c.superuser !== undefined) out.push('SUPERUSER');
  if (c.password !== undefined) out.push('PASSWORD');
  if (c.hashedPassword !== undefined) out.push('HASHED_PASSWORD');
  // Cassandra's AlterRoleStatement lets a role change its own data centres (it checks only the
  // role options); Ilium does not: a role may not widen its own network access.
  if (c.datacenters !== undefined) out.push('ACCESS TO DATACENTERS');
  return out;
}
