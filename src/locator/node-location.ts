/**
 * Where this node is — its data center and rack — decided once at start from the configuration and
 * the snitch, then used by everything that names it: the snitch's placement, the DC / RACK gossip
 * states, system.local, nodetool and describe_ring (one name per node, whoever asks).
 *
 * The rule, per `endpoint_snitch`:
 *   - SimpleSnitch puts every node in one data center and one rack: Cassandra's always say
 *     `datacenter1` / `rack1`; here the Ilium-only keys `data_center` / `rack`, when set, rename
 *     them (so every node of a SimpleSnitch cluster should set the same names).
 *     cassandra-rackdc.properties is not read, as Cassandra's SimpleSnitch does not read it.
 *   - GossipingPropertyFileSnitch reads `dc` / `rack` (and `prefer_local`) from
 *     cassandra-rackdc.properties when the node has one; `data_center` / `rack` stand in for the
 *     file when it is missing (datacenter1 / rack1 when those are unset too). A key set in both
 *     places with different values is a ConfigurationError naming both: no silent winner.
 */
import { ConfigurationError } from '../errors/index.js';
import { RACKDC_FILE_NAME, parseRackDcProperties } from './rackdc-properties.js';
import type { Location } from './snitch.js';

export const DEFAULT_LOCATION: Location = Object.freeze({ datacenter: 'datacenter1', rack: 'rack1' });

export interface NodeLocation extends Location {
  /** GossipingPropertyFileSnitch's prefer_local; false for SimpleSnitch. */
  readonly preferLocal: boolean;
}

export interface NodeLocationInputs {
  /** cassandra.yaml's endpoint_snitch, short or with Cassandra's package. */
  readonly endpoint_snitch: string;
  readonly data_center: string | null;
  readonly rack: string | null;
}

export type SnitchKind = 'SimpleSnitch' | 'GossipingPropertyFileSnitch';

const PACKAGE = 'org.apache.cassandra.locator.';

/** The snitch cassandra.yaml names; any snitch Ilium lacks is a configuration error rather than a silent SimpleSnitch. */
export function snitchKind(name: string): SnitchKind {
  const short = name.startsWith(PACKAGE) ? name.slice(PACKAGE.length) : name;
  if (short === 'SimpleSnitch' || short === 'GossipingPropertyFileSnitch') return short;
  throw new ConfigurationError(`Unknown endpoint_snitch '${name}'; known: SimpleSnitch, GossipingPropertyFileSnitch`);
}

/** This node's location by the rule above; `rackDcProperties` is the text of the node's cassandra-rackdc.properties, if any. */
export function resolveNodeLocation(config: NodeLocationInputs, rackDcProperties?: string): NodeLocation {
  const configured = {
    datacenter: config.data_center ?? DEFAULT_LOCATION.datacenter,
    rack: config.rack ?? DEFAULT_LOCATION.rack,
  };
  if (snitchKind(config.endpoint_snitch) === 'SimpleSnitch' || rackDcProperties === undefined) {
    return Object.freeze({ ...configured, preferLocal: false });
  }
  const file = parseRackDcProperties(rackDcProperties);
  disagree('data_center', config.data_center, 'dc', file.datacenter);
  disagree('rack', config.rack, 'rack', file.rack);
  return Object.freeze({ datacenter: file.datacenter, rack: file.rack, preferLocal: file.preferLocal });
}

function disagree(key: string, configured: string | null, fileKey: string, inFile: string): void {
  if (configured === null || configured === inFile) return;
  throw new ConfigurationError(`cassandra.yaml says ${key}: ${configured} but ${RACKDC_FILE_NAME} says ${fileKey}=${inFile}; set one of them, or make them agree`);
}
