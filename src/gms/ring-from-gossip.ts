/**
 * Keeps a `TokenMetadata` snapshot in step with gossip, as Cassandra's StorageService does from its
 * state-change callbacks (a first, small version of it; StorageService will own this later):
 *
 *   NORMAL   → the endpoint owns the tokens in its TOKENS (and its HOST_ID is recorded)
 *   BOOT     → its TOKENS are bootstrap tokens
 *   LEAVING  → a member marked leaving (made a member first if we never saw it NORMAL)
 *   removing → the same: another node is moving its ranges to their new replicas (removenode)
 *   LEFT, removed, or forgotten by gossip (onRemove) → gone from the ring
 *   shutdown, hibernate, unknown → no change (a stopped node keeps its tokens)
 *
 * A DC or RACK change asks the snitch again. Values that do not parse (a bad token, a host id
 * held by another endpoint, a bootstrap token collision) leave the ring as it was and are counted
 * in `rejected`; gossip input never throws here. Every new snapshot goes to `onRing`.
 */
import type { Partitioner, Token } from '../dht/index.js';
import { endpoint as ringEndpoint, endpointHost, endpointPort, TokenMetadata, type Endpoint, type GossipedLocation, type Snitch } from '../locator/index.js';
import { endpoint as netEndpoint, endpointKey, type InetAddressAndPort } from '../net/index.js';
import type { ApplicationState } from './application-state.js';
import type { EndpointStateChangeSubscriber } from './endpoint-state-change-subscriber.js';
import type { EndpointStateData } from './endpoint-state.js';
import { parseTokensValue, statusOf } from './gossip-status.js';

export type EndpointStateLookup = (endpoint: InetAddressAndPort) => EndpointStateData | undefined;

export interface RingFromGossipOptions<T extends Token> {
  readonly partitioner: Partitioner<T>;
  readonly snitch: Snitch;
  /** What gossip holds now (normally `gossiper.endpointState`). */
  readonly lookup: EndpointStateLookup;
  readonly initial?: TokenMetadata<T>;
  readonly onRing?: (ring: TokenMetadata<T>) => void;
}

const RING_STATES = new Set<ApplicationState>(['STATUS', 'STATUS_WITH_PORT', 'TOKENS', 'HOST_ID']);
const LOCATION_STATES = new Set<ApplicationState>(['DC', 'RACK']);

export function ringEndpointOf(ep: InetAddressAndPort): Endpoint {
  return ringEndpoint(endpointKey(ep));
}

/** What the GossipingPropertyFileSnitch needs from gossip: another node's DC and RACK. */
export function gossipedLocation(lookup: EndpointStateLookup): GossipedLocation {
  return (e) => {
    const st = lookup(netEndpoint(endpointHost(e), endpointPort(e)));
    if (st === undefined) return undefined;
    return { datacenter: st.states.get('DC')?.value, rack: st.states.get('RACK')?.value };
  };
}

export class RingFromGossip<T extends Token> implements EndpointStateChangeSubscriber {
  private current: TokenMetadata<T>;
  private rejectedCount = 0;

  constructor(private readonly o: RingFromGossipOptions<T>) {
    this.current = o.initial ?? TokenMetadata.empty(o.partitioner, o.snitch);
  }

  get ring(): TokenMetadata<T> {
    return this.current;
  }

  /** Gossip values that could not be applied to the ring. */
  get rejected(): number {
    return this.rejectedCount;
  }

  onJoin(ep: InetAddressAndPort, state: EndpointStateData): void {
    this.update(ep, state);
  }

  onChange(ep: InetAddressAndPort, state: ApplicationState): void {
    if (RING_STATES.has(state)) {
      const st = this.o.lookup(ep);
      if (st !== undefined) this.update(ep, st);
    } else if (LOCATION_STATES.has(state)) {
      this.change((r) => r.withLocationRefreshed(ringEndpointOf(ep)));
    }
  }

  onRemove(ep: InetAddressAndPort): void {
    this.change((r) => r.withoutEndpoint(ringEndpointOf(ep)));
  }

  private update(ep: InetAddressAndPort, st: EndpointStateData): void {
    const status = statusOf(st);
    if (status === undefined) return;
    const e = ringEndpointOf(ep);
    switch (status.kind) {
      case 'NORMAL':
        return this.change((r) => this.withHostId(this.sameNormal(r, e, st) ? r : r.withNormalTokens(e, this.tokensOf(st)), e, st));
      case 'BOOT':
        return this.change((r) => this.withHostId(r.withBootstrapTokens(e, this.tokensOf(st)), e, st));
      case 'LEAVING':
      case 'removing':
        return this.change((r) => (r.isMember(e) ? r : r.withNormalTokens(e, this.tokensOf(st))).withLeaving(e));
      case 'LEFT':
      case 'removed':
        return this.change((r) => r.withoutEndpoint(e));
      default:
        return;
    }
  }

  private tokensOf(st: EndpointStateData): T[] {
    const v = st.states.get('TOKENS')?.value;
    const tokens = v === undefined ? [] : parseTokensValue(v).map((s) => this.o.partitioner.tokenFromString(s));
    if (tokens.length === 0) throw new RangeError('no TOKENS gossiped');
    return tokens;
  }

  /** Already NORMAL with exactly these tokens (STATUS and STATUS_WITH_PORT both announce it). */
  private sameNormal(r: TokenMetadata<T>, e: Endpoint, st: EndpointStateData): boolean {
    if (!r.isMember(e) || r.isLeaving(e)) return false;
    const mine = r.tokensOf(e).map((t) => this.o.partitioner.tokenToString(t)).sort();
    const gossiped = [...this.tokensOf(st)].map((t) => this.o.partitioner.tokenToString(t)).sort();
    return mine.length === gossiped.length && mine.every((t, i) => t === gossiped[i]);
  }

  private withHostId(r: TokenMetadata<T>, e: Endpoint, st: EndpointStateData): TokenMetadata<T> {
    const id = st.states.get('HOST_ID')?.value;
    return id === undefined ? r : r.withHostId(e, id);
  }

  /** Applies `f`; a failure (bad gossip) leaves the ring as it was. */
  private change(f: (r: TokenMetadata<T>) => TokenMetadata<T>): void {
    let next: TokenMetadata<T>;
    try {
      next = f(this.current);
    } catch {
      this.rejectedCount++;
      return;
    }
    if (next === this.current) return;
    this.current = next;
    this.o.onRing?.(next);
  }
}
