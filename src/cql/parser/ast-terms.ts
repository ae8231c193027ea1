/**
 * The AST of terms: the values a statement carries (literals, bind markers, collection, tuple
 * and user-type literals, function calls, casts, type hints and 4.0 arithmetic). A term never
 * names a column; selectors (ast-selectors.ts) do.
 */
import type { QualifiedName } from './ast-names.js';
import type { CqlType, NativeTypeName } from './cql-type.js';

/**
 * The lexical class of a constant. `text` holds its value as written: strings unescaped, numbers
 * with their sign (`-12`, `1.5e3`, `NaN`, `-Infinity`), booleans lowercased, hex as `0x…`.
 */
export type LiteralType = 'string' | 'integer' | 'float' | 'boolean' | 'uuid' | 'hex' | 'duration';

export interface Literal {
  readonly kind: 'literal';
  readonly type: LiteralType;
  readonly text: string;
}

/**
 * `?` or `:name`. `index` numbers markers from 0 in source order across the whole statement
 * (a BATCH included); the executor attaches the receiving column's type by it.
 */
export interface BindMarker {
  readonly kind: 'bindMarker';
  readonly index: number;
  /** The name of a `:name` marker (case-resolved like any identifier); null for `?`. */
  readonly name: string | null;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

export type Term =
  | Literal
  | BindMarker
  | { readonly kind: 'null' }
  | { readonly kind: 'list'; readonly elements: readonly Term[] }
  | { readonly kind: 'set'; readonly elements: readonly Term[] }
  | { readonly kind: 'map'; readonly entries: readonly MapEntry<Term>[] }
  /** `{}`: a set or a map, decided by the receiver's type. */
  | { readonly kind: 'emptyCollection' }
  | { readonly kind: 'udt'; readonly fields: readonly UdtField<Term>[] }
  | { readonly kind: 'tuple'; readonly elements: readonly Term[] }
  | { readonly kind: 'functionCall'; readonly name: QualifiedName; readonly args: readonly Term[] }
  /** `CAST(term AS type)`. */
  | { readonly kind: 'cast'; readonly term: Term; readonly type: NativeTypeName }
  /** `(type) term`. */
  | { readonly kind: 'typeHint'; readonly type: CqlType; readonly term: Term }
  | { readonly kind: 'binary'; readonly op: ArithmeticOperator; readonly left: Term; readonly right: Term }
  | { readonly kind: 'negate'; readonly term: Term };

export interface MapEntry<T> {
  readonly key: T;
  readonly value: T;
}

export interface UdtField<T> {
  readonly field: string;
  readonly value: T;
}
