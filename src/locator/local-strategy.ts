/**
 * LocalStrategy: the data lives on this node only (the system keyspaces). Every token's one
 * replica is the local endpoint, whatever the ring says.
 */
import type { Token } from '../dht/index.js';
import type { Replication } from '../schema/index.js';
import type { Endpoint } from './endpoint.js';
import type { ReplicationStrategy } from './replication-strategy.js';
import type { TokenMetadata } from './token-metadata.js';

export class LocalStrategy implements ReplicationStrategy {
  readonly replicationFactor = 1;
  readonly datacenterFactors = undefined;

  constructor(
    readonly replication: Replication,
    private readonly local: Endpoint,
  ) {}

  calculateNaturalEndpoints<T extends Token>(_token: T, _ring: TokenMetadata<T>): Endpoint[] {
    return [this.local];
  }
}
