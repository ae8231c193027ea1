/**
 * A node's gossip (Cassandra's Gossiper), one instance per node, all effects through the Env and
 * the node's MessagingService.
 *
 * Every `intervalMs` a round: bump our heartbeat, SYN a digest of everything we know to a random
 * live peer, perhaps to an unreachable one, perhaps to a seed (`gossip-targets.ts`); then let the
 * failure detector interpret every peer and evict dead LEFT/removed peers past their expiry. The
 * SYN → ACK → ACK2 exchange (handlers in `gossip-*-handler.ts`) moves newer generations and
 * versions both ways; `applyStates` takes them in.
 *
 * Liveness: a new endpoint, or one back with a higher generation, is alive only once it answers an
 * ECHO. The failure detector convicts silent peers; a GOSSIP_SHUTDOWN marks the sender down at
 * once, with its heartbeat forced to the highest version so no older gossip revives it.
 * Removed endpoints are quarantined (2 × ring delay): gossip about them is ignored meanwhile.
 * Endpoints outside the ring that fall silent for a ring delay are evicted (when the ring is known).
 * What we hold of each endpoint is one record in one map (`gossip-peer.ts`), its relations checked
 * by invariants at every transition. A round that throws is reported to the node's background
 * supervisor (task `gossip-round`) and the next round runs as usual.
 */
import { endpointKey, type InetAddressAndPort, type MessagingService, type NetLogger, SILENT_NET_LOGGER } from '../net/index.js';
import type { Env, TimerHandle } from '../env/index.js';
import { BackgroundSupervisor } from '../util/background-supervisor.js';
import type { ApplicationState } from './application-state.js';
import type { EndpointStateChangeSubscriber } from './endpoint-state-change-subscriber.js';
import { deltaSince, EndpointState, maxVersionOf, type EndpointStateData } from './endpoint-state.js';
import { FailureDetector } from './failure-detector.js';
import { encodeShutdown, encodeSyn } from './gossip-codec.js';
import type { EndpointStateEntry, GossipDigest } from './gossip-messages.js';
import { expireTimeOf, isDeadState, isShutdownState, statusValues } from './gossip-status.js';
import { pickRandom, seedProbability, shuffled, unreachableProbability } from './gossip-targets.js';
import { GOSSIP_INTERVAL_MS, MAX_GENERATION_DIFFERENCE_S, RING_DELAY_MS, type GossiperOptions } from './gossiper-options.js';
import { registerGossipHandlers, unregisterGossipHandlers } from './gossip-handlers.js';
import { generationAt, heartbeat } from './heartbeat-state.js';
import { checkPeer, type KnownPeer, knownPeer, type Peer, type Reach } from './gossip-peer.js';
import { VERSION_MAX, versioned, VersionGenerator, type VersionedValue } from './versioned-value.js';
import { invariant } from '../util/invariant.js';

type State = 'new' | 'running' | 'stopped';

export class Gossiper {
  readonly failureDetector: FailureDetector;
  readonly local: InetAddressAndPort;
  readonly clusterName: string;
  readonly partitioner: string;
  readonly intervalMs: number;
  /**
   * How long a SYN, ACK or ACK2 may wait to be delivered: one round. The next round supersedes it,
   * and delivered late — to a peer that restarted meanwhile, say — it would speak of versions that
   * no longer hold (an ACK2's deltas answer requests the new incarnation never made).
   */
  readonly exchangeExpiryMs: number;
  readonly quarantineDelayMs: number;
  private readonly fatClientTimeoutNs: bigint;
  private readonly env: Env;
  readonly messaging: MessagingService;
  readonly logger: NetLogger;
  private readonly localKey: string;
  private readonly seedList: InetAddressAndPort[];
  private readonly seedKeys: Set<string>;
  private readonly versions = new VersionGenerator();
  private readonly localState: EndpointState;
  /** Every endpoint we hold, ourselves included, in the order we learnt of them. */
  private readonly peers = new Map<string, Peer>();
  private readonly background: BackgroundSupervisor;
  private readonly subscribers: EndpointStateChangeSubscriber[] = [];
  private timer: TimerHandle | undefined;
  private state: State = 'new';

  constructor(private readonly o: GossiperOptions) {
    this.env = o.env;
    this.messaging = o.messaging;
    this.local = o.local;
    this.localKey = endpointKey(o.local);
    this.clusterName = o.clusterName;
    this.partitioner = o.partitioner;
    this.intervalMs = o.intervalMs ?? GOSSIP_INTERVAL_MS;
    this.exchangeExpiryMs = this.intervalMs;
    this.quarantineDelayMs = 2 * (o.ringDelayMs ?? RING_DELAY_MS);
    this.fatClientTimeoutNs = BigInt(Math.round(this.quarantineDelayMs / 2)) * 1_000_000n;
    this.logger = o.logger ?? SILENT_NET_LOGGER;
    this.seedList = o.seeds.filter((s) => endpointKey(s) !== this.localKey);
    this.seedKeys = new Set(this.seedList.map(endpointKey));
    this.failureDetector = new FailureDetector({
      clock: o.env.clock,
      phiConvictThreshold: o.phiConvictThreshold,
      initialIntervalMs: 2 * this.intervalMs,
    });
    this.failureDetector.registerListener({ convict: (ep, phi) => this.convict(ep, phi) });
    this.localState = new EndpointState({ heartbeat: heartbeat(0, 0), states: new Map() }, this.nowNs());
    this.peers.set(this.localKey, knownPeer(o.local, this.localState, 'self'));
    this.background = o.background ?? new BackgroundSupervisor((f) => this.logger.error('background_task_failed', { ...f }));
  }

  // ---- lifecycle ----

  /** Starts gossiping: sets our generation, registers the verb handlers, schedules the rounds. */
  start(): void {
    if (this.state !== 'new') throw new Error(`gossiper cannot start: it is ${this.state}`);
    this.state = 'running';
    const generation = this.o.generation ?? generationAt(this.env.clock.nowMs());
    this.localState.setHeartbeat(heartbeat(generation, 0));
    registerGossipHandlers(this);
    this.timer = this.env.timers.setInterval(() => this.background.run('gossip-round', () => this.round()), this.intervalMs);
    this.logger.info('gossip_started', { endpoint: this.localKey, generation });
  }

  /** Stops the rounds and stops answering gossip (silently: peers find out by the failure detector). */
  stop(): void {
    if (this.state !== 'running') return;
    this.state = 'stopped';
    this.timer?.cancel();
    this.timer = undefined;
    unregisterGossipHandlers(this);
  }

  /**
   * Says we are stopping (STATUS shutdown, GOSSIP_SHUTDOWN to every live peer), then stops. A node
   * in a dead state (LEFT, removed, hibernate) stops silently, as Cassandra's does. The caller lets
   * the messages go out before shutting messaging down.
   */
  announceShutdown(): void {
    if (this.state !== 'running') return;
    if (isDeadState(this.localState)) return this.stop();
    const shutdown = statusValues.shutdown();
    this.addLocalApplicationStates([['STATUS_WITH_PORT', shutdown], ['STATUS', shutdown], ['RPC_READY', 'false']]);
    const payload = encodeShutdown({ generation: this.localState.heartbeat.generation });
    const live = this.withReach('live');
    for (const ep of live) this.messaging.send(ep, { verb: 'GOSSIP_SHUTDOWN', payload });
    this.logger.info('gossip_announced_shutdown', { endpoint: this.localKey, peers: live.length });
    this.stop();
  }

  get isRunning(): boolean {
    return this.state === 'running';
  }

  get generation(): number {
    return this.localState.heartbeat.generation;
  }

  register(subscriber: EndpointStateChangeSubscriber): void {
    this.subscribers.push(subscriber);
  }

  unregister(subscriber: EndpointStateChangeSubscriber): void {
    const i = this.subscribers.indexOf(subscriber);
    if (i >= 0) this.subscribers.splice(i, 1);
  }

  // ---- our own state ----

  addLocalApplicationState(state: ApplicationState, value: string): void {
    this.addLocalApplicationStates([[state, value]]);
  }

  /** Sets several of our states at once (each a new version); subscribers hear each. */
  addLocalApplicationStates(entries: readonly (readonly [ApplicationState, string])[]): void {
    const applied: [ApplicationState, VersionedValue][] = [];
    for (const [state, value] of entries) {
      const v = versioned(value, this.versions.next());
      this.localState.put(state, v);
      applied.push([state, v]);
    }
    for (const [state, v] of applied) this.notify((s) => s.onChange?.(this.local, state, v));
  }

  // ---- reading ----

  endpointState(ep: InetAddressAndPort): EndpointStateData | undefined {
    return this.known(endpointKey(ep))?.state;
  }

  /** Every endpoint we hold state for, ourselves included, in the order we learnt of them. */
  knownEndpoints(): InetAddressAndPort[] {
    const out: InetAddressAndPort[] = [];
    for (const p of this.peers.values()) if (p.kind === 'known') out.push(p.address);
    return out;
  }

  liveMembers(): InetAddressAndPort[] {
    return [this.local, ...this.withReach('live')];
  }

  /** When gossip marked `ep` down (wall ms), or undefined while it is up or unknown. */
  downSinceMs(ep: InetAddressAndPort): number | undefined {
    return this.known(endpointKey(ep))?.downSinceMs ?? undefined;
  }

  unreachableMembers(): InetAddressAndPort[] {
    return this.withReach('down');
  }

  /** The endpoints whose reach is `reach`, in the order we learnt of them. */
  private withReach(reach: Reach): InetAddressAndPort[] {
    const out: InetAddressAndPort[] = [];
    for (const p of this.peers.values()) if (p.kind === 'known' && p.reach === reach) out.push(p.address);
    return out;
  }

  private known(key: string): KnownPeer | undefined {
    const p = this.peers.get(key);
    return p?.kind === 'known' ? p : undefined;
  }

  /** Gossip's verdict: ourselves, or marked alive (ECHO answered, not convicted since). */
  isAlive(ep: InetAddressAndPort): boolean {
    return this.isAliveKey(endpointKey(ep));
  }

  /** `isAlive` by the endpoint's `endpointKey` (the coordinator asks per request: no parsing). */
  isAliveKey(key: string): boolean {
    if (key === this.localKey) return true;
    const p = this.known(key);
    return p !== undefined && p.reach === 'live' && p.state.isAlive;
  }

  isSeed(ep: InetAddressAndPort): boolean {
    return this.seedKeys.has(endpointKey(ep));
  }

  isQuarantined(ep: InetAddressAndPort): boolean {
    return this.peers.get(endpointKey(ep))?.kind === 'quarantined';
  }

  // ---- the round ----

  private round(): void {
    if (this.state !== 'running') return;
    const hb = this.localState.heartbeat;
    this.localState.setHeartbeat(heartbeat(hb.generation, this.versions.next()));
    const payload = encodeSyn({ clusterName: this.clusterName, partitioner: this.partitioner, digests: this.digests() });
    const liveList = this.withReach('live');
    const toLive = this.sendSyn(payload, liveList);
    const unreachableList = this.withReach('down');
    if (this.env.random.next() < unreachableProbability(liveList.length, unreachableList.length)) this.sendSyn(payload, unreachableList);
    if (toLive === undefined || !this.seedKeys.has(endpointKey(toLive)) || liveList.length < this.seedList.length) {
      if (this.env.random.next() < seedProbability(this.seedList.length, liveList.length, unreachableList.length)) this.sendSyn(payload, this.seedList);
    }
    this.statusCheck();
  }

  /**
   * Sends our digest to every live peer now, outside the rounds, so a state we just set (SCHEMA
   * after a schema change) reaches each of them within one SYN → ACK → ACK2 exchange instead of
   * the few rounds random targets take; each exchange also brings us what that peer has that is
   * newer. The heartbeat is left alone: this is not a round.
   */
  gossipToLiveNow(): void {
    const live = this.withReach('live');
    if (this.state !== 'running' || live.length === 0) return;
    const payload = encodeSyn({ clusterName: this.clusterName, partitioner: this.partitioner, digests: this.digests() });
    for (const ep of live) this.messaging.send(ep, { verb: 'GOSSIP_DIGEST_SYN', payload });
  }

  /** Our digest of every endpoint we hold, in random order. */
  private digests(): GossipDigest[] {
    const all: GossipDigest[] = [];
    for (const p of this.peers.values()) if (p.kind === 'known') all.push({ endpoint: p.address, generation: p.state.heartbeat.generation, maxVersion: maxVersionOf(p.state) });
    return shuffled(all, this.env.random);
  }

  private sendSyn(payload: Uint8Array, targets: readonly InetAddressAndPort[]): InetAddressAndPort | undefined {
    const to = pickRandom(targets, this.env.random);
    if (to !== undefined) this.messaging.send(to, { verb: 'GOSSIP_DIGEST_SYN', payload, timeoutMs: this.exchangeExpiryMs });
    return to;
  }

  /**
   * After each round: interpret every peer; evict a dead LEFT/removed peer past its expiry once the
   * ring has let it go; and, when the ring is known (`isRingMember` given), evict a peer outside
   * the ring (a "fat client") silent for longer than the ring delay.
   */
  private statusCheck(): void {
    const now = this.env.clock.nowMs();
    const nowNs = this.nowNs();
    const inRing = this.o.isRingMember;
    for (const [key, p] of [...this.peers]) {
      if (p.kind !== 'known' || key === this.localKey || this.peers.get(key) !== p) continue;
      const ep = p.address;
      const st = p.state;
      this.failureDetector.interpret(ep);
      if (this.peers.get(key) !== p || p.state !== st) continue;
      const expire = expireTimeOf(st);
      if (!st.isAlive && expire !== undefined && now > expire && !(inRing?.(ep) ?? false)) {
        this.logger.info('gossip_evicting', { endpoint: key, expiredAtMs: expire });
        this.evict(ep);
      } else if (inRing !== undefined && !isDeadState(st) && !inRing(ep) && nowNs - st.updateTimestampNs > this.fatClientTimeoutNs) {
        this.logger.info('gossip_evicting_fat_client', { endpoint: key, silentMs: Number((nowNs - st.updateTimestampNs) / 1_000_000n) });
        this.evict(ep);
      }
    }
    for (const [key, p] of [...this.peers]) if (p.kind === 'quarantined' && now - p.sinceMs > this.quarantineDelayMs) this.peers.delete(key);
  }

  // ---- taking in remote state (the verb handlers call these) ----

  /** What we hold of the endpoints in `requests`, above the versions given. */
  statesFor(requests: readonly GossipDigest[]): EndpointStateEntry[] {
    const out: EndpointStateEntry[] = [];
    for (const d of requests) {
      const st = this.known(endpointKey(d.endpoint))?.state;
      const state = st === undefined ? undefined : deltaSince(st.snapshot(), d.maxVersion);
      if (state !== undefined) out.push({ endpoint: d.endpoint, state });
    }
    return out;
  }

  /** Read-only lookup by endpoint key, for examining digests. */
  stateByKey(key: string): EndpointStateData | undefined {
    return this.known(key)?.state;
  }

  /** Tells the failure detector which endpoints we just heard news of (before applying it). */
  reportArrivals(entries: readonly EndpointStateEntry[]): void {
    for (const { endpoint: ep, state: remote } of entries) {
      const key = endpointKey(ep);
      const local = this.known(key)?.state;
      if (key === this.localKey || local === undefined) continue;
      if (remote.heartbeat.generation > local.heartbeat.generation) {
        local.touch(this.nowNs());
        if (!local.isAlive) this.failureDetector.remove(ep);
        this.failureDetector.report(ep);
      } else if (remote.heartbeat.generation === local.heartbeat.generation && maxVersionOf(remote) > maxVersionOf(local)) {
        local.touch(this.nowNs());
        this.failureDetector.report(ep);
      }
    }
  }

  /** Applies gossiped states that are newer than ours (Cassandra's applyStateLocally). */
  applyStates(entries: readonly EndpointStateEntry[]): void {
    for (const { endpoint: ep, state: remote } of entries) {
      const key = endpointKey(ep);
      if (key === this.localKey || this.peers.get(key)?.kind === 'quarantined') continue;
      const local = this.known(key)?.state;
      if (local === undefined) {
        this.failureDetector.report(ep);
        this.majorStateChange(ep, remote);
        continue;
      }
      const localGen = local.heartbeat.generation;
      const remoteGen = remote.heartbeat.generation;
      if (localGen !== 0 && remoteGen > localGen + MAX_GENERATION_DIFFERENCE_S) {
        this.logger.warn('gossip_generation_implausible', { endpoint: key, local: localGen, remote: remoteGen });
      } else if (remoteGen > localGen) {
        this.majorStateChange(ep, remote);
      } else if (remoteGen === localGen) {
        if (maxVersionOf(remote) > maxVersionOf(local)) this.applyNewStates(ep, local, remote);
        if (!local.isAlive && !isDeadState(local)) this.markAlive(ep, local);
      }
    }
  }

  /** A new endpoint, or a known one with a higher generation: replace all we hold of it. */
  private majorStateChange(ep: InetAddressAndPort, remote: EndpointStateData): void {
    const key = endpointKey(ep);
    const peer = this.known(key);
    const old = peer?.state;
    const st = new EndpointState(remote, this.nowNs());
    if (peer === undefined) this.peers.set(key, knownPeer(ep, st, 'pending'));
    else peer.state = st;
    this.logger.info(old === undefined ? 'gossip_endpoint_joined' : 'gossip_endpoint_restarted', { endpoint: key, generation: remote.heartbeat.generation });
    if (old !== undefined) this.notify((s) => s.onRestart?.(ep, old));
    if (isDeadState(st)) this.markDead(ep, st);
    else this.markAlive(ep, st);
    this.notify((s) => s.onJoin?.(ep, st));
    if (isShutdownState(st)) this.markAsShutdown(ep);
  }

  private applyNewStates(ep: InetAddressAndPort, local: EndpointState, remote: EndpointStateData): void {
    if (remote.heartbeat.version > local.heartbeat.version) local.setHeartbeat(remote.heartbeat);
    const updated: [ApplicationState, VersionedValue][] = [];
    for (const [k, v] of remote.states) {
      const mine = local.get(k);
      if (mine === undefined || mine.version < v.version) updated.push([k, v]);
    }
    for (const [k, v] of updated) local.put(k, v);
    for (const [k, v] of updated) this.notify((s) => s.onChange?.(ep, k, v));
  }

  // ---- liveness ----

  /** Asks `ep` for an ECHO; only an answer marks it alive. */
  private markAlive(ep: InetAddressAndPort, st: EndpointState): void {
    st.markDead();
    const key = endpointKey(ep);
    const peer = this.known(key);
    invariant(peer?.state === st, `gossip: ${key} is marked alive with a state it does not hold`);
    checkPeer(key, peer);
    if (peer.echoInFlight) return;
    peer.echoInFlight = true;
    this.messaging.sendWithCallback(ep, { verb: 'ECHO', payload: new Uint8Array(0) }, {
      onResponse: () => {
        peer.echoInFlight = false;
        if (this.state === 'running' && this.peers.get(key) === peer && peer.state === st) this.realMarkAlive(ep, peer);
      },
      onFailure: () => {
        peer.echoInFlight = false;
      },
    });
  }

  private realMarkAlive(ep: InetAddressAndPort, peer: KnownPeer): void {
    const key = endpointKey(ep);
    const st = peer.state;
    st.markAlive();
    st.touch(this.nowNs());
    peer.reach = 'live';
    peer.downSinceMs = null;
    checkPeer(key, peer);
    this.logger.info('gossip_endpoint_up', { endpoint: key });
    this.notify((s) => s.onAlive?.(ep, st));
  }

  private markDead(ep: InetAddressAndPort, st: EndpointState): void {
    const key = endpointKey(ep);
    const peer = this.known(key);
    invariant(peer?.state === st && peer.reach !== 'self', `gossip: ${key} is marked down with a state it does not hold`);
    st.markDead();
    peer.reach = 'down';
    peer.downSinceMs = this.env.clock.nowMs();
    checkPeer(key, peer);
    this.logger.info('gossip_endpoint_down', { endpoint: key });
    this.notify((s) => s.onDead?.(ep, st));
  }

  /** The failure detector's verdict. */
  private convict(ep: InetAddressAndPort, phi: number): void {
    const st = this.known(endpointKey(ep))?.state;
    if (st === undefined || !st.isAlive) return;
    this.logger.info('gossip_convicted', { endpoint: endpointKey(ep), phi });
    if (isShutdownState(st)) this.markAsShutdown(ep);
    else this.markDead(ep, st);
  }

  /** `ep` said it is shutting down (or was convicted while in the shutdown state). */
  markAsShutdown(ep: InetAddressAndPort): void {
    const key = endpointKey(ep);
    const st = this.known(key)?.state;
    if (st === undefined || key === this.localKey) return;
    const shutdown = versioned(statusValues.shutdown(), VERSION_MAX);
    st.put('STATUS_WITH_PORT', shutdown);
    st.put('STATUS', shutdown);
    st.put('RPC_READY', versioned('false', VERSION_MAX));
    st.setHeartbeat(heartbeat(st.heartbeat.generation, VERSION_MAX));
    this.markDead(ep, st);
    this.failureDetector.forceConviction(ep);
  }

  /**
   * Speaks for a dead endpoint (Cassandra's advertiseRemoving / advertiseTokenRemoved): its state
   * here takes a newer generation, as if it had restarted, with `status` as its STATUS and
   * STATUS_WITH_PORT, so every peer replaces what it holds of it. Subscribers hear the change.
   */
  advertiseForDead(ep: InetAddressAndPort, status: string): void {
    const key = endpointKey(ep);
    const st = this.known(key)?.state;
    if (st === undefined || key === this.localKey) throw new Error(`no gossip state for ${key}`);
    st.setHeartbeat(heartbeat(st.heartbeat.generation + 1, 0));
    st.touch(this.nowNs());
    const entries: [ApplicationState, VersionedValue][] = [['STATUS_WITH_PORT', versioned(status, this.versions.next())], ['STATUS', versioned(status, this.versions.next())]];
    for (const [k, v] of entries) st.put(k, v);
    this.logger.info('gossip_advertised_for_dead', { endpoint: key, status });
    for (const [k, v] of entries) this.notify((s) => s.onChange?.(ep, k, v));
  }

  /** Forgets `ep` and quarantines it (Cassandra's evictFromMembership). */
  evict(ep: InetAddressAndPort): void {
    const key = endpointKey(ep);
    if (key === this.localKey || this.known(key) === undefined) return;
    // Moved to the end, as a removed endpoint learnt of again comes last.
    this.peers.delete(key);
    this.failureDetector.remove(ep);
    this.peers.set(key, { kind: 'quarantined', address: ep, sinceMs: this.env.clock.nowMs() });
    this.notify((s) => s.onRemove?.(ep));
  }

  private notify(call: (s: EndpointStateChangeSubscriber) => void): void {
    for (const s of [...this.subscribers]) {
      try {
        call(s);
      } catch (err) {
        this.logger.error('gossip_subscriber_failed', { error: String(err) });
      }
    }
  }

  private nowNs(): bigint {
    return this.env.clock.monotonicNs();
  }
}
