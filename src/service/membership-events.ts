/**
 * What the CQL layer tells drivers about the cluster, as Cassandra's StorageService notifies its
 * lifecycle subscribers: NEW_NODE when an endpoint becomes a ring member, REMOVED_NODE when it
 * leaves the ring, UP / DOWN when gossip marks a ring member alive or dead (and UP after NEW_NODE
 * for a node marked alive before it joined the ring: a bootstrapping node). Each event names the
 * node's native (CQL) address as it gossiped it in NATIVE_ADDRESS_AND_PORT (remembered, so a
 * removed node can still be named). Ring membership comes from successive ring snapshots.
 */
import type { Gossiper } from '../gms/index.js';
import { endpointHost, type Endpoint, type TokenMetadata } from '../locator/index.js';
import type { InetAddressAndPort } from '../net/index.js';
import { ringEndpointOf } from '../gms/index.js';

export type MembershipChange = 'NEW_NODE' | 'REMOVED_NODE' | 'UP' | 'DOWN';

export interface MembershipEvent {
  readonly change: MembershipChange;
  readonly endpoint: Endpoint;
  /** Where the node's CQL clients connect. */
  readonly native: { readonly host: string; readonly port: number };
}

export type MembershipListener = (event: MembershipEvent) => void;

/** The `host:port` in NATIVE_ADDRESS_AND_PORT; undefined when absent or unreadable. */
export function parseNativeAddress(value: string | undefined): { host: string; port: number } | undefined {
  if (value === undefined) return undefined;
  const i = value.lastIndexOf(':');
  const port = Number(value.slice(i + 1));
  if (i <= 0 || !Number.isInteger(port) || port < 0 || port > 65535) return undefined;
  return { host: value.slice(0, i), port };
}

export class MembershipEvents {
  private members = new Set<Endpoint>();
  private readonly natives = new Map<Endpoint, { host: string; port: number }>();
  private readonly listeners: MembershipListener[] = [];

  constructor(
    private readonly gossiper: Pick<Gossiper, 'knownEndpoints' | 'endpointState'>,
    private readonly local: Endpoint,
    private readonly defaultNativePort: number,
    /** Gossip's liveness: a node that joins the ring already alive (after its bootstrap) is announced UP too. */
    private readonly isAlive: (e: Endpoint) => boolean = () => false,
  ) {}

  subscribe(listener: MembershipListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** A new ring snapshot: members that appeared or went. */
  onRing(ring: TokenMetadata): void {
    const now = new Set(ring.normalEndpoints().filter((e) => e !== this.local));
    const joined = [...now].filter((e) => !this.members.has(e));
    for (const e of joined) this.emit('NEW_NODE', e);
    for (const e of this.members) if (!now.has(e)) this.emit('REMOVED_NODE', e);
    this.members = now;
    for (const e of joined) if (this.isAlive(e)) this.emit('UP', e);
  }

  onAlive(ep: InetAddressAndPort): void {
    const e = ringEndpointOf(ep);
    if (this.members.has(e)) this.emit('UP', e);
  }

  onDead(ep: InetAddressAndPort): void {
    const e = ringEndpointOf(ep);
    if (this.members.has(e)) this.emit('DOWN', e);
  }

  private nativeOf(e: Endpoint): { host: string; port: number } {
    const ep = this.gossiper.knownEndpoints().find((x) => ringEndpointOf(x) === e);
    const gossiped = ep === undefined ? undefined : parseNativeAddress(this.gossiper.endpointState(ep)?.states.get('NATIVE_ADDRESS_AND_PORT')?.value);
    if (gossiped !== undefined) this.natives.set(e, gossiped);
    return this.natives.get(e) ?? { host: endpointHost(e), port: this.defaultNativePort };
  }

  private emit(change: MembershipChange, e: Endpoint): void {
    const event: MembershipEvent = { change, endpoint: e, native: this.nativeOf(e) };
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // a listener's failure is its own
      }
    }
  }
}
