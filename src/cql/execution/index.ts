/**
 * The CQL executor's seams: context, data store (coordinator seam), statements, results, options.
 *
 * The executor's seams (context, `DataStore` — re-exported from src/service —, statements, results,
 * options) and `consistency-rules.ts` (which consistency levels reads, writes, counter writes and
 * conditional updates accept, with Cassandra's messages); the db layer's `request-budget.ts` (a
 * request's deadline and its share of the event loop, shared with the 0.7 Thrift operations)
 */
export * from './bound-value.js';
export * from './cql-result.js';
export * from './query-options.js';
export * from './consistency-rules.js';
export * from './client-state.js';
export * from './data-store.js';
export * from './local-data-store.js';
export * from './node-info.js';
export * from './cql-context.js';
export * from './virtual-tables.js';
export * from './cql-statement.js';
export * from './table-lookup.js';
export * from './preparer.js';
export * from '../../db/request-budget.js';
export * from './node-views.js';
