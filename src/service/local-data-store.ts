/**
 * The DataStore of this node's own data: reads and writes go straight to the local engine through
 * the replica-side context (LocalOperations: KEYS and CQL indexes maintained on every write,
 * whatever interface made it). The coordinator (storage-proxy.ts) serves this node's replica with
 * it and checks consistency levels before; called alone (embedded), it holds every replica and
 * the level is moot.
 */
import { queryableIndexesOf } from '../db/cql-index/cql-index.js';
import { removeStaleEntries } from '../db/cql-index/stale-entries.js';
import { TableLayout } from '../db/cql-layout/table-layout.js';
import type { OperationContext } from '../db/operations/index.js';
import { keysIndexDef, truncateWithIndexes, writeRows } from '../db/operations/index.js';
import { CorruptionError, InvalidRequestError, TombstoneOverwhelmingError } from '../errors/index.js';
import type { ColumnFamilyDef, IndexDef } from '../schema/index.js';
import type { Consistency } from '../locator/index.js';
import type { Cell } from '../storage/model/index.js';
import { lockedCas } from './locked-cas.js';
import type { TraceSink } from '../util/trace-sink.js';
import { readFailure } from './coordinator/read-errors.js';
import { type ApplyOptions, type CasDecide, type CasLevels, type DataStore, type PartitionResult, type PositionBound, type ScannedPartition, type SliceQuery, type TableWrite, readOne } from './data-store.js';

export class LocalDataStore implements DataStore {
  constructor(private readonly ops: OperationContext) {}

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return readOne(this, cf, key, query, cl, nowSec);
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, _cl: unknown, nowSec: number): Promise<(PartitionResult | null)[]> {
    return afterPrefetch(this.ops.engine.prefetch(cf.id, keys, query), _cl, () => keys.map((key) => this.ops.engine.read(cf.id, key, query, nowSec)));
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, _cl: unknown, nowSec: number): Promise<ScannedPartition[]> {
    return afterPrefetch(this.ops.engine.prefetchScan(cf.id, from), _cl, () => this.ops.engine.scan(cf.id, from, to, query, partitionLimit, nowSec));
  }

  apply(writes: readonly TableWrite[], _cl?: unknown, how?: ApplyOptions): Promise<void> {
    if (how?.trace !== undefined) traceLocalWrite(how.trace, writes);
    return writeRows(this.ops, writes, how?.withoutViews === true);
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
    let tableId: string;
    try {
      tableId = this.indexTableId(cf, index);
    } catch (e) {
      return Promise.reject(localReadError(e, _cl));
    }
    return afterPrefetch(this.ops.engine.prefetch(tableId, [indexKey], query), _cl, () => this.ops.engine.read(tableId, indexKey, query, nowSec));
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
    if (i === undefined || !this.live(i.table.id)) throw this.noIndex(cf, index);
    return { index: i, layout: cql?.layout ?? new TableLayout(cf) };
  }

  /**
   * The table of any index of `cf` by name: a CQL index, or a KEYS index of a Thrift column family
   * also when its CQL view has no column for it (a dynamic column family: get_indexed_slices).
   */
  private indexTableId(cf: ColumnFamilyDef, index: IndexDef): string {
    const cql = (this.ops.cqlIndexesOf(cf)?.indexes ?? queryableIndexesOf(cf)).find((x) => x.def.name === index.name);
    const id = cql?.table.id ?? this.ops.indexesOf(cf).find((k) => keysIndexDef(cf, k).name === index.name)?.table.id;
    if (id === undefined || !this.live(id)) throw this.noIndex(cf, index);
    return id;
  }

  private live(tableId: string): boolean {
    return this.ops.engine.tableIds().includes(tableId);
  }

  private noIndex(cf: ColumnFamilyDef, index: IndexDef): InvalidRequestError {
    return new InvalidRequestError(`Index ${index.name} on ${cf.keyspace}.${cf.name} does not exist (any more)`);
  }
}

/** Cassandra 4.0's words for a local write (Keyspace.applyInternal): the commit log, then each table's memtable. */
function traceLocalWrite(trace: TraceSink, writes: readonly TableWrite[]): void {
  trace.trace('Appending to commitlog');
  for (const name of new Set(writes.map((w) => w.cf.name))) trace.trace(`Adding to ${name} memtable`);
}

/**
 * A damaged SSTable met by a local read (the engine logged the file and position), or a read over
 * tombstone_failure_threshold (logged too; storage-engine.ts readFailed): the client gets a
 * READ_FAILURE whose message names no server path.
 */
/**
 * Runs a read's synchronous pass once what it touches on disk is in the chunk cache, loaded off
 * the event loop (`loading`, from StorageEngine.prefetch / prefetchScan): at once when there was
 * nothing to load.
 */
function afterPrefetch<T>(loading: Promise<unknown> | undefined, cl: unknown, pass: () => T): Promise<T> {
  const run = (): Promise<T> => {
    try {
      return Promise.resolve(pass());
    } catch (e) {
      return Promise.reject(localReadError(e, cl));
    }
  };
  return loading === undefined ? run() : loading.then(run);
}

function localReadError(e: unknown, cl: unknown): unknown {
  if (!(e instanceof CorruptionError) && !(e instanceof TombstoneOverwhelmingError)) return e;
  return readFailure(typeof cl === 'string' ? cl : 'ONE', 0, 1, 1);
}
