/**
 * Local data access above the storage engine: the durable schema and how a node opens storage.
 *
 * Local data on top of the engine: `toTableDef` (a column family → the engine's table), the durable
 * schema in `system.schema_keyspaces` (`SchemaKeeper`: validate, persist and flush, then register
 * or drop tables — column families and their KEYS index tables, `index-changes.ts` — and build
 * indexes added to column families with rows, after the writes made under the old definition have
 * landed; a marker cell written with the definition and cleared after the build makes the next
 * start finish an interrupted build), the node's Paxos state in the hidden `system.paxos` table
 * (`paxos-table.ts`: one partition per (table id, partition key), promised / accepted / committed
 * cells written whole, each write one past the newest cell; registered on first use, known to
 * commit log replay) and the batch log in `system.batchlog` (`batchlog-table.ts`, the same way),
 * `openNodeStorage` (read the stored schema, open the engine so replay knows every table and KEYS
 * index, load the schema)
 *
 * `cql-layout/`: how CQL rows lie in cells (`table-layout.ts`: sparse/dense/named layouts, cell
 * names ↔ clustering/column/path) and the partition key encoding (`partition-key.ts`); here, below
 * the CQL layer, because index maintenance on every write path needs them (`src/cql/storage`
 * re-exports them)
 *
 * `cql-index/`: CQL secondary indexes (COMPOSITES) as hidden engine tables:
 * - `cql-index.ts` (which indexes a table has, their table ids and the entry grammar: partition =
 *   indexed value, names = [base position, clustering…, path?]),
 * - `index-entry.ts` (entry bytes),
 * - `index-entries.ts` (the entries a partition's live cells call for — shared by writes and
 *   builds),
 * - `write-with-cql-indexes.ts` (entries first, then data; why no read-before-write: stale entries
 *   are filtered and removed at read),
 * - `partition-writes.ts` (writes in flight, kept off by stale-entry removal),
 * - `stale-entries.ts` (re-check then tombstone),
 * - `cql-index-build.ts` (build from existing rows),
 * - `entry-bounds.ts` (pure: a base position interval → the entry-name slice holding its entries,
 *   slice intersection, an entry's base position — for CQL and KEYS entries alike, which a
 *   coordinator reads per token range)
 */
export * from './to-table-def.js';
export * from './schema-table.js';
export * from './stored-schema.js';
export * from './schema-before-open.js';
export * from './system-schema.js';
export * from './open-node-storage.js';
export * from './operations/index.js';
export * from './request-budget.js';
export * from './read-steps.js';
