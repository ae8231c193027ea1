/**
 * Gossip and failure detection, one `Gossiper` per node on its `MessagingService` (imports
 * util/errors/env/config/dht/locator/net): the model — `application-state.ts` (STATUS,
 * STATUS_WITH_PORT, TOKENS, SCHEMA, LOAD, DC, RACK, HOST_ID, RELEASE_VERSION,
 * NATIVE_ADDRESS_AND_PORT, RPC_READY, NET_VERSION…, wire ids in Cassandra 4.0's enum order),
 * - `versioned-value.ts` (a value and its version; a per-node `VersionGenerator`),
 * - `heartbeat-state.ts` (generation = start second, version),
 * - `endpoint-state.ts` (heartbeat + states, alive flag, deltas),
 * - `gossip-status.ts` (NORMAL/BOOT/LEAVING/LEFT with
 *   expiry/MOVING/removing/removed/shutdown/hibernate as Cassandra spells them, dead states, TOKENS
 *   lists); the exchange — `gossip-messages.ts` (SYN digests → ACK requests + deltas → ACK2;
 *   SHUTDOWN with the generation),
 * - `gossip-codec.ts` (our bounded binary grammar; malformed bytes → `GossipCodecError`),
 * - `examine-digests.ts` (the SYN receiver's decisions, pure), one handler per verb
 *   (`gossip-digest-syn-handler.ts`, `-ack-`, `-ack2-`, `gossip-shutdown-handler.ts`,
 *   `echo-handler.ts`, registered by `gossip-handlers.ts`; an ACK's states about endpoints we do
 *   not know are dropped: they answer a SYN of this node's previous incarnation; SYN, ACK and ACK2
 *   expire after one round, `exchangeExpiryMs`, so none reaches a peer that restarted meanwhile);
 * - `gossiper.ts` (a round per second on the Env timers: heartbeat, SYN to a random live peer,
 *   maybe an unreachable one, maybe a seed — `gossip-targets.ts`; newer generations replace, newer
 *   versions merge; new or restarted endpoints alive only after ECHO; GOSSIP_SHUTDOWN marks down at
 *   once with the heartbeat forced highest; dead LEFT/removed endpoints evicted after their expiry,
 *   then quarantined 2 × ring delay; with the ring known, silent endpoints outside it (fat clients)
 *   evicted after a ring delay; `addLocalApplicationState(s)`, `announceShutdown`,
 *   `gossipToLiveNow` — a SYN to every live peer outside the rounds, for news that must not wait
 *   for them, such as a new schema version; a SYN, ACK or ACK2 expires after one round),
 * - `gossip-peer.ts` (what the gossiper holds of each endpoint: one record — its state, reach
 *   self/pending/live/down with the down time, ECHO in flight — or a quarantine entry, in one
 *   map; `checkPeer` states the relations the records keep);
 * - `gossiper-options.ts` (seeds, phi_convict_threshold, cluster and partitioner from the node
 *   config);
 * - `failure-detector.ts` over `arrival-window.ts` (phi accrual: phi = (t / mean interval) / ln 10,
 *   a 1000-interval window, 2 s initial guess and longest interval kept, threshold 8, local-pause
 *   guard, monotonic Env clock only);
 * - `endpoint-state-change-subscriber.ts` (onJoin/onChange/onAlive/onDead/onRemove/onRestart);
 * - `ring-from-gossip.ts` (a subscriber keeping a `TokenMetadata` from STATUS + TOKENS + HOST_ID +
 *   DC/RACK; `gossipedLocation` for the GossipingPropertyFileSnitch)
 */
export * from './application-state.js';
export * from './versioned-value.js';
export * from './heartbeat-state.js';
export * from './endpoint-state.js';
export * from './gossip-status.js';
export * from './gossip-messages.js';
export * from './gms-errors.js';
export * from './gossip-codec.js';
export * from './arrival-window.js';
export * from './failure-detector.js';
export * from './endpoint-state-change-subscriber.js';
export * from './examine-digests.js';
export * from './gossip-targets.js';
export * from './gossiper-options.js';
export * from './gossiper.js';
export * from './ring-from-gossip.js';
