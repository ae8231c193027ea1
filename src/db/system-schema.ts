/**
 * The live schema of a node, kept durably in the schema table (schema-table.ts) through the
 * storage engine. Each change: validate (a pure Schema operation: a refused change alters
 * nothing), write the changed keyspaces' partitions, flush the schema table (so the next start
 * can read it before replay, see schema-before-open.ts), then register the engine's new tables
 * (column families and their KEYS index tables, CQL tables and their CQL index tables), publish the
 * new snapshot, drop the tables that are gone, and build the indexes added to tables that may
 * already hold rows.
 * Changes run one at a time, in call order; a change's promise settles when all of that is done.
 *
 * An index build is crash-safe: a marker cell is written with the definition that adds the index
 * (one atomic partition update) and deleted when the build is done; a start that finds a marker
 * builds the index again before the node serves anything. Until then a query can only miss rows,
 * never return wrong ones (queries re-check every row against its data). A build that fails
 * (the engine refusing writes) fails the change after the new schema is in effect; its marker
 * stays, so the next start builds the index.
 *
 * A crash after the schema write but before a dropped table's files are removed leaves those
 * files orphaned on disk (the table is gone from the schema); they are never read again.
 */
import type { Env } from '../env/index.js';
import type { ColumnFamilyDef, KeyspaceChanges, KeyspaceDef } from '../schema/index.js';
import { Schema, isSystemKeyspace, keyspaceToJson } from '../schema/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { type Cell, liveCell, tombstoneCell } from '../storage/model/cell.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import type { KeyDecorator } from '../storage/table-def.js';
import { buildCqlIndexes } from './cql-index/cql-index-build.js';
import { type IndexBuild, allIndexTableDefs, buildOf, buildTableIds, indexChanges } from './index-changes.js';
import { buildKeysIndexes } from './operations/index-build.js';
import { RowLocks } from './operations/row-locks.js';
import { TableGates } from './operations/table-gates.js';
import { PartitionWrites } from './cql-index/partition-writes.js';
import { KEYSPACES_MAX, type PendingIndexBuild, SCHEMA_SCAN, decodeStoredSchema } from './stored-schema.js';
import { DEFINITION_CELL, SCHEMA_TABLE_ID, indexBuildCell, schemaTableDef } from './schema-table.js';
import { toTableDef } from './to-table-def.js';
import { buildView } from './view/view-build.js';
import { type ViewWrites, localViewWrites } from './view/view-writes.js';

const EMPTY = Buffer.alloc(0);

export class SchemaKeeper {
  private current: Schema;
  private lastTimestamp: bigint;
  /** The change in progress; the next one starts after it settles. */
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * The per-row write locks of this node's data, shared with the operations: KEYS index
   * maintenance holds them, and an index build waits for the writes that hold them.
   */
  readonly rowLocks = new RowLocks();
  /** Per-table gates of this node's data, shared with the operations: CQL-indexed writes vs TRUNCATE. */
  readonly tableGates = new TableGates();
  /** Partitions with CQL-indexed writes in flight, shared with the operations (stale entries are not removed there). */
  readonly indexedWrites = new PartitionWrites();
  /** Where view updates go: this node's engine until the server routes them across the ring. */
  viewWrites: ViewWrites;
  /** Index tables being built from their table's rows (a query could miss rows until it is done). */
  private readonly building = new Set<string>();
  /** Told of every new schema snapshot, as it is published (gossip's SCHEMA, schema push). */
  private readonly listeners: ((after: Schema, before: Schema) => void)[] = [];

  private constructor(
    private readonly engine: StorageEngine,
    private readonly env: Env,
    private readonly partitioner: KeyDecorator,
    schema: Schema,
    lastTimestamp: bigint,
  ) {
    this.current = schema;
    this.lastTimestamp = lastTimestamp;
    this.viewWrites = localViewWrites(engine);
  }

  /**
   * Loads the stored schema from an open engine, registers the schema table and every user and
   * KEYS index table (registering is idempotent: tables replay already registered stay as they
   * are), then finishes any index build a crash interrupted.
   */
  static async open(engine: StorageEngine, env: Env, partitioner: KeyDecorator): Promise<SchemaKeeper> {
    engine.addTable(schemaTableDef());
    const nowSec = Math.floor(env.clock.nowMs() / 1000);
    const stored = decodeStoredSchema(engine.scan(SCHEMA_TABLE_ID, undefined, undefined, SCHEMA_SCAN, KEYSPACES_MAX, nowSec), nowSec);
    const schema = Schema.of(stored.keyspaces);
    for (const t of schema.tables) engine.addTable(toTableDef(t, partitioner));
    for (const t of allIndexTableDefs(schema)) engine.addTable(t);
    const keeper = new SchemaKeeper(engine, env, partitioner, schema, stored.maxTimestamp);
    await keeper.resumeIndexBuilds(stored.indexBuilds);
    return keeper;
  }

  get schema(): Schema {
    return this.current;
  }

  /** Calls `listener` with every new schema as it is published; returns the unsubscribe. A throwing listener is ignored. */
  subscribe(listener: (after: Schema, before: Schema) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** True while the index with table `indexTableId` is being built from its table's existing rows. */
  isIndexBuilding(indexTableId: string): boolean {
    return this.building.has(indexTableId);
  }

  addKeyspace(ks: KeyspaceDef): Promise<Schema> {
    if (isSystemKeyspace(ks.name)) return Promise.reject(notModifiable(ks.name));
    return this.change((s) => s.addKeyspace(ks), [ks.name]);
  }

  updateKeyspace(name: string, changes: KeyspaceChanges): Promise<Schema> {
    if (isSystemKeyspace(name)) return Promise.reject(notModifiable(name));
    return this.change((s) => s.updateKeyspace(name, changes), [name]);
  }

  dropKeyspace(name: string): Promise<Schema> {
    if (isSystemKeyspace(name)) return Promise.reject(notModifiable(name));
    return this.change((s) => s.dropKeyspace(name), [name]);
  }

  addColumnFamily(cf: ColumnFamilyDef): Promise<Schema> {
    if (isSystemKeyspace(cf.keyspace)) return Promise.reject(notModifiable(cf.keyspace));
    return this.change((s) => s.addColumnFamily(cf), [cf.keyspace]);
  }

  /** Settles once the KEYS indexes it adds are built from the rows the column family holds. */
  updateColumnFamily(cf: ColumnFamilyDef): Promise<Schema> {
    if (isSystemKeyspace(cf.keyspace)) return Promise.reject(notModifiable(cf.keyspace));
    return this.change((s) => s.updateColumnFamily(cf), [cf.keyspace]);
  }

  dropColumnFamily(keyspace: string, name: string): Promise<Schema> {
    if (isSystemKeyspace(keyspace)) return Promise.reject(notModifiable(keyspace));
    return this.change((s) => s.dropColumnFamily(keyspace, name), [keyspace]);
  }

  /**
   * Any change of the keyspaces named (the replicated system keyspaces included: schema
   * agreement and `system_auth`'s creation come this way; user statements check first): `op` runs on the schema as it is when its turn comes
   * (so IF [NOT] EXISTS decides on the live schema); returning the same Schema changes nothing.
   */
  alter(keyspaces: readonly string[], op: (s: Schema) => Schema): Promise<Schema> {
    return this.change(op, keyspaces);
  }

  /** Queues one change; it validates against the schema as it is when its turn comes. */
  private change(op: (s: Schema) => Schema, keyspaces: readonly string[]): Promise<Schema> {
    const run = this.tail.then(() => this.applyChange(op, keyspaces));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async applyChange(op: (s: Schema) => Schema, keyspaces: readonly string[]): Promise<Schema> {
    const before = this.current;
    const next = op(before);
    if (next === before) return before;
    const indexes = indexChanges(before, next);
    // New views of tables that may hold rows are built from them (view-build.ts), with a marker as an index build has.
    const views = next.tables.filter((t) => t.view !== null && before.tableById(t.id) === undefined && before.tableById(t.view.baseTableId) !== undefined);
    for (const name of new Set([...keyspaces, ...indexes.builds.map((b) => b.cf.keyspace)])) {
      const markers = [...indexes.builds.filter((b) => b.cf.keyspace === name).flatMap(buildTableIds), ...views.filter((v) => v.keyspace === name).map((v) => v.id)];
      await this.persist(name, next.keyspace(name), markers);
    }
    await this.engine.flush(SCHEMA_TABLE_ID);
    const gone = before.tables.filter((t) => next.tableById(t.id) === undefined);
    for (const t of next.tables) if (before.tableById(t.id) === undefined) this.engine.addTable(toTableDef(t, this.partitioner));
    for (const t of indexes.added) this.engine.addTable(t);
    for (const id of indexes.builds.flatMap(buildTableIds)) this.building.add(id);
    this.current = next;
    for (const l of [...this.listeners]) {
      try {
        l(next, before);
      } catch {
        // a listener's failure is its own
      }
    }
    for (const t of gone) await this.engine.dropTable(t.id);
    // Index entries are derived data: no snapshot, the directory goes entirely.
    for (const t of indexes.gone) if (this.engine.tableIds().includes(t.id)) await this.engine.dropTable(t.id, { snapshot: false });
    for (const b of indexes.builds) {
      // Writes that began before the new definition was published did not maintain the new indexes.
      await Promise.all([this.rowLocks.settled(`${b.cf.id}/`), this.engine.writesSettled(b.cf.id)]);
      await this.build(b);
    }
    for (const v of views) {
      const baseId = v.view!.baseTableId;
      await Promise.all([this.rowLocks.settled(`view:${baseId}/`), this.engine.writesSettled(baseId)]);
      await this.buildView(v);
    }
    return next;
  }

  /** Finishes the builds a crash interrupted (markers of indexes that no longer exist are just cleared). */
  private async resumeIndexBuilds(pending: readonly PendingIndexBuild[]): Promise<void> {
    if (pending.length === 0) return;
    const wanted = new Set(pending.map((p) => p.indexTableId));
    for (const cf of this.current.tables) {
      const b = buildOf(cf, wanted);
      if (b !== null) await this.build(b);
      if (cf.view !== null && wanted.has(cf.id)) await this.buildView(cf);
    }
    await Promise.all(pending.map((p) => this.clearMarkers(p.keyspace, [p.indexTableId])));
  }

  /**
   * nodetool rebuild_index: empties the tables of `cf`'s indexes among `indexTableIds` and builds
   * them again from the table's rows, marked as building meanwhile (the marker a CREATE INDEX
   * build writes, so a crash resumes it). Cassandra 4.0's SecondaryIndexManager
   * rebuildIndexesBlocking likewise invalidates the index data (no snapshot), then builds in full.
   */
  async rebuildIndexes(cf: ColumnFamilyDef, indexTableIds: ReadonlySet<string>): Promise<void> {
    const b = buildOf(cf, indexTableIds);
    if (b === null) return;
    const ids = buildTableIds(b);
    await this.persist(cf.keyspace, this.current.keyspace(cf.keyspace), ids);
    for (const id of ids) this.building.add(id);
    for (const id of ids) await this.engine.truncate(id, { snapshot: false });
    await this.build(b);
  }

  private async build(b: IndexBuild): Promise<void> {
    const ids = buildTableIds(b);
    for (const id of ids) this.building.add(id);
    await buildKeysIndexes(this.engine, b.cf, b.indexes, this.nowSec());
    await buildCqlIndexes(this.engine, b.cf, b.cqlIndexes, this.nowSec());
    // A build that failed leaves its indexes unavailable until a start builds them again.
    for (const id of ids) this.building.delete(id);
    await this.clearMarkers(b.cf.keyspace, ids);
  }

  private async buildView(view: ColumnFamilyDef): Promise<void> {
    const base = this.current.tableById(view.view!.baseTableId);
    if (base !== undefined && this.current.tableById(view.id) !== undefined) {
      await buildView({ engine: this.engine, rowLocks: this.rowLocks, env: this.env, nowSec: () => this.nowSec(), viewWrites: this.viewWrites }, base, view);
    }
    await this.clearMarkers(view.keyspace, [view.id]);
  }

  private clearMarkers(keyspace: string, indexTableIds: readonly string[]): Promise<void> {
    const timestamp = this.nextTimestamp();
    const cells = indexTableIds.map((id) => tombstoneCell(indexBuildCell(id), timestamp, this.nowSec())).sort((a, b) => Buffer.compare(a.name, b.name));
    return this.engine.apply(SCHEMA_TABLE_ID, { key: Buffer.from(keyspace, 'utf8'), partitionDeletion: null, rangeTombstones: [], cells });
  }

  /** Writes a keyspace's definition (with build markers for `buildingIndexes`), or deletes its partition when it is gone. */
  private persist(name: string, ks: KeyspaceDef | undefined, buildingIndexes: readonly string[]): Promise<void> {
    const timestamp = this.nextTimestamp();
    const key = Buffer.from(name, 'utf8');
    if (ks === undefined) {
      const deletion = { markedForDeleteAt: timestamp, localDeletionTime: this.nowSec() };
      return this.engine.apply(SCHEMA_TABLE_ID, { key, partitionDeletion: deletion, rangeTombstones: [], cells: [] });
    }
    const cells: Cell[] = [liveCell(DEFINITION_CELL, Buffer.from(keyspaceToJson(ks), 'utf8'), timestamp)];
    for (const id of buildingIndexes) cells.push(liveCell(indexBuildCell(id), EMPTY, timestamp));
    cells.sort((a, b) => Buffer.compare(a.name, b.name));
    return this.engine.apply(SCHEMA_TABLE_ID, { key, partitionDeletion: null, rangeTombstones: [], cells });
  }

  private nowSec(): number {
    return Math.floor(this.env.clock.nowMs() / 1000);
  }

  /** Strictly increasing, and above every stored schema timestamp. */
  private nextTimestamp(): bigint {
    const now = this.env.clock.nowMicros();
    this.lastTimestamp = now > this.lastTimestamp ? now : this.lastTimestamp + 1n;
    return this.lastTimestamp;
  }
}

/** The named changes above are the Thrift and API ones: no system keyspace, `system_auth` included. */
function notModifiable(keyspace: string): InvalidRequestError {
  return new InvalidRequestError(`${keyspace} keyspace is not user-modifiable`);
}
