/**
 * An immutable snapshot of every user keyspace and column family. Operations validate and return
 * a new Schema, leaving this one untouched, so a refused change cannot leave a half-applied state
 * and readers holding a snapshot never see it move.
 */
import { InvalidRequestError } from '../errors/index.js';
import { AlreadyExistsError } from './already-exists-error.js';
import type { ColumnFamilyDef } from './column-family-def.js';
import { type KeyspaceDef, checkTypes, checkUniqueTables, withTables } from './keyspace-def.js';
import { type Replication, type ReplicationInput, createReplication } from './replication.js';
import { isReplicatedSystemKeyspace, isSystemKeyspace } from './schema-names.js';
import { schemaVersion } from './schema-version.js';

export interface KeyspaceChanges {
  readonly replication?: Replication | ReplicationInput;
  readonly durableWrites?: boolean;
}

const NO_VIEWS: readonly ColumnFamilyDef[] = Object.freeze([]);

export class Schema {
  /** Content digest (a UUID), equal for equal schemas. */
  readonly version: string;
  private readonly byName: ReadonlyMap<string, KeyspaceDef>;
  private readonly byId: ReadonlyMap<string, ColumnFamilyDef>;
  /** Materialized views by their base table's id (view-def.ts). */
  private readonly viewsByBase: ReadonlyMap<string, readonly ColumnFamilyDef[]>;

  private constructor(keyspaces: readonly KeyspaceDef[]) {
    this.byName = new Map(keyspaces.map((k) => [k.name, k]));
    const byId = new Map<string, ColumnFamilyDef>();
    for (const k of keyspaces) for (const t of k.tables) byId.set(t.id, t);
    this.byId = byId;
    const views = new Map<string, ColumnFamilyDef[]>();
    for (const t of byId.values()) if (t.view !== null) views.set(t.view.baseTableId, [...(views.get(t.view.baseTableId) ?? []), t]);
    this.viewsByBase = views;
    this.version = schemaVersion(keyspaces);
  }

  static readonly EMPTY: Schema = new Schema([]);

  /** A schema of these keyspaces, checked as if added one by one. */
  static of(keyspaces: readonly KeyspaceDef[]): Schema {
    let s = Schema.EMPTY;
    for (const k of keyspaces) s = s.addKeyspace(k);
    return s;
  }

  // ---- lookups ------------------------------------------------------------------------------

  get keyspaces(): KeyspaceDef[] {
    return [...this.byName.values()];
  }

  keyspace(name: string): KeyspaceDef | undefined {
    return this.byName.get(name);
  }

  /** The keyspace, or InvalidRequestError when there is none by that name. */
  getKeyspace(name: string): KeyspaceDef {
    const ks = this.byName.get(name);
    if (ks === undefined) throw new InvalidRequestError(`Keyspace '${name}' does not exist`);
    return ks;
  }

  table(keyspace: string, name: string): ColumnFamilyDef | undefined {
    return this.byName.get(keyspace)?.tables.find((t) => t.name === name);
  }

  /** The column family, or InvalidRequestError naming what is missing. */
  getTable(keyspace: string, name: string): ColumnFamilyDef {
    const t = this.getKeyspace(keyspace).tables.find((x) => x.name === name);
    if (t === undefined) throw new InvalidRequestError(`unconfigured column family ${name} in keyspace ${keyspace}`);
    return t;
  }

  tableById(id: string): ColumnFamilyDef | undefined {
    return this.byId.get(id);
  }

  /** The materialized views of a base table (none: an empty list). */
  viewsOf(baseId: string): readonly ColumnFamilyDef[] {
    return this.viewsByBase.get(baseId) ?? NO_VIEWS;
  }

  get tables(): ColumnFamilyDef[] {
    return [...this.byId.values()];
  }

  // ---- operations ---------------------------------------------------------------------------

  addKeyspace(ks: KeyspaceDef): Schema {
    checkUserKeyspace(ks.name);
    for (const other of this.byName.values()) {
      if (other.name === ks.name) throw new AlreadyExistsError(ks.name, '', `Keyspace ${ks.name} already exists`);
      if (other.name.toLowerCase() === ks.name.toLowerCase()) {
        throw new InvalidRequestError(`Keyspace names must be case-insensitively unique ("${ks.name}" conflicts with "${other.name}")`);
      }
    }
    checkUniqueTables(ks.name, ks.tables);
    for (const t of ks.tables) this.checkNewId(t);
    return new Schema([...this.byName.values(), ks]);
  }

  /** Replication and durable_writes change; column families are changed one by one. */
  updateKeyspace(name: string, changes: KeyspaceChanges): Schema {
    checkUserKeyspace(name);
    const old = this.getKeyspace(name);
    const replication = changes.replication === undefined ? old.replication : createReplication(changes.replication);
    const updated: KeyspaceDef = Object.freeze({ ...old, replication, durableWrites: changes.durableWrites ?? old.durableWrites });
    return this.replacing(updated);
  }

  dropKeyspace(name: string): Schema {
    checkUserKeyspace(name);
    this.getKeyspace(name);
    return new Schema([...this.byName.values()].filter((k) => k.name !== name));
  }

  addColumnFamily(cf: ColumnFamilyDef): Schema {
    checkUserKeyspace(cf.keyspace);
    const ks = this.getKeyspace(cf.keyspace);
    this.checkNewId(cf);
    const tables = [...ks.tables, cf];
    checkUniqueTables(ks.name, tables);
    return this.replacing(withTables(ks, tables));
  }

  /**
   * Replaces a column family's options. The id stays the existing one; what decides the on-disk
   * order or meaning of names and keys (column type, comparators, key validator) may not change.
   */
  updateColumnFamily(cf: ColumnFamilyDef): Schema {
    checkUserKeyspace(cf.keyspace);
    const old = this.getTable(cf.keyspace, cf.name);
    checkCompatible(old, cf);
    checkIndexNames(old, cf);
    const ks = this.getKeyspace(cf.keyspace);
    const updated: ColumnFamilyDef = Object.freeze({ ...cf, id: old.id });
    return this.replacing(withTables(ks, ks.tables.map((t) => (t.id === old.id ? updated : t))));
  }

  dropColumnFamily(keyspace: string, name: string): Schema {
    checkUserKeyspace(keyspace);
    const old = this.getTable(keyspace, name);
    const ks = this.getKeyspace(keyspace);
    // Cassandra 4.0 (DropTableStatement) formats only the keyspace into this message.
    if (this.viewsOf(old.id).length > 0) throw new InvalidRequestError(`Cannot drop a table when materialized views still depend on it (${keyspace})`);
    return this.replacing(withTables(ks, ks.tables.filter((t) => t.id !== old.id)));
  }

  /**
   * Replaces an existing keyspace's definition whole (user types, indexes, table changes that
   * follow a type change). Table ids must stay those of the tables they replace or be new.
   */
  replaceKeyspace(ks: KeyspaceDef): Schema {
    checkUserKeyspace(ks.name);
    const old = this.getKeyspace(ks.name);
    checkUniqueTables(ks.name, ks.tables);
    checkTypes(ks.name, ks.types);
    const oldIds = new Set(old.tables.map((t) => t.id));
    for (const t of ks.tables) if (!oldIds.has(t.id)) this.checkNewId(t);
    return this.replacing(ks);
  }

  private replacing(ks: KeyspaceDef): Schema {
    return new Schema([...this.byName.values()].map((k) => (k.name === ks.name ? ks : k)));
  }

  private checkNewId(cf: ColumnFamilyDef): void {
    if (this.byId.has(cf.id)) throw new InvalidRequestError(`Column family id ${cf.id} is already in use`);
  }
}

/** The replicated system keyspaces (system_auth) are ordinary here; callers facing users refuse them. */
function checkUserKeyspace(name: string): void {
  if (isSystemKeyspace(name) && !isReplicatedSystemKeyspace(name)) throw new InvalidRequestError(`${name} keyspace is not user-modifiable`);
}

function checkCompatible(old: ColumnFamilyDef, cf: ColumnFamilyDef): void {
  const why =
    old.columnType !== cf.columnType ? 'types do not match.'
    : old.comparator.fullName !== cf.comparator.fullName ? 'comparators do not match.'
    : (old.subcomparator?.fullName ?? null) !== (cf.subcomparator?.fullName ?? null) ? 'subcolumncomparators do not match.'
    : old.keyValidator.fullName !== cf.keyValidator.fullName ? 'key validators do not match.'
    : null;
  if (why !== null) throw new InvalidRequestError(`Cannot update column family ${old.keyspace}.${old.name}: ${why}`);
}

/**
 * An index keeps its name while it exists: the name is part of the index's table directory, so a
 * rename would strand its entries. Removing the index and adding it under the new name works.
 */
function checkIndexNames(old: ColumnFamilyDef, cf: ColumnFamilyDef): void {
  for (const d of cf.columnMetadata) {
    const before = old.columnMetadata.find((o) => o.name.equals(d.name));
    if (before?.indexType == null || d.indexType === null || before.indexName === d.indexName) continue;
    throw new InvalidRequestError(
      `Cannot update column family ${old.keyspace}.${old.name}: index ${before.indexName} cannot be renamed to ${d.indexName}; remove the index, then add it under the new name`,
    );
  }
}
