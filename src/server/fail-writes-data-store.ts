/**
 * Cassandra's `-Dcassandra.test.fail_writes_ks=KS` on one node: every write to keyspace KS fails
 * on the (only) replica, so the coordinator answers WRITE_FAILURE with 0 responses and 1 failure.
 * Reads, truncation and writes to other keyspaces go through untouched. A DataStore decorator,
 * installed by the composition root only when the property is set.
 */
import type { ApplyOptions, CasDecide, CasLevels, Consistency, DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery, TableWrite } from '../cql/execution/index.js';
import { ReplicaWriteFailureError } from '../errors/index.js';
import type { ColumnFamilyDef, IndexDef } from '../schema/index.js';
import type { Cell } from '../storage/model/index.js';

export class FailWritesDataStore implements DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly keyspace: string,
    /** How the failed replica is named in the message (its broadcast address). */
    private readonly replica: string,
  ) {}

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return this.inner.read(cf, key, query, cl, nowSec);
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: Consistency, nowSec: number): Promise<(PartitionResult | null)[]> {
    return this.inner.readMany(cf, keys, query, cl, nowSec);
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: Consistency, nowSec: number): Promise<ScannedPartition[]> {
    return this.inner.scan(cf, from, to, query, partitionLimit, cl, nowSec);
  }

  apply(writes: readonly TableWrite[], cl: Consistency, how?: ApplyOptions): Promise<void> {
    if (writes.some((w) => w.cf.keyspace === this.keyspace)) return Promise.reject(this.failure(cl));
    return this.inner.apply(writes, cl, how);
  }

  /** A conditional write that would write fails the same way, once its condition held. */
  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
    return this.inner.cas(cf, key, levels, async (reader, timestamp) => {
      const d = await decide(reader, timestamp);
      if (d.write !== null && d.write.cf.keyspace === this.keyspace) throw this.failure(levels.commit);
      return d;
    });
  }

  private failure(cl: Consistency): ReplicaWriteFailureError {
    const message = `Operation failed - received 0 responses and 1 failures: UNKNOWN from ${this.replica}`;
    return new ReplicaWriteFailureError(message, cl, 0, 1, 1, 'SIMPLE');
  }

  withPartitionLock<T>(cf: ColumnFamilyDef, key: Buffer, fn: () => Promise<T>): Promise<T> {
    return this.inner.withPartitionLock(cf, key, fn);
  }

  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return this.inner.readIndex(cf, index, indexKey, query, cl, nowSec);
  }

  cleanIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
    return this.inner.cleanIndex(cf, index, indexKey, entries);
  }

  truncate(cf: ColumnFamilyDef): Promise<void> {
    return this.inner.truncate(cf);
  }
}
