/**
 * The `system_auth` keyspace as Cassandra 4.0 defines it (AuthKeyspace): an ordinary replicated
 * keyspace (SimpleStrategy, replication_factor 1 by default; ALTER KEYSPACE system_auth changes
 * it) holding the roles, their memberships and permissions.
 *
 *   roles (role text PRIMARY KEY, is_superuser boolean, can_login boolean, salted_hash text,
 *          member_of set<text>)
 *   role_members (role text, member text, PRIMARY KEY (role, member))
 *   role_permissions (role text, resource text, permissions set<text>, PRIMARY KEY (role, resource))
 *   resource_role_permissons_index (resource text, role text, PRIMARY KEY (resource, role))  [sic]
 *   network_permissions (role text PRIMARY KEY, dcs frozen<set<text>>)
 *
 * Made by every node at start when missing, with ids derived from the names, as every replicated
 * system keyspace is (../system/system-keyspace.ts).
 */
import type { SchemaKeeper } from '../../db/system-schema.js';
import type { Random } from '../../env/index.js';
import { type ColumnFamilyInput, type KeyspaceDef, createKeyspace } from '../../schema/index.js';
import { ensureSystemKeyspace, systemTable, systemTableId } from '../system/system-keyspace.js';

export { systemTableId };

export const AUTH_KEYSPACE = 'system_auth';
export const ROLES = 'roles';
export const ROLE_MEMBERS = 'role_members';
export const ROLE_PERMISSIONS = 'role_permissions';
export const RESOURCE_ROLE_INDEX = 'resource_role_permissons_index';
export const NETWORK_PERMISSIONS = 'network_permissions';

/** Cassandra's gc_grace_seconds for the auth tables: 90 days. */
const AUTH_GC_GRACE_SECONDS = 90 * 24 * 3600;
const TEXT = 'org.apache.cassandra.db.marshal.UTF8Type';
const BOOLEAN = 'org.apache.cassandra.db.marshal.BooleanType';
const TEXT_SET = `org.apache.cassandra.db.marshal.SetType(${TEXT})`;
const FROZEN_TEXT_SET = `org.apache.cassandra.db.marshal.FrozenType(${TEXT_SET})`;

function table(name: string, comment: string, cql: NonNullable<ColumnFamilyInput['cql']>) {
  return systemTable(AUTH_KEYSPACE, name, comment, cql, AUTH_GC_GRACE_SECONDS);
}

/** The keyspace's definition, the same on every node. */
export function authKeyspaceDef(random: Random): KeyspaceDef {
  return createKeyspace({
    name: AUTH_KEYSPACE,
    replication: { class: 'SimpleStrategy', options: { replication_factor: '1' } },
    tables: [
      table(ROLES, 'role definitions', {
        partitionKey: [{ name: 'role', type: TEXT }],
        regular: [
          { name: 'is_superuser', type: BOOLEAN },
          { name: 'can_login', type: BOOLEAN },
          { name: 'salted_hash', type: TEXT },
          { name: 'member_of', type: TEXT_SET },
        ],
      }),
      table(ROLE_MEMBERS, 'role memberships lookup table', {
        partitionKey: [{ name: 'role', type: TEXT }],
        clustering: [{ name: 'member', type: TEXT }],
      }),
      table(ROLE_PERMISSIONS, 'permissions granted to db roles', {
        partitionKey: [{ name: 'role', type: TEXT }],
        clustering: [{ name: 'resource', type: TEXT }],
        regular: [{ name: 'permissions', type: TEXT_SET }],
      }),
      table(RESOURCE_ROLE_INDEX, 'index of db roles with permissions granted on a resource', {
        partitionKey: [{ name: 'resource', type: TEXT }],
        clustering: [{ name: 'role', type: TEXT }],
      }),
      table(NETWORK_PERMISSIONS, 'user network permissions', {
        partitionKey: [{ name: 'role', type: TEXT }],
        regular: [{ name: 'dcs', type: FROZEN_TEXT_SET }],
      }),
    ],
  }, random);
}

/** Adds `system_auth` when the node has none (a first start); a no-op afterwards. */
export function ensureAuthKeyspace(keeper: SchemaKeeper, random: Random): Promise<boolean> {
  return ensureSystemKeyspace(keeper, authKeyspaceDef(random));
}
