/**
 * Schema definitions: keyspaces and column families, their validation, the immutable Schema
 * snapshot, the persisted JSON form, and loaders for the seeds' JSON and XML schema files.
 */
export * from './already-exists-error.js';
export * from './schema-names.js';
export * from './random-uuid.js';
export * from './resolve-type.js';
export * from './replication.js';
export * from './column-definition.js';
export * from './column-family-def.js';
export * from './keyspace-def.js';
export * from './keyspace-json.js';
export * from './schema-version.js';
export * from './schema.js';
export * from './lenient-json.js';
export * from './json-schema-loader.js';
export * from './xml-schema-loader.js';
export * from './cql-table.js';
export * from './schema-load-plan.js';
export * from './table-params.js';
export * from './index-def.js';
export * from './dropped-column.js';
export * from './user-types.js';
export * from './column-family-input.js';
