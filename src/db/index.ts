/** Local data access above the storage engine: the durable schema and how a node opens storage. */
export * from './to-table-def.js';
export * from './schema-table.js';
export * from './stored-schema.js';
export * from './schema-before-open.js';
export * from './system-schema.js';
export * from './open-node-storage.js';
export * from './operations/index.js';
