/**
 * The in-process OperationsBackend: the node's storage engine and durable schema (SchemaKeeper) in
 * this process, the 0.7 operations (ThriftOperations) over the local DataStore — the same
 * translators a node's Thrift server hands to its coordinator, here with the one replica there is.
 * It holds the data directory's LOCK from before storage opens until it is closed: a directory in
 * use by a node or another `open()`, in any process, is refused before its commit log is replayed.
 */
import { type DataDirLock, type Env, lockDataDir } from '../env/index.js';
import type { Partitioner } from '../dht/index.js';
import { type Column, type ColumnOrSuperColumn, type ColumnParent, type ColumnPath, type ColumnWrite, type IndexClause, type KeyRange, LocalOperations, type MutationMap, ThriftOperations, type SchemaKeeper, type SlicePredicate, DEFAULT_REQUEST_TIMEOUTS, openNodeStorage } from '../db/index.js';
import { lookupColumnFamily } from '../db/operations/column-family-lookup.js';
import { type ColumnFamilyDef, type KeyspaceDef, isSystemKeyspace } from '../schema/index.js';
import { LocalDataStore } from '../service/local-data-store.js';
import type { StorageEngine, StorageEngineConfig } from '../storage/storage-engine.js';
import type { ColumnFamilyCodec } from './column-family-codec.js';
import { EmbeddedCql } from './embedded-cql.js';
import type { Row, SuperRow } from './js-values.js';
import type { DecodedRow, OperationsBackend } from './operations-backend.js';

export interface EmbeddedBackendConfig {
  readonly env: Env;
  readonly dataDir: string;
  readonly partitioner: Partitioner;
  readonly options?: StorageEngineConfig['options'];
}

export class EmbeddedBackend implements OperationsBackend {
  readonly partitionerName: string;
  private readonly embeddedCql: EmbeddedCql;
  private readonly ops: ThriftOperations;

  private constructor(
    private readonly engine: StorageEngine,
    private readonly keeper: SchemaKeeper,
    ops: LocalOperations,
    private readonly lock: DataDirLock,
    partitioner: Partitioner,
    env: Env,
  ) {
    this.partitionerName = partitioner.name;
    this.ops = new ThriftOperations({ ...ops.ctx, store: new LocalDataStore(ops.ctx), env, timeouts: DEFAULT_REQUEST_TIMEOUTS });
    this.embeddedCql = new EmbeddedCql({ env, keeper, ops, partitioner });
  }

  static async open(cfg: EmbeddedBackendConfig): Promise<EmbeddedBackend> {
    const lock = lockDataDir(cfg.env, cfg.dataDir);
    try {
      const { engine, keeper } = await openNodeStorage({ env: cfg.env, dataDir: cfg.dataDir, partitioner: cfg.partitioner, options: cfg.options });
      return new EmbeddedBackend(engine, keeper, new LocalOperations(keeper, engine, cfg.env, cfg.partitioner), lock, cfg.partitioner, cfg.env);
    } catch (e) {
      lock.release();
      throw e;
    }
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
  }
  async addColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.keeper.addColumnFamily(def);
  }
  async updateColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.keeper.updateColumnFamily(def);
  }
  async dropKeyspace(keyspace: string): Promise<void> {
    await this.keeper.dropKeyspace(keyspace);
  }
  async dropColumnFamily(keyspace: string, columnFamily: string): Promise<void> {
    await this.keeper.dropColumnFamily(keyspace, columnFamily);
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
    return this.embeddedCql.run(keyspace, query, values);
  }

  /** The LOCK goes even when closing fails: the engine takes no more writes either way. */
  async close(): Promise<void> {
    try {
      await this.engine.close();
    } finally {
      this.lock.release();
    }
  }
}
