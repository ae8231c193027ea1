/**
 * Names in the AST. Every name is already case-resolved: unquoted identifiers are lowercased,
 * quoted ones keep their exact text, so two names are equal exactly when their strings are.
 */

/** `[keyspace.]name` for tables, views, types, indexes and functions; keyspace null when omitted. */
export interface QualifiedName {
  readonly keyspace: string | null;
  readonly name: string;
}
