/** The gossip verbs a running Gossiper answers, registered on its node's MessagingService. */
import type { VerbName } from '../net/index.js';
import { handleEcho } from './echo-handler.js';
import { handleAck } from './gossip-digest-ack-handler.js';
import { handleAck2 } from './gossip-digest-ack2-handler.js';
import { handleSyn } from './gossip-digest-syn-handler.js';
import { handleShutdown } from './gossip-shutdown-handler.js';
import type { Gossiper } from './gossiper.js';

const GOSSIP_VERBS: readonly VerbName[] = ['GOSSIP_DIGEST_SYN', 'GOSSIP_DIGEST_ACK', 'GOSSIP_DIGEST_ACK2', 'GOSSIP_SHUTDOWN', 'ECHO'];

export function registerGossipHandlers(g: Gossiper): void {
  const m = g.messaging;
  m.registerHandler('GOSSIP_DIGEST_SYN', (msg) => handleSyn(g, msg));
  m.registerHandler('GOSSIP_DIGEST_ACK', (msg) => handleAck(g, msg));
  m.registerHandler('GOSSIP_DIGEST_ACK2', (msg) => handleAck2(g, msg));
  m.registerHandler('GOSSIP_SHUTDOWN', (msg) => handleShutdown(g, msg));
  m.registerHandler('ECHO', (msg, reply) => handleEcho(g, msg, reply));
}

export function unregisterGossipHandlers(g: Gossiper): void {
  for (const v of GOSSIP_VERBS) g.messaging.unregisterHandler(v);
}
