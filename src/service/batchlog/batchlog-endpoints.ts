/**
 * Where a logged batch is kept while it is applied (Cassandra's BatchlogEndpointFilter): two live
 * nodes of the coordinator's data center other than itself, from two other racks when there are
 * (nodes of other racks first, then of its own), picked at random on the Env. Only one other live
 * node: that one. None: UnavailableError — unless the batch is written at ANY, which goes without
 * a batch log.
 */
import { UnavailableError } from '../../errors/index.js';
import type { Consistency, Endpoint } from '../../locator/index.js';
import type { ProxyDeps } from '../coordinator/proxy-deps.js';

export function batchlogEndpoints(d: ProxyDeps, cl: Consistency): Endpoint[] {
  const here = d.snitch.location(d.self);
  const candidates = d.rings
    .ring()
    .normalEndpoints()
    .filter((e) => e !== d.self && d.liveness.isAlive(e) && d.snitch.location(e).datacenter === here.datacenter);
  const shuffled = shuffle(candidates, () => d.env.random.next());
  const byRack = new Map<string, Endpoint[]>();
  for (const e of shuffled) {
    const rack = d.snitch.location(e).rack;
    byRack.set(rack, [...(byRack.get(rack) ?? []), e]);
  }
  const chosen: Endpoint[] = [];
  // One per other rack first, then whatever is left (own rack included).
  for (const [rack, es] of byRack) if (rack !== here.rack && chosen.length < 2) chosen.push(es[0]!);
  for (const e of shuffled) if (chosen.length < 2 && !chosen.includes(e)) chosen.push(e);
  if (chosen.length === 0 && cl !== 'ANY') throw new UnavailableError('Cannot achieve consistency level ONE for the batch log: no other live node in this data center', 'ONE', 1, 0);
  return chosen;
}

function shuffle<T>(xs: readonly T[], next: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
