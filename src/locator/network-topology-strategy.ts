/**
 * NetworkTopologyStrategy: each data center named in the options gets its own replication factor,
 * and within a data center replicas go to distinct racks first. Walking the ring clockwise from
 * the token, a node of a data center still short of replicas is taken when
 *   - its rack has no replica of that data center yet, or
 *   - the data center has fewer racks than its factor and rack repeats remain
 *     (factor − racks of them: the racks that must still be reached keep their places).
 * A data center with fewer nodes than its factor gets every node; one with no nodes gets none.
 * This is Cassandra's placement, so a key has the same replicas as it would there.
 */
import type { Token } from '../dht/index.js';
import { InvalidRequestError } from '../errors/index.js';
import type { Replication } from '../schema/index.js';
import type { Endpoint } from './endpoint.js';
import { type ReplicationStrategy, factorOption } from './replication-strategy.js';
import type { TokenMetadata } from './token-metadata.js';

/** The option that means "this factor in every data center"; expanded before a strategy exists. */
export const NTS_DEFAULT_FACTOR_OPTION = 'replication_factor';

/** One data center's progress while a token's replicas are chosen. */
interface DatacenterFill {
  replicasLeft: number;
  rackRepeatsLeft: number;
  readonly racksUsed: Set<string>;
}

export class NetworkTopologyStrategy implements ReplicationStrategy {
  readonly replicationFactor: number;
  readonly datacenterFactors: ReadonlyMap<string, number>;

  constructor(readonly replication: Replication) {
    const factors = new Map<string, number>();
    for (const [dc, value] of Object.entries(replication.options)) {
      if (dc === NTS_DEFAULT_FACTOR_OPTION) {
        throw new InvalidRequestError(`${NTS_DEFAULT_FACTOR_OPTION} should not appear as an option at creation time for NetworkTopologyStrategy`);
      }
      factors.set(dc, factorOption(value));
    }
    this.datacenterFactors = factors;
    this.replicationFactor = [...factors.values()].reduce((a, b) => a + b, 0);
  }

  calculateNaturalEndpoints<T extends Token>(token: T, ring: TokenMetadata<T>): Endpoint[] {
    const fills = this.startFills(ring);
    let unfilled = fills.size;
    const chosen: Endpoint[] = [];
    const taken = new Set<Endpoint>();
    for (const { endpoint } of ring.ringFrom(token)) {
      if (unfilled === 0) break;
      const { datacenter, rack } = ring.location(endpoint);
      const fill = fills.get(datacenter);
      if (fill === undefined || fill.replicasLeft === 0 || taken.has(endpoint)) continue;
      if (fill.racksUsed.has(rack)) {
        if (fill.rackRepeatsLeft <= 0) continue;
        fill.rackRepeatsLeft--;
      } else {
        fill.racksUsed.add(rack);
      }
      taken.add(endpoint);
      chosen.push(endpoint);
      if (--fill.replicasLeft === 0) unfilled--;
    }
    return chosen;
  }

  private startFills<T extends Token>(ring: TokenMetadata<T>): Map<string, DatacenterFill> {
    const topology = ring.topology();
    const fills = new Map<string, DatacenterFill>();
    for (const [dc, factor] of this.datacenterFactors) {
      const nodes = topology.endpointsByDatacenter.get(dc)?.length ?? 0;
      const racks = topology.racksByDatacenter.get(dc)?.size ?? 0;
      const replicasLeft = Math.min(factor, nodes);
      if (replicasLeft > 0) fills.set(dc, { replicasLeft, rackRepeatsLeft: factor - racks, racksUsed: new Set() });
    }
    return fills;
  }
}
