/**
 * Which entries the audit log keeps: Cassandra 4.0's AuditLogFilter. An excluded keyspace,
 * category or user drops the entry; a non-empty included list keeps only what it names. An entry
 * with no keyspace (a login, USE without one) passes the keyspace lists.
 */
import type { AuditLogOptions } from '../../config/index.js';
import type { AuditEntry } from './audit-entry.js';

export type AuditFilterOptions = Pick<AuditLogOptions, 'included_keyspaces' | 'excluded_keyspaces' | 'included_categories' | 'excluded_categories' | 'included_users' | 'excluded_users'>;

export function auditFilter(o: AuditFilterOptions): (entry: AuditEntry) => boolean {
  const pass = (value: string | null | undefined, included: readonly string[], excluded: readonly string[]): boolean => {
    if (value === null || value === undefined || value === '') return true;
    if (excluded.includes(value)) return false;
    return included.length === 0 || included.includes(value);
  };
  return (e) =>
    pass(e.keyspace, o.included_keyspaces, o.excluded_keyspaces) &&
    pass(e.category, o.included_categories, o.excluded_categories) &&
    pass(e.user, o.included_users, o.excluded_users);
}
