/**
 * Roles (Cassandra 4.0's CassandraRoleManager) and their CQL statements.
 *
 * `auth-keyspace` (the `system_auth` keyspace, its tables and fixed table ids, made at start when
 * missing), `password-hash` (bcrypt through bcryptjs), `role-manager` (roles read and written
 * through the DataStore, cached, the default superuser), `auth-statement` (what the statements
 * share: logged-in users only, the minimal superuser rule), one file per statement family:
 * `create-role` (CREATE ROLE / USER), `alter-role` (ALTER ROLE / USER), `drop-role` (DROP ROLE /
 * USER), `grant-role` (GRANT / REVOKE role), `list-roles` (LIST ROLES / USERS).
 * Permissions (CassandraAuthorizer): `resources` (stored names and chains), `authorizer` (grants
 * kept and checked, cached), `statement-access` (what each statement needs), `grant-permissions`
 * (GRANT / REVOKE permissions), `list-permissions` (LIST … PERMISSIONS).
 * Data centres (CassandraNetworkAuthorizer): `network-authorizer` (network_permissions, cached, checked per request).
 */
import type { PreparerTable } from '../execution/index.js';
import { prepareAlterRole, prepareAlterUser } from './alter-role.js';
import { prepareCreateRole, prepareCreateUser } from './create-role.js';
import { prepareDropRole, prepareDropUser } from './drop-role.js';
import { prepareGrantRole, prepareRevokeRole } from './grant-role.js';
import { prepareGrantPermissions, prepareRevokePermissions } from './grant-permissions.js';
import { prepareListPermissions } from './list-permissions.js';
import { prepareListRoles, prepareListUsers } from './list-roles.js';

export { AUTH_KEYSPACE, authKeyspaceDef, ensureAuthKeyspace, systemTableId } from './auth-keyspace.js';
export { AUTHORIZER_CLASS, Authorizer, type AuthorizerOptions, type PermissionDetail } from './authorizer.js';
export { type DcAccess, NETWORK_AUTHORIZER_CLASS, NetworkAuthorizer, type NetworkAuthorizerOptions } from './network-authorizer.js';
export { type AuthResource, allKeyspaces, keyspaceResource, tableResource } from './resources.js';
export { type Access, accessOf } from './statement-access.js';
export { guardSystemKeyspaces } from './system-keyspace-guard.js';
export { BCRYPT_ROUNDS_DEFAULT, type BcryptWork, INLINE_BCRYPT, PasswordHasher } from './password-hash.js';
export { DEFAULT_SUPERUSER_NAME, ROLE_MANAGER_CLASS, type InternalQuery, type Role, RoleManager, type RoleManagerOptions, consistencyForRole } from './role-manager.js';

export const AUTH_PREPARERS: PreparerTable = {
  createRole: prepareCreateRole,
  alterRole: prepareAlterRole,
  dropRole: prepareDropRole,
  listRoles: prepareListRoles,
  createUser: prepareCreateUser,
  alterUser: prepareAlterUser,
  dropUser: prepareDropUser,
  listUsers: prepareListUsers,
  grantRole: prepareGrantRole,
  revokeRole: prepareRevokeRole,
  grantPermissions: prepareGrantPermissions,
  revokePermissions: prepareRevokePermissions,
  listPermissions: prepareListPermissions,
};
