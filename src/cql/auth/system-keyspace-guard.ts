/**
 * Schema changes of the system keyspaces, refused for every client whatever the authenticator and
 * authorizer, as Cassandra 4.0's ClientState.preventSystemKSSchemaModification refuses them
 * (checked there, and in cassandra-dtest's system_keyspaces_test: Unauthorized in each case):
 *
 * - CREATE, ALTER or DROP on a local system keyspace (system, system_schema) or a table of one:
 *   Unauthorized `system keyspace is not user-modifiable.`;
 * - the same on a replicated one (system_auth, system_distributed, system_traces): Unauthorized
 *   `Cannot DROP <keyspace system_auth>` (the permission and the resource as Cassandra prints
 *   them), except ALTER of the keyspace itself (its replication), which is allowed.
 *
 * Read from what a statement needs (statement-access.ts), when it is bound: a client's statement
 * is bound for each QUERY, so it is refused each time, before it runs. Unlike Cassandra, a PREPARE
 * of such a statement is refused too (Cassandra refuses its EXECUTE).
 */
import { UnauthorizedError } from '../../errors/index.js';
import { isReplicatedSystemKeyspace, isSystemKeyspace } from '../../schema/index.js';
import type { Access } from './statement-access.js';

const SCHEMA_PERMISSIONS: ReadonlySet<string> = new Set(['CREATE', 'ALTER', 'DROP']);

/** Throws Cassandra's refusal when `access` changes the schema of a system keyspace. */
export function guardSystemKeyspaces(access: Access): void {
  if (access.kind !== 'needs') return;
  for (const { permission, resource } of access.needs) {
    if (!SCHEMA_PERMISSIONS.has(permission)) continue;
    const [root, keyspace, table] = resource.name.split('/');
    if (root !== 'data' || keyspace === undefined || !isSystemKeyspace(keyspace)) continue;
    if (!isReplicatedSystemKeyspace(keyspace)) throw new UnauthorizedError(`${keyspace} keyspace is not user-modifiable.`);
    if (permission === 'ALTER' && table === undefined) continue;
    throw new UnauthorizedError(`Cannot ${permission} ${resource.printed}`);
  }
}
