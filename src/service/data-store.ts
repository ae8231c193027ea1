/**
 * The coordinator seam: every read and write a CQL statement makes goes through a DataStore.
 * On one node it is the local engine (local-data-store.ts); with a cluster the coordinator
 * (storage-proxy.ts: replicas, consistency levels, hints, read repair) implements the same
 * interface, so statements never change. It lives in the service layer, below the CQL layer, which
 * re-exports it. Virtual tables (system.local, system_schema.*) are served by their own store.
 * Secondary index entries are read (and stale ones removed) per index partition: on a cluster each
 * replica indexes its own data, so the coordinator asks each token range's replicas, at the
 * consistency level, for their entries of that range (coordinator/index-executor.ts).
 *
 * Reads take the engine's SliceQuery (name slices, direction, cell and row limits) and return the
 * engine's PartitionResult; range scans go by partitioner position. Writes are partition updates,
 * each atomic and isolated. `withPartitionLock` serialises read-modify-write on one partition
 * among the requests this node runs (counters, list element assignment by index); `cas` is the
 * compare-and-set of conditional statements (IF …): linearizable per partition — on one node under
 * the partition lock (locked-cas.ts), on a cluster by Paxos (paxos/coordinate-cas.ts).
 */
import type { ColumnFamilyDef, IndexDef } from '../schema/index.js';
import type { Cell, PartitionUpdate } from '../storage/model/index.js';
import type { PartitionResult } from '../storage/read/partition-reader.js';
import type { SliceQuery } from '../storage/read/slice-query.js';
import type { PositionBound, ScannedPartition } from '../storage/table-store.js';
import type { Consistency } from '../locator/index.js';
import type { TraceSink } from '../util/trace-sink.js';

export type { PartitionResult, PositionBound, ScannedPartition, SliceQuery };

/** One partition update addressed to a table. */
export interface TableWrite {
  readonly cf: ColumnFamilyDef;
  readonly update: PartitionUpdate;
}

/** How a set of writes is applied. */
export interface ApplyOptions {
  /**
   * A LOGGED batch: on a cluster, writes to more than one partition are first stored in the batch
   * log of other nodes, so a coordinator failing midway leaves them to be replayed.
   */
  readonly logged?: boolean;
  /** The traced request's sink: the coordinator and the local write say what they do. */
  readonly trace?: TraceSink;
  /**
   * Base rows written without their views' updates (a range movement's stream, whose views are
   * streamed too). Only the local store honours it; a coordinator sends replicas ordinary writes.
   */
  readonly withoutViews?: boolean;
}

/** What a compare-and-set decision reads the current data through (at the serial read level). */
export type CasReader = Pick<DataStore, 'read'>;

/** A compare-and-set's outcome: the write to make (null: none, the condition failed) and the caller's result. */
export interface CasDecision<T> {
  readonly write: TableWrite | null;
  readonly result: T;
}

/** The serial level (SERIAL / LOCAL_SERIAL) of the Paxos rounds and the level the commit is acknowledged at. */
export interface CasLevels {
  readonly serial: Consistency;
  readonly commit: Consistency;
}

/**
 * Reads through the reader and decides; called again when a Paxos round lost to contention, so it
 * must not act on anything but its result. `timestamp`, when given, is the write timestamp the
 * decision's write must carry (the ballot's microsecond: later rounds always supersede earlier
 * ones); undefined on one node, where the statement's own timestamp stands.
 */
export type CasDecide<T> = (reader: CasReader, timestamp: bigint | undefined) => Promise<CasDecision<T>>;

/**
 * `readMany` of one key: what every DataStore's `read` is, so that reading partitions has one path
 * per store (one key its smallest case).
 */
export function readOne(store: Pick<DataStore, 'readMany'>, cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
  return store.readMany(cf, [key], query, cl, nowSec).then(first);
}

const first = (results: readonly (PartitionResult | null)[]): PartitionResult | null => results[0]!;

export interface DataStore {
  /** One partition (null when it holds nothing the query asked for): `readMany` of one (`readOne`). */
  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null>;
  /** `read` of each key with the same query (a multiget, an IN), answers in `keys` order. */
  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: Consistency, nowSec: number): Promise<(PartitionResult | null)[]>;
  /**
   * Partitions in position order between two partitioner positions (`from`/`to` undefined: the
   * ring's ends), at most `partitionLimit` of them.
   */
  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: Consistency, nowSec: number): Promise<ScannedPartition[]>;
  /** Applies updates; each partition's update is atomic. Resolves when all are durable per the consistency level. */
  apply(writes: readonly TableWrite[], cl: Consistency, how?: ApplyOptions): Promise<void>;
  /** Runs `fn` while no other locked section of this partition runs (read-modify-write). */
  withPartitionLock<T>(cf: ColumnFamilyDef, key: Buffer, fn: () => Promise<T>): Promise<T>;
  /**
   * Compare-and-set on one partition of `cf`: `decide` reads the current data and names the write
   * (the write's partition must be `key`). Resolves with the decision's result once its write is
   * committed at `levels.commit`.
   */
  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T>;
  truncate(cf: ColumnFamilyDef): Promise<void>;
  /**
   * Entries of one partition of a secondary index of `cf` — a CQL index (db/cql-index) or a Thrift
   * KEYS index: the partition key is the indexed value, entry names start with the base rows'
   * positions — in name (token) order, at most `cellLimit` live ones; null when there are none.
   * `truncated`: the limit was reached, more may follow. On a cluster the query reads forward
   * without a group limit.
   */
  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null>;
  /**
   * Entries a query found stale (their base rows no longer match): each is checked again against
   * the base data and deleted if it still is stale. Best effort: resolves either way.
   */
  cleanIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void>;
}
