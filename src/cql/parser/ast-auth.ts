/**
 * The AST of security statements: roles, legacy users, role grants and permissions.
 */
import type { QualifiedName } from './ast-names.js';
import type { CqlType } from './cql-type.js';

/**
 * Options of CREATE/ALTER ROLE (and the USER forms); a field is null when not given.
 * `datacenters` is `'all'` for ACCESS TO ALL DATACENTERS.
 */
export interface RoleOptions {
  readonly password: string | null;
  readonly hashedPassword: string | null;
  readonly login: boolean | null;
  readonly superuser: boolean | null;
  readonly options: ReadonlyMap<string, string> | null;
  readonly datacenters: readonly string[] | 'all' | null;
}

export interface CreateRoleStatement {
  readonly kind: 'createRole';
  /** Unquoted names are lowercased; 'string' and "quoted" names keep their case. */
  readonly role: string;
  readonly ifNotExists: boolean;
  readonly options: RoleOptions;
}

export interface AlterRoleStatement {
  readonly kind: 'alterRole';
  readonly role: string;
  readonly ifExists: boolean;
  readonly options: RoleOptions;
}

export interface DropRoleStatement {
  readonly kind: 'dropRole';
  readonly role: string;
  readonly ifExists: boolean;
}

export interface ListRolesStatement {
  readonly kind: 'listRoles';
  readonly of: string | null;
  readonly recursive: boolean;
}

/** CREATE USER: the name keeps its case as written (legacy behaviour). */
export interface CreateUserStatement {
  readonly kind: 'createUser';
  readonly user: string;
  readonly ifNotExists: boolean;
  readonly password: string | null;
  readonly hashedPassword: string | null;
  readonly superuser: boolean | null;
}

export interface AlterUserStatement {
  readonly kind: 'alterUser';
  readonly user: string;
  readonly ifExists: boolean;
  readonly password: string | null;
  readonly hashedPassword: string | null;
  readonly superuser: boolean | null;
}

export interface DropUserStatement {
  readonly kind: 'dropUser';
  readonly user: string;
  readonly ifExists: boolean;
}

export interface ListUsersStatement {
  readonly kind: 'listUsers';
}

export interface GrantRoleStatement {
  readonly kind: 'grantRole';
  readonly role: string;
  readonly grantee: string;
}

export interface RevokeRoleStatement {
  readonly kind: 'revokeRole';
  readonly role: string;
  readonly revokee: string;
}

export type Permission = 'CREATE' | 'ALTER' | 'DROP' | 'SELECT' | 'MODIFY' | 'AUTHORIZE' | 'DESCRIBE' | 'EXECUTE';

/** `'all'` for ALL [PERMISSIONS]. */
export type Permissions = readonly Permission[] | 'all';

export type Resource =
  | { readonly kind: 'allKeyspaces' }
  | { readonly kind: 'keyspace'; readonly keyspace: string }
  | { readonly kind: 'table'; readonly table: QualifiedName }
  | { readonly kind: 'allTables'; readonly keyspace: string }
  | { readonly kind: 'allRoles' }
  | { readonly kind: 'role'; readonly role: string }
  | { readonly kind: 'allFunctions'; readonly keyspace: string | null }
  | { readonly kind: 'function'; readonly name: QualifiedName; readonly argumentTypes: readonly CqlType[] }
  | { readonly kind: 'allMBeans' }
  | { readonly kind: 'mbean'; readonly name: string }
  | { readonly kind: 'mbeans'; readonly pattern: string };

export interface GrantPermissionsStatement {
  readonly kind: 'grantPermissions';
  readonly permissions: Permissions;
  readonly resource: Resource;
  readonly grantee: string;
}

export interface RevokePermissionsStatement {
  readonly kind: 'revokePermissions';
  readonly permissions: Permissions;
  readonly resource: Resource;
  readonly revokee: string;
}

export interface ListPermissionsStatement {
  readonly kind: 'listPermissions';
  readonly permissions: Permissions;
  readonly resource: Resource | null;
  readonly of: string | null;
  readonly recursive: boolean;
}

export type AuthStatement =
  | CreateRoleStatement
  | AlterRoleStatement
  | DropRoleStatement
  | ListRolesStatement
  | CreateUserStatement
  | AlterUserStatement
  | DropUserStatement
  | ListUsersStatement
  | GrantRoleStatement
  | RevokeRoleStatement
  | GrantPermissionsStatement
  | RevokePermissionsStatement
  | ListPermissionsStatement;
