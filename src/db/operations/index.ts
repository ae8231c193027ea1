/** The 0.7 Thrift API's data operations on the local engine (LocalOperations) and their wire types. */
export * from './thrift-types.js';
export * from './local-operations.js';
export { indexTableDefs, indexTableId } from './keys-index.js';
export * from './row-shaper.js';
export type { SliceLevel } from './predicate-query.js';
export type { OperationContext } from './operation-context.js';
export { type RowWrite, writeRows } from './row-writer.js';
export { truncateWithIndexes } from './truncate.js';
export type { KeysIndex } from './keys-index.js';
export { type ColumnWrite, columnWriteMutations } from './insert-columns.js';
