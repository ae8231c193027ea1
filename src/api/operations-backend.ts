/**
 * What the TypeScript API needs from a database: the 0.7 operations on wire-shaped values
 * (thrift-types.ts), schema lookups and changes, and closing. Everything is asynchronous so that a
 * network client (Thrift or CQL) can implement it as well as the embedded engine does
 * (embedded-backend.ts); the API above converts JS values and never touches the engine.
 */
import type { ColumnFamilyDef, KeyspaceDef } from '../schema/index.js';
import type { ColumnOrSuperColumn, ColumnParent, ColumnPath, Column, IndexClause, KeyRange, KeySlice, MutationMap, SlicePredicate } from '../db/index.js';

export interface OperationsBackend {
  /** The partitioner's short class name ('Murmur3Partitioner', …): decides what a key range means. */
  readonly partitionerName: string;

  /** The column family's definition; InvalidRequestError for an unknown keyspace or column family. */
  columnFamilyDef(keyspace: string, columnFamily: string): Promise<ColumnFamilyDef>;
  keyspaceDef(keyspace: string): Promise<KeyspaceDef | undefined>;
  addKeyspace(def: KeyspaceDef): Promise<void>;
  addColumnFamily(def: ColumnFamilyDef): Promise<void>;
  dropKeyspace(keyspace: string): Promise<void>;
  dropColumnFamily(keyspace: string, columnFamily: string): Promise<void>;

  get(keyspace: string, key: Buffer, path: ColumnPath): Promise<ColumnOrSuperColumn>;
  getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<ColumnOrSuperColumn[]>;
  multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate): Promise<KeySlice[]>;
  getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<number>;
  getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange): Promise<KeySlice[]>;
  getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate): Promise<KeySlice[]>;
  insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column): Promise<void>;
  remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void>;
  batchMutate(keyspace: string, mutations: MutationMap): Promise<void>;
  truncate(keyspace: string, columnFamily: string): Promise<void>;

  close(): Promise<void>;
}
