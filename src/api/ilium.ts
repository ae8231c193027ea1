/**
 * An opened database: keyspace handles (Ruby style) and column-family handles (pycassa style),
 * schema changes, TimeUUIDs from a generator this instance owns, and close. Backed by any
 * OperationsBackend: the embedded engine today (open.ts), a network client later.
 */
import type { Env } from '../env/index.js';
import { EngineStateError, InvalidRequestError, NotFoundError } from '../errors/index.js';
import type { ServeOptions, Served } from './embedded-backend.js';
import type { CqlValues, ExecuteOptions, PreparedQuery, ResultSet } from './embedded-cql.js';
import { type ColumnFamilyDef, type ColumnFamilyInput, type ExistingDefinition, type KeyspaceDef, type KeyspaceInput, Schema, createColumnFamily, createKeyspace, planSchemaLoad } from '../schema/index.js';
import type { ApiContext } from './api-context.js';
import { ColumnFamily } from './column-family.js';
import { Keyspace } from './keyspace.js';
import type { OperationsBackend } from './operations-backend.js';
import { parseSchemaText } from './schema-text.js';
import { TimeUUID, createTimeUuidFactory } from './time-uuid.js';
import { TimestampSource } from '../env/index.js';

/** What `loadSchema` changed, and what it found already there. */
export interface SchemaLoadResult {
  readonly keyspacesAdded: string[];
  /** `keyspace.columnFamily` for every column family added (with a new keyspace or to an existing one). */
  readonly columnFamiliesAdded: string[];
  /** The file's keyspaces and column families (`keyspace.columnFamily`) that existed and were left unchanged. */
  readonly existing: ExistingDefinition[];
}

export class Ilium {
  private readonly ctx: ApiContext;
  private readonly makeTimeUuid: () => TimeUUID;
  private closed = false;

  constructor(
    private readonly backend: OperationsBackend,
    private readonly env: Pick<Env, 'clock' | 'random'>,
    options: { readonly raw?: boolean } = {},
  ) {
    this.ctx = { backend, timestamps: new TimestampSource(env.clock), raw: options.raw ?? false, accesses: new WeakMap() };
    this.makeTimeUuid = createTimeUuidFactory(env);
  }

  /** The partitioner's short class name. */
  get partitioner(): string {
    return this.backend.partitionerName;
  }

  keyspace(name: string): Keyspace {
    return new Keyspace(this.ctx, name);
  }

  columnFamily(keyspace: string, columnFamily: string): ColumnFamily {
    return new ColumnFamily(this.ctx, keyspace, columnFamily);
  }

  /** A new TimeUUID, unique and increasing for this instance (Ruby's `UUID.new`). */
  timeUuid(): TimeUUID {
    return this.makeTimeUuid();
  }

  /** Every user keyspace's definition (Thrift's describe_keyspaces). */
  describeKeyspaces(): Promise<KeyspaceDef[]> {
    return this.ctx.backend.keyspaceDefs();
  }

  /** A keyspace's definition with its column families; NotFoundError when there is none (Thrift's describe_keyspace). */
  async describeKeyspace(name: string): Promise<KeyspaceDef> {
    const ks = await this.ctx.backend.keyspaceDef(name);
    if (ks === undefined) throw new NotFoundError(`Keyspace ${name} does not exist`);
    return ks;
  }

  /**
   * Adds the keyspaces and column families of a JSON or XML schema that do not exist yet, leaving
   * existing ones unchanged. The whole text is parsed and checked against the current schema
   * first: a schema that cannot load as a whole changes nothing.
   */
  async loadSchema(text: string): Promise<SchemaLoadResult> {
    const loaded = parseSchemaText(text, this.env.random);
    const plan = planSchemaLoad(Schema.of(await this.ctx.backend.keyspaceDefs()), loaded);
    const result: SchemaLoadResult = { keyspacesAdded: [], columnFamiliesAdded: [], existing: plan.existing };
    for (const ks of plan.keyspaces) {
      await this.ctx.backend.addKeyspace(ks);
      result.keyspacesAdded.push(ks.name);
      for (const cf of ks.tables) result.columnFamiliesAdded.push(`${ks.name}.${cf.name}`);
    }
    for (const cf of plan.columnFamilies) {
      await this.ctx.backend.addColumnFamily(cf);
      result.columnFamiliesAdded.push(`${cf.keyspace}.${cf.name}`);
    }
    return result;
  }

  async addKeyspace(input: KeyspaceInput): Promise<KeyspaceDef> {
    const def = createKeyspace(input, this.env.random);
    await this.ctx.backend.addKeyspace(def);
    return def;
  }

  async addColumnFamily(input: ColumnFamilyInput): Promise<ColumnFamilyDef> {
    const def = createColumnFamily(input, this.env.random);
    await this.ctx.backend.addColumnFamily(def);
    return def;
  }

  /**
   * Changes a column family's options: what `changes` leaves out keeps its current value (as
   * pycassa's `alter_column_family`); `columnMetadata`, when given, replaces the whole list. The
   * column type, comparators and key validator cannot change. Adding a KEYS index to column
   * metadata builds it from the rows already stored before this settles.
   */
  async updateColumnFamily(changes: Omit<ColumnFamilyInput, 'id'>): Promise<ColumnFamilyDef> {
    const current = await this.ctx.backend.columnFamilyDef(changes.keyspace, changes.name);
    const def = createColumnFamily({ ...inputOf(current), ...definedOnly(changes) }, this.env.random);
    await this.ctx.backend.updateColumnFamily(def);
    return def;
  }

  dropKeyspace(name: string): Promise<void> {
    return this.ctx.backend.dropKeyspace(name);
  }

  dropColumnFamily(keyspace: string, name: string): Promise<void> {
    return this.ctx.backend.dropColumnFamily(keyspace, name);
  }

  /**
   * Runs one CQL statement — DDL, DML, SELECT, USE, BATCH text — with JS values for its bind
   * markers (an array by position, or an object by marker name) and rows as objects (embedded-cql.ts
   * says which JS type each CQL type takes). Every row is read unless `options.pageSize` asks for
   * a page. Embedded (`open()`) only; over `connect()`, use the driver's client.
   *
   *   await db.execute('CREATE TABLE ks.users (id int PRIMARY KEY, name text)');
   *   await db.execute('INSERT INTO ks.users (id, name) VALUES (?, ?)', [1, 'ann']);
   *   const { rows } = await db.execute<{ id: number; name: string }>('SELECT * FROM ks.users WHERE id = ?', [1]);
   */
  async execute<R = Record<string, unknown>>(query: string, values?: CqlValues, options?: ExecuteOptions): Promise<ResultSet<R>> {
    return this.embeddedOnly('execute').execute!<R>(query, values, options);
  }

  /** Binds `query` once (its errors now) and describes its markers and columns; `execute` it with values. Embedded only. */
  async prepare(query: string, options: { readonly keyspace?: string } = {}): Promise<PreparedQuery> {
    return this.embeddedOnly('prepare').prepare!(query, options.keyspace);
  }

  /**
   * Opens this embedded node's CQL native protocol port (and Thrift's with `thrift`) in this
   * process, so any driver, cqlsh or `ilium cqlsh` can connect; `close()` stops them. Resolves
   * with the addresses (port 0 picks a free one).
   */
  async serve(options?: ServeOptions): Promise<Served> {
    return this.embeddedOnly('serve').serve!(options);
  }

  private embeddedOnly(what: 'execute' | 'prepare' | 'serve'): OperationsBackend {
    if (this.closed) throw new EngineStateError(`${what}(): the database is closed`);
    if (this.backend[what] === undefined) throw new InvalidRequestError(`${what}() is for an embedded database (open()); with connect(), use a driver's client for CQL`);
    return this.backend;
  }

  /** Closes the backend (the engine refuses later calls with its typed error). Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.backend.close();
  }
}

/** A definition as the input that would make it again (types as types, metadata as is). */
function inputOf(def: ColumnFamilyDef): ColumnFamilyInput {
  return {
    keyspace: def.keyspace,
    name: def.name,
    id: def.id,
    columnType: def.columnType,
    comparator: def.comparator,
    subcomparator: def.subcomparator,
    defaultValidator: def.defaultValidator,
    keyValidator: def.keyValidator,
    columnMetadata: def.columnMetadata,
    gcGraceSeconds: def.gcGraceSeconds,
    defaultTimeToLive: def.defaultTimeToLive,
    comment: def.comment,
    params: def.params,
    droppedColumns: def.droppedColumns,
    indexes: def.indexes,
  };
}

/** `o` without the keys whose value is undefined (so they do not override the current ones). */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
