/**
 * Cassandra's SimpleSnitch: one data center, one rack, whoever asks. The default of
 * cassandra.yaml and what a single-data-center development cluster uses. Cassandra's always
 * answers datacenter1 / rack1; Ilium's answers the node's configured names (`node-location.ts`).
 */
import type { Endpoint } from './endpoint.js';
import { DEFAULT_LOCATION } from './node-location.js';
import type { Location, Snitch } from './snitch.js';

export class SimpleSnitch implements Snitch {
  readonly name = 'SimpleSnitch';
  private readonly everywhere: Location;

  constructor(everywhere: Location = DEFAULT_LOCATION) {
    this.everywhere = Object.freeze({ datacenter: everywhere.datacenter, rack: everywhere.rack });
  }

  location(_endpoint: Endpoint): Location {
    return this.everywhere;
  }
}
