/**
 * This node's replica-side context for its own data: the engine, the KEYS and CQL indexes of each
 * column family (cached per definition), the row locks of index upkeep and the table gates — what
 * the local store (service/local-data-store.ts) writes and reads with. Requests never come here
 * directly: Thrift and the API translate them (thrift-operations.ts) and hand them to a DataStore.
 *
 * `partitioner` must be the one the node's tables were registered with (openNodeStorage's): it
 * decides key ranges vs token ranges and the order of range and index scans.
 */
import type { Env } from '../../env/index.js';
import type { Partitioner } from '../../dht/index.js';
import type { ColumnFamilyDef } from '../../schema/index.js';
import type { StorageEngine } from '../../storage/storage-engine.js';
import type { SchemaKeeper } from '../system-schema.js';
import { TableLayout } from '../cql-layout/table-layout.js';
import { localViewLog } from '../view/view-log.js';
import { cqlIndexesOf } from '../cql-index/cql-index.js';
import type { CqlIndexSet } from '../cql-index/write-with-cql-indexes.js';
import { type KeysIndex, keysIndexesOf } from './keys-index.js';
import type { OperationContext } from './operation-context.js';

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
      writeView: (view, baseKey, update) => keeper.viewWrites.apply(view, baseKey, update),
      viewLog: localViewLog(engine, env),
    };
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
