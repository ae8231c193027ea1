/**
 * The receiver's side of a SYN (Cassandra's examineGossiper), pure: for each digest the sender
 * sent, compare with what we hold of that endpoint and decide
 *
 *   - sender has a newer generation, or an endpoint we do not know → ask for all of it (version 0);
 *   - same generation, sender newer → ask for what is above our max version;
 *   - same generation, we are newer → send what is above the sender's max version;
 *   - we have a newer generation → send all of ours;
 *   - equal → nothing.
 */
import { endpointKey } from '../net/index.js';
import { deltaSince, maxVersionOf, type EndpointStateData } from './endpoint-state.js';
import type { EndpointStateEntry, GossipDigest } from './gossip-messages.js';

export interface DigestExamination {
  /** What to ask the sender for (digest version = the version we already have). */
  readonly requests: GossipDigest[];
  /** What the sender lacks. */
  readonly deltas: EndpointStateEntry[];
}

export function examineDigests(digests: readonly GossipDigest[], lookup: (key: string) => EndpointStateData | undefined): DigestExamination {
  const requests: GossipDigest[] = [];
  const deltas: EndpointStateEntry[] = [];
  for (const d of digests) {
    const local = lookup(endpointKey(d.endpoint));
    if (local === undefined) {
      requests.push({ endpoint: d.endpoint, generation: d.generation, maxVersion: 0 });
      continue;
    }
    const localGeneration = local.heartbeat.generation;
    const localMax = maxVersionOf(local);
    if (d.generation > localGeneration) {
      requests.push({ endpoint: d.endpoint, generation: d.generation, maxVersion: 0 });
    } else if (d.generation < localGeneration) {
      pushDelta(deltas, d, local, -1);
    } else if (d.maxVersion > localMax) {
      requests.push({ endpoint: d.endpoint, generation: d.generation, maxVersion: localMax });
    } else if (d.maxVersion < localMax) {
      pushDelta(deltas, d, local, d.maxVersion);
    }
  }
  return { requests, deltas };
}

function pushDelta(out: EndpointStateEntry[], d: GossipDigest, local: EndpointStateData, since: number): void {
  const state = deltaSince(local, since);
  if (state !== undefined) out.push({ endpoint: d.endpoint, state });
}
