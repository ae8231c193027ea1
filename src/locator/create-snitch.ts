/**
 * The snitch cassandra.yaml's `endpoint_snitch` names (`snitchKind`: short or with Cassandra's
 * package; only SimpleSnitch and GossipingPropertyFileSnitch exist here), placing this node where
 * `resolveNodeLocation` decided at start.
 */
import type { Endpoint } from './endpoint.js';
import { type GossipedLocation, GossipingPropertyFileSnitch } from './gossiping-property-file-snitch.js';
import { type NodeLocation, snitchKind } from './node-location.js';
import { SimpleSnitch } from './simple-snitch.js';
import type { Snitch } from './snitch.js';

export interface SnitchInputs {
  readonly local: Endpoint;
  /** This node's location (`resolveNodeLocation`). */
  readonly location: NodeLocation;
  readonly gossiped: GossipedLocation;
}

export function createSnitch(name: string, inputs: SnitchInputs): Snitch {
  if (snitchKind(name) === 'SimpleSnitch') return new SimpleSnitch(inputs.location);
  return new GossipingPropertyFileSnitch(inputs.local, inputs.location, inputs.gossiped);
}
