/**
 * The AST of CQL types as written in DDL, casts and type hints: native types, collections,
 * tuples, user types (`[ks.]name`) and custom types given by class name. `frozen<…>` is kept as
 * its own node so a type prints back as it was written.
 */
import type { NativeTypeName } from './keywords.js';

export type { NativeTypeName } from './keywords.js';

export type CqlType =
  | { readonly kind: 'native'; readonly name: NativeTypeName }
  | { readonly kind: 'list'; readonly element: CqlType }
  | { readonly kind: 'set'; readonly element: CqlType }
  | { readonly kind: 'map'; readonly key: CqlType; readonly value: CqlType }
  | { readonly kind: 'tuple'; readonly elements: readonly CqlType[] }
  | { readonly kind: 'frozen'; readonly type: CqlType }
  | { readonly kind: 'user'; readonly keyspace: string | null; readonly name: string }
  | { readonly kind: 'custom'; readonly className: string };
