/**
 * GOSSIP_DIGEST_ACK: the answer to our SYN. Take in the states it brought (failure detector first,
 * so news counts as a heartbeat), then send ACK2 with what it asked for.
 *
 * An ACK's states are deltas above the versions our SYN claimed, so they only ever concern
 * endpoints we know. One about an endpoint we do not know answers a SYN of an earlier incarnation
 * of this node (queued for it while it was down, delivered after its restart): taken in, a
 * heartbeat-only delta would become all we hold of that endpoint, at a version that makes every
 * peer think we are up to date, and we would never learn its tokens. Such states are dropped;
 * the endpoint's full state comes through the next SYN that names it.
 */
import { type Message, endpointKey } from '../net/index.js';
import { decodeAck, encodeAck2 } from './gossip-codec.js';
import type { Gossiper } from './gossiper.js';
import { readPayload } from './read-payload.js';

export function handleAck(g: Gossiper, m: Message): void {
  if (!g.isRunning) return;
  const ack = readPayload(g, m, decodeAck);
  if (ack === undefined) return;
  const known = ack.states.filter((e) => g.stateByKey(endpointKey(e.endpoint)) !== undefined);
  if (known.length > 0) {
    g.reportArrivals(known);
    g.applyStates(known);
  }
  const states = g.statesFor(ack.digests);
  if (ack.digests.length > 0) g.messaging.send(m.from, { verb: 'GOSSIP_DIGEST_ACK2', payload: encodeAck2({ states }), timeoutMs: g.exchangeExpiryMs });
}
