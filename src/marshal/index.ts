/**
 * Cassandra's comparator/validator types: order, validation, text, JS values and the
 * byte-comparable encodings the storage engine sorts by.
 *
 * One file per Cassandra type (`AbstractType`: compare, validate, to/from string,
 * compose/decompose, **byte-comparable** encoding — grammar in `byte-comparable.ts`); the CQL
 * structured types — `list-type.ts`,
 * - `set-type.ts`,
 * - `map-type.ts` over `collection-type.ts`,
 * - `tuple-type.ts` and `user-type.ts` over `abstract-tuple-type.ts` — frozen or multi-cell
 *   (`structured-type.ts`: cell path/value types; `frozen-type.ts`: the FrozenType(…) naming),
 *   framed as the native protocol does (`value-sequence.ts`), printed and read as CQL literals
 *   (`cql-literal.ts`);
 * - `type-parser.ts` (class names, parameterised types, CQL types with user types through a
 *   resolver);
 * - `timeuuid.ts` (generation, min/max per instant)
 */
export * from './abstract-type.js';
export * from './base-type.js';
export * from './fixed-length-type.js';
export * from './byte-ordered-type.js';
export * from './byte-comparable.js';
export * from './bytes-type.js';
export * from './ascii-type.js';
export * from './utf8-type.js';
export * from './long-type.js';
export * from './integer-type.js';
export * from './int32-type.js';
export * from './short-type.js';
export * from './byte-type.js';
export * from './lexical-uuid-type.js';
export * from './time-uuid-type.js';
export * from './uuid-type.js';
export * from './boolean-type.js';
export * from './double-type.js';
export * from './float-type.js';
export * from './date-type.js';
export * from './timestamp-type.js';
export * from './simple-date-type.js';
export * from './time-type.js';
export * from './decimal-type.js';
export * from './inet-address-type.js';
export * from './counter-column-type.js';
export * from './duration-type.js';
export type { DurationValue } from './duration-text.js';
export * from './empty-type.js';
export * from './composite-type.js';
export * from './reversed-type.js';
export * from './dynamic-composite-type.js';
export * from './value-comparable.js';
export * from './structured-type.js';
export * from './frozen-type.js';
export * from './value-sequence.js';
export * from './cql-literal.js';
export * from './collection-type.js';
export * from './list-type.js';
export * from './set-type.js';
export * from './map-type.js';
export * from './abstract-tuple-type.js';
export * from './tuple-type.js';
export * from './user-type.js';
export * from './type-parser.js';
export * from './timeuuid.js';
