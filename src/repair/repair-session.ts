/**
 * The repair coordinator (Cassandra's RepairSession / RepairJob, sequentially): for a keyspace and
 * some or all of its tables, every token range this node replicates is compared across its
 * replicas. Each replica builds its Merkle tree of the range (VALIDATION_REQ; this node's own
 * locally), the trees are compared pairwise, and for every pair that disagrees each side pulls the
 * differing sub-ranges from the other (SYNC_REQ; this node's own pull locally), so after a repair
 * every replica holds the newest of every cell and deletion.
 *
 * Refused up front with RepairReplicaDownError when any replica of those ranges is down, as
 * Cassandra does. Validation is at one instant (the coordinator's `nowSec`) so TTLs are judged
 * alike. Ranges and tables are repaired one after the other; a failure stops the repair with
 * RepairFailedError (what was synced before stays synced: repair is idempotent).
 */
import type { Clock } from '../env/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { Range, Token } from '../dht/index.js';
import { type Endpoint, type RangeReplicas, rangeAddresses } from '../locator/index.js';
import type { ColumnFamilyDef, KeyspaceDef } from '../schema/index.js';
import type { LivenessOracle, RingProvider } from '../service/coordinator/seams.js';
import { addressOf } from '../service/coordinator/endpoint-address.js';
import { MerkleTree } from './merkle-tree.js';
import type { RepairReplicaContext } from './repair-context.js';
import { RepairFailedError, RepairReplicaDownError } from './repair-errors.js';
import { pullRanges } from './sync.js';
import { buildValidationTree } from './validation.js';
import { decodeSyncResponse, encodeSyncRequest, type SyncResult } from './wire/sync-message.js';
import { decodeValidationResponse, encodeValidationRequest } from './wire/validation-message.js';

export interface RepairDeps {
  /** This node's own validation and sync work. */
  readonly replica: RepairReplicaContext;
  readonly self: Endpoint;
  readonly rings: RingProvider;
  readonly liveness: LivenessOracle;
  readonly clock: Clock;
  keyspace(name: string): KeyspaceDef | undefined;
}

export interface RepairOptions {
  /** Merkle tree depth per range (default 10: 1024 leaves). */
  readonly depth?: number;
  /** Timeout of each validation and sync request (default: the verbs'). */
  readonly timeoutMs?: number;
}

export interface TableRepairReport {
  readonly table: string;
  /** Ranges whose replicas' trees were compared. */
  readonly rangesCompared: number;
  /** Of those, ranges where some pair of replicas disagreed. */
  readonly rangesOutOfSync: number;
  /** Differing sub-ranges pulled (one per direction per disagreeing pair). */
  readonly syncs: number;
  /** Partitions applied by the syncs, over all replicas. */
  readonly partitionsStreamed: number;
}

export interface RepairReport {
  readonly keyspace: string;
  readonly tables: readonly TableRepairReport[];
}

export const DEFAULT_REPAIR_DEPTH = 10;

/** `repair(keyspace, tables?)`: what `nodetool repair` will call on this node. */
export class RepairService {
  constructor(
    private readonly deps: RepairDeps,
    private readonly options: RepairOptions = {},
  ) {}

  repair(keyspace: string, tables?: readonly string[], options: RepairOptions = this.options): Promise<RepairReport> {
    return new RepairSession(this.deps, keyspace, tables, options).run();
  }
}

export class RepairSession {
  private readonly nowSec: number;

  constructor(
    private readonly d: RepairDeps,
    readonly keyspace: string,
    private readonly tableNames: readonly string[] | undefined,
    private readonly options: RepairOptions,
  ) {
    this.nowSec = Math.floor(d.clock.nowMs() / 1000);
  }

  async run(): Promise<RepairReport> {
    const ks = this.d.keyspace(this.keyspace);
    if (ks === undefined) throw new InvalidRequestError(`Keyspace ${this.keyspace} does not exist`);
    const tables = this.tablesOf(ks);
    const ring = this.d.rings.ring();
    const strategy = this.d.rings.placement(this.keyspace).strategy;
    const ranges = rangeAddresses(strategy, ring).filter((r) => r.endpoints.includes(this.d.self) && r.endpoints.length > 1);
    const down = [...new Set(ranges.flatMap((r) => r.endpoints))].filter((e) => !this.d.liveness.isAlive(e)).sort();
    if (down.length > 0) throw new RepairReplicaDownError(this.keyspace, down);
    const reports: TableRepairReport[] = [];
    for (const cf of tables) reports.push(await this.repairTable(cf, ranges));
    return { keyspace: this.keyspace, tables: reports };
  }

  private tablesOf(ks: KeyspaceDef): ColumnFamilyDef[] {
    if (this.tableNames === undefined) return [...ks.tables];
    return this.tableNames.map((name) => {
      const cf = ks.tables.find((t) => t.name === name);
      if (cf === undefined) throw new InvalidRequestError(`Table ${this.keyspace}.${name} does not exist`);
      return cf;
    });
  }

  private async repairTable(cf: ColumnFamilyDef, ranges: readonly RangeReplicas[]): Promise<TableRepairReport> {
    let outOfSync = 0;
    let syncs = 0;
    let partitionsStreamed = 0;
    for (const { range, endpoints } of ranges) {
      const trees = await Promise.all(endpoints.map((e) => this.validate(cf, range, e)));
      let differs = false;
      for (let i = 0; i < endpoints.length; i++) {
        for (let j = i + 1; j < endpoints.length; j++) {
          const diff = this.difference(cf, range, trees[i]!, trees[j]!);
          if (diff.length === 0) continue;
          differs = true;
          const [a, b] = [endpoints[i]!, endpoints[j]!];
          const results = await Promise.all([this.sync(cf, a, b, diff), this.sync(cf, b, a, diff)]);
          syncs += 2 * diff.length;
          for (const r of results) partitionsStreamed += r.partitions;
        }
      }
      if (differs) outOfSync++;
    }
    return { table: cf.name, rangesCompared: ranges.length, rangesOutOfSync: outOfSync, syncs, partitionsStreamed };
  }

  private async validate(cf: ColumnFamilyDef, range: Range<Token>, e: Endpoint): Promise<MerkleTree<Token>> {
    const depth = this.options.depth ?? DEFAULT_REPAIR_DEPTH;
    const r = this.d.replica;
    try {
      if (e === this.d.self) return await buildValidationTree(r.local, cf, r.partitioner, range, depth, this.nowSec, r.pageSize);
      const payload = encodeValidationRequest({ tableId: cf.id, nowSec: this.nowSec, depth, range });
      const answer = await r.messaging.request(addressOf(e), { verb: 'VALIDATION_REQ', payload }, this.requestOptions());
      return decodeValidationResponse(answer.payload, r.partitioner);
    } catch (err) {
      throw new RepairFailedError(`Validation of ${cf.keyspace}.${cf.name} ${range.toString()} on ${e} failed: ${messageOf(err)}`, { cause: err });
    }
  }

  private difference(cf: ColumnFamilyDef, range: Range<Token>, a: MerkleTree<Token>, b: MerkleTree<Token>): Range<Token>[] {
    try {
      return MerkleTree.difference(a, b);
    } catch (err) {
      throw new RepairFailedError(`Trees of ${cf.keyspace}.${cf.name} ${range.toString()} cannot be compared: ${messageOf(err)}`, { cause: err });
    }
  }

  /** `target` pulls `ranges` of the table from `source`. */
  private async sync(cf: ColumnFamilyDef, target: Endpoint, source: Endpoint, ranges: readonly Range<Token>[]): Promise<SyncResult> {
    const r = this.d.replica;
    try {
      if (target === this.d.self) return await pullRanges(r, cf, source, ranges, this.nowSec, true, 'Repair');
      const payload = encodeSyncRequest({ tableId: cf.id, nowSec: this.nowSec, source, ranges, viewUpdates: true });
      const answer = await r.messaging.request(addressOf(target), { verb: 'SYNC_REQ', payload }, this.requestOptions());
      return decodeSyncResponse(answer.payload);
    } catch (err) {
      throw new RepairFailedError(`Sync of ${cf.keyspace}.${cf.name} on ${target} from ${source} failed: ${messageOf(err)}`, { cause: err });
    }
  }

  private requestOptions(): { timeoutMs?: number } {
    return this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs };
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
