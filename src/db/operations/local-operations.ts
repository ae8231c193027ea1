/**
 * The 0.7 Thrift API's data operations run against this node's engine (no coordination yet):
 * the service the Thrift server, the CQL layer and the TypeScript API will call. Each method
 * delegates to its operation's file; this class only wires the context. The keyspace is passed
 * explicitly (the Thrift connection's set_keyspace lives above). Consistency levels are accepted
 * and ignored until the coordinator exists.
 *
 * `partitioner` must be the one the node's tables were registered with (openNodeStorage's): it
 * decides key ranges vs token ranges and the order of range and index scans.
 */
import type { Env } from '../../env/index.js';
import type { Partitioner } from '../../dht/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { SchemaKeeper } from '../system-schema.js';
import { batchMutate } from './batch-mutate.js';
import { get } from './get.js';
import { getCount, multigetCount } from './get-count.js';
import { getIndexedSlices } from './get-indexed-slices.js';
import { getRangeSlices } from './get-range-slices.js';
import { getSlice } from './get-slice.js';
import { insert } from './insert.js';
import { type ColumnWrite, insertColumns } from './insert-columns.js';
import { TableLayout } from '../cql-layout/table-layout.js';
import { cqlIndexesOf } from '../cql-index/cql-index.js';
import type { CqlIndexSet } from '../cql-index/write-with-cql-indexes.js';
import { type KeysIndex, keysIndexesOf } from './keys-index.js';
import { multigetSlice } from './multiget-slice.js';
import type { OperationContext } from './operation-context.js';
import { remove } from './remove.js';
import { type RowShaper, type ShapedRow, THRIFT_SHAPER } from './row-shaper.js';
import type { Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel, IndexClause, KeyCount, KeyRange, KeySlice, MutationMap, SlicePredicate } from './thrift-types.js';
import { truncate } from './truncate.js';

export class LocalOperations {
  /** The context every operation runs with (shared with the CQL layer's local data store). */
  readonly ctx: OperationContext;
  /** Index tables per column family definition (a schema change makes a new definition object). */
  private readonly indexCache = new Map<string, { cf: ColumnFamilyDef; indexes: readonly KeysIndex[]; cql: CqlIndexSet | null }>();

  constructor(keeper: SchemaKeeper, engine: StorageEngine, env: Env, partitioner: Partitioner) {
    this.ctx = {
      schema: () => keeper.schema,
      engine,
      partitioner,
      nowSec: () => Math.floor(env.clock.nowMs() / 1000),
      indexesOf: (cf) => this.indexesOf(cf).indexes,
      cqlIndexesOf: (cf) => this.indexesOf(cf).cql,
      rowLocks: keeper.rowLocks,
      tableGates: keeper.tableGates,
      indexedWrites: keeper.indexedWrites,
    };
  }

  insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column, _cl?: ConsistencyLevel): Promise<void> {
    return insert(this.ctx, keyspace, key, parent, column);
  }

  /** Columns of one row at one timestamp and TTL: batch_mutate of one row of column mutations, without building them. */
  insertColumns(keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined): Promise<void> {
    return insertColumns(this.ctx, keyspace, columnFamily, key, columns, timestamp, ttl);
  }

  get(keyspace: string, key: Buffer, path: ColumnPath, _cl?: ConsistencyLevel): ColumnOrSuperColumn {
    return get(this.ctx, keyspace, key, path);
  }

  getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): ColumnOrSuperColumn[] {
    return getSlice(this.ctx, keyspace, key, parent, predicate, THRIFT_SHAPER);
  }

  /** getSlice with each row shaped by `shaper`. */
  getSliceAs<R>(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, shaper: RowShaper<R>): R {
    return getSlice(this.ctx, keyspace, key, parent, predicate, shaper);
  }

  multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): KeySlice[] {
    return multigetSlice(this.ctx, keyspace, keys, parent, predicate, THRIFT_SHAPER);
  }

  /** multigetSlice with each row shaped by `shaper`. */
  multigetSliceAs<R>(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, shaper: RowShaper<R>): ShapedRow<R>[] {
    return multigetSlice(this.ctx, keyspace, keys, parent, predicate, shaper);
  }

  getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): number {
    return getCount(this.ctx, keyspace, key, parent, predicate);
  }

  multigetCount(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, _cl?: ConsistencyLevel): KeyCount[] {
    return multigetCount(this.ctx, keyspace, keys, parent, predicate);
  }

  getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, _cl?: ConsistencyLevel): KeySlice[] {
    return getRangeSlices(this.ctx, keyspace, parent, predicate, range, THRIFT_SHAPER);
  }

  /** getRangeSlices with each row shaped by `shaper`. */
  getRangeSlicesAs<R>(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, shaper: RowShaper<R>): ShapedRow<R>[] {
    return getRangeSlices(this.ctx, keyspace, parent, predicate, range, shaper);
  }

  getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, _cl?: ConsistencyLevel): KeySlice[] {
    return getIndexedSlices(this.ctx, keyspace, parent, clause, predicate, THRIFT_SHAPER);
  }

  /** getIndexedSlices with each row shaped by `shaper`. */
  getIndexedSlicesAs<R>(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, shaper: RowShaper<R>): ShapedRow<R>[] {
    return getIndexedSlices(this.ctx, keyspace, parent, clause, predicate, shaper);
  }

  remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint, _cl?: ConsistencyLevel): Promise<void> {
    return remove(this.ctx, keyspace, key, path, timestamp);
  }

  batchMutate(keyspace: string, mutationMap: MutationMap, _cl?: ConsistencyLevel): Promise<void> {
    return batchMutate(this.ctx, keyspace, mutationMap);
  }

  truncate(keyspace: string, columnFamily: string): Promise<void> {
    return truncate(this.ctx, keyspace, columnFamily);
  }

  /**
   * The column family's KEYS indexes, or the CQL table's CQL indexes. Their engine tables are the
   * SchemaKeeper's to register and drop (registering one here could bring back the directory of an
   * index just dropped).
   */
  private indexesOf(cf: ColumnFamilyDef): { indexes: readonly KeysIndex[]; cql: CqlIndexSet | null } {
    const cached = this.indexCache.get(cf.id);
    if (cached !== undefined && cached.cf === cf) return cached;
    const cql = cqlIndexesOf(cf);
    const entry = { cf, indexes: keysIndexesOf(cf), cql: cql.length === 0 ? null : { indexes: cql, layout: new TableLayout(cf) } };
    this.indexCache.set(cf.id, entry);
    return entry;
  }
}
