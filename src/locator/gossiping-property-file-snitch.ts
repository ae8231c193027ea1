/**
 * Cassandra's GossipingPropertyFileSnitch: this node's data center and rack come from its
 * cassandra-rackdc.properties (`rackdc-properties.ts`, or the configured names standing in for it:
 * `node-location.ts`) and are what gossip announces for it;
 * every other node's location is what that node announced, looked up through `gossiped` (the
 * gossip layer, above this one, supplies the function). A node that has announced nothing yet
 * is placed in UNKNOWN_DC / UNKNOWN_RACK, as Cassandra does without a topology-file fallback.
 *
 * `preferLocal` (prefer_local=true) tells messaging to reach same-DC peers on their internal
 * address; it does not change placement.
 */
import type { Endpoint } from './endpoint.js';
import type { Location, Snitch } from './snitch.js';

export const UNKNOWN_LOCATION: Location = Object.freeze({ datacenter: 'UNKNOWN_DC', rack: 'UNKNOWN_RACK' });

/** What gossip knows of another node's location; either part may be missing. */
export type GossipedLocation = (endpoint: Endpoint) => Partial<Location> | undefined;

export class GossipingPropertyFileSnitch implements Snitch {
  readonly name = 'GossipingPropertyFileSnitch';
  private readonly own: Location;
  /** prefer_local=true: messaging reaches same-DC peers on their internal address. */

  constructor(
    readonly local: Endpoint,
    own: Location & { readonly preferLocal: boolean },
    private readonly gossiped: GossipedLocation,
  ) {
    this.own = Object.freeze({ datacenter: own.datacenter, rack: own.rack });
    this.preferLocal = own.preferLocal;
  }

  readonly preferLocal: boolean;

  /** The data center and rack this node announces in gossip. */
  announced(): Location {
    return this.own;
  }

  location(endpoint: Endpoint): Location {
    if (endpoint === this.local) return this.own;
    const heard = this.gossiped(endpoint);
    return {
      datacenter: heard?.datacenter ?? UNKNOWN_LOCATION.datacenter,
      rack: heard?.rack ?? UNKNOWN_LOCATION.rack,
    };
  }
}
