/**
 * What a Gossiper holds of each endpoint, as one record per endpoint in one map (in place of
 * parallel maps of states, addresses, live and unreachable sets, echo and quarantine flags, which
 * could disagree). An endpoint is either known — with its gossiped state and where gossip stands
 * on its liveness — or quarantined: removed recently, and gossip about it ignored until the
 * quarantine ends.
 *
 * `reach` of a known endpoint:
 *   self     this node;
 *   pending  learnt of, never answered an ECHO yet (not a gossip target, not unreachable);
 *   live     answered an ECHO and not convicted since (after a restart with a higher generation
 *            it stays a gossip target while the new incarnation's ECHO is awaited, its state
 *            marked not alive, as Cassandra keeps it among its live endpoints);
 *   down     convicted, shut down or in a dead state, since `downSinceMs`.
 * Relations (`checkPeer`): an endpoint is never both live and unreachable (one field); a state
 * marked alive is self or live; down ⇔ it has a down time.
 */
import type { InetAddressAndPort } from '../net/index.js';
import { invariant } from '../util/invariant.js';
import type { EndpointState } from './endpoint-state.js';

export type Reach = 'self' | 'pending' | 'live' | 'down';

export interface KnownPeer {
  readonly kind: 'known';
  readonly address: InetAddressAndPort;
  state: EndpointState;
  reach: Reach;
  /** When gossip marked it down (wall ms); null unless `reach` is down. */
  downSinceMs: number | null;
  /** An ECHO to it awaits its answer. */
  echoInFlight: boolean;
}

export interface QuarantinedPeer {
  readonly kind: 'quarantined';
  readonly address: InetAddressAndPort;
  /** When it was removed (wall ms). */
  readonly sinceMs: number;
}

export type Peer = KnownPeer | QuarantinedPeer;

export function knownPeer(address: InetAddressAndPort, state: EndpointState, reach: Reach): KnownPeer {
  return { kind: 'known', address, state, reach, downSinceMs: null, echoInFlight: false };
}

/** The relations a known endpoint's record keeps after every transition. */
export function checkPeer(key: string, p: KnownPeer): void {
  invariant((p.reach === 'down') === (p.downSinceMs !== null), `gossip: ${key} has a down time iff it is down (${p.reach})`);
  invariant(!p.state.isAlive || p.reach === 'live' || p.reach === 'self', `gossip: ${key} is marked alive while ${p.reach}`);
}
