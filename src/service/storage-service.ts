/**
 * A node's membership (the part of Cassandra's StorageService this build has): it starts the
 * node's internode messaging (listen_address:storage_port, the cluster name checked in every
 * handshake) and its gossip (the configured seeds), announces the node as a NORMAL ring member
 * (`local-states.ts`), keeps the ring (`TokenMetadata`, via RingFromGossip) as gossip reports it,
 * and runs schema agreement (`schema-sync.ts`). LOAD is refreshed every `loadIntervalMs`.
 *
 * What it offers the rest of the node: the ring snapshot, liveness (`isAlive`, `downSinceMs`,
 * `liveEndpoints`: the coordinator's oracle), the peers drivers read in system.peers, the schema
 * versions per node (describecluster), and membership events (NEW_NODE, REMOVED_NODE, UP, DOWN).
 *
 * A node whose only seed is itself gossips with nobody until someone contacts it: it starts as
 * fast as without gossip (nothing waits for the ring delay). A node started `joining` gossips no
 * STATUS until its bootstrap (src/topology) announces BOOT and then NORMAL through
 * `announceStatus`; otherwise it is NORMAL with its tokens from the moment it starts.
 */
import type { NodeConfig } from '../config/index.js';
import type { SchemaKeeper } from '../db/index.js';
import type { Partitioner, Token } from '../dht/index.js';
import type { Env, TimerHandle } from '../env/index.js';
import { type EndpointStateData, gossipedLocation, Gossiper, type GossiperOptions, ringEndpointOf, RingFromGossip, statusOf } from '../gms/index.js';
import { compareEndpoints, createSnitch, endpoint as ringEndpoint, endpointHost, endpointPort, type Endpoint, type NodeLocation, type Snitch, type TokenMetadata } from '../locator/index.js';
import { endpoint as netEndpoint, endpointKey, type InetAddressAndPort, type MessagingOptions, type MessagingService, type NetLogger, parseEndpoint, SILENT_NET_LOGGER } from '../net/index.js';
import { localApplicationStates } from './local-states.js';
import { MembershipEvents, type MembershipListener } from './membership-events.js';
import { ringPeers, type RingPeer } from './ring-peers.js';
import type { SchemaDiffChange } from './schema-diff.js';
import { SchemaSync } from './schema-sync.js';
import { startMessaging } from './start-messaging.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';

export const LOAD_INTERVAL_MS = 60_000;

export interface StorageServiceOptions {
  readonly env: Env;
  readonly config: NodeConfig;
  /** Where this node is (`resolveNodeLocation`, decided once at start): placed, gossiped and shown by this name. */
  readonly location: NodeLocation;
  readonly partitioner: Partitioner;
  /** UUID text. */
  readonly hostId: string;
  readonly tokens: readonly string[];
  readonly keeper: SchemaKeeper;
  readonly releaseVersion: string;
  /** Where CQL clients connect (read at start); undefined when the native transport is off. */
  readonly native: () => { readonly host: string; readonly port: number } | undefined;
  /** Bytes on disk, for LOAD. */
  readonly load: () => number;
  readonly logger?: NetLogger;
  /** Where failing gossip rounds, LOAD updates and schema pulls and merges are reported (the node's). */
  readonly background?: BackgroundSupervisor;
  readonly loadIntervalMs?: number;
  /** Where schema agreement keeps its keyspace versions across restarts; memory only when absent. */
  readonly dataDir?: string;
  /** What merging a peer's schema changed here (the CQL layer announces it to drivers). */
  readonly onSchemaMerged?: (changes: SchemaDiffChange[]) => void;
  /** Messaging tunables beyond the config (tests: reconnect delays). */
  readonly messaging?: Partial<MessagingOptions>;
  /** Gossip tunables beyond the config (tests: interval, ring delay, generation). */
  readonly gossip?: Partial<Pick<GossiperOptions, 'intervalMs' | 'ringDelayMs' | 'generation'>>;
  /** Start without a STATUS: the node bootstraps and announces BOOT, then NORMAL (`announceStatus`). */
  readonly joining?: boolean;
}

type State = 'new' | 'running' | 'stopped';

interface Running {
  readonly messaging: MessagingService;
  readonly gossiper: Gossiper;
  readonly ring: RingFromGossip<Token>;
  readonly snitch: Snitch;
  readonly events: MembershipEvents;
  readonly schema: SchemaSync;
  readonly loadTimer: TimerHandle;
}

export class StorageService {
  private state: State = 'new';
  private r: Running | undefined;
  private readonly pendingListeners: MembershipListener[] = [];
  private readonly logger: NetLogger;
  /** Where this node's background work reports failures. */
  readonly background: BackgroundSupervisor;

  constructor(private readonly o: StorageServiceOptions) {
    this.logger = o.logger ?? SILENT_NET_LOGGER;
    this.background = o.background ?? new BackgroundSupervisor((f) => this.logger.error('background_task_failed', { ...f }));
  }

  /** Starts messaging and gossip and announces this node; resolves once it listens. */
  async start(): Promise<void> {
    if (this.state !== 'new') throw new Error(`storage service cannot start: it is ${this.state}`);
    const { o } = this;
    const { config } = o;
    const listen = netEndpoint(config.listen_address, config.storage_port);
    const seeds = this.seeds();
    const messaging = await startMessaging({ env: o.env, listen, seeds, clusterName: config.cluster_name, logger: this.logger, ...(o.messaging === undefined ? {} : { extra: o.messaging }) });
    try {
      this.r = this.startGossip(messaging);
    } catch (e) {
      await messaging.shutdown().catch((err: unknown) => this.logger.warn('messaging_shutdown_failed', { after: 'gossip failed to start', error: String(err) }));
      this.state = 'stopped';
      throw e;
    }
    this.state = 'running';
    this.logger.info('storage_service_started', { endpoint: endpointKey(messaging.address), seeds: seeds.map(endpointKey), tokens: o.tokens.length });
  }

  /** The seeds this node gossips to (`host:port`), itself excluded: what a start-up names when none answers. */
  get seedAddresses(): readonly string[] {
    return this.seeds().map(endpointKey);
  }

  /** The configured seeds except this node itself (named by its configured address): nobody gossips to itself. */
  private seeds(): InetAddressAndPort[] {
    const { config } = this.o;
    const listen = endpointKey(netEndpoint(config.listen_address, config.storage_port));
    return config.seeds.map((s) => parseEndpoint(s, config.storage_port)).filter((s) => endpointKey(s) !== listen);
  }

  /** Gossip, the ring, membership events and schema agreement on a started messaging service. */
  private startGossip(messaging: MessagingService): Running {
    const { o } = this;
    const { config } = o;
    const seeds = this.seeds();
    const local = messaging.address;
    let ring: RingFromGossip<Token> | undefined;
    const gossiper = new Gossiper({
      env: o.env,
      messaging,
      local,
      seeds,
      clusterName: config.cluster_name,
      partitioner: o.partitioner.fullName,
      phiConvictThreshold: config.phi_convict_threshold,
      logger: this.logger,
      background: this.background,
      isRingMember: (ep) => ring?.ring.isMember(ringEndpointOf(ep)) ?? false,
      ...o.gossip,
    });
    const lookup = (ep: InetAddressAndPort) => gossiper.endpointState(ep);
    const snitch = createSnitch(config.endpoint_snitch, {
      local: ringEndpointOf(local),
      location: o.location,
      gossiped: gossipedLocation(lookup),
    });
    const events = new MembershipEvents(gossiper, ringEndpointOf(local), config.native_transport_port, (e) => gossiper.isAlive(toNet(e)));
    for (const l of this.pendingListeners) events.subscribe(l);
    ring = new RingFromGossip<Token>({ partitioner: o.partitioner, snitch, lookup, onRing: (r) => events.onRing(r) });
    const schema = new SchemaSync({
      env: o.env, keeper: o.keeper, messaging, gossiper, logger: this.logger, background: this.background,
      onMerged: (changes) => o.onSchemaMerged?.(changes),
      ...(o.dataDir === undefined ? {} : { dir: o.dataDir }),
    });
    gossiper.register(ring);
    gossiper.register({ onAlive: (ep) => events.onAlive(ep), onDead: (ep) => events.onDead(ep) });
    gossiper.register(schema);
    gossiper.addLocalApplicationStates(localApplicationStates({
      dataCenter: o.location.datacenter,
      rack: o.location.rack,
      hostId: o.hostId,
      releaseVersion: o.releaseVersion,
      schemaVersion: o.keeper.schema.version,
      native: o.native(),
      loadBytes: o.load(),
      tokens: o.tokens,
      joining: o.joining === true,
    }));
    schema.start();
    gossiper.start();
    const loadTimer = o.env.timers.setInterval(() => this.background.run('gossip-load', () => gossiper.addLocalApplicationState('LOAD', String(o.load()))), o.loadIntervalMs ?? LOAD_INTERVAL_MS);
    return { messaging, gossiper, ring, snitch, events, schema, loadTimer };
  }

  /** Announces the shutdown to live peers, stops gossip, then messaging (flushing what was sent). Idempotent. */
  async stop(): Promise<void> {
    if (this.state !== 'running') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    const r = this.running();
    r.loadTimer.cancel();
    r.schema.stop();
    r.gossiper.announceShutdown();
    await r.messaging.shutdown();
  }

  get isRunning(): boolean {
    return this.state === 'running';
  }

  /** How long ring changes are given to spread through gossip. */
  get ringDelayMs(): number {
    return this.o.gossip?.ringDelayMs ?? this.o.config.ring_delay_ms;
  }

  /** This node's tokens (text form). */
  get tokens(): readonly string[] {
    return this.o.tokens;
  }

  /** Sets this node's STATUS and STATUS_WITH_PORT (BOOT, NORMAL, LEAVING, LEFT: gossip-status.ts). */
  announceStatus(value: string): void {
    this.running().gossiper.addLocalApplicationStates([['STATUS_WITH_PORT', value], ['STATUS', value]]);
    this.logger.info('storage_service_status', { status: value.split(',')[0] });
  }

  private running(): Running {
    if (this.r === undefined) throw new Error('storage service not started');
    return this.r;
  }

  get gossiper(): Gossiper {
    return this.running().gossiper;
  }

  get messaging(): MessagingService {
    return this.running().messaging;
  }

  /** Where peers are placed by data center and rack. */
  get snitch(): Snitch {
    return this.running().snitch;
  }

  /** This node on the ring (its internode address). */
  get localEndpoint(): Endpoint {
    return ringEndpointOf(this.running().messaging.address);
  }

  /** The ring as gossip has it now (an immutable snapshot). */
  ring(): TokenMetadata {
    return this.running().ring.ring;
  }

  /** Gossip's verdict on `e`: this node, or a peer marked alive and not convicted since. */
  isAlive(e: Endpoint): boolean {
    // An Endpoint ("a.b.c.d:port") is already its gossip key.
    return this.r !== undefined && this.r.gossiper.isAliveKey(e);
  }

  /** When gossip marked `e` down (wall ms); undefined while up or unknown. */
  downSinceMs(e: Endpoint): number | undefined {
    return this.r?.gossiper.downSinceMs(toNet(e));
  }

  /** This node and every peer alive now. */
  liveEndpoints(): Endpoint[] {
    return this.r === undefined ? [] : this.r.gossiper.liveMembers().map(ringEndpointOf);
  }

  /** What gossip holds of `e` (this node included), or undefined. */
  endpointState(e: Endpoint): EndpointStateData | undefined {
    return this.r?.gossiper.endpointState(toNet(e));
  }

  /** The other ring members, for system.peers / peers_v2. */
  peers(): RingPeer[] {
    return this.r === undefined ? [] : ringPeers(this.r.gossiper, this.r.ring.ring, this.o.config.native_transport_port);
  }

  /** NEW_NODE / REMOVED_NODE / UP / DOWN, for CQL drivers; returns the unsubscribe. */
  onMembership(listener: MembershipListener): () => void {
    if (this.r !== undefined) return this.r.events.subscribe(listener);
    this.pendingListeners.push(listener);
    return () => {
      const i = this.pendingListeners.indexOf(listener);
      if (i >= 0) this.pendingListeners.splice(i, 1);
    };
  }

  /**
   * Schema version → the endpoints (hosts) gossiping it; endpoints gossip holds down are listed
   * under UNREACHABLE, as nodetool describecluster shows them.
   */
  schemaVersions(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    const add = (k: string, host: string) => out.set(k, [...(out.get(k) ?? []), host]);
    const r = this.r;
    if (r === undefined) return out;
    for (const ep of r.gossiper.knownEndpoints()) {
      const st = r.gossiper.endpointState(ep);
      const status = st === undefined ? undefined : statusOf(st);
      if (status === undefined || status.kind === 'LEFT' || status.kind === 'removed') continue;
      const alive = r.gossiper.isAlive(ep);
      const version = endpointKey(ep) === endpointKey(r.gossiper.local) ? this.o.keeper.schema.version : st?.states.get('SCHEMA')?.value;
      add(alive ? (version ?? 'UNKNOWN') : 'UNREACHABLE', ep.host);
    }
    const byAddress = (a: string, b: string) => compareEndpoints(ringEndpoint(a), ringEndpoint(b));
    for (const hosts of out.values()) hosts.sort(byAddress);
    return out;
  }

  /** What schema agreement holds per keyspace (stamps and tombstones). */
  get schemaSync(): SchemaSync {
    return this.running().schema;
  }
}

function toNet(e: Endpoint): InetAddressAndPort {
  return netEndpoint(endpointHost(e), endpointPort(e));
}
