/**
 * Grammar of permission statements — GRANT / REVOKE permissions ON resource, LIST permissions
 * [ON resource] [OF role] [NORECURSIVE] — and of GRANT / REVOKE role. Each starts after the
 * verb (GRANT, REVOKE, LIST).
 */
import type {
  GrantPermissionsStatement,
  GrantRoleStatement,
  ListPermissionsStatement,
  Permission,
  Permissions,
  Resource,
  RevokePermissionsStatement,
  RevokeRoleStatement,
} from './ast-auth.js';
import { parseArgumentTypes } from './parse-functions.js';
import { parseFunctionName, parseIdentifier, parseQualifiedName, parseRoleName } from './parse-names.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

const PERMISSIONS = new Set(['create', 'alter', 'drop', 'select', 'modify', 'authorize', 'describe', 'execute']);

/** Whether permissions (rather than a role name) start here. */
export function isPermissionsAhead(c: TokenCursor): boolean {
  const t = c.peek();
  if (t.kind !== TokenKind.Word) return false;
  if (t.text === 'all') return c.isWord('permissions', 1) || c.isWord('on', 1);
  return PERMISSIONS.has(t.text);
}

function parsePermissions(c: TokenCursor): Permissions {
  if (c.acceptWord('all')) {
    c.acceptWord('permissions');
    return 'all';
  }
  const permissions: Permission[] = [];
  do {
    const t = c.peek();
    if (t.kind !== TokenKind.Word || !PERMISSIONS.has(t.text)) c.fail('a permission (CREATE, ALTER, DROP, SELECT, MODIFY, AUTHORIZE, DESCRIBE, EXECUTE) or ALL');
    c.advance();
    c.acceptWord('permission');
    const p = t.text.toUpperCase() as Permission;
    if (!permissions.includes(p)) permissions.push(p);
  } while (c.acceptSymbol(','));
  return permissions;
}

function expectString(c: TokenCursor, what: string): string {
  const t = c.peek();
  if (t.kind !== TokenKind.String) c.fail(what);
  c.advance();
  return t.text;
}

function parseResource(c: TokenCursor): Resource {
  if (c.acceptWord('all')) {
    if (c.acceptWord('keyspaces')) return { kind: 'allKeyspaces' };
    if (c.acceptWord('roles')) return { kind: 'allRoles' };
    if (c.acceptWord('mbeans')) return { kind: 'allMBeans' };
    if (c.acceptWord('tables')) {
      c.expectWord('in');
      c.expectWord('keyspace');
      return { kind: 'allTables', keyspace: parseIdentifier(c, 'a keyspace name') };
    }
    if (c.acceptWord('functions')) {
      if (!c.acceptWord('in')) return { kind: 'allFunctions', keyspace: null };
      c.expectWord('keyspace');
      return { kind: 'allFunctions', keyspace: parseIdentifier(c, 'a keyspace name') };
    }
    return c.fail('KEYSPACES, TABLES, ROLES, FUNCTIONS or MBEANS');
  }
  if (c.acceptWord('keyspace')) return { kind: 'keyspace', keyspace: parseIdentifier(c, 'a keyspace name') };
  if (c.isWord('role') && !c.isSymbol('.', 1)) {
    c.advance();
    return { kind: 'role', role: parseRoleName(c) };
  }
  if (c.isWord('function') && !c.isSymbol('.', 1)) {
    c.advance();
    const name = parseFunctionName(c);
    return { kind: 'function', name, argumentTypes: parseArgumentTypes(c, false) };
  }
  if (c.isWord('mbean') && c.peekAt(1).kind === TokenKind.String) {
    c.advance();
    return { kind: 'mbean', name: expectString(c, "an MBean name as a 'string'") };
  }
  if (c.isWord('mbeans') && c.peekAt(1).kind === TokenKind.String) {
    c.advance();
    return { kind: 'mbeans', pattern: expectString(c, "an MBean pattern as a 'string'") };
  }
  if (!c.acceptWord('table')) c.acceptWord('columnfamily');
  return { kind: 'table', table: parseQualifiedName(c, 'a table name') };
}

/** After GRANT: permissions ON resource TO role, or role TO role. */
export function parseGrant(c: TokenCursor): GrantPermissionsStatement | GrantRoleStatement {
  if (!isPermissionsAhead(c)) {
    const role = parseRoleName(c);
    c.expectWord('to');
    return { kind: 'grantRole', role, grantee: parseRoleName(c) };
  }
  const permissions = parsePermissions(c);
  c.expectWord('on');
  const resource = parseResource(c);
  c.expectWord('to');
  return { kind: 'grantPermissions', permissions, resource, grantee: parseRoleName(c) };
}

/** After REVOKE: permissions ON resource FROM role, or role FROM role. */
export function parseRevoke(c: TokenCursor): RevokePermissionsStatement | RevokeRoleStatement {
  if (!isPermissionsAhead(c)) {
    const role = parseRoleName(c);
    c.expectWord('from');
    return { kind: 'revokeRole', role, revokee: parseRoleName(c) };
  }
  const permissions = parsePermissions(c);
  c.expectWord('on');
  const resource = parseResource(c);
  c.expectWord('from');
  return { kind: 'revokePermissions', permissions, resource, revokee: parseRoleName(c) };
}

/** After LIST (ROLES and USERS handled by the caller). */
export function parseListPermissions(c: TokenCursor): ListPermissionsStatement {
  const permissions = parsePermissions(c);
  const resource = c.acceptWord('on') ? parseResource(c) : null;
  const of = c.acceptWord('of') ? parseRoleName(c) : null;
  return { kind: 'listPermissions', permissions, resource, of, recursive: !c.acceptWord('norecursive') };
}
