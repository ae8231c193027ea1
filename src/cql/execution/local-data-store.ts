/**
 * The DataStore of a single node: reads and writes go straight to the local engine through the
 * 0.7 operations' context (so KEYS indexes of Thrift-made column families stay maintained when
 * CQL writes to them). Consistency levels are accepted and ignored: one node holds every replica.
 */
import type { OperationContext } from '../../db/operations/index.js';
import { writeRows } from '../../db/operations/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery, TableWrite } from './data-store.js';

export class LocalDataStore implements DataStore {
  constructor(private readonly ops: OperationContext) {}

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, _cl: unknown, nowSec: number): Promise<PartitionResult | null> {
    try {
      return Promise.resolve(this.ops.engine.read(cf.id, key, query, nowSec));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, _cl: unknown, nowSec: number): Promise<ScannedPartition[]> {
    try {
      return Promise.resolve(this.ops.engine.scan(cf.id, from, to, query, partitionLimit, nowSec));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  apply(writes: readonly TableWrite[]): Promise<void> {
    return writeRows(this.ops, writes);
  }

  withPartitionLock<T>(cf: ColumnFamilyDef, key: Buffer, fn: () => Promise<T>): Promise<T> {
    // Its own key space: writes made inside take the row lock of index maintenance themselves.
    return this.ops.rowLocks.run(`rmw:${cf.id}/${key.toString("hex")}`, fn);
  }

  async truncate(cf: ColumnFamilyDef): Promise<void> {
    await this.ops.engine.truncate(cf.id);
    for (const index of this.ops.indexesOf(cf)) await this.ops.engine.truncate(index.table.id);
  }
}
