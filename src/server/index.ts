/** The server layer: the query processor behind the CQL transport, and the node's composition root. */
export * from './batch-executor.js';
export * from './lru-cache.js';
export * from './prepared-statements.js';
export * from './query-processor.js';
export * from './query-session.js';
export * from './query-values.js';
export * from './result-messages.js';
export * from './statement-cache.js';
export * from './statement-id.js';
export * from './type-spec.js';
export * from './node-identity.js';
export * from './node-logger.js';
export * from './ilium-node.js';
export * from './admin/index.js';
export * from './statement-preparer.js';
