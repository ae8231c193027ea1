/**
 * What the 0.7 operations hand their reads and writes to: the coordinator's DataStore
 * (src/service/data-store.ts), seen from below. The operations translate a Thrift request into the
 * same partition reads, scans, index reads and partition updates the CQL layer makes, and the
 * store decides where they run — on one node the local engine, on a ring the replicas at the
 * request's consistency level. The interface is declared here, in the db layer, because the
 * operations sit below the service layer; any DataStore satisfies it.
 *
 * Consistency levels are the Thrift 0.7 names (a subset of the CQL ones).
 */
import type { ColumnFamilyDef, IndexDef } from '../../schema/index.js';
import type { PartitionResult } from '../../storage/read/partition-reader.js';
import type { SliceQuery } from '../../storage/read/slice-query.js';
import type { PositionBound, ScannedPartition } from '../../storage/table-store.js';
import type { RowWrite } from './row-writer.js';
import type { ConsistencyLevel } from './thrift-types.js';

export interface RowStore {
  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: ConsistencyLevel, nowSec: number): Promise<PartitionResult | null>;
  /** `read` of each key, answers in `keys` order. */
  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: ConsistencyLevel, nowSec: number): Promise<(PartitionResult | null)[]>;
  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: ConsistencyLevel, nowSec: number): Promise<ScannedPartition[]>;
  apply(writes: readonly RowWrite[], cl: ConsistencyLevel): Promise<void>;
  truncate(cf: ColumnFamilyDef): Promise<void>;
  /** Entries of one index partition (a KEYS index's: names are the rows' positions). */
  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: ConsistencyLevel, nowSec: number): Promise<PartitionResult | null>;
}
