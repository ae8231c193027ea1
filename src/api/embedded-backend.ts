/**
 * The in-process OperationsBackend: a node started in this process (embedded-node.ts: the
 * assembly `ilium start` uses, its ports off until `serve()`), the 0.7 operations through that
 * node's ThriftOperations — the translators its Thrift server hands to the coordinator — and CQL
 * through its query processor (embedded-cql.ts). Schema changes made here are announced as a
 * Thrift client's are, so drivers connected through `serve()` see them.
 */
import type { NetAddress } from '../env/index.js';
import type { Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ColumnWrite, IndexClause, KeyRange, MutationMap, SchemaKeeper, SlicePredicate, ThriftOperations } from '../db/index.js';
import { lookupColumnFamily } from '../db/operations/column-family-lookup.js';
import type { SchemaChangeEvent } from '../cql/execution/index.js';
import { type ColumnFamilyDef, type KeyspaceDef, isSystemKeyspace } from '../schema/index.js';
import type { IliumNode } from '../server/index.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import { type CqlValues, EmbeddedCql, type ExecuteOptions, type PreparedQuery, type ResultSet } from './embedded-cql.js';
import type { EmbeddedNode } from './embedded-node.js';
import type { Row, SuperRow } from './js-values.js';
import type { DecodedRow, OperationsBackend } from './operations-backend.js';

/** Where `serve()` listens. */
export interface ServeOptions {
  /** 127.0.0.1 by default. */
  readonly host?: string;
  /** The CQL port: 9042 by default; 0 picks a free one. */
  readonly port?: number;
  /** Serve the 0.7 Thrift API too: `true` (port 9160) or `{ port }` (0 picks a free one). */
  readonly thrift?: boolean | { readonly port?: number };
}

export interface Served {
  /** Where CQL drivers and cqlsh connect. */
  readonly cql: NetAddress;
  /** Where Thrift clients connect, when asked. */
  readonly thrift?: NetAddress;
}

export class EmbeddedBackend implements OperationsBackend {
  readonly partitionerName: string;
  private readonly embeddedCql: EmbeddedCql;
  private readonly ops: ThriftOperations;
  private readonly keeper: SchemaKeeper;
  private readonly node: IliumNode;

  constructor(private readonly embedded: EmbeddedNode) {
    this.node = embedded.node;
    this.partitionerName = this.node.ctx.partitioner.name;
    this.keeper = this.node.keeper;
    this.ops = this.node.thrift;
    this.embeddedCql = new EmbeddedCql(this.node.processor);
  }

  /** Whether the node's files are in memory (open() without a dataDir). */
  get inMemory(): boolean {
    return this.embedded.inMemory;
  }

  execute<R>(query: string, values: CqlValues | undefined, options?: ExecuteOptions): Promise<ResultSet<R>> {
    return this.embeddedCql.execute<R>(query, values, options);
  }

  prepare(query: string, keyspace: string | undefined): Promise<PreparedQuery> {
    return this.embeddedCql.prepare(query, keyspace);
  }

  async serve(options: ServeOptions = {}): Promise<Served> {
    const host = options.host ?? '127.0.0.1';
    const thrift = options.thrift;
    const rpcPort = thrift === undefined || thrift === false ? undefined : thrift === true ? 9160 : (thrift.port ?? 9160);
    return this.node.serve(this.embedded.clientNet, { host, port: options.port ?? 9042, ...(rpcPort === undefined ? {} : { rpcPort }) });
  }

  /** At once, from the live schema (throws for an unknown one). */
  columnFamilyDef(keyspace: string, columnFamily: string): ColumnFamilyDef {
    return lookupColumnFamily(this.keeper.schema, keyspace, columnFamily);
  }
  async keyspaceDef(keyspace: string): Promise<KeyspaceDef | undefined> {
    return this.keeper.schema.keyspace(keyspace);
  }
  /** The user's keyspaces: system_auth, which a node made in the same directory, is left out (as remotely). */
  async keyspaceDefs(): Promise<KeyspaceDef[]> {
    return this.keeper.schema.keyspaces.filter((k) => !isSystemKeyspace(k.name));
  }
  async addKeyspace(def: KeyspaceDef): Promise<void> {
    await this.keeper.addKeyspace(def);
    this.announce({ change: 'CREATED', target: 'KEYSPACE', keyspace: def.name }, ...def.tables.map((t): SchemaChangeEvent => ({ change: 'CREATED', target: 'TABLE', keyspace: def.name, name: t.name })));
  }
  async addColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.keeper.addColumnFamily(def);
    this.announce({ change: 'CREATED', target: 'TABLE', keyspace: def.keyspace, name: def.name });
  }
  async updateColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.keeper.updateColumnFamily(def);
    this.announce({ change: 'UPDATED', target: 'TABLE', keyspace: def.keyspace, name: def.name });
  }
  async dropKeyspace(keyspace: string): Promise<void> {
    await this.keeper.dropKeyspace(keyspace);
    this.announce({ change: 'DROPPED', target: 'KEYSPACE', keyspace });
  }
  async dropColumnFamily(keyspace: string, columnFamily: string): Promise<void> {
    await this.keeper.dropColumnFamily(keyspace, columnFamily);
    this.announce({ change: 'DROPPED', target: 'TABLE', keyspace, name: columnFamily });
  }

  /** Tells connected CQL clients (serve()) of a change made through the API. */
  private announce(...events: SchemaChangeEvent[]): void {
    for (const e of events) this.node.processor.announceSchemaChange(e);
  }

  async get(keyspace: string, key: Buffer, path: ColumnPath): Promise<ColumnOrSuperColumn> {
    return this.ops.get(keyspace, key, path);
  }
  async getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<Row | SuperRow> {
    return this.ops.getSliceAs(keyspace, key, parent, predicate, codec.shaper);
  }
  async multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    return this.ops.multigetSliceAs(keyspace, keys, parent, predicate, codec.shaper);
  }
  async getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<number> {
    return this.ops.getCount(keyspace, key, parent, predicate);
  }
  async getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    return this.ops.getRangeSlicesAs(keyspace, parent, predicate, range, codec.shaper);
  }
  async getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate, codec: ColumnFamilyCodec): Promise<DecodedRow[]> {
    return this.ops.getIndexedSlicesAs(keyspace, parent, clause, predicate, codec.shaper);
  }
  async insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column): Promise<void> {
    await this.ops.insert(keyspace, key, parent, column);
  }
  insertColumns(keyspace: string, columnFamily: string, key: Buffer, columns: readonly ColumnWrite[], timestamp: bigint, ttl: number | undefined): Promise<void> {
    return this.ops.insertColumns(keyspace, columnFamily, key, columns, timestamp, ttl);
  }
  async remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void> {
    await this.ops.remove(keyspace, key, path, timestamp);
  }
  batchMutate(keyspace: string, mutations: MutationMap): Promise<void> {
    return this.ops.batchMutate(keyspace, mutations);
  }
  async truncate(keyspace: string, columnFamily: string): Promise<void> {
    await this.ops.truncate(keyspace, columnFamily);
  }

  cql(keyspace: string, query: string, values: readonly (Buffer | null)[]): Promise<(Buffer | null)[][]> {
    return this.embeddedCql.rawRows(keyspace, query, values);
  }

  /** Stops the node (served ports, then storage); the data directory's LOCK goes even when that fails. */
  close(): Promise<void> {
    return this.embedded.close();
  }
}
