/**
 * The 0.7 Thrift API's data operations as translators over a RowStore (ThriftOperations), their
 * wire types, and this node's replica-side context (LocalOperations: the engine, indexes, locks).
 *
 * One file per 0.7 (Thrift-era) operation (`insert`, `insert-columns` (the API's insert: one row's
 * columns, checked as batch_mutate checks them, without a mutation map), `get`, `get-slice`,
 * `multiget-slice`, `get-count`, `get-range-slices`, `get-indexed-slices`, `remove`,
 * `batch-mutate`, `truncate`), run by `ThriftOperations` over the `RowStore` it is given
 * (`row-store.ts`: the node's DataStore, i.e. the coordinator, or a LocalDataStore embedded);
 * wire-shaped types (`thrift-types.ts`); the Standard/Super cell layout (`thrift-cell-layout.ts`);
 * validation before any write (`thrift-validation.ts`); KEYS indexes as hidden byte-ordered tables
 * maintained by read-before-write and re-checked on query (`keys-index.ts`,
 * `index-maintenance.ts`), built from existing rows by `index-build.ts`.
 * - `local-operations.ts`: what a replica writes and reads with — the engine, the schema, indexes,
 *   row locks (`row-locks.ts`).
 * - `row-writer.ts` routes CQL-indexed partitions to db/cql-index under a per-table gate
 *   (`table-gates.ts`) that TRUNCATE takes exclusively.
 */
export * from './thrift-types.js';
export * from './local-operations.js';
export * from './thrift-operations.js';
export type { RowStore } from './row-store.js';
export type { RequestContext } from './request-context.js';
export { indexTableDefs, indexTableId, keysIndexDef } from './keys-index.js';
export * from './row-shaper.js';
export type { SliceLevel } from './predicate-query.js';
export type { OperationContext } from './operation-context.js';
export { type RowWrite, writeRows } from './row-writer.js';
export { truncateWithIndexes } from './truncate.js';
export type { KeysIndex } from './keys-index.js';
export { type ColumnWrite, columnWriteMutations } from './insert-columns.js';
