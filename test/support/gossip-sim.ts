/**
 * A gossip cluster in one process on the simulated Env: node i is 127.0.0.i:7000 with its own
 * MessagingService and Gossiper, node 1 the seed. Every subscriber event is appended to one trace
 * with the simulated time, so two runs of a seed can be compared line by line. Crash = stop gossip
 * and shut messaging (nothing announced); restart = a new messaging service and gossiper on the
 * same address, with a new generation.
 */
import type { SimEnv } from '../../src/env/index.js';
import { endpoint, endpointKey, type InetAddressAndPort } from '../../src/net/index.js';
import { Gossiper, statusValues, tokensValue, type EndpointStateChangeSubscriber, type GossiperOptions } from '../../src/gms/index.js';
import { startSimNode, type SimNode } from './net-sim.js';

export interface GossipNode {
  readonly index: number;
  readonly address: InetAddressAndPort;
  readonly net: SimNode;
  readonly gossiper: Gossiper;
}

export const PARTITIONER = 'org.apache.cassandra.dht.Murmur3Partitioner';

/** A token per node, for TOKENS and STATUS. */
export function tokenOf(index: number): string {
  return String(BigInt(index) * 1_000_000_000_000n - 4_000_000_000_000_000_000n);
}

export function hostIdOf(index: number): string {
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

export class GossipCluster {
  readonly trace: string[] = [];
  readonly nodes: (GossipNode | undefined)[] = [];
  private readonly startMs: number;

  constructor(
    readonly env: SimEnv,
    readonly size: number,
    private readonly extra: Partial<GossiperOptions> = {},
  ) {
    this.startMs = env.clock.nowMs();
  }

  address(i: number): InetAddressAndPort {
    return endpoint(`127.0.0.${i}`, 7000);
  }

  node(i: number): GossipNode {
    const n = this.nodes[i];
    if (n === undefined) throw new Error(`node ${i} is not running`);
    return n;
  }

  running(): GossipNode[] {
    return this.nodes.filter((n): n is GossipNode => n !== undefined);
  }

  async startAll(): Promise<void> {
    for (let i = 1; i <= this.size; i++) await this.start(i);
  }

  /** Starts node i as a NORMAL member with one token, DC/RACK, host id and release version. */
  async start(i: number, extra: Partial<GossiperOptions> = {}): Promise<GossipNode> {
    const net = await startSimNode(this.env, `127.0.0.${i}`);
    const address = net.messaging.address;
    const gossiper = new Gossiper({
      env: this.env,
      messaging: net.messaging,
      local: address,
      seeds: [this.address(1)],
      clusterName: 'Test Cluster',
      partitioner: PARTITIONER,
      logger: net.logger,
      ...this.extra,
      ...extra,
    });
    gossiper.register(this.recorder(i));
    const token = tokenOf(i);
    gossiper.addLocalApplicationStates([
      ['DC', 'dc1'],
      ['RACK', i % 2 === 0 ? 'r2' : 'r1'],
      ['HOST_ID', hostIdOf(i)],
      ['RELEASE_VERSION', '4.0.0-ilium'],
      ['TOKENS', tokensValue([token])],
      ['STATUS_WITH_PORT', statusValues.normal([token])],
      ['STATUS', statusValues.normal([token])],
    ]);
    gossiper.start();
    const node: GossipNode = { index: i, address, net, gossiper };
    this.nodes[i] = node;
    this.log(i, 'started', `generation=${gossiper.generation}`);
    return node;
  }

  /** Stops node i without a word: gossip stops, its messaging goes away. */
  async crash(i: number): Promise<void> {
    const n = this.node(i);
    n.gossiper.stop();
    await n.net.messaging.shutdown();
    this.nodes[i] = undefined;
    this.log(i, 'crashed', '');
  }

  /** Forgets node i after it stopped on its own (announced shutdown, LEFT). */
  async dispose(i: number): Promise<void> {
    const n = this.node(i);
    n.gossiper.stop();
    await n.net.messaging.shutdown();
    this.nodes[i] = undefined;
  }

  /** True when node `viewer` holds node `subject` alive with the subject's own state. */
  knowsAlive(viewer: GossipNode, subject: GossipNode): boolean {
    if (!viewer.gossiper.isAlive(subject.address)) return false;
    const theirs = viewer.gossiper.endpointState(subject.address);
    const own = subject.gossiper.endpointState(subject.address)!;
    if (theirs === undefined || theirs.heartbeat.generation !== own.heartbeat.generation) return false;
    for (const [k, v] of own.states) if (theirs.states.get(k)?.value !== v.value) return false;
    return true;
  }

  /** Every running node knows every other running node, alive and up to date. */
  converged(): boolean {
    const up = this.running();
    return up.every((a) => up.every((b) => a === b || this.knowsAlive(a, b)));
  }

  private recorder(i: number): EndpointStateChangeSubscriber {
    return {
      onJoin: (ep) => this.log(i, 'join', endpointKey(ep)),
      onAlive: (ep) => this.log(i, 'alive', endpointKey(ep)),
      onDead: (ep) => this.log(i, 'dead', endpointKey(ep)),
      onRemove: (ep) => this.log(i, 'remove', endpointKey(ep)),
      onRestart: (ep) => this.log(i, 'restart', endpointKey(ep)),
      onChange: (ep, state, value) => this.log(i, 'change', `${endpointKey(ep)} ${state}=${value.value}@${value.version}`),
    };
  }

  log(i: number, what: string, detail: string): void {
    this.trace.push(`${this.env.clock.nowMs() - this.startMs} n${i} ${what} ${detail}`);
  }
}
