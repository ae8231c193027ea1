/**
 * Internode messaging, one instance per node (`MessagingService`: `registerHandler(verb, handler)`
 * with a `Reply`, `send` one-way, `sendWithCallback`/`request` with timeouts on the Env timers,
 * failures typed as `RemoteFailureError`/`MessagingTimeoutError`); peers named by
 * `InetAddressAndPort` (`inet-address.ts`); the verb table (`verbs.ts`: wire number, direction,
 * response verb, default timeout, stage (`stage.ts`), connection type); frames with a checked
 * length and CRC-32C body (`frame.ts`), the versioned handshake with cluster name (`handshake.ts`),
 * the message grammar (`message-codec.ts`, deadlines travel as time left), FAILURE_RSP payloads
 * (`failure.ts`);
 * - `outbound-connection.ts` (lazy connect, bounded queue dropping expired then oldest, reconnect
 *   with backoff) and `inbound-connection.ts` (refusals and bad peers close with a logged reason);
 *   fault hooks (`message-filter.ts` chain on send and receive, `fault-filters.ts`: partition,
 *   isolate, loss, delay, duplication, reordering, seeded by the Env); per-peer counters
 *   (`peer-metrics.ts`); per-stage counts of handler work (`stage-stats.ts`, an executor the node
 *   passes in; nodetool tpstats)
 */
export * from './inet-address.js';
export * from './stage.js';
export * from './verbs.js';
export * from './message.js';
export * from './failure.js';
export * from './net-errors.js';
export * from './frame.js';
export * from './message-codec.js';
export * from './handshake.js';
export * from './message-filter.js';
export * from './fault-filters.js';
export * from './peer-metrics.js';
export * from './net-logger.js';
export * from './callback-map.js';
export * from './messaging-options.js';
export * from './outbound-connection.js';
export * from './inbound-connection.js';
export * from './messaging-service.js';
export * from './stage-stats.js';
