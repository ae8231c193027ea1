/**
 * A snitch answers where a node is: its data center and rack. Replication strategies place
 * replicas by it (NetworkTopologyStrategy spreads racks), consistency levels count "local"
 * replicas by it, and coordinators pick the nearest replicas by it (`proximity.ts`).
 *
 * A snitch must answer for any endpoint, known or not, and never throw: an endpoint it knows
 * nothing about gets its implementation's default location.
 */
import type { Endpoint } from './endpoint.js';

export interface Location {
  readonly datacenter: string;
  readonly rack: string;
}

export interface Snitch {
  /** The class name as cassandra.yaml's endpoint_snitch spells it, short form. */
  readonly name: string;
  location(endpoint: Endpoint): Location;
}

export function sameLocation(a: Location, b: Location): boolean {
  return a.datacenter === b.datacenter && a.rack === b.rack;
}
