/**
 * A cluster in one process for the coordinator's tests: N nodes on one SimEnv, each with its own
 * storage engine (its own directory of the shared MemoryFileSystem), its own MessagingService on
 * 127.0.0.i:7000 with the replica verbs registered, and its own StorageProxy. Tokens are spread
 * evenly over Murmur3's ring; one keyspace `ks` with a Standard column family `t` (UTF8 names)
 * is added to every node's schema (same ids everywhere, as schema agreement would leave them).
 * Node i has host id `00000000-0000-4000-8000-<i+1 in 12 hex digits>`. Hints go to an in-memory
 * sink, or with `hints` to a real HintsService per node (`/node<i>/hints`, delivered over HINT).
 * `restart()` reopens every node's storage and hints after a power loss (`env.fs.crash()`);
 * `crashNode(i)` is the power loss of node i alone (its directory only) and its restart. With
 * `clockSkewMs`, node i's storage, Paxos and coordinator read a wall clock off by that much
 * (timers and messaging stay on the shared simulated time).
 */
import { Murmur3Partitioner } from '../../../src/dht/index.js';
import { openNodeStorage } from '../../../src/db/open-node-storage.js';
import { LocalOperations } from '../../../src/db/operations/local-operations.js';
import type { Clock, Env, SimEnv } from '../../../src/env/index.js';
import { type Consistency, type Endpoint, type Location, type Snitch, SimpleSnitch, TokenMetadata, endpoint as ringEndpoint } from '../../../src/locator/index.js';
import { type ReplicationInput, type ColumnFamilyDef, type KeyspaceDef, createKeyspace } from '../../../src/schema/index.js';
import { BOTTOM, TOP, liveCell, tombstoneCell } from '../../../src/storage/model/index.js';
import type { SchemaKeeper } from '../../../src/db/system-schema.js';
import type { StorageEngine } from '../../../src/storage/storage-engine.js';
import { newSimEnv, simAwait, startSimNode } from '../net-sim.js';
import type { MessagingService } from '../../../src/net/index.js';
import { DEFAULT_HINTS_OPTIONS, HintsService, type HintsOptions } from '../../../src/hints/index.js';
import { RecordingNetLogger } from '../net-sim.js';
import { DownSetLiveness, type HintSink, MemoryHintSink } from '../../../src/service/coordinator/seams.js';
import { MessagingHintDelivery } from '../../../src/service/hints/hint-delivery.js';
import { RingHintsLiveness } from '../../../src/service/hints/hints-liveness.js';
import { HintsServiceSink } from '../../../src/service/hints/hints-sink.js';
import { SchemaRingProvider } from '../../../src/service/coordinator/ring-providers.js';
import { storageProxyOptions } from '../../../src/service/coordinator/storage-proxy-options.js';
import { GroupLengths } from '../../../src/service/group-length.js';
import { LocalDataStore } from '../../../src/service/local-data-store.js';
import { registerReplicaHandlers } from '../../../src/service/replica/register-replica-handlers.js';
import { StorageProxy } from '../../../src/service/storage-proxy.js';
import { PaxosAcceptor } from '../../../src/service/paxos/paxos-acceptor.js';
import { PaxosStateTable } from '../../../src/db/paxos-table.js';
import { RowLocks } from '../../../src/db/operations/row-locks.js';
import { BatchlogTable } from '../../../src/db/batchlog-table.js';
import { BatchlogReplayer } from '../../../src/service/batchlog/batchlog-replay.js';
import { BackgroundSupervisor } from '../../../src/util/background-supervisor.js';
import { TextColumnsTable } from './text-columns.js';

export const partitioner = new Murmur3Partitioner();

export interface SimClusterNode {
  readonly endpoint: Endpoint;
  readonly hostId: string;
  readonly messaging: MessagingService;
  /** Storage and coordinator: replaced by `SimCluster.restart()`. */
  engine: StorageEngine;
  local: LocalDataStore;
  proxy: StorageProxy;
  readonly hints: MemoryHintSink;
  /** The node's hints on disk (with the `hints` option). */
  hintsService: HintsService | undefined;
  readonly rings: SchemaRingProvider;
  keeper: SchemaKeeper;
  ops: LocalOperations;
  batchlog: BatchlogTable;
  /** Not started: tests replay on demand or start it. */
  replayer: BatchlogReplayer;
  /** Failures of the node's background work (engine, hints, batchlog replay), counted. */
  readonly background: BackgroundSupervisor;
}

export interface SimClusterOptions {
  readonly seed: number;
  readonly nodes: number;
  readonly replication: ReplicationInput;
  /** Node i's data center and rack (default: SimpleSnitch's one place). */
  readonly locationOf?: (i: number) => Location;
  readonly writeTimeoutMs?: number;
  readonly readTimeoutMs?: number;
  /** How many of the last nodes are still joining: on the ring with bootstrap tokens (pending replicas). */
  readonly bootstrapping?: number;
  /** Tokens per normal node (vnodes), interleaved evenly around the ring; default 1. */
  readonly tokensPerNode?: number;
  /** Real hinted handoff (HintsService per node) with these options instead of the in-memory sink. */
  readonly hints?: Partial<HintsOptions>;
  /** Node i's wall-clock offset in ms (default 0). */
  readonly clockSkewMs?: (i: number) => number;
}

export function simHostId(i: number): string {
  return `00000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`;
}

class TableSnitch implements Snitch {
  readonly name = 'TestSnitch';
  constructor(private readonly table: ReadonlyMap<Endpoint, Location>) {}
  location(e: Endpoint): Location {
    return this.table.get(e) ?? { datacenter: 'nowhere', rack: 'nowhere' };
  }
}

export class SimCluster extends TextColumnsTable {
  private constructor(
    readonly env: SimEnv,
    readonly nodes: readonly SimClusterNode[],
    readonly liveness: DownSetLiveness,
    readonly ring: TokenMetadata,
    readonly keyspace: KeyspaceDef,
    readonly cf: ColumnFamilyDef,
    private readonly wiring: NodeWiring,
  ) {
    super();
  }

  static async start(o: SimClusterOptions): Promise<SimCluster> {
    const env = newSimEnv(o.seed);
    const endpoints = Array.from({ length: o.nodes }, (_, i) => ringEndpoint(`127.0.0.${i + 1}`));
    const snitch: Snitch = o.locationOf === undefined ? new SimpleSnitch() : new TableSnitch(new Map(endpoints.map((e, i) => [e, o.locationOf!(i)])));
    let ring = TokenMetadata.empty(partitioner, snitch);
    const normal = o.nodes - (o.bootstrapping ?? 0);
    const vnodes = o.tokensPerNode ?? 1;
    const span = 2n ** 64n / BigInt(normal * vnodes);
    const normalToken = (t: number) => -(2n ** 63n) + span * BigInt(t) + span / 2n;
    endpoints.forEach((e, i) => {
      // Node i owns tokens i, i + normal, i + 2·normal, …; a joining node takes the middle of a
      // normal node's first range: (token i, middle] becomes pending for it.
      const own = Array.from({ length: vnodes }, (_, j) => normalToken(i + j * normal));
      ring = i < normal ? ring.withNormalTokens(e, own) : ring.withBootstrapTokens(e, [normalToken(i - normal) + span / 2n]);
    });
    ring = endpoints.reduce((r, e, i) => r.withHostId(e, simHostId(i)), ring);
    const keyspace = createKeyspace({ name: 'ks', replication: o.replication, tables: [{ name: 't', comparator: 'UTF8Type', keyValidator: 'UTF8Type' }] }, env.random);
    const liveness = new DownSetLiveness();
    const options = storageProxyOptions({ write_request_timeout_in_ms: o.writeTimeoutMs ?? 200, read_request_timeout_in_ms: o.readTimeoutMs ?? 300, range_request_timeout_in_ms: 500, truncate_request_timeout_in_ms: 500 });
    const wiring: NodeWiring = { env, liveness, snitch, options, hintsOptions: o.hints, skewMs: o.clockSkewMs ?? (() => 0) };
    const nodes: SimClusterNode[] = [];
    for (let i = 0; i < o.nodes; i++) {
      const self = endpoints[i]!;
      const { messaging } = await startSimNode(env, `127.0.0.${i + 1}`);
      const rings = new SchemaRingProvider(() => ring, (ks) => node.keeper.schema.keyspace(ks)?.replication, self);
      const node = { endpoint: self, hostId: simHostId(i), messaging, rings, hints: new MemoryHintSink(), hintsService: undefined, background: new BackgroundSupervisor(() => undefined) } as unknown as SimClusterNode;
      await openNode(wiring, node, i, keyspace);
      nodes.push(node);
    }
    return new SimCluster(env, nodes, liveness, ring, keyspace, keyspace.tables[0]!, wiring);
  }

  /**
   * Every node opens its storage (replaying its commit log) and its hints again, as after a power
   * loss of the shared file system (`env.fs.crash()`): the old engines and hint files are gone.
   */
  async restart(): Promise<void> {
    for (const [i, n] of this.nodes.entries()) {
      if (n.hintsService !== undefined) await simAwait(this.env, n.hintsService.stop()).catch(() => undefined);
      for (const verb of REPLICA_VERBS) n.messaging.unregisterHandler(verb);
      await openNode(this.wiring, n, i, null);
    }
  }

  /**
   * Power loss of node i alone: its files become what was durable (`crashPath`), and it opens its
   * storage and hints again. Its messaging stays (the same address); callers isolate it first and
   * let its work in flight end, since the old engine is abandoned, not closed.
   */
  async crashNode(i: number): Promise<void> {
    const n = this.node(i);
    if (n.hintsService !== undefined) await simAwait(this.env, n.hintsService.stop()).catch(() => undefined);
    this.env.fs.crashPath(`/node${i + 1}`);
    for (const verb of REPLICA_VERBS) n.messaging.unregisterHandler(verb);
    await openNode(this.wiring, n, i, null);
  }

  /** Node i's wall clock (skewed by `clockSkewMs`). */
  clockOf(i: number): Clock {
    return nodeEnv(this.wiring, i).clock;
  }

  node(i: number): SimClusterNode {
    return this.nodes[i]!;
  }

  /** Node i's coordinator, as a DataStore (cas-register.ts). */
  store(i: number): StorageProxy {
    return this.node(i).proxy;
  }

  nodeOf(e: Endpoint): SimClusterNode {
    return this.nodes.find((n) => n.endpoint === e)!;
  }

  /** The key's replicas on the ring, in placement order. */
  replicasOf(key: string): Endpoint[] {
    return this.node(0).rings.placement('ks').naturalEndpoints(partitioner.token(Buffer.from(key)), this.ring);
  }

  nowSec(): number {
    return Math.floor(this.env.clock.nowMs() / 1000);
  }

  /** Writes `column = value` at `ts` through node `via`'s coordinator. */
  write(via: number, key: string, column: string, value: string, ts: bigint, cl: Consistency): Promise<void> {
    const update = { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [liveCell(this.name(column), Buffer.from(value), ts)] };
    return simAwait(this.env, this.node(via).proxy.apply([{ cf: this.cf, update }], cl));
  }

  deleteColumn(via: number, key: string, column: string, ts: bigint, cl: Consistency): Promise<void> {
    const update = { key: Buffer.from(key), partitionDeletion: null, rangeTombstones: [], cells: [tombstoneCell(this.name(column), ts, this.nowSec())] };
    return simAwait(this.env, this.node(via).proxy.apply([{ cf: this.cf, update }], cl));
  }

  /** The row through node `via`'s coordinator, as column → value. */
  async read(via: number, key: string, cl: Consistency): Promise<Map<string, string>> {
    const r = await simAwait(this.env, this.node(via).proxy.read(this.cf, Buffer.from(key), WHOLE, cl, this.nowSec()));
    return this.columns(r);
  }

  /** Several rows through node `via`'s coordinator in one `readMany`, in `keys` order. */
  async readMany(via: number, keys: readonly string[], cl: Consistency): Promise<Map<string, string>[]> {
    const rs = await simAwait(this.env, this.node(via).proxy.readMany(this.cf, keys.map((k) => Buffer.from(k)), WHOLE, cl, this.nowSec()));
    return rs.map((r) => this.columns(r));
  }

  /** What one node holds locally for the key (no coordination). */
  localRow(i: number, key: string): Map<string, string> {
    return this.columns(this.node(i).engine.read(this.cf.id, Buffer.from(key), WHOLE, this.nowSec()));
  }

  async close(): Promise<void> {
    for (const n of this.nodes) if (n.hintsService !== undefined) await simAwait(this.env, n.hintsService.stop());
    for (const n of this.nodes) await n.messaging.shutdown();
    for (const n of this.nodes) await simAwait(this.env, n.engine.close());
  }
}

interface NodeWiring {
  readonly env: SimEnv;
  readonly liveness: DownSetLiveness;
  readonly snitch: Snitch;
  readonly options: ReturnType<typeof storageProxyOptions>;
  readonly hintsOptions: Partial<HintsOptions> | undefined;
  readonly skewMs: (i: number) => number;
}

/** The Env node i sees: the shared one, with its wall clock skewed. */
function nodeEnv(w: NodeWiring, i: number): Env {
  const skew = w.skewMs(i);
  return skew === 0 ? w.env : { ...w.env, clock: w.env.clock.skewed(skew) };
}

const REPLICA_VERBS = ['MUTATION', 'READ', 'RANGE_READ', 'READ_REPAIR', 'TRUNCATE', 'HINT', 'INDEX_READ', 'INDEX_CLEAN', 'PAXOS_PREPARE', 'PAXOS_PROPOSE', 'PAXOS_COMMIT', 'BATCH_STORE', 'BATCH_REMOVE'] as const;

/** Opens node i's storage (adding `keyspace` on first start), replica handlers, hints and coordinator. */
async function openNode(w: NodeWiring, node: SimClusterNode, i: number, keyspace: KeyspaceDef | null): Promise<void> {
  const env = nodeEnv(w, i);
  const { background } = node;
  const { engine, keeper } = await simAwait(w.env, openNodeStorage({ env, dataDir: `/node${i + 1}`, partitioner, options: { commitlogSync: 'batch' }, background }));
  if (keyspace !== null) await simAwait(w.env, keeper.addKeyspace(keyspace));
  const ops = new LocalOperations(keeper, engine, env, partitioner);
  const local = new LocalDataStore(ops.ctx);
  const tableById = (id: string) => keeper.schema.tableById(id);
  const paxos = new PaxosAcceptor({ table: new PaxosStateTable(engine), locks: new RowLocks(), clock: env.clock, local, tableById });
  const batchlog = new BatchlogTable(engine);
  registerReplicaHandlers(node.messaging, { local, tableById, groupLengths: new GroupLengths(), paxos, batchlog: { table: batchlog, clock: env.clock } });
  let hints: HintSink = node.hints;
  if (w.hintsOptions !== undefined) {
    const liveness = new RingHintsLiveness(w.liveness, node.rings);
    const delivery = new MessagingHintDelivery(node.messaging, node.rings, 1_000);
    node.hintsService = new HintsService(env, `/node${i + 1}/hints`, liveness, delivery, { ...DEFAULT_HINTS_OPTIONS, throttleBytesPerSec: 0, ...w.hintsOptions }, new RecordingNetLogger(), background);
    node.hintsService.start();
    hints = new HintsServiceSink({ hints: node.hintsService, rings: node.rings, clock: env.clock, tableById });
  }
  const proxy = new StorageProxy({ env, messaging: node.messaging, self: node.endpoint, local, rings: node.rings, liveness: w.liveness, snitch: w.snitch, hints, options: w.options, paxos, background });
  const replayer = new BatchlogReplayer({ env, table: batchlog, coordinator: proxy, tableById, writeTimeoutMs: w.options.writeTimeoutMs, background, quarantineDir: `/node${i + 1}/quarantine/batchlog` });
  Object.assign(node, { engine, keeper, ops, local, proxy, batchlog, replayer });
}

export const WHOLE = { slices: [{ start: BOTTOM, end: TOP }], reversed: false } as const;

export function keys(n: number, prefix = 'k'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i}`);
}

export { newSimEnv };
