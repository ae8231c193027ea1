/**
 * The ring cut into primary ranges, each with its replicas: what repair compares, what streaming
 * moves and what describe_ring reports. `rangeAddresses` lists (range, replicas) per ring token;
 * `addressRanges` turns it around into each endpoint's ranges.
 */
import type { Range, Token } from '../dht/index.js';
import type { Endpoint } from './endpoint.js';
import type { ReplicationStrategy } from './replication-strategy.js';
import type { TokenMetadata } from './token-metadata.js';

export interface RangeReplicas<T extends Token = Token> {
  readonly range: Range<T>;
  readonly endpoints: readonly Endpoint[];
}

/** Every ring token's primary range with its natural endpoints, in ring order. */
export function rangeAddresses<T extends Token>(strategy: ReplicationStrategy, ring: TokenMetadata<T>): RangeReplicas<T>[] {
  return ring.sortedTokens().map((t) => ({ range: ring.primaryRangeOf(t), endpoints: strategy.calculateNaturalEndpoints(t, ring) }));
}

/** Each endpoint's replicated ranges (primary and the others it holds a replica of). */
export function addressRanges<T extends Token>(strategy: ReplicationStrategy, ring: TokenMetadata<T>): Map<Endpoint, Range<T>[]> {
  const out = new Map<Endpoint, Range<T>[]>();
  for (const { range, endpoints } of rangeAddresses(strategy, ring)) {
    for (const e of endpoints) {
      const list = out.get(e);
      if (list === undefined) out.set(e, [range]);
      else list.push(range);
    }
  }
  return out;
}

/** The ranges `endpoint` holds a replica of (empty when none). */
export function rangesOf<T extends Token>(strategy: ReplicationStrategy, ring: TokenMetadata<T>, endpoint: Endpoint): Range<T>[] {
  return addressRanges(strategy, ring).get(endpoint) ?? [];
}
