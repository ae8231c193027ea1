/**
 * Per-peer message counters of one messaging service, for nodetool (tpstats' dropped messages,
 * netstats) and for tests that check what the fault hooks did. Plain numbers, updated inline.
 */
import { endpointKey, type InetAddressAndPort } from './inet-address.js';
import type { ConnectionType, VerbName } from './verbs.js';

/** Why a message was dropped instead of sent or handled. */
export type DropReason =
  | 'expired' // its deadline passed before it could be written or run
  | 'overflow' // the peer's outbound queue was full
  | 'filtered' // a fault filter dropped it
  | 'unknownVerb' // the receiver does not know the verb or has no handler
  | 'unmatched' // a response nobody waits for (late, duplicated or stale)
  | 'closed'; // the service or connection shut down with it unsent

export interface PeerCounters {
  sent: number;
  received: number;
  timeouts: number;
  /** FAILURE_RSP answers received for our requests. */
  failures: number;
  dropped: Record<DropReason, number>;
}

function emptyCounters(): PeerCounters {
  return {
    sent: 0,
    received: 0,
    timeouts: 0,
    failures: 0,
    dropped: { expired: 0, overflow: 0, filtered: 0, unknownVerb: 0, unmatched: 0, closed: 0 },
  };
}

/** One connection type's outbound counters over all peers (netstats' Large/Small/Gossip rows). */
export interface ConnectionTypeCounters {
  /** Messages written to the socket. */
  completed: number;
  /** Messages an outbound connection of this type dropped (expired, overflow, closed). */
  dropped: number;
}

export class MessagingMetrics {
  private readonly peers = new Map<string, PeerCounters>();
  readonly byType: Record<ConnectionType, ConnectionTypeCounters> = {
    small: { completed: 0, dropped: 0 },
    large: { completed: 0, dropped: 0 },
    gossip: { completed: 0, dropped: 0 },
  };

  /**
   * Messages dropped because their deadline passed before they were sent or run, by verb: what
   * Cassandra's DroppedMessageMetrics count per verb (a message dropped when it expired in a
   * queue before it was processed; checked in apache/cassandra net/InboundMessageHandler's
   * expiry path and metrics/DroppedMessageMetrics), here wherever Ilium finds one expired: on
   * arrival, in an outbound queue, or an answer whose request expired.
   */
  private readonly expiredByVerb = new Map<VerbName, number>();

  /** The live counters of `peer` (created on first use). */
  of(peer: InetAddressAndPort): PeerCounters {
    const k = endpointKey(peer);
    let c = this.peers.get(k);
    if (c === undefined) {
      c = emptyCounters();
      this.peers.set(k, c);
    }
    return c;
  }

  /** Counts `n` messages to or from `peer` dropped for `reason`; those of a known verb that expired are counted by verb too. */
  drop(peer: InetAddressAndPort, reason: DropReason, verb?: VerbName, n = 1): void {
    this.of(peer).dropped[reason] += n;
    if (reason === 'expired' && verb !== undefined) this.expiredByVerb.set(verb, (this.expiredByVerb.get(verb) ?? 0) + n);
  }

  /** Expired messages dropped since start, by verb (only verbs with a drop). */
  droppedByVerb(): ReadonlyMap<VerbName, number> {
    return new Map(this.expiredByVerb);
  }

  /** A copy of every peer's counters, keyed by `host:port`. */
  snapshot(): Record<string, PeerCounters> {
    const out: Record<string, PeerCounters> = {};
    for (const [k, c] of this.peers) out[k] = { ...c, dropped: { ...c.dropped } };
    return out;
  }

  /** Sum over peers. */
  totals(): PeerCounters {
    const t = emptyCounters();
    for (const c of this.peers.values()) {
      t.sent += c.sent;
      t.received += c.received;
      t.timeouts += c.timeouts;
      t.failures += c.failures;
      for (const r of Object.keys(t.dropped) as DropReason[]) t.dropped[r] += c.dropped[r];
    }
    return t;
  }
}
