/**
 * One audit event as Cassandra 4.0's AuditLogEntry has it — type (AuditLogEntryType's names),
 * category, user, client address, keyspace, scope, operation — and its FileAuditLogger line:
 * `user:U|host:H|source:/A|port:P|timestamp:MS|type:T|category:C[|ks:K][|scope:S][|operation:O]`.
 * A statement's type, keyspace and scope come from its parsed form.
 */
import type { AuditCategory } from '../../config/index.js';
import type { Statement, StatementKind } from '../../cql/parser/index.js';
import type { NetAddress } from '../../env/index.js';

export interface AuditEntry {
  readonly type: string;
  readonly category: AuditCategory;
  /** null: nobody logged in (Cassandra prints `null`, as for a failed login). */
  readonly user: string | null;
  readonly source: NetAddress;
  readonly timestampMs: number;
  readonly keyspace?: string | undefined;
  readonly scope?: string | undefined;
  readonly operation?: string | undefined;
}

/** Cassandra's AuditLogEntryType for each statement kind, with its category. */
const TYPES: Readonly<Record<StatementKind, readonly [string, AuditCategory]>> = {
  select: ['SELECT', 'QUERY'],
  insert: ['UPDATE', 'DML'],
  update: ['UPDATE', 'DML'],
  delete: ['DELETE', 'DML'],
  batch: ['BATCH', 'DML'],
  truncate: ['TRUNCATE', 'DDL'],
  use: ['USE_KEYSPACE', 'OTHER'],
  createKeyspace: ['CREATE_KEYSPACE', 'DDL'],
  alterKeyspace: ['ALTER_KEYSPACE', 'DDL'],
  dropKeyspace: ['DROP_KEYSPACE', 'DDL'],
  createTable: ['CREATE_TABLE', 'DDL'],
  alterTable: ['ALTER_TABLE', 'DDL'],
  dropTable: ['DROP_TABLE', 'DDL'],
  createIndex: ['CREATE_INDEX', 'DDL'],
  dropIndex: ['DROP_INDEX', 'DDL'],
  createType: ['CREATE_TYPE', 'DDL'],
  alterType: ['ALTER_TYPE', 'DDL'],
  dropType: ['DROP_TYPE', 'DDL'],
  createMaterializedView: ['CREATE_VIEW', 'DDL'],
  alterMaterializedView: ['ALTER_VIEW', 'DDL'],
  dropMaterializedView: ['DROP_VIEW', 'DDL'],
  createTrigger: ['CREATE_TRIGGER', 'DDL'],
  dropTrigger: ['DROP_TRIGGER', 'DDL'],
  createFunction: ['CREATE_FUNCTION', 'DDL'],
  dropFunction: ['DROP_FUNCTION', 'DDL'],
  createAggregate: ['CREATE_AGGREGATE', 'DDL'],
  dropAggregate: ['DROP_AGGREGATE', 'DDL'],
  createRole: ['CREATE_ROLE', 'DCL'],
  alterRole: ['ALTER_ROLE', 'DCL'],
  dropRole: ['DROP_ROLE', 'DCL'],
  createUser: ['CREATE_ROLE', 'DCL'],
  alterUser: ['ALTER_ROLE', 'DCL'],
  dropUser: ['DROP_ROLE', 'DCL'],
  listRoles: ['LIST_ROLES', 'DCL'],
  listUsers: ['LIST_USERS', 'DCL'],
  grantRole: ['GRANT', 'DCL'],
  revokeRole: ['REVOKE', 'DCL'],
  grantPermissions: ['GRANT', 'DCL'],
  revokePermissions: ['REVOKE', 'DCL'],
  listPermissions: ['LIST_PERMISSIONS', 'DCL'],
  describe: ['DESCRIBE', 'OTHER'],
  iliumSchema: ['ILIUM_SCHEMA', 'OTHER'],
  iliumSchemaChange: ['ILIUM_SCHEMA_CHANGE', 'DDL'],
};

export function statementType(kind: StatementKind): readonly [string, AuditCategory] {
  return TYPES[kind];
}

/** What a statement names: keyspace (its own, else the session's) and scope (table, role, …). */
export function statementTarget(statement: Statement, sessionKeyspace: string | undefined): { keyspace: string | undefined; scope: string | undefined } {
  const s = statement as unknown as Record<string, unknown>;
  for (const field of ['table', 'view', 'index', 'type', 'name'] as const) {
    const q = s[field];
    if (q !== null && typeof q === 'object' && typeof (q as { name?: unknown }).name === 'string') {
      const named = q as { keyspace: string | null; name: string };
      return { keyspace: named.keyspace ?? sessionKeyspace, scope: named.name };
    }
  }
  if (typeof s.keyspace === 'string') return { keyspace: s.keyspace, scope: undefined };
  for (const field of ['role', 'user', 'grantee', 'of'] as const) {
    if (typeof s[field] === 'string') return { keyspace: sessionKeyspace, scope: s[field] as string };
  }
  return { keyspace: sessionKeyspace, scope: undefined };
}

/** FileAuditLogger's line for `entry` (no newline); `host` is this node's address:storage port. */
export function auditLogLine(entry: AuditEntry, host: string): string {
  let line = `user:${entry.user ?? 'null'}|host:${host}|source:/${entry.source.host}`;
  if (entry.source.port > 0) line += `|port:${entry.source.port}`;
  line += `|timestamp:${entry.timestampMs}|type:${entry.type}|category:${entry.category}`;
  if (notBlank(entry.keyspace)) line += `|ks:${entry.keyspace}`;
  if (notBlank(entry.scope)) line += `|scope:${entry.scope}`;
  // One entry, one line: a statement's own line breaks are kept as spaces.
  if (notBlank(entry.operation)) line += `|operation:${entry.operation.replace(/\r?\n/g, ' ')}`;
  return line;
}

function notBlank(s: string | undefined): s is string {
  return s !== undefined && s.trim().length > 0;
}
