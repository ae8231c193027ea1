/**
 * The remote backend's view of the schema: the server's definitions, exactly as the embedded API
 * has them (ids, comparators, validators, column metadata), read with the ILIUM SCHEMA extension
 * statement (src/cql/ddl/ilium-schema.ts) and kept until the server's schema version changes
 * (checked at most once per `VERSION_CHECK_MS`), this client changes the schema, or a name is not
 * found (then read again once before the lookup fails with the embedded API's message).
 *
 * Changes: an empty keyspace is a CREATE KEYSPACE, drops are DROP KEYSPACE / DROP TABLE; what CQL
 * cannot say — a keyspace made with its column families, any column family definition (Super CFs,
 * comparators and validators of any type, column metadata and KEYS indexes, its id), an update —
 * goes as `ILIUM ADD KEYSPACE|ADD COLUMNFAMILY|UPDATE COLUMNFAMILY '<keyspace JSON>'`.
 */
import type cassandra from 'cassandra-driver';
import { keyspaceCql } from '../../cql/describe/create-statements.js';
import { quoteIdentifier, quoteString } from '../../cql/parser/index.js';
import { lookupColumnFamily } from '../../db/operations/column-family-lookup.js';
import { InvalidRequestError } from '../../errors/index.js';
import { type ColumnFamilyDef, type KeyspaceDef, Schema, keyspaceFromJson, keyspaceToJson } from '../../schema/index.js';
import { fromDriverError } from './driver-errors.js';

/** How long a schema read is trusted before the server's schema version is asked again. */
const VERSION_CHECK_MS = 1000;

interface Snapshot {
  readonly schema: Schema;
  readonly version: string;
  checkedAtMs: number;
}

export class RemoteSchema {
  private snapshot: Snapshot | undefined;

  constructor(private readonly client: cassandra.Client) {}

  async schema(): Promise<Schema> {
    const s = this.snapshot;
    if (s === undefined) return this.reload();
    if (Date.now() - s.checkedAtMs < VERSION_CHECK_MS) return s.schema;
    if ((await this.version()) !== s.version) return this.reload();
    s.checkedAtMs = Date.now();
    return s.schema;
  }

  async columnFamilyDef(keyspace: string, columnFamily: string): Promise<ColumnFamilyDef> {
    try {
      return lookupColumnFamily(await this.schema(), keyspace, columnFamily);
    } catch (e) {
      if (!(e instanceof InvalidRequestError)) throw e;
      return lookupColumnFamily(await this.reload(), keyspace, columnFamily);
    }
  }

  async addKeyspace(def: KeyspaceDef): Promise<void> {
    if (def.tables.length === 0 && def.types.length === 0) await this.change(keyspaceCql(def));
    else await this.change(`ILIUM ADD KEYSPACE ${quoteString(keyspaceToJson(def))}`);
  }

  async addColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.change(`ILIUM ADD COLUMNFAMILY ${quoteString(await this.holding(def))}`);
  }

  async updateColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.change(`ILIUM UPDATE COLUMNFAMILY ${quoteString(await this.holding(def))}`);
  }

  async dropKeyspace(keyspace: string): Promise<void> {
    await this.change(`DROP KEYSPACE ${quoteIdentifier(keyspace)}`);
  }

  async dropColumnFamily(keyspace: string, columnFamily: string): Promise<void> {
    await this.change(`DROP TABLE ${quoteIdentifier(keyspace)}.${quoteIdentifier(columnFamily)}`);
  }

  /** Reads every keyspace definition again. */
  async reload(): Promise<Schema> {
    const version = await this.version();
    const rs = await this.call(() => this.client.execute('ILIUM SCHEMA'));
    const schema = Schema.of(rs.rows.map((r) => keyspaceFromJson(String(r.get('definition')))));
    this.snapshot = { schema, version, checkedAtMs: Date.now() };
    return schema;
  }

  /** The JSON of `def`'s keyspace holding only `def` (what the column family statements take). */
  private async holding(def: ColumnFamilyDef): Promise<string> {
    const ks = (await this.schema()).keyspace(def.keyspace);
    const replication = ks?.replication ?? { class: 'SimpleStrategy', options: { replication_factor: '1' } };
    return keyspaceToJson({ name: def.keyspace, replication, durableWrites: ks?.durableWrites ?? true, tables: [def], types: ks?.types ?? [], functions: [] });
  }

  private async change(cql: string): Promise<void> {
    try {
      await this.call(() => this.client.execute(cql));
    } finally {
      this.snapshot = undefined;
    }
  }

  private async version(): Promise<string> {
    const rs = await this.call(() => this.client.execute("SELECT schema_version FROM system.local WHERE key = 'local'"));
    return String(rs.first()?.get('schema_version') ?? '');
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw fromDriverError(e);
    }
  }
}
