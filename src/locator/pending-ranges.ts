/**
 * Pending ranges: while nodes bootstrap or leave, the ranges some nodes are about to own. Writes
 * to those ranges must reach them too (write endpoints = natural ∪ pending), or a write acknowledged
 * during the move could be missing on the node that owns its key once the move settles.
 *
 * Computed as Cassandra does:
 *   1. leaving: in the ring with every leaving node gone, each range a leaving node replicates
 *      gains the replicas it has there but not now;
 *   2. bootstrapping: each joining node, alone, is added to that ring as NORMAL; every range it
 *      would replicate there is pending for it.
 * (Moves of tokens are not modelled: Ilium has no `nodetool move`.)
 */
import type { Range, Token } from '../dht/index.js';
import type { Endpoint } from './endpoint.js';
import { addressRanges } from './range-addresses.js';
import type { ReplicationStrategy } from './replication-strategy.js';
import type { TokenMetadata } from './token-metadata.js';

export interface PendingRange<T extends Token = Token> {
  readonly range: Range<T>;
  readonly endpoint: Endpoint;
}

export class PendingRanges<T extends Token = Token> {
  constructor(readonly entries: readonly PendingRange<T>[]) {}

  isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /** The endpoints that must also receive a write of `token`, each once. */
  endpointsFor(token: T): Endpoint[] {
    const out = new Set<Endpoint>();
    for (const { range, endpoint } of this.entries) if (range.contains(token)) out.add(endpoint);
    return [...out];
  }

  rangesOf(endpoint: Endpoint): Range<T>[] {
    return this.entries.filter((e) => e.endpoint === endpoint).map((e) => e.range);
  }
}

export function calculatePendingRanges<T extends Token>(strategy: ReplicationStrategy, ring: TokenMetadata<T>): PendingRanges<T> {
  const leaving = ring.leavingEndpoints();
  const joining = ring.bootstrappingEndpoints();
  if (strategy.replication.class === 'LocalStrategy' || (leaving.length === 0 && joining.length === 0)) return new PendingRanges<T>([]);
  const out = new PendingSet<T>();
  const allLeft = ring.afterAllLeft();
  if (leaving.length > 0) {
    const current = addressRanges(strategy, ring);
    const affected = new Map<string, Range<T>>();
    for (const e of leaving) for (const r of current.get(e) ?? []) affected.set(r.toString(), r);
    for (const range of affected.values()) {
      const before = new Set(strategy.calculateNaturalEndpoints(range.right, ring));
      for (const e of strategy.calculateNaturalEndpoints(range.right, allLeft)) if (!before.has(e)) out.add(range, e);
    }
  }
  for (const e of joining) {
    const withIt = allLeft.withNormalTokens(e, ring.bootstrapTokensOf(e));
    for (const range of addressRanges(strategy, withIt).get(e) ?? []) out.add(range, e);
  }
  return new PendingRanges(out.list());
}

/** (range, endpoint) pairs, each once, in the order first added. */
class PendingSet<T extends Token> {
  private readonly byKey = new Map<string, PendingRange<T>>();

  add(range: Range<T>, endpoint: Endpoint): void {
    const key = `${range.toString()}@${endpoint}`;
    if (!this.byKey.has(key)) this.byKey.set(key, { range, endpoint });
  }

  list(): PendingRange<T>[] {
    return [...this.byKey.values()];
  }
}

/** A write's endpoints: the natural ones, then pending ones not already among them. */
export function writeEndpoints(natural: readonly Endpoint[], pending: readonly Endpoint[]): Endpoint[] {
  return [...new Set([...natural, ...pending])];
}
