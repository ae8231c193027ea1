/**
 * Which words CQL reserves. Cassandra 4.x reserves only a short list; every other keyword
 * (key, type, ttl, writetime, count, value(s), filtering, list, map, frozen, timestamp, json,
 * distinct, …) is also a valid identifier. `true` and `false` are literals, never names.
 */

const RESERVED = new Set([
  'add', 'allow', 'alter', 'and', 'apply', 'asc', 'authorize', 'batch', 'begin', 'by',
  'columnfamily', 'create', 'delete', 'desc', 'describe', 'drop', 'entries', 'execute', 'from',
  'full', 'grant', 'if', 'in', 'index', 'infinity', 'insert', 'into', 'is', 'keyspace', 'limit',
  'materialized', 'modify', 'nan', 'norecursive', 'not', 'null', 'of', 'on', 'or', 'order',
  'primary', 'rename', 'revoke', 'schema', 'select', 'set', 'table', 'to', 'token', 'truncate',
  'unlogged', 'update', 'use', 'using', 'view', 'where', 'with',
  'true', 'false',
]);

/** True for a lowercased word that cannot be used unquoted as a name. */
export function isReservedWord(lowercased: string): boolean {
  return RESERVED.has(lowercased);
}

/** The native (built-in) CQL type names, as they are written. */
export const NATIVE_TYPE_NAMES = [
  'ascii', 'bigint', 'blob', 'boolean', 'counter', 'date', 'decimal', 'double', 'duration',
  'float', 'inet', 'int', 'smallint', 'text', 'time', 'timestamp', 'timeuuid', 'tinyint', 'uuid',
  'varchar', 'varint',
] as const;

export type NativeTypeName = (typeof NATIVE_TYPE_NAMES)[number];

const NATIVE = new Set<string>(NATIVE_TYPE_NAMES);

export function isNativeTypeName(lowercased: string): lowercased is NativeTypeName {
  return NATIVE.has(lowercased);
}

/** Names Cassandra keeps back for future types: an unquoted user type may not use them. */
const RESERVED_TYPE_NAMES = new Set(['byte', 'complex', 'enum', 'date', 'interval', 'macaddr', 'bitstring']);

export function isReservedTypeName(lowercased: string): boolean {
  return RESERVED_TYPE_NAMES.has(lowercased);
}
