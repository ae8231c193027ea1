/**
 * A prepared statement's id, as Cassandra 4 computes it once a cluster runs the current
 * behaviour (CASSANDRA-15252): the MD5 of the query text, prefixed by the session's keyspace
 * when the statement does not name its table's keyspace itself. So an unqualified statement
 * prepared in two keyspaces gets two ids, and a fully qualified one the same id everywhere.
 */
import { createHash } from 'node:crypto';
import type { Statement } from '../cql/parser/index.js';

export function statementId(query: string, keyspace: string | undefined, statement: Statement): Buffer {
  const toHash = keyspace === undefined || isFullyQualified(statement) ? query : keyspace + query;
  return createHash('md5').update(toHash, 'utf8').digest();
}

/** Whether the statement names the keyspace of the table it reads or writes (Cassandra's QualifiedStatement). */
export function isFullyQualified(statement: Statement): boolean {
  switch (statement.kind) {
    case 'select':
    case 'insert':
    case 'update':
    case 'delete':
    case 'truncate':
      return statement.table.keyspace !== null;
    default:
      return false;
  }
}
