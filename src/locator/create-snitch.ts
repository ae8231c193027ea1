/**
 * The snitch cassandra.yaml's `endpoint_snitch` names, short or with Cassandra's package. Only
 * SimpleSnitch and GossipingPropertyFileSnitch exist here; any other name is a configuration
 * error rather than a silent SimpleSnitch.
 */
import { ConfigurationError } from '../errors/index.js';
import type { Endpoint } from './endpoint.js';
import { type GossipedLocation, GossipingPropertyFileSnitch } from './gossiping-property-file-snitch.js';
import { RACKDC_FILE_NAME, parseRackDcProperties } from './rackdc-properties.js';
import { SimpleSnitch } from './simple-snitch.js';
import type { Snitch } from './snitch.js';

const PACKAGE = 'org.apache.cassandra.locator.';

export interface SnitchInputs {
  readonly local: Endpoint;
  /** The text of cassandra-rackdc.properties, when the node has one. */
  readonly rackDcProperties?: string;
  readonly gossiped: GossipedLocation;
}

export function createSnitch(name: string, inputs: SnitchInputs): Snitch {
  const short = name.startsWith(PACKAGE) ? name.slice(PACKAGE.length) : name;
  if (short === 'SimpleSnitch') return new SimpleSnitch();
  if (short === 'GossipingPropertyFileSnitch') {
    if (inputs.rackDcProperties === undefined) throw new ConfigurationError(`GossipingPropertyFileSnitch needs ${RACKDC_FILE_NAME}`);
    return new GossipingPropertyFileSnitch(inputs.local, parseRackDcProperties(inputs.rackDcProperties), inputs.gossiped);
  }
  throw new ConfigurationError(`Unknown endpoint_snitch '${name}'; known: SimpleSnitch, GossipingPropertyFileSnitch`);
}
