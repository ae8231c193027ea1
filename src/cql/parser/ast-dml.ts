/**
 * The AST of data statements: USE, SELECT, INSERT, UPDATE, DELETE, BATCH and TRUNCATE.
 */
import type { QualifiedName } from './ast-names.js';
import type { ColumnPath, Condition, Relation } from './ast-relations.js';
import type { SelectItem, Selector } from './ast-selectors.js';
import type { BindMarker, Literal, Term } from './ast-terms.js';

/** A LIMIT, PER PARTITION LIMIT, TTL or TIMESTAMP value: an integer literal or a bind marker. */
export type IntValue = Literal | BindMarker;

/** `USING TTL x AND TIMESTAMP y`; a part not given is null. */
export interface UsingClause {
  readonly ttl: IntValue | null;
  readonly timestamp: IntValue | null;
}

export interface UseStatement {
  readonly kind: 'use';
  readonly keyspace: string;
}

export interface Ordering {
  readonly column: string;
  readonly descending: boolean;
}

export interface SelectStatement {
  readonly kind: 'select';
  readonly table: QualifiedName;
  readonly json: boolean;
  readonly distinct: boolean;
  /** True for `SELECT *` (then `selectors` is empty). */
  readonly wildcard: boolean;
  readonly selectors: readonly SelectItem[];
  readonly where: readonly Relation[];
  readonly groupBy: readonly Selector[];
  readonly orderBy: readonly Ordering[];
  readonly perPartitionLimit: IntValue | null;
  readonly limit: IntValue | null;
  readonly allowFiltering: boolean;
}

export type InsertValues =
  /** `(cols) VALUES (terms)`; the lists are as written (their lengths are checked by the executor). */
  | { readonly kind: 'values'; readonly columns: readonly string[]; readonly values: readonly Term[] }
  /** `JSON 'doc' [DEFAULT NULL | DEFAULT UNSET]`; `json` is a string literal or a bind marker. */
  | { readonly kind: 'json'; readonly json: Literal | BindMarker; readonly defaultUnset: boolean };

export interface InsertStatement {
  readonly kind: 'insert';
  readonly table: QualifiedName;
  readonly values: InsertValues;
  readonly ifNotExists: boolean;
  readonly using: UsingClause;
}

/**
 * One SET item. `set` covers `c = t`, `c[k] = t` and `c.f = t`; `add`/`subtract` are
 * `c = c + t` / `c += t` and `c = c - t` / `c -= t`; `prepend` is `c = t + c`.
 */
export type Assignment =
  | { readonly kind: 'set'; readonly target: ColumnPath; readonly value: Term }
  | { readonly kind: 'add' | 'subtract' | 'prepend'; readonly column: string; readonly value: Term };

export interface UpdateStatement {
  readonly kind: 'update';
  readonly table: QualifiedName;
  readonly using: UsingClause;
  readonly assignments: readonly Assignment[];
  readonly where: readonly Relation[];
  readonly ifExists: boolean;
  readonly conditions: readonly Condition[];
}

export interface DeleteStatement {
  readonly kind: 'delete';
  /** What to delete; empty means the whole row(s). */
  readonly selections: readonly ColumnPath[];
  readonly table: QualifiedName;
  /** Only a timestamp is allowed here; `ttl` is always null. */
  readonly using: UsingClause;
  readonly where: readonly Relation[];
  readonly ifExists: boolean;
  readonly conditions: readonly Condition[];
}

export type ModificationStatement = InsertStatement | UpdateStatement | DeleteStatement;

export type BatchType = 'logged' | 'unlogged' | 'counter';

export interface BatchStatement {
  readonly kind: 'batch';
  readonly batchType: BatchType;
  readonly using: UsingClause;
  readonly statements: readonly ModificationStatement[];
}

export interface TruncateStatement {
  readonly kind: 'truncate';
  readonly table: QualifiedName;
}

export type DataStatement =
  | UseStatement
  | SelectStatement
  | InsertStatement
  | UpdateStatement
  | DeleteStatement
  | BatchStatement
  | TruncateStatement;
