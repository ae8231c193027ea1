/** Decodes a gossip payload; a malformed one is logged and dropped (undefined), never thrown. */
import { endpointKey, type Message } from '../net/index.js';
import { GossipCodecError } from './gms-errors.js';
import type { Gossiper } from './gossiper.js';

export function readPayload<T>(g: Gossiper, m: Message, decode: (payload: Uint8Array) => T): T | undefined {
  try {
    return decode(m.payload);
  } catch (err) {
    if (!(err instanceof GossipCodecError)) throw err;
    g.logger.warn('gossip_malformed_message', { from: endpointKey(m.from), verb: m.verb, error: err.message });
    return undefined;
  }
}
