/**
 * GOSSIP_SHUTDOWN: the sender is stopping; mark it down now rather than wait for the failure
 * detector. A shutdown from an older generation than the one we hold (a late message from before
 * a restart) is ignored.
 */
import { endpointKey, type Message } from '../net/index.js';
import { decodeShutdown } from './gossip-codec.js';
import type { Gossiper } from './gossiper.js';
import { readPayload } from './read-payload.js';

export function handleShutdown(g: Gossiper, m: Message): void {
  if (!g.isRunning) return;
  const shutdown = readPayload(g, m, decodeShutdown);
  if (shutdown === undefined) return;
  const known = g.endpointState(m.from);
  if (known === undefined || shutdown.generation < known.heartbeat.generation) return;
  g.logger.info('gossip_peer_shutdown', { endpoint: endpointKey(m.from) });
  g.markAsShutdown(m.from);
}
