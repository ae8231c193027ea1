/**
 * The parsed cassandra-cli statements: one readonly shape per statement, discriminated by `kind`.
 * Names, keys and values stay as the user wrote them (`CliTerm`): whether `'5'` means the text 5,
 * the long 5 or hex bytes is decided at execution by the column family's types and the session's
 * assumptions, as cassandra-cli does.
 */

/** A literal (string, word or number, as text) or a conversion function such as `long(5)`. */
export type CliTerm =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'function'; readonly name: string; readonly arg: string | undefined };

/** `CF['key']['name']['sub']`: 0, 1 or 2 names after the key. */
export interface ColumnAccess {
  readonly columnFamily: string;
  readonly key: CliTerm;
  readonly path: readonly CliTerm[];
}

/** An attribute value of create/update: a word or string, a number, a list `[…]` or a hash `{…}`. */
export type AttrValue =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'array'; readonly items: readonly AttrValue[] }
  | { readonly kind: 'hash'; readonly pairs: readonly (readonly [string, AttrValue])[] };

export interface Attribute {
  readonly name: string;
  readonly value: AttrValue;
}

export type IndexOp = '=' | '>' | '>=' | '<' | '<=';

export interface Condition {
  readonly column: string;
  readonly op: IndexOp;
  readonly value: CliTerm;
}

export type AssumeTarget = 'comparator' | 'sub_comparator' | 'validator' | 'keys';

export type CliStatement =
  | { readonly kind: 'connect'; readonly host: string; readonly port: number; readonly user?: string; readonly password?: string }
  | { readonly kind: 'use'; readonly keyspace: string; readonly user?: string; readonly password?: string }
  | { readonly kind: 'createKeyspace'; readonly name: string; readonly attributes: readonly Attribute[] }
  | { readonly kind: 'updateKeyspace'; readonly name: string; readonly attributes: readonly Attribute[] }
  | { readonly kind: 'dropKeyspace'; readonly name: string }
  | { readonly kind: 'createColumnFamily'; readonly name: string; readonly attributes: readonly Attribute[] }
  | { readonly kind: 'updateColumnFamily'; readonly name: string; readonly attributes: readonly Attribute[] }
  | { readonly kind: 'dropColumnFamily'; readonly name: string }
  | { readonly kind: 'set'; readonly target: ColumnAccess; readonly value: CliTerm; readonly ttl?: number }
  | { readonly kind: 'get'; readonly target: ColumnAccess; readonly as?: string; readonly limit?: number }
  | { readonly kind: 'getWhere'; readonly columnFamily: string; readonly conditions: readonly Condition[]; readonly limit?: number }
  | { readonly kind: 'del'; readonly target: ColumnAccess }
  | { readonly kind: 'count'; readonly target: ColumnAccess }
  | { readonly kind: 'incr'; readonly target: ColumnAccess; readonly by: bigint }
  | { readonly kind: 'list'; readonly columnFamily: string; readonly startKey?: string; readonly endKey?: string; readonly limit?: number }
  | { readonly kind: 'truncate'; readonly columnFamily: string }
  | { readonly kind: 'describeKeyspace'; readonly name?: string }
  | { readonly kind: 'describeCluster' }
  | { readonly kind: 'showKeyspaces' }
  | { readonly kind: 'showClusterName' }
  | { readonly kind: 'showApiVersion' }
  | { readonly kind: 'assume'; readonly columnFamily: string; readonly target: AssumeTarget; readonly type: string }
  | { readonly kind: 'consistencyLevel'; readonly level: string }
  | { readonly kind: 'help'; readonly topic?: string }
  | { readonly kind: 'exit' }
  | { readonly kind: 'empty' };
