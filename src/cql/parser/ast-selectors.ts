/**
 * The AST of SELECT's selection clause. A selector names columns and computes from them; leaf
 * constants and bind markers are wrapped as `term` selectors.
 */
import type { QualifiedName } from './ast-names.js';
import type { ArithmeticOperator, MapEntry, Term, UdtField } from './ast-terms.js';
import type { CqlType, NativeTypeName } from './cql-type.js';

export type Selector =
  | { readonly kind: 'column'; readonly name: string }
  /** A literal, `null` or a bind marker. */
  | { readonly kind: 'term'; readonly term: Term }
  | { readonly kind: 'functionCall'; readonly name: QualifiedName; readonly args: readonly Selector[] }
  /** `count(*)` (and `COUNT(*)`): counts rows. `count(1)` stays an ordinary function call. */
  | { readonly kind: 'countRows' }
  /** `writetime(col)` / `ttl(col)`; `selector` is the column, possibly with element/field selection. */
  | { readonly kind: 'writetime' | 'ttl'; readonly selector: Selector }
  | { readonly kind: 'cast'; readonly selector: Selector; readonly type: NativeTypeName }
  /** `udtcol.field`. */
  | { readonly kind: 'field'; readonly selector: Selector; readonly field: string }
  /** `m['k']`, `l[0]`. */
  | { readonly kind: 'element'; readonly selector: Selector; readonly key: Term }
  /** `s[1..3]`, `s[..3]`, `s[1..]` (4.0); a missing bound is null. */
  | { readonly kind: 'slice'; readonly selector: Selector; readonly from: Term | null; readonly to: Term | null }
  | { readonly kind: 'typeHint'; readonly type: CqlType; readonly selector: Selector }
  | { readonly kind: 'binary'; readonly op: ArithmeticOperator; readonly left: Selector; readonly right: Selector }
  | { readonly kind: 'negate'; readonly selector: Selector }
  | { readonly kind: 'list'; readonly elements: readonly Selector[] }
  | { readonly kind: 'set'; readonly elements: readonly Selector[] }
  | { readonly kind: 'map'; readonly entries: readonly MapEntry<Selector>[] }
  | { readonly kind: 'emptyCollection' }
  | { readonly kind: 'udt'; readonly fields: readonly UdtField<Selector>[] }
  | { readonly kind: 'tuple'; readonly elements: readonly Selector[] };

/** One item of the selection clause: `selector [AS alias]`. */
export interface SelectItem {
  readonly selector: Selector;
  readonly alias: string | null;
}
