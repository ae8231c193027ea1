/**
 * SimpleStrategy: a token's replicas are the owners of the next ring tokens clockwise from it,
 * skipping nodes already chosen, until replication_factor distinct nodes (or every node) are
 * chosen. Data centers and racks play no part.
 */
import type { Token } from '../dht/index.js';
import type { Replication } from '../schema/index.js';
import type { Endpoint } from './endpoint.js';
import { type ReplicationStrategy, factorOption } from './replication-strategy.js';
import type { TokenMetadata } from './token-metadata.js';

export class SimpleStrategy implements ReplicationStrategy {
  readonly replicationFactor: number;
  readonly datacenterFactors = undefined;

  constructor(readonly replication: Replication) {
    this.replicationFactor = factorOption(replication.options.replication_factor);
  }

  calculateNaturalEndpoints<T extends Token>(token: T, ring: TokenMetadata<T>): Endpoint[] {
    const chosen = new Set<Endpoint>();
    if (this.replicationFactor === 0) return [];
    for (const { endpoint } of ring.ringFrom(token)) {
      chosen.add(endpoint);
      if (chosen.size === this.replicationFactor) break;
    }
    return [...chosen];
  }
}
