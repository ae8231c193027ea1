/**
 * A keyspace's replication → its strategy. The class and options go through the schema layer's
 * `createReplication` again (unknown class, factors that are not non-negative integers, unknown
 * SimpleStrategy options: InvalidRequestError), so a strategy never sees unchecked options.
 */
import { type Replication, type ReplicationInput, createReplication } from '../schema/index.js';
import type { Endpoint } from './endpoint.js';
import { LocalStrategy } from './local-strategy.js';
import { NetworkTopologyStrategy } from './network-topology-strategy.js';
import type { ReplicationStrategy } from './replication-strategy.js';
import { SimpleStrategy } from './simple-strategy.js';

/** `local`: this node, LocalStrategy's only replica. */
export function createReplicationStrategy(input: Replication | ReplicationInput, local: Endpoint): ReplicationStrategy {
  const replication = createReplication(input);
  switch (replication.class) {
    case 'SimpleStrategy':
      return new SimpleStrategy(replication);
    case 'NetworkTopologyStrategy':
      return new NetworkTopologyStrategy(replication);
    case 'LocalStrategy':
      return new LocalStrategy(replication, local);
  }
}
