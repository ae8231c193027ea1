/**
 * The coordinator and its seam. `data-store.ts` (`DataStore`, `TableWrite`: what the CQL layer and
 * the 0.7 operations call; `cql/execution` re-exports it) and `local-data-store.ts` (one node: the
 * local engine through the operations' context). `storage-proxy.ts` (`StorageProxy implements
 * DataStore`, built from the Env, messaging, this node's endpoint, the local store, a
 * `RingProvider` (ring snapshot + placement per keyspace; `SchemaRingProvider` over the schema), a
 * `LivenessOracle`, a snitch, a `HintSink` and timeouts named after cassandra.yaml
 * (`coordinator/storage-proxy-options.ts`); on a one-node ring every call is the local store's;
 * `readMany` reads an IN's partitions, in one local call when this node is their one replica).
 *
 * `coordinator/`:
 * - `write-executor.ts` (natural + pending replicas, Unavailable before anything is sent, own copy
 *   applied without the network, dead and silent replicas hinted) over `write-ack-tracker.ts` (acks
 *   per level: LOCAL_ counts its DC, EACH_QUORUM each DC, ANY counts stored hints only;
 *   `WriteTimeoutError` with received/blockFor/writeType SIMPLE or BATCH);
 * - `read-executor.ts` (data from the nearest, digests from the rest, a spare replica asked after
 *   `speculativeRetryMs`; on mismatch full data with tombstones, reconcile, short-read retry
 *   without limits; `ReadTimeoutError` with dataPresent);
 * - `read-repair.ts` (blocking: stale contacted replicas are sent what they lack and must
 *   acknowledge before the answer);
 * - `range-executor.ts` over `range-split.ts` (positions split by ring ranges) and
 *   `range-pieces.ts` (each piece's live read targets, Unavailable before anything is sent,
 *   adjacent pieces with the same replicas merged, walked in order; a page trusted up to the
 *   smallest last item among answers that hit the limit);
 * - `index-executor.ts` (secondary index reads — CQL and KEYS indexes — on a ring: each replica
 *   indexes only its own rows, so the ring's ranges are walked in order and each range's replicas
 *   at the level are asked over INDEX_READ for their entries of that range (the caller's slices cut
 *   to the range's entry names), merged as cells, trusted up to the smallest cut answer, up to the
 *   cell limit — R + W > N holds per range; stale entries sent over INDEX_CLEAN to their base rows'
 *   replicas, each re-checking its own rows, own part awaited, others not);
 * - `partition-merge.ts` (pure: merge, repair diff, limits);
 * - `replica-selection.ts` (on a ring whose replicas do not depend on the token — one node, nobody
 *   joining or leaving: `KeyspacePlacement.uniformEndpoints` — a key's replicas without hashing
 *   it),
 * - `response-collector.ts`,
 * - `replica-requests.ts` (self without the network),
 * - `seams.ts` (`DownSetLiveness` with down-since times, `MemoryHintSink`, `NO_HINTS`;
 *   `HintSink.hint` answers whether a hint was stored).
 *
 * `hints/`: hinted handoff wired to src/hints — `hints-sink.ts` (`HintsServiceSink`: a missed
 * mutation → a hint for the replica's host id from the ring, the MUTATION wire form as payload,
 * expiring after the smallest gc_grace_seconds; no host id or unknown table → not hinted),
 * - `hint-delivery.ts` (`MessagingHintDelivery`: host id → current address from the ring, HINT
 *   request, done on HINT_RSP; `UnknownHintTargetError`),
 * - `hints-liveness.ts` (`RingHintsLiveness`: the hints layer's host-id liveness over the
 *   coordinator's endpoint liveness).
 *
 * `replica/`: one handler per verb (MUTATION, READ data or digest, RANGE_READ, READ_REPAIR,
 * TRUNCATE, INDEX_READ (own entries of an index partition), INDEX_CLEAN (stale entries re-checked
 * and removed), HINT applied as MUTATION — a hint for a dropped table acknowledged unapplied;
 * garbled payloads answered BAD_PAYLOAD, unknown tables INVALID).
 *
 * `wire/`: bounds-checked codecs with grammars in their headers (mutations in the commit log's
 * grammar, read and range commands, responses, truncate, index reads and cleans;
 * `MalformedMessageError` on bad bytes);
 * - `digest.ts` (MD5 over a canonical answer);
 * - `group-length.ts` (row limits travel as a kind the replica rebuilds; Super CFs apply group
 *   limits at the coordinator).
 *
 * Not yet: a replica's own index-build state on index reads (only the coordinator's is checked).
 * `withPartitionLock` locks on this node only (read-modify-write outside Paxos: counters, list
 * operations). The coordinator's N-node `SimCluster` and its helpers are
 * test code in `test/support/service/` (production code never imports it).
 *
 * A node's membership, Cassandra's StorageService minus the coordinator and the topology operations
 * (src/topology) (imports env/config/dht/schema/db/locator/net/gms):
 * - `storage-service.ts` (`StorageService`: starts messaging on listen_address:storage_port
 *   (`start-messaging.ts`: a lone node — its only seed itself — whose port is taken listens on a
 *   free one instead, so single nodes and tests never collide on 7000; a node with other seeds
 *   fails with a ConfigurationError) and a `Gossiper` with the seeds, announces NORMAL with its
 *   tokens (`local-states.ts`: DC, RACK, HOST_ID, RELEASE_VERSION, SCHEMA, LOAD refreshed every 60
 *   s, RPC_ADDRESS, NATIVE_ADDRESS_AND_PORT, RPC_READY, TOKENS, STATUS_WITH_PORT/STATUS), keeps the
 *   ring through `RingFromGossip` with the configured snitch, and offers `ring()`, `isAlive(ep)` /
 *   `downSinceMs(ep)` / `liveEndpoints()` (the coordinator's liveness oracle), `peers()`
 *   (`ring-peers.ts`, for system.peers/peers_v2), `schemaVersions()` (describecluster; down nodes
 *   under UNREACHABLE), `endpointState(ep)`, `onMembership` events (`membership-events.ts`:
 *   NEW_NODE / REMOVED_NODE from ring snapshot diffs, UP / DOWN from gossip, named by the gossiped
 *   native address); `stop()` announces the shutdown, then shuts messaging); schema agreement in
 *   `schema-sync.ts` (SCHEMA in gossip; local changes are stamped and pushed to live peers —
 *   SCHEMA_PUSH — and every new version, made here or merged from a push, is gossiped to every live
 *   peer at once (`Gossiper.gossipToLiveNow`), so system.peers agrees in tens of milliseconds, not
 *   gossip rounds; a peer gossiping another version is pulled — SCHEMA_PULL — after 250 ms if it
 *   still differs (the push usually arrives first, CASSANDRA-5025), at once when it joins or restarts;
 *   merges go through `SchemaKeeper.alter`, and what they changed is announced to CQL clients via
 *   `schema-diff.ts`) over `keyspace-versions.ts` (per keyspace the canonical JSON or a tombstone
 *   with a micros stamp: newer stamp wins, ties by text, so any delivery order converges —
 *   property-tested; kept across restarts in `<dataDir>/schema-versions.json` by
 *   `keyspace-versions-file.ts`, trusted only while they still describe the stored schema;
 *   keyspaces without a kept stamp carry stamp 0);
 * - `token-ownership.ts` (nodetool's Owns: range widths on Murmur3/Random, equal shares on
 *   key-ordered partitioners)
 *
 * `paxos/`: lightweight transactions by Paxos (Cassandra 2.0's protocol). Replica side:
 * - `paxos-acceptor.ts` (`PaxosAcceptor`: per (table, partition) the promised ballot, accepted
 *   proposal and most recent commit, under a per-instance lock, durable in `db/paxos-table.ts`;
 *   prepare promises later ballots only, propose accepts unless a later ballot was promised, commit
 *   applies the update through the local store and clears what it supersedes; an idle partition's
 *   state expires after max(gc_grace_seconds, 3 h), Cassandra's paxos TTL). Coordinator side:
 * - `ballot.ts` (TimeUUID ballots, their microsecond = the proposal's write timestamp),
 * - `ballot-clock.ts` (strictly increasing, after any promise seen),
 * - `paxos-participants.ts` (natural + pending, LOCAL_SERIAL the local DC; quorum of natural +
 *   pending required; Unavailable before anything is sent, and with more than one pending replica),
 * - `paxos-requests.ts` (self without the network),
 * - `prepare-round.ts` (first refusal ends it; summary: newest accepted, newest commit, who misses
 *   it),
 * - `propose-round.ts` (all refused → contention; partly accepted or silent → WriteTimeout CAS,
 *   outcome unknown),
 * - `commit-round.ts` (every replica, acks at the commit level, dead replicas hinted),
 * - `begin-and-repair.ts` (finish an in-progress proposal under our ballot — not one carrying the
 *   newest commit's own update, a decision already learned that two repairers would otherwise
 *   refresh for each other forever —, bring replicas missing the newest commit up to date, and
 *   prepare again until our ballot's microsecond is after the newest commit's and proposal's, since
 *   it is our update's write timestamp: CASSANDRA-7801; both found by `test/sim`),
 * - `coordinate-cas.ts` (prepare/repair → QUORUM read → decide → propose → commit; backoff and
 *   retry until cas_contention_timeout_in_ms, `contention.ts`),
 * - `serial-read.ts` (SERIAL / LOCAL_SERIAL reads: begin and repair, then QUORUM / LOCAL_QUORUM;
 *   range reads at a serial level refused on multi-node rings).
 *
 * As in Cassandra 2.0, a failed condition proposes nothing. Wire: `wire/paxos-commit-codec.ts`,
 * `wire/paxos-prepare-message.ts`, `wire/paxos-propose-message.ts`.
 *
 * `batchlog/`: LOGGED batches over several partitions on a multi-node ring (`DataStore.apply(…, {
 * logged: true })`, which the CQL layer passes for BEGIN BATCH):
 * - `batchlog-endpoints.ts` (two other live nodes of the local DC, other racks first, seeded
 *   choice; none → Unavailable unless ANY),
 * - `coordinate-logged-batch.ts` (availability of every write first; BATCH_STORE to every endpoint
 *   — WriteTimeout BATCH_LOG otherwise; apply at the level, writeType BATCH; BATCH_REMOVE not
 *   waited for),
 * - `batchlog-replay.ts` (`BatchlogReplayer`: periodic or on demand, batches older than twice the
 *   write timeout re-applied through this node's coordinator at ONE — dead or silent replicas
 *   hinted — then removed; failures reported to the node's background supervisor and retried next
 *   round; a batch that does not decode quarantined to `<data>/quarantine/batchlog/<id>.batch`
 *   and removed, so later batches still replay). Replica side:
 * - `replica/batch-store-verb.ts`,
 * - `replica/batch-remove-verb.ts` over `db/batchlog-table.ts` (hidden `system.batchlog`: one
 *   partition per batch id, the mutations as one cell; removal a partition deletion). Wire:
 * - `wire/batch-messages.ts`
 */
export * from './data-store.js';
export * from './local-data-store.js';
export * from './storage-proxy.js';
export * from './digest.js';
export * from './group-length.js';
export * from './coordinator/seams.js';
export * from './coordinator/storage-proxy-options.js';
export * from './coordinator/ring-providers.js';
export * from './replica/replica-context.js';
export * from './replica/register-replica-handlers.js';
export * from './keyspace-versions.js';
export * from './schema-sync.js';
export * from './membership-events.js';
export * from './ring-peers.js';
export * from './token-ownership.js';
export * from './start-messaging.js';
export * from './local-states.js';
export * from './storage-service.js';
export * from './schema-diff.js';
export * from './keyspace-versions-file.js';
export * from './hints/hints-sink.js';
export * from './hints/hint-delivery.js';
export * from './hints/hints-liveness.js';
