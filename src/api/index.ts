/**
 * The TypeScript API (`import { open, TimeUUID } from 'ilium'`): Ruby- and pycassa-style access to
 * keyspaces and column families.
 *
 * The TypeScript API: `open()` (the embedded backend: engine, schema and operations in this
 * process, under the data directory's LOCK until `close()`) behind `OperationsBackend` (inserts as
 * `insertColumns`: bytes straight to the row writer embedded, the equivalent batch_mutate remote);
 * Ruby-style `Keyspace` and pycassa-style `ColumnFamily` handles over `ColumnFamilyAccess` (JS
 * values ↔ bytes by the column family's codec); schema changes and `loadSchema`; index clauses
 * (`index-clause.ts`); TimeUUIDs; `ks.table(name)` (`cql-table-handle.ts`: any table by its CQL
 * columns, through the backend's `cql()`; `embedded-cql.ts` runs it in process) and
 * `thrift-shape.ts` (which tables column-family calls may serve)
 *
 * `remote/`: `connect()` (`connect.ts`): the API's remote mode over the CQL native protocol via
 * cassandra-driver — `RemoteBackend` maps each operation onto the column family's CQL view
 * (`cql-view.ts`: dynamic / super / named shapes, `<type>AsBlob` selects), reads in `view-reads.ts`
 * (slices, super-column grouping, key ranges by token(), index clauses with ALLOW FILTERING,
 * predicates applied client-side where CQL cannot, `client-slice.ts`), writes in `view-writes.ts`
 * (one logged BATCH per batch_mutate, validated first with the embedded operations' own checks),
 * the schema in `remote-schema.ts` (read with `ILIUM SCHEMA`, cached by schema version; changes via
 * the ILIUM extension statements),
 * - `remote-session.ts` (prepared, paged, raw bytes),
 * - `driver-errors.ts` (driver errors → typed Ilium errors); and `connect({ protocol: 'thrift' })`
 *   (`connect-thrift-api.ts`): `ThriftBackend` (`thrift-backend.ts`: each operation the Thrift call
 *   of the same name through src/thrift/client, the schema from describe_keyspaces, cached, reread
 *   on a miss or after a change),
 * - `thrift-connections.ts` (one connection per keyspace, login and set_keyspace once; request
 *   timeout closes the stuck connection),
 * - `thrift-errors.ts` (Thrift exceptions → typed Ilium errors)
 */
export * from './js-values.js';
export * from './time-uuid.js';
export * from './operations-backend.js';
export * from './embedded-backend.js';
export type { CqlValues, ExecuteOptions, PreparedQuery, ResultColumn, ResultSet } from './embedded-cql.js';
export type { KeyRangeOptions } from './column-family-access.js';
export * from './batch.js';
export * from './index-clause.js';
export * from './keyspace.js';
export * from './column-family.js';
export * from './cql-table-handle.js';
export * from './ilium.js';
export * from './open.js';
export { connect, type ConnectOptions } from './remote/connect.js';
export type { RemoteBackend } from './remote/remote-backend.js';
export { IliumError, ErrorCode, InvalidRequestError, MarshalError, NotFoundError, EngineStateError, OverloadedError, ConfigurationError, DataDirectoryInUseError, CqlSyntaxError, UnauthorizedError, AuthenticationError, UnavailableError, ReadTimeoutError, WriteTimeoutError } from '../errors/index.js';
