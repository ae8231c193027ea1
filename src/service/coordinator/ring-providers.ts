/**
 * A RingProvider over a ring snapshot getter and the schema: each keyspace's placement is built
 * from its replication once per replication definition (a schema change makes a new one) and
 * caches natural endpoints per ring snapshot itself.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type Endpoint, KeyspacePlacement, type TokenMetadata, createReplicationStrategy } from '../../locator/index.js';
import type { Replication } from '../../schema/index.js';
import type { RingProvider } from './seams.js';

export class SchemaRingProvider implements RingProvider {
  private readonly placements = new WeakMap<Replication, KeyspacePlacement>();

  constructor(
    private readonly currentRing: () => TokenMetadata,
    private readonly replicationOf: (keyspace: string) => Replication | undefined,
    private readonly self: Endpoint,
  ) {}

  ring(): TokenMetadata {
    return this.currentRing();
  }

  placement(keyspace: string): KeyspacePlacement {
    const replication = this.replicationOf(keyspace);
    if (replication === undefined) throw new InvalidRequestError(`Keyspace ${keyspace} does not exist`);
    let p = this.placements.get(replication);
    if (p === undefined) this.placements.set(replication, (p = new KeyspacePlacement(createReplicationStrategy(replication, this.self))));
    return p;
  }
}
