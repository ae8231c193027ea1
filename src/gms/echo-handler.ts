/** ECHO: "are you there?" — answered while gossip runs; a stopped node stays silent. */
import type { Message, Reply } from '../net/index.js';
import type { Gossiper } from './gossiper.js';

export function handleEcho(g: Gossiper, _m: Message, reply: Reply): void {
  if (g.isRunning) reply.respond(new Uint8Array(0));
}
