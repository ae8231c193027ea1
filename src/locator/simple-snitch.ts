/**
 * Cassandra's SimpleSnitch: one data center, one rack, whoever asks. The default of
 * cassandra.yaml and what a single-data-center development cluster uses.
 */
import type { Endpoint } from './endpoint.js';
import type { Location, Snitch } from './snitch.js';

const EVERYWHERE: Location = Object.freeze({ datacenter: 'datacenter1', rack: 'rack1' });

export class SimpleSnitch implements Snitch {
  readonly name = 'SimpleSnitch';

  location(_endpoint: Endpoint): Location {
    return EVERYWHERE;
  }
}
