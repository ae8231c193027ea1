/** The replicated system keyspaces: see `system-keyspace.ts` and the src/cql/index.ts inventory. */
export { type SystemTableInput, ensureSystemKeyspace, ensureSystemKeyspaces, systemTable, systemTableId } from './system-keyspace.js';
export { EVENTS, SESSIONS, TRACE_KEYSPACE, traceKeyspaceDef } from './trace-keyspace.js';
export { DISTRIBUTED_KEYSPACE, distributedKeyspaceDef } from './distributed-keyspace.js';
