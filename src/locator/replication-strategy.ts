/**
 * Where a keyspace's replicas live: a replication strategy turns a token and a ring snapshot into
 * the token's natural endpoints, in placement order (the first is the primary replica). One
 * implementation per Cassandra class (`simple-strategy.ts`, `network-topology-strategy.ts`,
 * `local-strategy.ts`); `create-replication-strategy.ts` picks one from the keyspace's
 * `Replication` (src/schema, which has already checked class names and factors).
 *
 * Strategies are pure: the same token and snapshot give the same endpoints. Caching per snapshot
 * is `KeyspacePlacement`'s job (`placement.ts`).
 */
import type { Token } from '../dht/index.js';
import type { Replication } from '../schema/index.js';
import type { Endpoint } from './endpoint.js';
import type { TokenMetadata } from './token-metadata.js';

export interface ReplicationStrategy {
  readonly replication: Replication;
  /** Replicas per token when the ring has enough nodes (NetworkTopologyStrategy: the sum over DCs). */
  readonly replicationFactor: number;
  /** NetworkTopologyStrategy's factor per data center; undefined for the others. */
  readonly datacenterFactors: ReadonlyMap<string, number> | undefined;
  calculateNaturalEndpoints<T extends Token>(token: T, ring: TokenMetadata<T>): Endpoint[];
}

/** A replication factor option as a number (schema has checked it is a non-negative integer). */
export function factorOption(value: string | undefined): number {
  return value === undefined ? 0 : Number(value);
}
