/**
 * The 0.7 Thrift API's data operations as translators over a RowStore (ThriftOperations), their wire
 * types, and this node's replica-side context (LocalOperations: the engine, indexes, locks).
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
