/**
 * The AST of DESCRIBE / DESC as Cassandra 4.0 serves it server-side.
 */
import type { QualifiedName } from './ast-names.js';

export type DescribeTarget =
  | { readonly kind: 'cluster' }
  | { readonly kind: 'schema'; readonly full: boolean }
  | { readonly kind: 'keyspaces' }
  /** DESCRIBE [ONLY] KEYSPACE [ks]; keyspace null means the session's current keyspace. */
  | { readonly kind: 'keyspace'; readonly keyspace: string | null; readonly only: boolean }
  | { readonly kind: 'tables' }
  | { readonly kind: 'table'; readonly table: QualifiedName }
  | { readonly kind: 'index'; readonly index: QualifiedName }
  | { readonly kind: 'materializedView'; readonly view: QualifiedName }
  | { readonly kind: 'types' }
  | { readonly kind: 'type'; readonly type: QualifiedName }
  | { readonly kind: 'functions' }
  | { readonly kind: 'function'; readonly name: QualifiedName }
  | { readonly kind: 'aggregates' }
  | { readonly kind: 'aggregate'; readonly name: QualifiedName }
  /** `DESCRIBE name` / `DESCRIBE ks.name`: whatever object (keyspace, table, view, index, type…) has that name. */
  | { readonly kind: 'generic'; readonly name: QualifiedName };

export interface DescribeStatement {
  readonly kind: 'describe';
  readonly target: DescribeTarget;
  readonly withInternals: boolean;
}
