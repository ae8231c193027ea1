/**
 * One keyspace's replica placement over successive ring snapshots: its strategy plus what is
 * worth remembering per snapshot — natural endpoints per ring token (a key's replicas are those
 * of the first ring token at or after it, so at most one entry per ring token) and the pending
 * ranges. A new snapshot (any change makes one) empties both caches; the strategy itself is pure.
 *
 * Callers get fresh arrays: the cached ones are never handed out.
 */
import type { Token } from '../dht/index.js';
import type { Endpoint } from './endpoint.js';
import { type PendingRanges, calculatePendingRanges, writeEndpoints } from './pending-ranges.js';
import type { ReplicationStrategy } from './replication-strategy.js';
import type { TokenMetadata } from './token-metadata.js';

export class KeyspacePlacement<T extends Token = Token> {
  private cachedRing: TokenMetadata<T> | undefined;
  private natural = new Map<number, readonly Endpoint[]>();
  private pending: PendingRanges<T> | undefined;
  /** The snapshot's replicas of every token when they do not depend on the token; null when they do. */
  private uniform: readonly Endpoint[] | null | undefined;

  constructor(readonly strategy: ReplicationStrategy) {}

  /** The token's natural endpoints on `ring`, in placement order (none on an empty ring). */
  naturalEndpoints(token: T, ring: TokenMetadata<T>): Endpoint[] {
    this.useRing(ring);
    if (ring.sortedTokens().length === 0) return [];
    const index = ring.firstTokenIndex(token);
    let endpoints = this.natural.get(index);
    if (endpoints === undefined) {
      endpoints = Object.freeze(this.strategy.calculateNaturalEndpoints(ring.sortedTokens()[index]!, ring));
      this.natural.set(index, endpoints);
    }
    return [...endpoints];
  }

  pendingRanges(ring: TokenMetadata<T>): PendingRanges<T> {
    this.useRing(ring);
    this.pending ??= calculatePendingRanges(this.strategy, ring);
    return this.pending;
  }

  /** Nodes about to own `token` that are not natural endpoints yet. */
  pendingEndpoints(token: T, ring: TokenMetadata<T>): Endpoint[] {
    const natural = new Set(this.naturalEndpoints(token, ring));
    return this.pendingRanges(ring).endpointsFor(token).filter((e) => !natural.has(e));
  }

  /** Where a write of `token` goes: natural endpoints, then pending ones. */
  writeEndpoints(token: T, ring: TokenMetadata<T>): Endpoint[] {
    return writeEndpoints(this.naturalEndpoints(token, ring), this.pendingEndpoints(token, ring));
  }

  /**
   * The natural endpoints shared by every token of `ring`, when they do not depend on the token:
   * one member owning every token, with nobody joining or leaving (a single node, the common
   * case of development and CI). Undefined otherwise. The array is frozen and shared.
   */
  uniformEndpoints(ring: TokenMetadata<T>): readonly Endpoint[] | undefined {
    this.useRing(ring);
    if (this.uniform === undefined) {
      const tokens = ring.sortedTokens();
      const sole = tokens.length > 0 && ring.normalEndpoints().length === 1 && ring.bootstrapEntries().length === 0 && ring.leavingEndpoints().length === 0;
      this.uniform = sole && this.pendingRanges(ring).isEmpty() ? Object.freeze(this.naturalEndpoints(tokens[0]!, ring)) : null;
    }
    return this.uniform ?? undefined;
  }

  private useRing(ring: TokenMetadata<T>): void {
    if (this.cachedRing === ring) return;
    this.cachedRing = ring;
    this.natural = new Map();
    this.pending = undefined;
    this.uniform = undefined;
  }
}
