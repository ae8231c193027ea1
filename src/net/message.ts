/**
 * One internode message as the service holds it. The payload is opaque bytes: each verb's own
 * file (later, in gms/service/…) owns its payload's grammar; messaging only moves it.
 *
 * `kind` says how the message relates to others: a one-way message wants no answer; a request is
 * answered by exactly one response or failure carrying the request's `id`. Ids are unique per
 * sender, so a response is matched by (id, the peer it came from).
 *
 * Times are in the holder's own clock: `createdAtMs` is when the sender made it (the sender's wall
 * clock, for logs and metrics); `expiresAtMs` is set by each side in its own clock from the time
 * left when the message was written, so clock skew between nodes never shortens or lengthens a
 * deadline (Cassandra's default, cross_node_timeout off).
 */
import type { InetAddressAndPort } from './inet-address.js';
import type { VerbName } from './verbs.js';

export type MessageKind = 'oneway' | 'request' | 'response' | 'failure';

/** Wire numbers of the kinds (never renumber). */
export const MESSAGE_KIND_IDS: Readonly<Record<MessageKind, number>> = { oneway: 0, request: 1, response: 2, failure: 3 };

export interface Message {
  readonly id: number;
  readonly verb: VerbName;
  readonly kind: MessageKind;
  /** The sender's broadcast address (from the connection's handshake on the receiving side). */
  readonly from: InetAddressAndPort;
  readonly createdAtMs: number;
  /** Past this instant (holder's clock) nobody waits for the message: it is dropped unsent/unrun. */
  readonly expiresAtMs: number;
  readonly payload: Uint8Array;
  /** The trace session of the traced request this message serves (Cassandra's TRACE_SESSION header); absent when untraced. */
  readonly traceSession?: Uint8Array;
}

/** Messages without a deadline of their own (gossip, responses) still expire after this. */
export const DEFAULT_EXPIRY_MS = 10_000;

export function isExpired(message: Message, nowMs: number): boolean {
  return nowMs > message.expiresAtMs;
}
