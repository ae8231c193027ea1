/**
 * GOSSIP_DIGEST_ACK: the answer to our SYN. Take in the states it brought (failure detector first,
 * so news counts as a heartbeat), then send ACK2 with what it asked for.
 */
import type { Message } from '../net/index.js';
import { decodeAck, encodeAck2 } from './gossip-codec.js';
import type { Gossiper } from './gossiper.js';
import { readPayload } from './read-payload.js';

export function handleAck(g: Gossiper, m: Message): void {
  if (!g.isRunning) return;
  const ack = readPayload(g, m, decodeAck);
  if (ack === undefined) return;
  if (ack.states.length > 0) {
    g.reportArrivals(ack.states);
    g.applyStates(ack.states);
  }
  const states = g.statesFor(ack.digests);
  if (ack.digests.length > 0) g.messaging.send(m.from, { verb: 'GOSSIP_DIGEST_ACK2', payload: encodeAck2({ states }) });
}
