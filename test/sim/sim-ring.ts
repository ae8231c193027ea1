/**
 * The simulation's cluster: N nodes assembled exactly as `ilium start` assembles them
 * (`IliumNode.start` with a NodeConfig), all in one process on one SimEnv. Node i (0-based) is
 * 127.0.0.(i+1) with data in /node(i+1) (ring-sim.ts's configuration: node 0 the seed, fast
 * gossip), one token each spread evenly over Murmur3's ring, no client ports (the workload calls
 * each node's DataStore, `node.ctx.data`, the one CQL and Thrift use). Each node runs in its own
 * `simProcess` with its wall clock skewed by `skewMs(i)`; `crash(i)` is its power loss (the
 * process killed, its directory reduced to what was durable) and `restart(i)` starts it again
 * from those files. The keyspace `ks` (RF given) with a Standard column family `t` (UTF8 names
 * and keys) is made on node 0 and reaches the others by schema agreement.
 */
import type { SimEnv, Clock } from '../../src/env/index.js';
import type { DataStore } from '../../src/service/index.js';
import { createKeyspace, type ColumnFamilyDef } from '../../src/schema/index.js';
import type { ThriftOperations } from '../../src/db/index.js';
import { IliumNode } from '../../src/server/index.js';
import type { Endpoint } from '../../src/locator/index.js';
import { newSimEnv, simAwait } from '../support/net-sim.js';
import { RING_CLUSTER_OPTIONS, ringNodeConfig } from '../support/ring-sim.js';
import { type SimProcess, simProcess } from '../support/sim-process.js';
import { partitioner } from '../support/service/sim-cluster.js';
import { TextColumnsTable } from '../support/service/text-columns.js';

export interface SimRingOptions {
  readonly seed: number;
  readonly nodes: number;
  readonly rf: number;
  /** Node i's wall-clock offset in ms. */
  readonly skewMs: (i: number) => number;
  readonly writeTimeoutMs: number;
  readonly readTimeoutMs: number;
}

/** How long the ring may take to form, or to be seen whole by every node again (simulated ms). */
export const CONVERGE_MS_MAX = 30_000;

/** The workload's keyspace and its one Standard column family (UTF8Type names, as a Thrift client makes it). */
export const SIM_KEYSPACE = 'ks';
export const SIM_TABLE = 't';

export class SimRing extends TextColumnsTable {
  private readonly processes: (SimProcess | undefined)[] = [];
  private readonly running: (IliumNode | undefined)[] = [];
  /** Every node started in the run, crashed ones included: their background failures are checked at the end. */
  private readonly started: { readonly i: number; readonly node: IliumNode }[] = [];
  cf!: ColumnFamilyDef;

  private constructor(readonly env: SimEnv, private readonly o: SimRingOptions) {
    super();
  }

  static async start(o: SimRingOptions): Promise<SimRing> {
    const ring = new SimRing(newSimEnv(o.seed), o);
    for (let i = 0; i < o.nodes; i++) await simAwait(ring.env, ring.restart(i));
    if (!(await simAwait(ring.env, ring.converged(), 2 * CONVERGE_MS_MAX))) throw new Error(`the ring of ${o.nodes} did not form within ${CONVERGE_MS_MAX} ms`);
    const replication = { class: 'SimpleStrategy', options: { replication_factor: String(o.rf) } };
    const ks = createKeyspace({ name: SIM_KEYSPACE, replication, tables: [{ name: SIM_TABLE, comparator: 'UTF8Type', keyValidator: 'UTF8Type' }] }, ring.env.random);
    await simAwait(ring.env, ring.node(0).keeper.addKeyspace(ks));
    ring.cf = ks.tables[0]!;
    const agreed = ring.until(CONVERGE_MS_MAX, () => ring.nodes().every((n) => n.keeper.schema.table(SIM_KEYSPACE, SIM_TABLE)?.id === ring.cf.id));
    if (!(await simAwait(ring.env, agreed, 2 * CONVERGE_MS_MAX))) throw new Error(`keyspace ks did not reach every node within ${CONVERGE_MS_MAX} ms`);
    return ring;
  }

  /** Starts node i (again) as `ilium start` would, on what its directory holds. */
  async restart(i: number): Promise<IliumNode> {
    if (this.running[i] !== undefined) throw new Error(`node ${i} is running`);
    const n = this.o.nodes;
    // One token per node, evenly spaced: -2^63 + i·2^64/n.
    const token = -(2n ** 63n) + (2n ** 64n / BigInt(n)) * BigInt(i);
    const config = ringNodeConfig(i + 1, {
      start_native_transport: false,
      auto_bootstrap: false,
      num_tokens: 1,
      initial_token: String(token),
      write_request_timeout_in_ms: this.o.writeTimeoutMs,
      read_request_timeout_in_ms: this.o.readTimeoutMs,
      range_request_timeout_in_ms: this.o.readTimeoutMs,
    });
    const p = simProcess(this.env, this.o.skewMs(i));
    this.processes[i] = p;
    const node = await IliumNode.start({ env: p.env, config, cluster: RING_CLUSTER_OPTIONS });
    this.running[i] = node;
    this.started.push({ i, node });
    return node;
  }

  /** Power loss of node i: its process dies where it stands, its files keep what was synced. */
  crash(i: number): void {
    this.processes[i]?.kill();
    this.processes[i] = undefined;
    this.running[i] = undefined;
    this.env.fs.crashPath(`/node${i + 1}`);
  }

  /** Invariants that failed in any node's background work during the run (each one a bug). */
  backgroundInvariantViolations(): string[] {
    const out: string[] = [];
    for (const { i, node } of this.started) {
      for (const f of node.background.snapshot()) if (f.errorClass === 'InvariantViolation') out.push(`node ${i}: ${f.task} ×${f.count}: ${f.message}`);
    }
    return out;
  }

  node(i: number): IliumNode {
    const n = this.running[i];
    if (n === undefined) throw new Error(`node ${i} is down`);
    return n;
  }

  /** The running nodes. */
  nodes(): IliumNode[] {
    return this.running.filter((n): n is IliumNode => n !== undefined);
  }

  isRunning(i: number): boolean {
    return this.running[i] !== undefined;
  }

  /** Node i's DataStore: what its CQL and Thrift servers call. */
  data(i: number): DataStore {
    return this.node(i).ctx.data;
  }

  /**
   * Runs `request` against node i's DataStore as a client connected to it would: if the node dies
   * first, the answer is lost (CoordinatorLostError), as a client sees its connection drop.
   */
  call<T>(i: number, request: (data: DataStore) => Promise<T>): Promise<T> {
    const p = this.processes[i];
    if (p === undefined) return Promise.reject(new CoordinatorLostError(i));
    return Promise.race([request(this.data(i)), p.died.then((): never => { throw new CoordinatorLostError(i); })]);
  }

  /** Node i's 0.7 operations over its DataStore: what its Thrift sessions call. */
  thrift(i: number): ThriftOperations {
    return this.node(i).thrift;
  }

  /** The DataStore a register's compare-and-set goes through (cas-register.ts). */
  store(i: number): DataStore {
    return this.data(i);
  }

  clockOf(i: number): Clock {
    return this.node(i).env.clock;
  }

  /** Resolves once every running node sees every node of the ring NORMAL and the running ones alive. */
  converged(): Promise<boolean> {
    return this.until(CONVERGE_MS_MAX, () => this.nodes().every((a) => a.storage.ring().normalEndpoints().length === this.o.nodes && this.nodes().every((b) => a.storage.isAlive(b.storage.localEndpoint))));
  }

  /**
   * Resolves to true once node i sees every node of the ring NORMAL and the running ones alive,
   * false if it does not within `limitMs` of simulated time.
   */
  seesRing(i: number, limitMs: number): Promise<boolean> {
    return this.until(limitMs, () => {
      const n = this.running[i];
      return n === undefined || (n.storage.ring().normalEndpoints().length === this.o.nodes && this.nodes().every((b) => n.storage.isAlive(b.storage.localEndpoint)));
    });
  }

  /** The key's replicas, as node indexes, in placement order. */
  replicasOf(key: string): number[] {
    const viewer = this.nodes()[0]!;
    const ring = viewer.cluster.rings.ring();
    const endpoints = viewer.cluster.rings.placement('ks').naturalEndpoints(partitioner.token(Buffer.from(key)), ring);
    return endpoints.map((e: Endpoint) => this.indexOf(e));
  }

  indexOf(e: Endpoint): number {
    const host = e.slice(0, e.lastIndexOf(':'));
    return Number(host.split('.')[3]) - 1;
  }

  nowSec(): number {
    return Math.floor(this.env.clock.nowMs() / 1000);
  }

  async close(): Promise<void> {
    for (const n of this.nodes()) await n.close();
  }

  /** Polls `done` every 50 simulated ms, for at most `limitMs`; resolves to whether it held. */
  private async until(limitMs: number, done: () => boolean): Promise<boolean> {
    for (let waitedMs = 0; !done(); waitedMs += 50) {
      if (waitedMs >= limitMs) return false;
      await new Promise<void>((resolve) => this.env.timers.setTimeout(resolve, 50));
    }
    return true;
  }
}

/** The coordinator a request went to died before it answered: the outcome is unknown. */
export class CoordinatorLostError extends Error {
  override readonly name = 'CoordinatorLostError';
  constructor(node: number) {
    super(`node ${node} died before it answered`);
  }
}
