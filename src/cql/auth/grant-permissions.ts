/**
 * GRANT and REVOKE permissions ON resource TO/FROM role (Cassandra's GrantPermissionsStatement and
 * RevokePermissionsStatement). Checked in Cassandra's order: a login; the permissions apply to
 * the resource (ALL means those that apply; Cassandra's parser checks it); the user holds
 * AUTHORIZE and each permission given on the resource or a parent (checkAccess); the role exists
 * and the resource exists (validate, after checkAccess: QueryProcessor.processStatement
 * authorizes, then validates).
 */
import { CqlSyntaxError, InvalidRequestError } from '../../errors/index.js';
import { type CqlContext, type CqlStatement, type Preparer, VOID_RESULT } from '../execution/index.js';
import type { GrantPermissionsStatement, Permission, Permissions, Resource, RevokePermissionsStatement } from '../parser/index.js';
import { authStatement } from './auth-statement.js';
import { type AuthResource, authResourceOf, functionResource } from './resources.js';

export const prepareGrantPermissions: Preparer<GrantPermissionsStatement> = (stmt, _parsed, ctx, ks) => change(ctx, 'grant', stmt.permissions, stmt.resource, stmt.grantee, ks);

export const prepareRevokePermissions: Preparer<RevokePermissionsStatement> = (stmt, _parsed, ctx, ks) => change(ctx, 'revoke', stmt.permissions, stmt.resource, stmt.revokee, ks);

function change(ctx: CqlContext, op: 'grant' | 'revoke', given: Permissions, target: Resource, role: string, sessionKeyspace: string | undefined): CqlStatement {
  return authStatement(op === 'grant' ? 'grantPermissions' : 'revokePermissions', async (user) => {
    const resource = authResourceOf(target, sessionKeyspace, ctx.schema());
    const permissions = applicablePermissions(given, resource);
    await ctx.authorizer.ensure(user, 'AUTHORIZE', resource);
    for (const p of permissions) await ctx.authorizer.ensure(user, p, resource);
    if (!(await ctx.roles.exists(role))) throw new InvalidRequestError(`Role ${role} doesn't exist`);
    // Cassandra's PermissionsManagementStatement.validate: any function resource of keyspace system.
    if (resource.name === 'functions/system' || resource.name.startsWith('functions/system/')) throw new InvalidRequestError('Altering permissions on builtin functions is not supported');
    if (!(await resourceExists(ctx, resource))) throw new InvalidRequestError(`Resource ${resource.printed} doesn't exist`);
    ctx.authorizer.ensureEnabled(op === 'grant' ? 'GRANT' : 'REVOKE');
    if (op === 'grant') await ctx.authorizer.grant(permissions, resource, role);
    else await ctx.authorizer.revoke(permissions, resource, role);
    return VOID_RESULT;
  });
}

/**
 * ALL: what applies to the resource; a list: the part that applies, refused when none does — a
 * SyntaxException, as Cassandra's parser raises it (Cql.g filterPermissions).
 */
export function applicablePermissions(given: Permissions, resource: AuthResource): readonly Permission[] {
  if (given === 'all') return resource.applicable;
  const kind = resource.name.startsWith('data') ? 'DataResource' : resource.name.startsWith('roles') ? 'RoleResource' : 'FunctionResource';
  const applicable = given.filter((p) => resource.applicable.includes(p));
  if (applicable.length === 0) throw new CqlSyntaxError(`Resource type ${kind} does not support any of the requested permissions`);
  return applicable;
}

/**
 * Cassandra's IResource.exists: the keyspace, table or role is there; a single function exists
 * while a UDF or UDA of that signature does (FunctionResource.exists).
 */
export async function resourceExists(ctx: CqlContext, resource: AuthResource): Promise<boolean> {
  const [root, a, b] = resource.name.split('/');
  if (root === 'roles') return a === undefined || (await ctx.roles.exists(resource.name.slice('roles/'.length)));
  if (a === undefined) return true;
  const schemaKeyspace = ctx.schema().keyspace(a);
  if (root === 'functions' && b !== undefined) return schemaKeyspace?.functions.some((d) => functionResource(d.keyspace, d.name, d.argumentTypes).name === resource.name) ?? false;
  const keyspace = schemaKeyspace ?? ctx.virtualTables.keyspaces().find((k) => k.name === a);
  if (keyspace === undefined) return false;
  return root !== 'data' || b === undefined || keyspace.tables.some((t) => t.name === b);
}
