/** GOSSIP_DIGEST_ACK2: the states we asked for in our ACK; the exchange ends here. */
import type { Message } from '../net/index.js';
import { decodeAck2 } from './gossip-codec.js';
import type { Gossiper } from './gossiper.js';
import { readPayload } from './read-payload.js';

export function handleAck2(g: Gossiper, m: Message): void {
  if (!g.isRunning) return;
  const ack2 = readPayload(g, m, decodeAck2);
  if (ack2 === undefined) return;
  g.reportArrivals(ack2.states);
  g.applyStates(ack2.states);
}
