/**
 * The OperationsBackend over the Thrift 0.7 API (`connect({ protocol: 'thrift' })`): every
 * operation is the Thrift call of the same name, so requests are checked by the node exactly as
 * embedded ones are (the same LocalOperations answer them) and answers are decoded by the column
 * family's codec as a wire backend's are (result-maps.ts). Unlike the CQL view, a column family
 * with column metadata keeps its other columns, and column timestamps come back.
 *
 * The schema is read with describe_keyspaces, cached, and read again when a column family is not
 * in the cache or after this client changes the schema. Counter columns come back as 8-byte
 * values, as the embedded backend returns them. `ks.table()` needs CQL and is refused.
 */
import { type Random } from '../../env/index.js';
import { InvalidRequestError } from '../../errors/index.js';
import { type Column, type ColumnOrSuperColumn, type ColumnParent, type ColumnPath, type ColumnWrite, type ConsistencyLevel, type IndexClause, type KeyRange, type MutationMap, type SlicePredicate, columnWriteMutations } from '../../db/index.js';
import { lookupColumnFamily } from '../../db/operations/column-family-lookup.js';
import { type ColumnFamilyDef, type KeyspaceDef, Schema } from '../../schema/index.js';
import type { CounterColumn, ThriftColumnOrSuperColumn, ThriftKeySlice } from '../../thrift/service/cassandra-service.js';
import type { CassandraClient } from '../../thrift/client/connect-thrift.js';
import { cfDefOf, keyspaceOfKsDef, ksDefOf } from '../../thrift/service/schema-structs.js';
import type { ColumnFamilyCodec } from '../column-family-codec.js';
import type { Row, SuperRow } from '../js-values.js';
import type { DecodedRow, OperationsBackend } from '../operations-backend.js';
import { sliceResult } from '../result-maps.js';
import { type CallKind, fromThriftError } from './thrift-errors.js';
import type { ThriftConnections } from './thrift-connections.js';

export class ThriftBackend implements OperationsBackend {
  private cached: Promise<Schema> | undefined;

  constructor(
    private readonly connections: ThriftConnections,
    readonly partitionerName: string,
    private readonly random: Random,
    /** The level every read and write is sent at (ConnectOptions.consistency; the IDL's default ONE). */
    private readonly consistency: ConsistencyLevel = 'ONE',
  ) {}

  // ---- schema -------------------------------------------------------------------------------

  async columnFamilyDef(keyspace: string, columnFamily: string): Promise<ColumnFamilyDef> {
    try {
      return lookupColumnFamily(await this.schema(), keyspace, columnFamily);
    } catch (e) {
      if (!(e instanceof InvalidRequestError)) throw e;
      this.cached = undefined;
      return lookupColumnFamily(await this.schema(), keyspace, columnFamily);
    }
  }
  async keyspaceDef(keyspace: string): Promise<KeyspaceDef | undefined> {
    this.cached = undefined;
    return (await this.schema()).keyspace(keyspace);
  }
  async keyspaceDefs(): Promise<KeyspaceDef[]> {
    this.cached = undefined;
    return [...(await this.schema()).keyspaces];
  }
  addKeyspace(def: KeyspaceDef): Promise<void> {
    return this.changeSchema('', 'system_add_keyspace', (c) => c.systemAddKeyspace(ksDefOf(def)));
  }
  addColumnFamily(def: ColumnFamilyDef): Promise<void> {
    return this.changeSchema(def.keyspace, 'system_add_column_family', (c) => c.systemAddColumnFamily(withoutId(cfDefOf(def))));
  }
  updateColumnFamily(def: ColumnFamilyDef): Promise<void> {
    // The cached definition's id is this client's own (0.7 ids are the node's): the node matches by name.
    return this.changeSchema(def.keyspace, 'system_update_column_family', (c) => c.systemUpdateColumnFamily(withoutId(cfDefOf(def))));
  }
  async dropKeyspace(keyspace: string): Promise<void> {
    await this.changeSchema('', 'system_drop_keyspace', (c) => c.systemDropKeyspace(keyspace));
    await this.connections.forget(keyspace);
  }
  dropColumnFamily(keyspace: string, columnFamily: string): Promise<void> {
    return this.changeSchema(keyspace, 'system_drop_column_family', (c) => c.systemDropColumnFamily(columnFamily));
  }

  // ---- data ---------------------------------------------------------------------------------

  async get(keyspace: string, key: Buffer, path: ColumnPath): Promise<ColumnOrSuperColumn> {
    return plain(await this.call(keyspace, 'get', 'read', (c) => c.get(key, path, this.consistency)));
  }

  async getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<Row | SuperRow> {
    const cf = await this.columnFamilyDef(keyspace, parent.columnFamily);
    const slice = await this.call(keyspace, 'get_slice', 'read', (c) => c.getSlice(key, parent, predicate, this.consistency));
    return sliceResult(codec, slice.map(plain), superLevel(cf, parent));
  }

  async multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    const cf = await this.columnFamilyDef(keyspace, parent.columnFamily);
    const answer = await this.call(keyspace, 'multiget_slice', 'read', (c) => c.multigetSlice(keys, parent, predicate, this.consistency));
    const byKey = new Map<string, ThriftColumnOrSuperColumn[]>();
    for (const [k, columns] of answer) byKey.set(k.toString('hex'), columns);
    const seen = new Set<string>();
    const rows: DecodedRow[] = [];
    for (const key of keys) {
      const hex = key.toString('hex');
      if (seen.has(hex)) continue;
      seen.add(hex);
      rows.push({ key, columns: sliceResult(codec, (byKey.get(hex) ?? []).map(plain), superLevel(cf, parent)) });
    }
    return rows;
  }

  getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<number> {
    return this.call(keyspace, 'get_count', 'read', (c) => c.getCount(key, parent, predicate, this.consistency));
  }

  async getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    const cf = await this.columnFamilyDef(keyspace, parent.columnFamily);
    return decodeRows(codec, cf, parent, await this.call(keyspace, 'get_range_slices', 'read', (c) => c.getRangeSlices(parent, predicate, range, this.consistency)));
  }

  async getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    const cf = await this.columnFamilyDef(keyspace, parent.columnFamily);
    return decodeRows(codec, cf, parent, await this.call(keyspace, 'get_indexed_slices', 'read', (c) => c.getIndexedSlices(parent, clause, predicate, this.consistency)));
  }

  insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column): Promise<void> {
    return this.call(keyspace, 'insert', 'write', (c) => c.insert(key, parent, column, this.consistency));
  }

  /** Sent as the batch_mutate it stands for: the node checks it the same way. */
  insertColumns(keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined): Promise<void> {
    return this.batchMutate(keyspace, [[key, new Map([[columnFamily, columnWriteMutations(columns, timestamp, ttl)]])]]);
  }

  remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void> {
    return this.call(keyspace, 'remove', 'write', (c) => c.remove(key, path, timestamp, this.consistency));
  }

  batchMutate(keyspace: string, mutations: MutationMap): Promise<void> {
    return this.call(keyspace, 'batch_mutate', 'write', (c) => c.batchMutate(mutations, this.consistency));
  }

  truncate(keyspace: string, columnFamily: string): Promise<void> {
    return this.call(keyspace, 'truncate', 'write', (c) => c.truncate(columnFamily));
  }

  cql(): Promise<(Buffer | null)[][]> {
    return Promise.reject(new InvalidRequestError("ks.table() runs CQL, which the Thrift API does not carry: connect with protocol 'cql' (the default) to use it"));
  }

  close(): Promise<void> {
    return this.connections.close();
  }

  // ---- helpers ------------------------------------------------------------------------------

  private schema(): Promise<Schema> {
    if (this.cached === undefined) {
      const loading = this.call('', 'describe_keyspaces', 'schema', (c) => c.describeKeyspaces()).then((defs) => Schema.of(defs.flatMap((d) => this.userKeyspace(d))));
      loading.catch(() => {
        if (this.cached === loading) this.cached = undefined;
      });
      this.cached = loading;
    }
    return this.cached;
  }

  /** A described keyspace as a definition; the node's own (system) keyspaces are not the API's. */
  private userKeyspace(def: Parameters<typeof keyspaceOfKsDef>[0]): KeyspaceDef[] {
    if (def.name === 'system' || def.name.startsWith('system_')) return [];
    return [keyspaceOfKsDef(def, this.random)];
  }

  private async changeSchema(keyspace: string, method: string, fn: (c: CassandraClient) => Promise<string>): Promise<void> {
    try {
      await this.call(keyspace, method, 'schema', fn);
    } finally {
      this.cached = undefined;
    }
  }

  private async call<T>(keyspace: string, method: string, kind: CallKind, fn: (c: CassandraClient) => Promise<T>): Promise<T> {
    try {
      return await this.connections.call(keyspace, method, fn);
    } catch (e) {
      throw fromThriftError(e, method, kind, this.consistency);
    }
  }
}

function superLevel(cf: ColumnFamilyDef, parent: ColumnParent): boolean {
  return cf.columnType === 'Super' && parent.superColumn === undefined;
}

function withoutId<T extends { readonly id?: number }>(def: T): T {
  const { id: _id, ...rest } = def;
  return rest as T;
}

function decodeRows(codec: ColumnFamilyCodec, cf: ColumnFamilyDef, parent: ColumnParent, slices: readonly ThriftKeySlice[]): DecodedRow[] {
  return slices.map((s) => ({ key: s.key, columns: sliceResult(codec, s.columns.map(plain), superLevel(cf, parent)) }));
}

/** A counter answer as the column it is embedded: its value as 8 bytes, no timestamp. */
function plain(c: ThriftColumnOrSuperColumn): ColumnOrSuperColumn {
  if (c.counterColumn !== undefined) return { column: counterAsColumn(c.counterColumn) };
  if (c.counterSuperColumn !== undefined) return { superColumn: { name: c.counterSuperColumn.name, columns: c.counterSuperColumn.columns.map(counterAsColumn) } };
  return c;
}

function counterAsColumn(c: CounterColumn): Column {
  const value = Buffer.alloc(8);
  value.writeBigInt64BE(c.value);
  return { name: c.name, value, timestamp: 0n };
}
