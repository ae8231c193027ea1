/**
 * Placement, pure and deterministic (imports util/errors/env/config/marshal/dht/schema only):
 * `Endpoint` (`endpoint.ts`: `a.b.c.d:port`, one canonical branded string) and host ids;
 * `TokenMetadata` (`token-metadata.ts`: an immutable ring snapshot — NORMAL tokens → endpoint,
 * bootstrap tokens, leaving nodes, locations taken from the snitch when a node joins, host ids;
 * `firstTokenIndex`, wrap-around `ringFrom`, primary ranges; each change a new snapshot with a
 * higher version); token choice (`token-allocation.ts`: `num_tokens` random tokens from
 * `Env.random`, collision-free, or `initial_token` parsed per partitioner); snitches
 * (`simple-snitch.ts`, `gossiping-property-file-snitch.ts` over `rackdc-properties.ts`,
 * `create-snitch.ts` by endpoint_snitch) placing this node where `node-location.ts` decides once at
 * start (`resolveNodeLocation`: config `data_center`/`rack` and cassandra-rackdc.properties by the
 * snitch's rule — the one name clients, placement, gossip, nodetool and describe_ring all use) and
 * `sortByProximity` (self, rack, DC, rest; a score hook); strategies (`simple-strategy.ts`,
 * `network-topology-strategy.ts` with Cassandra's rack-aware fill, `local-strategy.ts`, built by
 * `create-replication-strategy.ts` through schema's `createReplication` checks;
 * `replication-for-ring.ts`: CREATE/ALTER checks that need the cluster's DCs);
 * - `range-addresses.ts` (ranges ↔ replicas for repair and streaming),
 * - `pending-ranges.ts` (bootstrap/leave, write endpoints = natural ∪ pending),
 * - `placement.ts` (`KeyspacePlacement`: natural endpoints and pending ranges cached per snapshot);
 *   consistency levels (`consistency-level.ts`: the `Consistency` names the CQL layer re-exports;
 *   `consistency.ts`: blockFor, blockForWrite with pending, which replicas count,
 *   `assureSufficientLive*` → `UnavailableError`)
 */
export * from './endpoint.js';
export * from './host-id.js';
export * from './topology-error.js';
export * from './snitch.js';
export * from './node-location.js';
export * from './simple-snitch.js';
export * from './rackdc-properties.js';
export * from './gossiping-property-file-snitch.js';
export * from './create-snitch.js';
export * from './proximity.js';
export * from './token-metadata.js';
export * from './token-allocation.js';
export * from './replication-strategy.js';
export * from './simple-strategy.js';
export * from './network-topology-strategy.js';
export * from './local-strategy.js';
export * from './create-replication-strategy.js';
export * from './replication-for-ring.js';
export * from './range-addresses.js';
export * from './pending-ranges.js';
export * from './placement.js';
export * from './consistency-level.js';
export * from './consistency.js';
