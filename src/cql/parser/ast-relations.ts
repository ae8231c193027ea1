/**
 * The AST of WHERE relations and of IF conditions, plus the column paths they (and UPDATE's
 * assignments and DELETE's selections) share: a column, one element of a collection column, or
 * one field of a UDT column.
 */
import type { QualifiedName } from './ast-names.js';
import type { BindMarker, Term } from './ast-terms.js';

export type CompareOperator = '=' | '<' | '<=' | '>' | '>=' | '!=';

export type RelationOperator = CompareOperator | 'LIKE' | 'CONTAINS' | 'CONTAINS KEY';

/** The right-hand side of IN: a parenthesised list (possibly empty) or a single bind marker. */
export type InValues = { readonly kind: 'values'; readonly values: readonly Term[] } | BindMarker;

export type ColumnPath =
  | { readonly kind: 'column'; readonly column: string }
  | { readonly kind: 'element'; readonly column: string; readonly key: Term }
  | { readonly kind: 'field'; readonly column: string; readonly field: string };

export type Relation =
  /** `col op term`, op one of = < <= > >= != LIKE CONTAINS, CONTAINS KEY. */
  | { readonly kind: 'column'; readonly column: string; readonly op: RelationOperator; readonly value: Term }
  | { readonly kind: 'in'; readonly column: string; readonly values: InValues }
  | { readonly kind: 'isNotNull'; readonly column: string }
  /** `m['k'] op term`. */
  | { readonly kind: 'element'; readonly column: string; readonly key: Term; readonly op: CompareOperator; readonly value: Term }
  /** `token(a, b) op term`; the term is often a `token(…)` function call. */
  | { readonly kind: 'token'; readonly columns: readonly string[]; readonly op: CompareOperator; readonly value: Term }
  /** `(c1, c2) op (1, 2)` or `(c1, c2) op ?`: value is a tuple literal or a bind marker. */
  | { readonly kind: 'multiColumn'; readonly columns: readonly string[]; readonly op: CompareOperator; readonly value: Term }
  /** `(c1, c2) IN ((1, 2), (3, 4))` or `IN ?`: each value is a tuple literal or a bind marker. */
  | { readonly kind: 'multiColumnIn'; readonly columns: readonly string[]; readonly values: InValues }
  /** `expr(index_name, term)`: a query handed to a custom index. */
  | { readonly kind: 'customIndex'; readonly index: QualifiedName; readonly value: Term };

export type ConditionOperator = CompareOperator | 'CONTAINS' | 'CONTAINS KEY';

/** One IF condition of a lightweight transaction. */
export type Condition =
  | { readonly kind: 'compare'; readonly target: ColumnPath; readonly op: ConditionOperator; readonly value: Term }
  | { readonly kind: 'in'; readonly target: ColumnPath; readonly values: InValues };
