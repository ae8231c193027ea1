/**
 * The live schema of a node, kept durably in the schema table (schema-table.ts) through the
 * storage engine. Each change: validate (a pure Schema operation: a refused change alters
 * nothing), write the changed keyspaces' partitions, flush the schema table (so the next start
 * can read it before replay, see schema-before-open.ts), then register or drop the engine's
 * tables and publish the new snapshot. Changes run one at a time, in call order.
 *
 * A crash after the schema write but before a dropped table's files are removed leaves those
 * files orphaned on disk (the table is gone from the schema); they are never read again.
 */
import type { Env } from '../env/index.js';
import type { ColumnFamilyDef, KeyspaceChanges, KeyspaceDef } from '../schema/index.js';
import { Schema, keyspaceToJson } from '../schema/index.js';
import { liveCell } from '../storage/model/cell.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import type { KeyDecorator } from '../storage/table-def.js';
import { KEYSPACES_MAX, SCHEMA_SCAN, decodeStoredSchema } from './stored-schema.js';
import { DEFINITION_CELL, SCHEMA_TABLE_ID, schemaTableDef } from './schema-table.js';
import { toTableDef } from './to-table-def.js';

export class SchemaKeeper {
  private current: Schema;
  private lastTimestamp: bigint;
  /** The change in progress; the next one starts after it settles. */
  private tail: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly engine: StorageEngine,
    private readonly env: Env,
    private readonly partitioner: KeyDecorator,
    schema: Schema,
    lastTimestamp: bigint,
  ) {
    this.current = schema;
    this.lastTimestamp = lastTimestamp;
  }

  /**
   * Loads the stored schema from an open engine and registers the schema table and every user
   * table (registering is idempotent: tables replay already registered stay as they are).
   */
  static async open(engine: StorageEngine, env: Env, partitioner: KeyDecorator): Promise<SchemaKeeper> {
    engine.addTable(schemaTableDef());
    const nowSec = Math.floor(env.clock.nowMs() / 1000);
    const stored = decodeStoredSchema(engine.scan(SCHEMA_TABLE_ID, undefined, undefined, SCHEMA_SCAN, KEYSPACES_MAX, nowSec), nowSec);
    const schema = Schema.of(stored.keyspaces);
    for (const t of schema.tables) engine.addTable(toTableDef(t, partitioner));
    return new SchemaKeeper(engine, env, partitioner, schema, stored.maxTimestamp);
  }

  get schema(): Schema {
    return this.current;
  }

  addKeyspace(ks: KeyspaceDef): Promise<Schema> {
    return this.change((s) => s.addKeyspace(ks), [ks.name]);
  }

  updateKeyspace(name: string, changes: KeyspaceChanges): Promise<Schema> {
    return this.change((s) => s.updateKeyspace(name, changes), [name]);
  }

  dropKeyspace(name: string): Promise<Schema> {
    return this.change((s) => s.dropKeyspace(name), [name]);
  }

  addColumnFamily(cf: ColumnFamilyDef): Promise<Schema> {
    return this.change((s) => s.addColumnFamily(cf), [cf.keyspace]);
  }

  updateColumnFamily(cf: ColumnFamilyDef): Promise<Schema> {
    return this.change((s) => s.updateColumnFamily(cf), [cf.keyspace]);
  }

  dropColumnFamily(keyspace: string, name: string): Promise<Schema> {
    return this.change((s) => s.dropColumnFamily(keyspace, name), [keyspace]);
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
    for (const name of keyspaces) await this.persist(name, next.keyspace(name));
    await this.engine.flush(SCHEMA_TABLE_ID);
    const gone = before.tables.filter((t) => next.tableById(t.id) === undefined);
    for (const t of next.tables) if (before.tableById(t.id) === undefined) this.engine.addTable(toTableDef(t, this.partitioner));
    this.current = next;
    for (const t of gone) await this.engine.dropTable(t.id);
    return next;
  }

  /** Writes a keyspace's definition, or deletes its partition when it is gone. */
  private persist(name: string, ks: KeyspaceDef | undefined): Promise<void> {
    const timestamp = this.nextTimestamp();
    const key = Buffer.from(name, 'utf8');
    if (ks === undefined) {
      const deletion = { markedForDeleteAt: timestamp, localDeletionTime: Math.floor(this.env.clock.nowMs() / 1000) };
      return this.engine.apply(SCHEMA_TABLE_ID, { key, partitionDeletion: deletion, rangeTombstones: [], cells: [] });
    }
    const cell = liveCell(DEFINITION_CELL, Buffer.from(keyspaceToJson(ks), 'utf8'), timestamp);
    return this.engine.apply(SCHEMA_TABLE_ID, { key, partitionDeletion: null, rangeTombstones: [], cells: [cell] });
  }

  /** Strictly increasing, and above every stored schema timestamp. */
  private nextTimestamp(): bigint {
    const now = this.env.clock.nowMicros();
    this.lastTimestamp = now > this.lastTimestamp ? now : this.lastTimestamp + 1n;
    return this.lastTimestamp;
  }
}
