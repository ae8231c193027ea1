/**
 * LIST {ALL [PERMISSIONS] | p, …} [ON resource] [OF role] [NORECURSIVE] (Cassandra's
 * ListPermissionsStatement): rows (role, username, resource, permission) sorted by role, resource
 * name, permission; `username` repeats the role (the legacy column). OF role lists what the role
 * holds through every role granted to it; ON resource lists the grants on the resource and, unless
 * NORECURSIVE, on its parents. Only a superuser may list everyone's permissions or another role's
 * ("You are not authorized to view everyone's permissions"). No grant: a VOID result.
 */
import { InvalidRequestError, UnauthorizedError } from '../../errors/index.js';
import { UTF8_TYPE } from '../../marshal/index.js';
import { type ColumnSpec, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { ListPermissionsStatement } from '../parser/index.js';
import { AUTH_KEYSPACE } from './auth-keyspace.js';
import { authStatement } from './auth-statement.js';
import { type PermissionDetail, compareDetails } from './authorizer.js';
import { resourceExists } from './grant-permissions.js';
import { ALL_PERMISSIONS, authResourceOf, chainOf } from './resources.js';
import { pushAll } from '../../util/push-all.js';

const col = (name: string): ColumnSpec => ({ keyspace: AUTH_KEYSPACE, table: 'permissions', name, type: UTF8_TYPE });
const COLUMNS: readonly ColumnSpec[] = [col('role'), col('username'), col('resource'), col('permission')];

export const prepareListPermissions: Preparer<ListPermissionsStatement> = (stmt, _parsed, ctx, ks) =>
  authStatement('listPermissions', async (user) => {
    // ListPermissionsStatement.validate (the resource, then the role), then the authorizer's list:
    // AllowAllAuthorizer refuses outright, CassandraAuthorizer checks who may see whose grants.
    const resource = stmt.resource === null ? null : authResourceOf(stmt.resource, ks, ctx.schema());
    if (resource !== null && !(await resourceExists(ctx, resource))) throw new InvalidRequestError(`${resource.printed} doesn't exist`);
    if (stmt.of !== null && !(await ctx.roles.exists(stmt.of))) throw new InvalidRequestError(`<role ${stmt.of}> doesn't exist`);
    ctx.authorizer.ensureEnabled('LIST PERMISSIONS');
    const mine = stmt.of !== null && (await ctx.roles.getRoles(user, true)).has(stmt.of);
    if (!mine && !(await ctx.roles.hasSuperuserStatus(user))) {
      throw new UnauthorizedError(`You are not authorized to view ${stmt.of ?? 'everyone'}'s permissions`);
    }
    const permissions = stmt.permissions === 'all' ? ALL_PERMISSIONS : stmt.permissions;
    const details: PermissionDetail[] = [];
    const targets = resource === null ? [null] : stmt.recursive ? chainOf(resource) : [resource];
    for (const r of targets) pushAll(details, await ctx.authorizer.list(permissions, r, stmt.of));
    if (details.length === 0) return VOID_RESULT;
    details.sort(compareDetails);
    const t = (s: string) => UTF8_TYPE.decompose(s);
    return { kind: 'rows', columns: COLUMNS, rows: details.map((d) => [t(d.role), t(d.role), t(d.resource.printed), t(d.permission)]) };
  }, COLUMNS);
