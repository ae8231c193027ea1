/**
 * The CQL layer:
 * - `prepare.ts` (a parsed statement → a bound `CqlStatement`, by kind),
 * - `create-cql-context.ts`,
 *
 * `storage/` row assembly (`row-assembler.ts`: engine cells → CQL rows; the layouts themselves are
 * in `db/cql-layout`),
 *
 * `restrictions/` WHERE clauses → engine reads:
 * - `where-clause.ts` (`prepareWhere`: partition keys by = / IN, token() bounds → scan positions
 *   (`token-bounds.ts`), clustering = / IN prefixes and one range → `clustering-slices.ts`, the
 *   rest as row filters (`row-filter.ts`), Cassandra's rules per SELECT / modification, including
 *   when a secondary index serves a relation (`index-restrictions.ts`)),
 * - `bind-relations.ts` (relations → per-column records, receivers such as `in(c)`, `partition key
 *   token`),
 * - `bound-values.ts` (null / unset / type checks of values)
 *
 * `select/`: SELECT's parts (`statements/select.ts` binds them):
 * - `selection.ts` (`*` in Cassandra's order, selectors with aliases, the `[json]` column) over
 *   `prepare-selector.ts` (columns, typed terms, functions and aggregates through the registry,
 *   CAST, writetime/ttl, token(), UDT fields, collection elements, set and map slices) and
 *   `selector-node.ts`;
 * - `result-row.ts` (a row's values: multi-cell columns rebuilt frozen);
 * - `partition-rows.ts` (reads by key or scan with clustering slices, statics, early-stopping row
 *   limits, resume cuts, row filters, static-only rows);
 * - `select-executor.ts` (LIMIT, PER PARTITION LIMIT, pages, IN + ORDER BY merge, aggregates;
 *   `page.ts`, `key-index.ts`);
 * - `index-scan.ts` (a query through a secondary index: entries in token order, read at the query's
 *   level (on a ring from each range's replicas), rows re-checked, stale entries handed back for
 *   removal);
 * - `ordering.ts`,
 * - `group-by.ts`,
 * - `limits.ts`;
 * - `paging-state.ts` (versioned, opaque; grammar in its header)
 *
 * `auth/`: roles (Cassandra's CassandraRoleManager): the `system_auth` keyspace with fixed table
 * ids (`auth-keyspace.ts`), bcrypt hashes (`password-hash.ts`), the `RoleManager` over internal CQL
 * (`role-manager.ts`), and the role statements, one file per family (CREATE / ALTER / DROP ROLE and
 * USER, GRANT / REVOKE role, LIST ROLES / USERS; what they share: `auth-statement.ts`)
 *
 * `describe/`: DESCRIBE as Cassandra 4.0 serves it: listings and create statements
 * (`create-statements.ts`: CREATE KEYSPACE/TYPE/TABLE/INDEX that parse back and recreate the same
 * schema), CLUSTER (`describe-cluster.ts`)
 *
 * `modification/`: what INSERT, UPDATE, DELETE and BATCH share: `ModificationStatement` (target
 * rows from the bind values, operations, row deletion / marker, conditions, USING attributes —
 * `write-params.ts`), the operations (`set-operations.ts`, `collection-operations.ts`,
 * `counter-operation.ts`, `delete-operations.ts`, bound from the AST by `bind-operations.ts`; cells
 * written by `cell-writes.ts`: multi-cell values as element cells under a range tombstone at ts-1,
 * list paths as TimeUUIDs, prepends decreasing),
 * - `execute-modifications.ts` (one `PartitionBuilder` update per (table, partition);
 *   read-before-write under `DataStore.withPartitionLock`; IF conditions through `DataStore.cas` —
 *   the read, the check and the write one compare-and-set, the writes stamped with the Paxos
 *   ballot's timestamp on a cluster), IF conditions (`conditions.ts`) and their results
 *   (`cas-result.ts`), key checks (`target-rows.ts`), WHERE → rows (`where-target.ts`), INSERT JSON
 *   (`insert-json.ts`)
 *
 * `system/`: the replicated system keyspaces the node makes at start when missing, with Cassandra's
 * fixed table ids (`system-keyspace.ts`): `system_traces` (`trace-keyspace.ts`) and
 * `system_distributed` (`distributed-keyspace.ts`); `system_auth` is `auth/auth-keyspace.ts`
 *
 * `tracing/`: query tracing (Cassandra's Tracing): `tracing.ts` (which requests are traced: the
 * protocol flag, the trace probability; a replica's part of another node's session),
 * `trace-session.ts` (one session's events in memory, bounded), `trace-writer.ts` (the rows written
 * to system_traces after the request, bounded, dropped and counted past the bound)
 *
 * `virtual/`: the virtual tables: system.local/peers (`system-local.ts`), system_schema
 * (`system-schema.ts`), system_virtual_schema (`virtual-schema.ts`), system_views
 * (`system-views.ts`: caches, clients, settings, thread_pools), served by `virtual-data-store.ts`
 */
export {};
