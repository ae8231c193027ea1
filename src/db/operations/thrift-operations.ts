/**
 * The 0.7 Thrift API's data operations as translators: each request is checked as 0.7 checked it,
 * turned into the partition reads, scans, index reads and partition updates the CQL layer makes
 * too, and handed to the RowStore at the request's consistency level (ONE when none is given, the
 * IDL's default). On a node the store is the coordinator, so Thrift, CQL and the TypeScript API
 * reach the replicas by one path; embedded, it is the local store. Each method delegates to its
 * operation's file; this class only holds the context. The keyspace is passed explicitly (the
 * Thrift connection's set_keyspace lives above).
 */
import { batchMutate } from './batch-mutate.js';
import { get } from './get.js';
import { getCount, multigetCount } from './get-count.js';
import { getIndexedSlices } from './get-indexed-slices.js';
import { getRangeSlices } from './get-range-slices.js';
import { getSlice } from './get-slice.js';
import { insert } from './insert.js';
import { type ColumnWrite, insertColumns } from './insert-columns.js';
import { multigetSlice } from './multiget-slice.js';
import { remove } from './remove.js';
import type { RequestContext } from './request-context.js';
import { type RowShaper, type ShapedRow, THRIFT_SHAPER } from './row-shaper.js';
import type { Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel, IndexClause, KeyCount, KeyRange, KeySlice, MutationMap, SlicePredicate } from './thrift-types.js';
import { truncate } from './truncate.js';

/** The IDL's default consistency_level. */
export const DEFAULT_THRIFT_CONSISTENCY: ConsistencyLevel = 'ONE';

export class ThriftOperations {
  constructor(readonly ctx: RequestContext) {}

  insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<void> {
    return insert(this.ctx, keyspace, key, parent, column, cl);
  }

  /** Columns of one row at one timestamp and TTL: batch_mutate of one row of column mutations, without building them. */
  insertColumns(keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<void> {
    return insertColumns(this.ctx, keyspace, columnFamily, key, columns, timestamp, ttl, cl);
  }

  get(keyspace: string, key: Buffer, path: ColumnPath, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<ColumnOrSuperColumn> {
    return get(this.ctx, keyspace, key, path, cl);
  }

  getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<ColumnOrSuperColumn[]> {
    return getSlice(this.ctx, keyspace, key, parent, predicate, cl, THRIFT_SHAPER);
  }

  /** getSlice with each row shaped by `shaper`. */
  getSliceAs<R>(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, shaper: RowShaper<R>, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<R> {
    return getSlice(this.ctx, keyspace, key, parent, predicate, cl, shaper);
  }

  multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<KeySlice[]> {
    return multigetSlice(this.ctx, keyspace, keys, parent, predicate, cl, THRIFT_SHAPER);
  }

  /** multigetSlice with each row shaped by `shaper`. */
  multigetSliceAs<R>(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, shaper: RowShaper<R>, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<ShapedRow<R>[]> {
    return multigetSlice(this.ctx, keyspace, keys, parent, predicate, cl, shaper);
  }

  getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<number> {
    return getCount(this.ctx, keyspace, key, parent, predicate, cl);
  }

  multigetCount(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<KeyCount[]> {
    return multigetCount(this.ctx, keyspace, keys, parent, predicate, cl);
  }

  getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<KeySlice[]> {
    return getRangeSlices(this.ctx, keyspace, parent, predicate, range, cl, THRIFT_SHAPER);
  }

  /** getRangeSlices with each row shaped by `shaper`. */
  getRangeSlicesAs<R>(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, shaper: RowShaper<R>, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<ShapedRow<R>[]> {
    return getRangeSlices(this.ctx, keyspace, parent, predicate, range, cl, shaper);
  }

  getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<KeySlice[]> {
    return getIndexedSlices(this.ctx, keyspace, parent, clause, predicate, cl, THRIFT_SHAPER);
  }

  /** getIndexedSlices with each row shaped by `shaper`. */
  getIndexedSlicesAs<R>(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, shaper: RowShaper<R>, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<ShapedRow<R>[]> {
    return getIndexedSlices(this.ctx, keyspace, parent, clause, predicate, cl, shaper);
  }

  remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<void> {
    return remove(this.ctx, keyspace, key, path, timestamp, cl);
  }

  batchMutate(keyspace: string, mutationMap: MutationMap, cl: ConsistencyLevel = DEFAULT_THRIFT_CONSISTENCY): Promise<void> {
    return batchMutate(this.ctx, keyspace, mutationMap, cl);
  }

  /** On every node of the ring (the store's truncate). */
  truncate(keyspace: string, columnFamily: string): Promise<void> {
    return truncate(this.ctx, keyspace, columnFamily);
  }
}
