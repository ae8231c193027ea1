/**
 * Schema definitions: keyspaces and column families, their validation, the immutable Schema
 * snapshot, the persisted JSON form, and loaders for the seeds' JSON and XML schema files.
 *
 * Keyspace and column-family definitions (Standard/Super, comparators, validators, column metadata
 * with KEYS indexes, gc_grace, default TTL; CQL table options `table-params.ts`, CQL index
 * definitions `index-def.ts`, dropped columns `dropped-column.ts`; user types of a keyspace and
 * their uses `user-types.ts`; user-defined functions and aggregates `function-defs.ts`, persisted by
 * `function-json.ts`; a definition back as its input `column-family-input.ts`), their
 * validation (typed errors), the immutable `Schema` snapshot and its add/update/drop operations,
 * the schema version, canonical JSON, the seeds' two schema forms (`json-schema-loader.ts`,
 * `xml-schema-loader.ts`), and `planSchemaLoad` (what a schema file adds to a live schema, checked
 * whole on a snapshot first)
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
// xml-schema-loader.ts is imported by its path where a schema file is read: it brings in an XML
// parser (25 modules) that a starting node does not need.
export * from './cql-table.js';
export * from './schema-load-plan.js';
export * from './table-params.js';
export * from './index-def.js';
export * from './dropped-column.js';
export * from './user-types.js';
export * from './function-defs.js';
export * from './column-family-input.js';
export * from './view-def.js';
