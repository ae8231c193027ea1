/**
 * Printing names and strings back as CQL (for DESCRIBE and messages): an identifier stays bare
 * only when reading it back unquoted would give the same name — lowercase letters, digits and
 * `_`, starting with a letter, and not a reserved word; otherwise it is "double-quoted".
 */
import type { QualifiedName } from './ast-names.js';
import { isReservedWord } from './keywords.js';

const BARE = /^[a-z][a-z0-9_]*$/;

export function quoteIdentifier(name: string): string {
  if (BARE.test(name) && !isReservedWord(name)) return name;
  return `"${name.replaceAll('"', '""')}"`;
}

/** `ks.name` or `name`, each part quoted when needed. */
export function formatQualifiedName(name: QualifiedName): string {
  const bare = quoteIdentifier(name.name);
  return name.keyspace === null ? bare : `${quoteIdentifier(name.keyspace)}.${bare}`;
}

/** A CQL string literal: `'…'` with inner quotes doubled. */
export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
