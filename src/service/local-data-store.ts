/**
 * The DataStore of a single node: reads and writes go straight to the local engine through the
 * 0.7 operations' context (so KEYS indexes of Thrift-made column families stay maintained when
 * CQL writes to them). Consistency levels are accepted and ignored: one node holds every replica.
 */
import { queryableIndexesOf } from '../db/cql-index/cql-index.js';
import { removeStaleEntries } from '../db/cql-index/stale-entries.js';
import { TableLayout } from '../db/cql-layout/table-layout.js';
import type { OperationContext } from '../db/operations/index.js';
import { truncateWithIndexes, writeRows } from '../db/operations/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { ColumnFamilyDef, IndexDef } from '../schema/index.js';
import type { Cell } from '../storage/model/index.js';
import { lockedCas } from './locked-cas.js';
import type { CasDecide, CasLevels, DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery, TableWrite } from './data-store.js';

export class LocalDataStore implements DataStore {
  constructor(private readonly ops: OperationContext) {}

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, _cl: unknown, nowSec: number): Promise<PartitionResult | null> {
    try {
      return Promise.resolve(this.ops.engine.read(cf.id, key, query, nowSec));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, _cl: unknown, nowSec: number): Promise<(PartitionResult | null)[]> {
    try {
      return Promise.resolve(keys.map((key) => this.ops.engine.read(cf.id, key, query, nowSec)));
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

  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
    return lockedCas(this, cf, key, levels, decide);
  }

  truncate(cf: ColumnFamilyDef): Promise<void> {
    return truncateWithIndexes(this.ops, cf);
  }

  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, _cl: unknown, nowSec: number): Promise<PartitionResult | null> {
    try {
      const found = this.index(cf, index);
      return Promise.resolve(this.ops.engine.read(found.index.table.id, indexKey, query, nowSec));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  async cleanIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
    let found: ReturnType<LocalDataStore['index']>;
    try {
      found = this.index(cf, index);
    } catch {
      return; // dropped meanwhile
    }
    const ctx = { engine: this.ops.engine, partitioner: this.ops.partitioner, writes: this.ops.indexedWrites, nowSec: this.ops.nowSec };
    await removeStaleEntries(ctx, cf, found.index, found.layout, indexKey, entries);
  }

  /** A CQL index of a CQL table (or KEYS index of a Thrift column family) by name, with the table's layout. */
  private index(cf: ColumnFamilyDef, index: IndexDef) {
    const cql = this.ops.cqlIndexesOf(cf);
    const all = cql?.indexes ?? queryableIndexesOf(cf);
    const i = all.find((x) => x.def.name === index.name);
    if (i === undefined || !this.ops.engine.tableIds().includes(i.table.id)) {
      throw new InvalidRequestError(`Index ${index.name} on ${cf.keyspace}.${cf.name} does not exist (any more)`);
    }
    return { index: i, layout: cql?.layout ?? new TableLayout(cf) };
  }
}
