/**
 * Which ranges move where when the ring changes (pure; Cassandra's RangeStreamer and
 * StorageService.getChangedRangesForLeaving, for one node at a time):
 *
 *   joining  `self` with `tokens`: every range it will replicate, each with the replicas that
 *            hold it now — those about to lose it first (Cassandra's strict source), then the rest;
 *   leaving  `leaving` (decommission, or removenode of a dead node): every range it replicates,
 *            each new replica it gains once `leaving` is gone, with the replicas that keep it.
 *
 * Ranges are the primary ranges of the ring with more tokens, so each lies in one range of the
 * other ring and has one replica set on both.
 */
import type { Range, Token } from '../dht/index.js';
import { type Endpoint, type ReplicationStrategy, type TokenMetadata, addressRanges } from '../locator/index.js';

export interface RangeFetch<T extends Token = Token> {
  readonly range: Range<T>;
  /** Replicas holding the range now, preferred first. */
  readonly sources: readonly Endpoint[];
}

export interface RangeTransfer<T extends Token = Token> {
  readonly range: Range<T>;
  /** The replica that gains the range. */
  readonly target: Endpoint;
  /** The replicas that hold it now other than the one leaving. */
  readonly sources: readonly Endpoint[];
}

/** What `self` must fetch to join with `tokens`, and from whom. */
export function joiningFetches<T extends Token>(strategy: ReplicationStrategy, ring: TokenMetadata<T>, self: Endpoint, tokens: readonly T[]): RangeFetch<T>[] {
  const before = ring.withoutEndpoint(self);
  const after = before.withNormalTokens(self, tokens);
  if (before.sortedTokens().length === 0) return [];
  const out: RangeFetch<T>[] = [];
  for (const range of addressRanges(strategy, after).get(self) ?? []) {
    const now = strategy.calculateNaturalEndpoints(range.right, before);
    const then = new Set(strategy.calculateNaturalEndpoints(range.right, after));
    out.push({ range, sources: [...now.filter((e) => !then.has(e)), ...now.filter((e) => then.has(e))] });
  }
  return out;
}

/** Where the ranges `leaving` replicates go once it is gone. */
export function leavingTransfers<T extends Token>(strategy: ReplicationStrategy, ring: TokenMetadata<T>, leaving: Endpoint): RangeTransfer<T>[] {
  const after = ring.withoutEndpoint(leaving);
  const out: RangeTransfer<T>[] = [];
  for (const range of addressRanges(strategy, ring).get(leaving) ?? []) {
    const now = strategy.calculateNaturalEndpoints(range.right, ring);
    const held = new Set(now);
    const sources = now.filter((e) => e !== leaving);
    for (const target of strategy.calculateNaturalEndpoints(range.right, after)) {
      if (!held.has(target)) out.push({ range, target, sources });
    }
  }
  return out;
}

/** Groups items by a key, keeping first-seen order. */
export function groupBy<V>(items: readonly V[], key: (v: V) => string): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const v of items) {
    const k = key(v);
    const list = out.get(k);
    if (list === undefined) out.set(k, [v]);
    else list.push(v);
  }
  return out;
}
