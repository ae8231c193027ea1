/**
 * The coordinator (Cassandra's StorageProxy): the DataStore the CQL layer and the 0.7 operations
 * call, on a cluster. Reads, scans and writes go to the key's replicas per consistency level
 * (coordinator/read-executor.ts, range-executor.ts, write-executor.ts); this node's own copy is
 * served by `local` (the single-node LocalDataStore) without the network, so on a ring of one node
 * every call is exactly the local store's.
 *
 * LOGGED batches over several partitions are stored in other nodes' batch logs first
 * (batchlog/coordinate-logged-batch.ts), replayed by them if this node dies midway.
 * Compare-and-set (`cas`, conditional statements) and reads at SERIAL / LOCAL_SERIAL run Paxos
 * (paxos/coordinate-cas.ts, paxos/serial-read.ts) on a ring of more than one node; on one node,
 * the local store's lock as before. Scans at SERIAL are range reads counting replicas as QUORUM
 * does (Cassandra 4.0). Every read checks its level against the keyspace's replicas on any ring
 * size, a ring of one node included.
 *
 * Secondary index reads (`readIndex`: CQL indexes, Thrift KEYS indexes) walk the ring's token
 * ranges, asking each range's replicas at the level for their own entries (each replica indexes
 * only its data); stale entries go back to their base rows' replicas (coordinator/index-executor.ts).
 *
 * Not coordinated yet, by design for this step:
 * - `withPartitionLock` locks on this node only. Read-modify-write outside Paxos (counters, list
 *   index assignment) is serialised only among requests this node coordinates.
 * - TRUNCATE needs every node of the ring (joining ones too) alive (UnavailableError at ALL otherwise).
 * - An index still being built on some replica (CREATE INDEX on a table with rows) is refused
 *   only by the coordinator's own build state; a replica still building answers what it has.
 * - A range page travels as one message: a page larger than the internode frame limit fails
 *   (callers page with modest partition limits, as the CQL layer does).
 */
import { InvalidRequestError, TruncateError, UnavailableError } from '../errors/index.js';
import { isSerialConsistency } from '../locator/index.js';
import type { Env } from '../env/index.js';
import type { Consistency, Endpoint, Snitch } from '../locator/index.js';
import type { MessagingService } from '../net/index.js';
import type { ColumnFamilyDef, IndexDef } from '../schema/index.js';
import type { Cell } from '../storage/model/index.js';
import { type ApplyOptions, type CasDecide, type CasLevels, type DataStore, type PartitionResult, type PositionBound, type ScannedPartition, type SliceQuery, type TableWrite, readOne } from './data-store.js';
import { addressOf } from './coordinator/endpoint-address.js';
import type { ProxyDeps } from './coordinator/proxy-deps.js';
import { coordinateIndexClean, coordinateIndexRead } from './coordinator/index-executor.js';
import { coordinateScan } from './coordinator/range-executor.js';
import { coordinateReads } from './coordinator/read-executor.js';
import { selectionInputs, uniformReadTargets } from './coordinator/replica-selection.js';
import { collect, CollectTimeout } from './coordinator/response-collector.js';
import { type HintSink, type LivenessOracle, NO_HINTS, type RingProvider } from './coordinator/seams.js';
import { DEFAULT_STORAGE_PROXY_OPTIONS, type StorageProxyOptions } from './coordinator/storage-proxy-options.js';
import { coordinateWrites } from './coordinator/write-executor.js';
import { coordinateLoggedBatch } from './batchlog/coordinate-logged-batch.js';
import { BallotClock } from './paxos/ballot-clock.js';
import { coordinateCas } from './paxos/coordinate-cas.js';
import type { PaxosAcceptor } from './paxos/paxos-acceptor.js';
import { coordinateSerialRead } from './paxos/serial-read.js';
import { encodeTruncate } from './wire/truncate-message.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import type { TableMetricsRegistry } from '../storage/metrics/table-metrics.js';
import { COORDINATOR_READ, COORDINATOR_SCAN, COORDINATOR_WRITE, timedForTables } from './coordinator/coordinator-metrics.js';

export interface StorageProxyConfig {
  readonly env: Env;
  readonly messaging: MessagingService;
  /** This node's endpoint on the ring. */
  readonly self: Endpoint;
  /** This node's own data (a LocalDataStore). */
  readonly local: DataStore;
  readonly rings: RingProvider;
  readonly liveness: LivenessOracle;
  readonly snitch: Snitch;
  readonly hints?: HintSink;
  readonly options?: StorageProxyOptions;
  /** This node's Paxos state, shared with its replica handlers (compare-and-set on a multi-node ring needs it). */
  readonly paxos?: PaxosAcceptor;
  /** Where best-effort work nobody waits for (cleaning stale index entries) reports failures (a node passes its own; default: counted, not logged). */
  readonly background?: BackgroundSupervisor;
  /** Where the coordinator's per-table latencies go (the node's registry, shared with its engine); none: not recorded. */
  readonly metrics?: TableMetricsRegistry;
}

export class StorageProxy implements DataStore {
  private readonly d: ProxyDeps;
  private readonly metrics: TableMetricsRegistry | undefined;

  constructor(config: StorageProxyConfig) {
    this.metrics = config.metrics;
    this.d = {
      env: config.env,
      messaging: config.messaging,
      self: config.self,
      local: config.local,
      rings: config.rings,
      liveness: config.liveness,
      snitch: config.snitch,
      hints: config.hints ?? NO_HINTS,
      options: config.options ?? DEFAULT_STORAGE_PROXY_OPTIONS,
      selection: selectionInputs(config.self, config.snitch, config.liveness),
      paxos: config.paxos,
      background: config.background ?? new BackgroundSupervisor(() => undefined),
      ballots: new BallotClock(config.env.clock, config.env.random),
      readRepair: { attempted: 0, repairedBlocking: 0 },
    };
  }

  /** The coordinator's wiring, for tests that drive Paxos rounds by hand (a coordinator dying mid-operation). */
  get deps(): ProxyDeps {
    return this.d;
  }

  read(cf: ColumnFamilyDef, key: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    return readOne(this, cf, key, query, cl, nowSec);
  }

  readMany(cf: ColumnFamilyDef, keys: readonly Buffer[], query: SliceQuery, cl: Consistency, nowSec: number): Promise<(PartitionResult | null)[]> {
    const serial = isSerialConsistency(cl);
    // Cassandra 4.0 (StorageProxy.read of a partition group at SERIAL) refuses more than one
    // partition, on any ring size.
    if (serial && keys.length > 1) return Promise.reject(new InvalidRequestError('SERIAL/LOCAL_SERIAL consistency may only be requested for one partition at a time'));
    const work = serial && this.multiNode() && keys.length === 1 ? coordinateSerialRead(this.d, cf, keys[0]!, query, cl, nowSec).then((r) => [r]) : coordinateReads(this.d, cf, keys, query, cl, nowSec);
    return timedForTables(this.metrics, cf.id, COORDINATOR_READ, serial ? 'CASRead' : 'Read', cl, work);
  }

  scan(cf: ColumnFamilyDef, from: PositionBound | undefined, to: PositionBound | undefined, query: SliceQuery, partitionLimit: number, cl: Consistency, nowSec: number): Promise<ScannedPartition[]> {
    // A scan at SERIAL / LOCAL_SERIAL is an ordinary range read whose replicas count as QUORUM /
    // LOCAL_QUORUM do, without Paxos, on any ring size: Cassandra 4.0's PartitionRangeReadCommand.execute
    // goes straight to StorageProxy.getRangeSlice → RangeCommands.partitions with the level; only
    // readWithPaxos (single-partition groups) refuses "… one partition at a time".
    return timedForTables(this.metrics, cf.id, COORDINATOR_SCAN, 'RangeSlice', cl, coordinateScan(this.d, cf, from, to, query, partitionLimit, cl, nowSec));
  }

  /** A LOGGED batch over several partitions on a multi-node ring goes through the batch log of other nodes. */
  apply(writes: readonly TableWrite[], cl: Consistency, how?: ApplyOptions): Promise<void> {
    const tableIds = writes.length === 1 ? writes[0]!.cf.id : [...new Set(writes.map((w) => w.cf.id))];
    return timedForTables(this.metrics, tableIds, COORDINATOR_WRITE, writes.length > 1 ? 'Batch' : 'Write', cl, this.coordinateApply(writes, cl, how));
  }

  private coordinateApply(writes: readonly TableWrite[], cl: Consistency, how?: ApplyOptions): Promise<void> {
    if (how?.logged === true && writes.length > 1 && this.multiNode()) {
      try {
        return coordinateLoggedBatch(this.d, writes, cl);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return coordinateWrites(this.d, writes, cl, how?.trace);
  }

  /** Local only (see the header). */
  withPartitionLock<T>(cf: ColumnFamilyDef, key: Buffer, fn: () => Promise<T>): Promise<T> {
    return this.d.local.withPartitionLock(cf, key, fn);
  }

  /** Paxos on a ring of more than one node; the local store's locked compare-and-set on one. */
  cas<T>(cf: ColumnFamilyDef, key: Buffer, levels: CasLevels, decide: CasDecide<T>): Promise<T> {
    const work = this.multiNode() ? coordinateCas(this.d, cf, key, levels, decide) : this.d.local.cas(cf, key, levels, decide);
    return timedForTables(this.metrics, [], COORDINATOR_WRITE, 'CASWrite', levels.serial, work);
  }

  async truncate(cf: ColumnFamilyDef): Promise<void> {
    const ring = this.d.rings.ring();
    const everyone = [...new Set([...ring.normalEndpoints(), ...ring.bootstrappingEndpoints()])];
    if (everyone.length <= 1) return this.d.local.truncate(cf);
    const alive = everyone.filter((e) => this.d.liveness.isAlive(e));
    if (alive.length < everyone.length) throw new UnavailableError('Cannot perform truncate: not every node of the ring is up', 'ALL', everyone.length, alive.length);
    const payload = encodeTruncate(cf.id);
    try {
      await collect(this.d.env.timers, everyone, everyone.length, this.d.options.truncateTimeoutMs, async (e) => {
        if (e === this.d.self) return this.d.local.truncate(cf);
        await this.d.messaging.request(addressOf(e), { verb: 'TRUNCATE', payload }, { timeoutMs: this.d.options.truncateTimeoutMs });
      });
    } catch (e) {
      const why = e instanceof CollectTimeout ? `only ${e.received} of ${everyone.length} nodes answered in time` : 'a node failed to truncate';
      throw new TruncateError(`Truncate of ${cf.keyspace}.${cf.name} failed: ${why}`, { cause: e });
    }
  }

  /** Each token range's entries from the replicas its level needs (coordinator/index-executor.ts); on one node the local store's. */
  readIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, query: SliceQuery, cl: Consistency, nowSec: number): Promise<PartitionResult | null> {
    // At SERIAL an index query is a range read counted as QUORUM counts, as scans are (Cassandra 4.0).
    return coordinateIndexRead(this.d, cf, index, indexKey, query, cl, nowSec);
  }

  /** Stale entries handed to the replicas of their base rows, best effort (coordinator/index-executor.ts). */
  cleanIndex(cf: ColumnFamilyDef, index: IndexDef, indexKey: Buffer, entries: readonly Cell[]): Promise<void> {
    return coordinateIndexClean(this.d, cf, index, indexKey, entries).catch((e: unknown) => this.d.background.report('index-clean', e, `${cf.keyspace}.${cf.name} index ${index.name}`));
  }

  private multiNode(): boolean {
    return this.d.rings.ring().normalEndpoints().length > 1;
  }
}
