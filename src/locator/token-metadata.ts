/**
 * An immutable snapshot of the ring as this node knows it (Cassandra's TokenMetadata): which
 * endpoint owns each token (NORMAL nodes), the tokens of nodes still bootstrapping, the nodes
 * that are leaving, each node's data center and rack (asked of the snitch when the node is first
 * added and kept, so a snapshot and the snapshots derived from it answer the same however the
 * snitch's knowledge moves on; `withLocationRefreshed` asks again) and each node's host id.
 *
 * Every change returns a new snapshot with `version` one higher; readers keep the snapshot they
 * started with, so a placement computed from one snapshot is never a mix of two rings. Strategies
 * cache per snapshot (`replication-strategy.ts`).
 *
 * Ring walking: `firstTokenIndex(t)` is the first ring token >= t, wrapping to index 0 past the
 * last; the node owning that token is the first replica of t, and `ringFrom(t)` walks clockwise
 * from it, visiting every ring token once. A token's primary range is (predecessor, token].
 */
import type { Partitioner, Token } from '../dht/index.js';
import { Range } from '../dht/index.js';
import { compareEndpoints, type Endpoint } from './endpoint.js';
import { canonicalHostId } from './host-id.js';
import type { Location, Snitch } from './snitch.js';
import { TopologyError } from './topology-error.js';

export interface RingEntry<T extends Token = Token> {
  readonly token: T;
  readonly endpoint: Endpoint;
}

/** The NORMAL nodes grouped the way NetworkTopologyStrategy counts them. */
export interface RingTopology {
  readonly endpointsByDatacenter: ReadonlyMap<string, readonly Endpoint[]>;
  readonly racksByDatacenter: ReadonlyMap<string, ReadonlySet<string>>;
}

interface RingState<T extends Token> {
  /** NORMAL tokens, sorted, each token once. */
  readonly ring: readonly RingEntry<T>[];
  /** Tokens of bootstrapping nodes, sorted; never a token of `ring`. */
  readonly joining: readonly RingEntry<T>[];
  readonly leaving: ReadonlySet<Endpoint>;
  readonly locations: ReadonlyMap<Endpoint, Location>;
  readonly hostIds: ReadonlyMap<Endpoint, string>;
}

/** Identity of a token for sets: bigints are values already; byte tokens by their hex. */
type TokenKey = bigint | string;
const tokenKey = (t: Token): TokenKey => (typeof t === 'bigint' ? t : t.toString('hex'));

export class TokenMetadata<T extends Token = Token> {
  private readonly tokens: readonly T[];
  private topologyMemo: RingTopology | undefined;

  private constructor(
    readonly partitioner: Partitioner<T>,
    readonly snitch: Snitch,
    readonly version: number,
    private readonly state: RingState<T>,
  ) {
    this.tokens = Object.freeze(state.ring.map((e) => e.token));
  }

  static empty<T extends Token>(partitioner: Partitioner<T>, snitch: Snitch): TokenMetadata<T> {
    return new TokenMetadata(partitioner, snitch, 0, { ring: [], joining: [], leaving: new Set(), locations: new Map(), hostIds: new Map() });
  }

  // ---- reading the ring -------------------------------------------------------------------

  /** NORMAL tokens in ring order. */
  sortedTokens(): readonly T[] {
    return this.tokens;
  }

  ringEntries(): readonly RingEntry<T>[] {
    return this.state.ring;
  }

  /** The NORMAL owner of exactly this token. */
  endpointOf(token: T): Endpoint | undefined {
    return findEntry(this.partitioner, this.state.ring, token)?.endpoint;
  }

  tokensOf(endpoint: Endpoint): T[] {
    return this.state.ring.filter((e) => e.endpoint === endpoint).map((e) => e.token);
  }

  /** Nodes owning at least one NORMAL token (leaving nodes included), in address order. */
  normalEndpoints(): Endpoint[] {
    return distinctSorted(this.state.ring.map((e) => e.endpoint));
  }

  isMember(endpoint: Endpoint): boolean {
    return this.state.ring.some((e) => e.endpoint === endpoint);
  }

  bootstrapEntries(): readonly RingEntry<T>[] {
    return this.state.joining;
  }

  bootstrappingEndpoints(): Endpoint[] {
    return distinctSorted(this.state.joining.map((e) => e.endpoint));
  }

  bootstrapTokensOf(endpoint: Endpoint): T[] {
    return this.state.joining.filter((e) => e.endpoint === endpoint).map((e) => e.token);
  }

  leavingEndpoints(): Endpoint[] {
    return distinctSorted([...this.state.leaving]);
  }

  isLeaving(endpoint: Endpoint): boolean {
    return this.state.leaving.has(endpoint);
  }

  /** Where the node was when it joined this snapshot; the snitch's answer for strangers. */
  location(endpoint: Endpoint): Location {
    return this.state.locations.get(endpoint) ?? this.snitch.location(endpoint);
  }

  datacenterOf(endpoint: Endpoint): string {
    return this.location(endpoint).datacenter;
  }

  hostIdOf(endpoint: Endpoint): string | undefined {
    return this.state.hostIds.get(endpoint);
  }

  endpointWithHostId(hostId: string): Endpoint | undefined {
    const id = hostId.toLowerCase();
    for (const [e, h] of this.state.hostIds) if (h === id) return e;
    return undefined;
  }

  /** NORMAL nodes per data center and the racks each data center has (computed once). */
  topology(): RingTopology {
    this.topologyMemo ??= buildTopology(this.normalEndpoints(), (e) => this.location(e));
    return this.topologyMemo;
  }

  /** Index of the first NORMAL token >= `token`, 0 past the last. TopologyError on an empty ring. */
  firstTokenIndex(token: T): number {
    if (this.tokens.length === 0) throw new TopologyError('The ring has no tokens');
    const i = lowerBound(this.partitioner, this.state.ring, token);
    return i === this.tokens.length ? 0 : i;
  }

  firstToken(token: T): T {
    return this.tokens[this.firstTokenIndex(token)]!;
  }

  /** Every ring entry once, clockwise, starting at the owner of `token`'s first token. */
  *ringFrom(token: T): Generator<RingEntry<T>> {
    const ring = this.state.ring;
    if (ring.length === 0) return;
    const start = this.firstTokenIndex(token);
    for (let i = 0; i < ring.length; i++) yield ring[(start + i) % ring.length]!;
  }

  /** The ring token before `ringToken` (itself on a one-token ring). */
  predecessor(ringToken: T): T {
    const i = this.indexOfRingToken(ringToken);
    return this.tokens[(i + this.tokens.length - 1) % this.tokens.length]!;
  }

  successor(ringToken: T): T {
    const i = this.indexOfRingToken(ringToken);
    return this.tokens[(i + 1) % this.tokens.length]!;
  }

  /** (predecessor, ringToken]: the keys whose first replica is this token's owner. */
  primaryRangeOf(ringToken: T): Range<T> {
    return new Range(this.partitioner, this.predecessor(ringToken), ringToken);
  }

  primaryRangesOf(endpoint: Endpoint): Range<T>[] {
    return this.tokensOf(endpoint).map((t) => this.primaryRangeOf(t));
  }

  // ---- changes: each returns a new snapshot -----------------------------------------------

  /**
   * `endpoint` is NORMAL with exactly `tokens`: its old tokens, bootstrap tokens and leaving mark
   * go, and a token another node owned changes hands (gossip has already decided who wins).
   */
  withNormalTokens(endpoint: Endpoint, tokens: Iterable<T>): TokenMetadata<T> {
    const mine = this.distinctTokens(endpoint, tokens);
    const taken = new Set(mine.map(tokenKey));
    const keep = (e: RingEntry<T>): boolean => e.endpoint !== endpoint && !taken.has(tokenKey(e.token));
    const ring = this.sorted([...this.state.ring.filter(keep), ...mine.map((token) => ({ token, endpoint }))]);
    const leaving = new Set(this.state.leaving);
    leaving.delete(endpoint);
    return this.next({ ring, joining: this.state.joining.filter(keep), leaving, locations: this.located(endpoint) });
  }

  /** `endpoint` is bootstrapping into `tokens`; a token another node owns or claims is refused. */
  withBootstrapTokens(endpoint: Endpoint, tokens: Iterable<T>): TokenMetadata<T> {
    const mine = this.distinctTokens(endpoint, tokens);
    for (const token of mine) {
      const owner = this.endpointOf(token) ?? findEntry(this.partitioner, this.state.joining, token)?.endpoint;
      if (owner !== undefined && owner !== endpoint) {
        throw new TopologyError(`Bootstrap Token collision between ${owner} and ${endpoint} (token ${this.partitioner.tokenToString(token)})`);
      }
    }
    const joining = this.sorted([...this.state.joining.filter((e) => e.endpoint !== endpoint), ...mine.map((token) => ({ token, endpoint }))]);
    return this.next({ joining, locations: this.located(endpoint) });
  }

  /** `endpoint`, a NORMAL node, is leaving: it keeps its tokens until it is removed. */
  withLeaving(endpoint: Endpoint): TokenMetadata<T> {
    if (!this.isMember(endpoint)) throw new TopologyError(`${endpoint} owns no tokens; it cannot leave the ring`);
    if (this.state.leaving.has(endpoint)) return this;
    return this.next({ leaving: new Set([...this.state.leaving, endpoint]) });
  }

  /** Forgets `endpoint` entirely: tokens, bootstrap tokens, leaving mark, location, host id. */
  withoutEndpoint(endpoint: Endpoint): TokenMetadata<T> {
    const keep = (e: RingEntry<T>): boolean => e.endpoint !== endpoint;
    const leaving = new Set(this.state.leaving);
    leaving.delete(endpoint);
    const locations = new Map(this.state.locations);
    locations.delete(endpoint);
    const hostIds = new Map(this.state.hostIds);
    hostIds.delete(endpoint);
    return this.next({ ring: this.state.ring.filter(keep), joining: this.state.joining.filter(keep), leaving, locations, hostIds });
  }

  /** Records `endpoint`'s host id; refused when another endpoint holds it (remove that one first). */
  withHostId(endpoint: Endpoint, hostId: string): TokenMetadata<T> {
    const id = canonicalHostId(hostId);
    const holder = this.endpointWithHostId(id);
    if (holder !== undefined && holder !== endpoint) throw new TopologyError(`Host ID collision between active endpoint ${holder} and ${endpoint} (id=${id})`);
    if (holder === endpoint) return this;
    return this.next({ hostIds: new Map([...this.state.hostIds, [endpoint, id]]) });
  }

  /** Asks the snitch again where `endpoint` is (gossip has told it something new). */
  withLocationRefreshed(endpoint: Endpoint): TokenMetadata<T> {
    return this.next({ locations: this.locatedAgain(endpoint) });
  }

  /** The ring once every leaving node has gone. */
  afterAllLeft(): TokenMetadata<T> {
    let out: TokenMetadata<T> = this;
    for (const e of this.leavingEndpoints()) out = out.withoutEndpoint(e);
    return out;
  }

  /** The ring once every leaving node has gone and every bootstrapping node is NORMAL. */
  afterAllSettled(): TokenMetadata<T> {
    let out = this.afterAllLeft();
    for (const e of this.bootstrappingEndpoints()) out = out.withNormalTokens(e, this.bootstrapTokensOf(e));
    return out;
  }

  // ---- helpers ----------------------------------------------------------------------------

  private next(changes: Partial<RingState<T>>): TokenMetadata<T> {
    return new TokenMetadata(this.partitioner, this.snitch, this.version + 1, { ...this.state, ...changes });
  }

  /** Locations with `endpoint`'s kept, or asked of the snitch when this snapshot has none. */
  private located(endpoint: Endpoint): ReadonlyMap<Endpoint, Location> {
    return this.state.locations.has(endpoint) ? this.state.locations : this.locatedAgain(endpoint);
  }

  private locatedAgain(endpoint: Endpoint): Map<Endpoint, Location> {
    return new Map([...this.state.locations, [endpoint, this.snitch.location(endpoint)]]);
  }

  private distinctTokens(endpoint: Endpoint, tokens: Iterable<T>): T[] {
    const seen = new Set<TokenKey>();
    const out: T[] = [];
    for (const t of tokens) {
      const k = tokenKey(t);
      if (!seen.has(k)) out.push(t);
      seen.add(k);
    }
    if (out.length === 0) throw new TopologyError(`${endpoint} must have at least one token`);
    return out;
  }

  private sorted(entries: RingEntry<T>[]): readonly RingEntry<T>[] {
    return Object.freeze(entries.sort((a, b) => this.partitioner.compareTokens(a.token, b.token)));
  }

  private indexOfRingToken(token: T): number {
    const i = this.tokens.length === 0 ? -1 : lowerBound(this.partitioner, this.state.ring, token);
    if (i < 0 || i >= this.tokens.length || this.partitioner.compareTokens(this.tokens[i]!, token) !== 0) {
      throw new TopologyError(`${this.partitioner.tokenToString(token)} is not a ring token`);
    }
    return i;
  }
}

/** Index of the first entry whose token is >= `token` (entries.length when none). */
function lowerBound<T extends Token>(p: Partitioner<T>, entries: readonly RingEntry<T>[], token: T): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (p.compareTokens(entries[mid]!.token, token) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function findEntry<T extends Token>(p: Partitioner<T>, entries: readonly RingEntry<T>[], token: T): RingEntry<T> | undefined {
  const e = entries[lowerBound(p, entries, token)];
  return e !== undefined && p.compareTokens(e.token, token) === 0 ? e : undefined;
}

function distinctSorted(endpoints: Endpoint[]): Endpoint[] {
  return [...new Set(endpoints)].sort(compareEndpoints);
}

function buildTopology(endpoints: readonly Endpoint[], locate: (e: Endpoint) => Location): RingTopology {
  const byDc = new Map<string, Endpoint[]>();
  const racks = new Map<string, Set<string>>();
  for (const e of endpoints) {
    const { datacenter, rack } = locate(e);
    let list = byDc.get(datacenter);
    if (list === undefined) byDc.set(datacenter, (list = []));
    list.push(e);
    let set = racks.get(datacenter);
    if (set === undefined) racks.set(datacenter, (set = new Set()));
    set.add(rack);
  }
  return { endpointsByDatacenter: byDc, racksByDatacenter: racks };
}
