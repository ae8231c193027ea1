/**
 * The DataStore of the virtual tables: each read computes the table's rows, puts their cells in a
 * throwaway memtable and answers with the engine's own read path (slices, reversed order, cell
 * and row limits, partition scans between positions), so virtual tables read exactly like real
 * ones. Writes and TRUNCATE are refused with Cassandra's messages.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import { Memtable } from '../../storage/memtable/memtable.js';
import { readPartition } from '../../storage/read/partition-reader.js';
import type { KeyDecorator } from '../../storage/table-def.js';
import { lockedCas } from '../../service/locked-cas.js';
import { readOne } from '../../service/data-store.js';
import type { Consistency } from '../../locator/index.js';
import type { CasDecide, CasLevels, DataStore, PartitionResult, PositionBound, ScannedPartition, SliceQuery } from '../execution/index.js';
import type { LayoutCache } from '../execution/index.js';
import { rowUpdate } from './row-cells.js';
import type { VirtualTable } from './virtual-table.js';

export class VirtualDataStore implements DataStore {
  constructor(
    private readonly tableById: (id: string) => VirtualTable | undefined,
    private readonly partitioner: KeyDecorator,
    private readonly layouts: LayoutCache,
  ) {}

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return readOne(this, cf, key, query, cl, nowSec);
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, _cl: unknown, nowSec: number): Promise<(PartitionResult | null)[]> {
    try {
      const mem = this.load(cf, nowSec);
      return Promise.resolve(
        keys.map((key) => {
          const p = mem.get(this.partitioner.decorate(key).position);
          return p === undefined ? null : readPartition([p], query, nowSec);
        }),
      );
    } catch (e) {
      return Promise.reject(e);
    }
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, _cl: unknown, nowSec: number): Promise<ScannedPartition[]> {
    try {
      const out: ScannedPartition[] = [];
      for (const p of this.load(cf, nowSec).range(from, to)) {
        if (out.length >= partitionLimit) break;
        const r = readPartition([p], query, nowSec);
        if (r !== null && (r.cells.length > 0 || query.includeTombstones === true)) out.push({ ...r, position: p.position });
      }
      return Promise.resolve(out);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  apply(writes: readonly { readonly cf: ColumnFamilyDef }[]): Promise<void> {
    const cf = writes[0]?.cf;
    return Promise.reject(new InvalidRequestError(`Modification is not supported by table ${cf?.keyspace}.${cf?.name}`));
  }

  withPartitionLock<T>(_cf: ColumnFamilyDef, _key: Buffer, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** Reads and decides as anywhere; a write it decides on is refused as every write is. */
  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
    return lockedCas(this, cf, key, levels, decide);
  }

  truncate(cf: ColumnFamilyDef): Promise<void> {
    return Promise.reject(new InvalidRequestError(`Truncation is not supported by table ${cf.keyspace}.${cf.name}`));
  }

  /** Virtual tables have no secondary indexes. */
  readIndex(cf: ColumnFamilyDef, index: { readonly name: string }): Promise<null> {
    return Promise.reject(new InvalidRequestError(`Table ${cf.keyspace}.${cf.name} has no index ${index.name}`));
  }

  cleanIndex(): Promise<void> {
    return Promise.resolve();
  }

  /** The table's rows as a memtable (its partitions in position order). */
  private load(cf: ColumnFamilyDef, nowSec: number): Memtable {
    const table = this.tableById(cf.id);
    if (table === undefined) throw new InvalidRequestError(`${cf.keyspace}.${cf.name} is not a virtual table`);
    const layout = this.layouts.of(table.cf);
    const mem = new Memtable(0);
    for (const row of table.rows()) {
      const update = rowUpdate(layout, row);
      mem.apply(update.key, this.partitioner.decorate(update.key).position, update, nowSec);
    }
    return mem;
  }
}
