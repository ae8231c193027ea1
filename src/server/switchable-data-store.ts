/**
 * The node's DataStore during start-up: its own data until membership is running (requests that
 * arrive in that short window are answered as a lone node answers them), then the coordinator
 * (`StorageProxy`), which on a one-node ring hands every call to the same local store. One
 * indirection per request; the switch happens once.
 */
import type { ColumnFamilyDef, IndexDef } from '../schema/index.js';
import type { ApplyOptions, CasDecide, CasLevels, DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery, TableWrite } from '../service/index.js';
import type { Cell } from '../storage/model/index.js';
import type { Consistency } from '../locator/index.js';

export class SwitchableDataStore implements DataStore {
  constructor(private current: DataStore) {}

  /** From now on every call goes to `next`. */
  switchTo(next: DataStore): void {
    this.current = next;
  }

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return this.current.read(cf, key, query, cl, nowSec);
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: Consistency, nowSec: number): Promise<(PartitionResult | null)[]> {
    return this.current.readMany(cf, keys, query, cl, nowSec);
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: Consistency, nowSec: number): Promise<ScannedPartition[]> {
    return this.current.scan(cf, from, to, query, partitionLimit, cl, nowSec);
  }

  apply(writes: readonly TableWrite[], cl: Consistency, how?: ApplyOptions): Promise<void> {
    return this.current.apply(writes, cl, how);
  }

  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
    return this.current.cas(cf, key, levels, decide);
  }

  withPartitionLock<T>(cf: ColumnFamilyDef, key: Buffer, fn: () => Promise<T>): Promise<T> {
    return this.current.withPartitionLock(cf, key, fn);
  }

  truncate(cf: ColumnFamilyDef): Promise<void> {
    return this.current.truncate(cf);
  }

  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return this.current.readIndex(cf, index, indexKey, query, cl, nowSec);
  }

  cleanIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
    return this.current.cleanIndex(cf, index, indexKey, entries);
  }
}
