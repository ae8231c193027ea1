/**
 * The server layer: the query processor behind the CQL transport, and the node's composition root.
 *
 * The query processor behind the transport (`query-processor.ts`, a `CqlRequestHandler`;
 * `query-session.ts`: one session per connection, its keyspace, QUERY/PREPARE/EXECUTE/BATCH):
 * prepared statements in an LRU bounded by weighed bytes, by Cassandra's statement id (`statement-id.ts`,
 * `prepared-statements.ts`: bound again after a schema change, UNPREPARED when their metadata
 * changed), bound simple statements by keyspace + text (`statement-cache.ts`), named/unset values →
 * `QueryOptions` (`query-values.ts`), `CqlResult` → RESULT and AbstractType → protocol type
 * (`result-messages.ts`, `type-spec.ts`), schema changes published as events, BATCH through the CQL
 * layer's `executeBatch` (`batch-executor.ts`); the `-D` test hooks (`fail-writes-data-store.ts`: a
 * DataStore decorator failing writes to one keyspace with WRITE_FAILURE;
 * `custom-payload-mirroring.ts`: Cassandra's CustomPayloadMirroringQueryHandler over the
 * processor); the composition root `ilium-node.ts` (`IliumNode.start(config)`: storage, operations,
 * CQL context, processor, CQL server, Thrift server, then the `StorageService` (membership;
 * `node.storage`): system.peers from gossip, TOPOLOGY_CHANGE / STATUS_CHANGE and merged-schema
 * events through the processor's `announceClusterEvent` / `announceSchemaChange`; `drain()` and
 * `close()` stop it first (announced shutdown, messaging closed), then the client servers, then
 * flush; works on a SimEnv too, several nodes in one process — `test/support/ring-sim.ts`, and the
 * simulation's nodes (`test/sim/sim-ring.ts`) are built by it; client data calls go through
 * `switchable-data-store.ts`: UnavailableError (required = blockFor of the level, alive 0,
 * "starting") until the coordinator is switched in, never a local answer; `default-role-setup.ts`:
 * the default superuser cassandra/cassandra once no role exists, after
 * -Dcassandra.superuser_setup_delay_ms) with the
 * identity kept in the data dir (`node-identity.ts`: host id, tokens — `num_tokens` random ones for
 * a new node, an existing identity keeps its own — cluster name, partitioner — a mismatch refuses
 * to start),
 * - `gossip-generation.ts` (the generation, one higher than the last start's when the clock has not
 *   moved past it),
 * - `node-load.ts` (SSTable bytes: LOAD and nodetool);
 * - `node-logger.ts` (structured events);
 * - `node-tls.ts` (client_encryption_options and server_encryption_options: PKCS12 or PEM key material read through Env.fs, a
 *   JKS keystore refused with its conversion, the port's policy, hot reloading on a timer)
 */
export * from './batch-executor.js';
export * from './lru-cache.js';
export * from './prepared-statements.js';
export * from './query-processor.js';
export * from './query-session.js';
export * from './query-values.js';
export * from './result-messages.js';
export * from './statement-cache.js';
export * from './statement-id.js';
export * from './type-spec.js';
export * from './node-identity.js';
export * from './node-logger.js';
export * from './ilium-node.js';
export * from './admin/index.js';
export * from './statement-preparer.js';
export * from './http/index.js';
