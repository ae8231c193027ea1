/**
 * The in-process OperationsBackend: the node's storage engine, durable schema (SchemaKeeper) and
 * LocalOperations in this process. Synchronous reads are wrapped so their typed errors arrive as
 * rejections, the same as a network backend's would.
 */
import type { Env } from '../env/index.js';
import type { Partitioner } from '../dht/index.js';
import { type Column, type ColumnOrSuperColumn, type ColumnParent, type ColumnPath, type IndexClause, type KeyRange, type KeySlice, LocalOperations, type MutationMap, type SchemaKeeper, type SlicePredicate, openNodeStorage } from '../db/index.js';
import { lookupColumnFamily } from '../db/operations/column-family-lookup.js';
import type { ColumnFamilyDef, KeyspaceDef } from '../schema/index.js';
import type { StorageEngine, StorageEngineConfig } from '../storage/storage-engine.js';
import type { OperationsBackend } from './operations-backend.js';

export interface EmbeddedBackendConfig {
  readonly env: Env;
  readonly dataDir: string;
  readonly partitioner: Partitioner;
  readonly options?: StorageEngineConfig['options'];
}

export class EmbeddedBackend implements OperationsBackend {
  readonly partitionerName: string;

  private constructor(
    private readonly engine: StorageEngine,
    private readonly keeper: SchemaKeeper,
    private readonly ops: LocalOperations,
    partitioner: Partitioner,
  ) {
    this.partitionerName = partitioner.name;
  }

  static async open(cfg: EmbeddedBackendConfig): Promise<EmbeddedBackend> {
    const { engine, keeper } = await openNodeStorage({ env: cfg.env, dataDir: cfg.dataDir, partitioner: cfg.partitioner, options: cfg.options });
    return new EmbeddedBackend(engine, keeper, new LocalOperations(keeper, engine, cfg.env, cfg.partitioner), cfg.partitioner);
  }

  async columnFamilyDef(keyspace: string, columnFamily: string): Promise<ColumnFamilyDef> {
    return lookupColumnFamily(this.keeper.schema, keyspace, columnFamily);
  }
  async keyspaceDef(keyspace: string): Promise<KeyspaceDef | undefined> {
    return this.keeper.schema.keyspace(keyspace);
  }
  async addKeyspace(def: KeyspaceDef): Promise<void> {
    await this.keeper.addKeyspace(def);
  }
  async addColumnFamily(def: ColumnFamilyDef): Promise<void> {
    await this.keeper.addColumnFamily(def);
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
  async getSlice(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<ColumnOrSuperColumn[]> {
    return this.ops.getSlice(keyspace, key, parent, predicate);
  }
  async multigetSlice(keyspace: string, keys: readonly Buffer[], parent: ColumnParent, predicate: SlicePredicate): Promise<KeySlice[]> {
    return this.ops.multigetSlice(keyspace, keys, parent, predicate);
  }
  async getCount(keyspace: string, key: Buffer, parent: ColumnParent, predicate: SlicePredicate): Promise<number> {
    return this.ops.getCount(keyspace, key, parent, predicate);
  }
  async getRangeSlices(keyspace: string, parent: ColumnParent, predicate: SlicePredicate, range: KeyRange): Promise<KeySlice[]> {
    return this.ops.getRangeSlices(keyspace, parent, predicate, range);
  }
  async getIndexedSlices(keyspace: string, parent: ColumnParent, clause: IndexClause, predicate: SlicePredicate): Promise<KeySlice[]> {
    return this.ops.getIndexedSlices(keyspace, parent, clause, predicate);
  }
  async insert(keyspace: string, key: Buffer, parent: ColumnParent, column: Column): Promise<void> {
    await this.ops.insert(keyspace, key, parent, column);
  }
  async remove(keyspace: string, key: Buffer, path: ColumnPath, timestamp: bigint): Promise<void> {
    await this.ops.remove(keyspace, key, path, timestamp);
  }
  async batchMutate(keyspace: string, mutations: MutationMap): Promise<void> {
    await this.ops.batchMutate(keyspace, mutations);
  }
  async truncate(keyspace: string, columnFamily: string): Promise<void> {
    await this.ops.truncate(keyspace, columnFamily);
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
