/**
 * Which replicas a coordinator asks first: itself, then nodes in its own rack, then its own data
 * center, then the rest (Cassandra's AbstractNetworkTopologySnitch order; with SimpleSnitch every
 * node shares the rack, so only "itself first" remains). Within a tier the optional `score`
 * decides, lower first — the hook for a latency/"badness" measure (Cassandra's dynamic snitch);
 * without one, or on equal scores, the input order stands (the sort is stable).
 */
import type { Endpoint } from './endpoint.js';
import type { Location } from './snitch.js';

export interface ProximityInputs {
  readonly self: Endpoint;
  readonly locationOf: (endpoint: Endpoint) => Location;
  readonly score?: (endpoint: Endpoint) => number;
}

export function sortByProximity(endpoints: readonly Endpoint[], inputs: ProximityInputs): Endpoint[] {
  const here = inputs.locationOf(inputs.self);
  const tier = (e: Endpoint): number => {
    if (e === inputs.self) return 0;
    const there = inputs.locationOf(e);
    if (there.datacenter !== here.datacenter) return 3;
    return there.rack === here.rack ? 1 : 2;
  };
  const scoreOf = (e: Endpoint): number => {
    const s = inputs.score === undefined ? 0 : inputs.score(e);
    return Number.isNaN(s) ? Number.POSITIVE_INFINITY : s; // an unmeasurable node goes last in its tier
  };
  const keyed = endpoints.map((e, i) => ({ e, i, tier: tier(e), score: scoreOf(e) }));
  keyed.sort((a, b) => a.tier - b.tier || compareScores(a.score, b.score) || a.i - b.i);
  return keyed.map((k) => k.e);
}

function compareScores(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
