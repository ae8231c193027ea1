/**
 * What the TypeScript API needs from a database: the 0.7 operations on wire-shaped values
 * (thrift-types.ts), schema lookups and changes, and closing. Everything is asynchronous so that a
 * network client (Thrift or CQL) can implement it as well as the embedded engine does
 * (embedded-backend.ts); the API above converts JS values and never touches the engine.
 *
 * Slices come back already decoded by the column family's codec: the embedded backend decodes
 * engine cells directly (the codec's shaper), a wire backend decodes the serialized columns it
 * receives (result-maps.ts); both give the same Maps.
 */
import type { CqlValues, ExecuteOptions, PreparedQuery, ResultSet } from './embedded-cql.js';
import type { ServeOptions, Served } from './embedded-backend.js';
import type { ColumnFamilyDef, KeyspaceDef } from '../schema/index.js';
import type { ColumnOrSuperColumn, ColumnParent, ColumnPath, Column, ColumnWrite, IndexClause, KeyRange, MutationMap, ShapedRow, SlicePredicate } from '../db/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import type { Row, SuperRow } from './js-values.js';

/** A row's key with its slice decoded by the column family's codec. */
export type DecodedRow = ShapedRow<Row | SuperRow>;

export interface OperationsBackend {
  /** The partitioner's short class name ('Murmur3Partitioner', …): decides what a key range means. */
  readonly partitionerName: string;

  /**
   * The column family's definition; InvalidRequestError for an unknown keyspace or column family.
   * A backend that knows it at once (the embedded one) returns it (or throws) without a promise,
   * so that every API call can start its request in the same tick; a network backend answers with
   * a promise.
   */
  columnFamilyDef(keyspace: string, columnFamily: string): ColumnFamilyDef | Promise<ColumnFamilyDef>;
  keyspaceDef(keyspace: string): Promise<KeyspaceDef | undefined>;
  /** Every user keyspace (Thrift's describe_keyspaces). */
  keyspaceDefs(): Promise<KeyspaceDef[]>;
  addKeyspace(def: KeyspaceDef): Promise<void>;
  addColumnFamily(def: ColumnFamilyDef): Promise<void>;
  /** Replaces a column family's options (same keyspace and name); settles once KEYS indexes it adds are built. */
  updateColumnFamily(def: ColumnFamilyDef): Promise<void>;
  dropKeyspace(keyspace: string): Promise<void>;
  dropColumnFamily(keyspace: string, columnFamily: string): Promise<void>;

  get(keyspace: string, key: Buffer, path: ColumnPath): Promise<ColumnOrSuperColumn>;
  getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<Row | SuperRow>;
  /** Distinct keys in request order; an absent row has an empty slice. */
  multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]>;
  getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<number>;
  getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, codec: ColumnFamilyCodec): Promise<DecodedRow[]>;
  getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]>;
  insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column): Promise<void>;
  /**
   * One row's columns at one timestamp and optional TTL, written atomically: the API's insert. The
   * same request, checks and errors as a batch_mutate of that row's column mutations
   * (columnWriteMutations), which a backend may send instead.
   */
  insertColumns(keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined): Promise<void>;
  remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void>;
  batchMutate(keyspace: string, mutations: MutationMap): Promise<void>;
  truncate(keyspace: string, columnFamily: string): Promise<void>;

  /**
   * Runs one CQL statement with `keyspace` as the session keyspace; rows as each selected column's
   * bytes (null for no value). What `ks.table(name)` (cql-table-handle.ts) sends.
   */
  cql(keyspace: string, query: string, values: readonly (Buffer | null)[]): Promise<(Buffer | null)[][]>;

  /** Any CQL statement with JS values and rows (`db.execute`); embedded only. */
  execute?<R>(query: string, values: CqlValues | undefined, options?: ExecuteOptions): Promise<ResultSet<R>>;
  /** A statement bound once, its markers and columns described (`db.prepare`); embedded only. */
  prepare?(query: string, keyspace: string | undefined): Promise<PreparedQuery>;
  /** Opens the node's client ports in this process (`db.serve`); embedded only. */
  serve?(options?: ServeOptions): Promise<Served>;

  close(): Promise<void>;
}
