/**
 * What the coordinator is given instead of reaching for globals: the ring (a TokenMetadata
 * snapshot and each keyspace's placement), who is alive (later the failure detector; a plain
 * interface so the coordinator does not depend on gossip), and where hints go (later the hints
 * layer's store).
 */
import type { Endpoint, KeyspacePlacement, TokenMetadata } from '../../locator/index.js';
import type { Mutation } from '../../storage/model/index.js';

export interface RingProvider {
  /** The current ring snapshot; one request uses one snapshot throughout. */
  ring(): TokenMetadata;
  /** The keyspace's placement (its replication strategy, cached per snapshot). */
  placement(keyspace: string): KeyspacePlacement;
}

export interface LivenessOracle {
  isAlive(endpoint: Endpoint): boolean;
}

/**
 * Where writes a replica missed (dead, or silent past the timeout) are kept for later delivery.
 * `hint` answers whether a hint was stored (false: hints off, the target down past the hint
 * window, or unknown): only a stored hint counts as an acknowledgement for ANY.
 */
export interface HintSink {
  hint(target: Endpoint, mutation: Mutation): boolean;
}

export const NO_HINTS: HintSink = Object.freeze({ hint: () => false });

/** Keeps hints in memory, in arrival order (tests; the hints layer replaces it). */
export class MemoryHintSink implements HintSink {
  readonly hints: { target: Endpoint; mutation: Mutation }[] = [];
  hint(target: Endpoint, mutation: Mutation): boolean {
    this.hints.push({ target, mutation });
    return true;
  }
  for(target: Endpoint): Mutation[] {
    return this.hints.filter((h) => h.target === target).map((h) => h.mutation);
  }
}

/**
 * Liveness from a set of endpoints known down, each with the time it went down (tests, and until
 * the failure detector exists).
 */
export class DownSetLiveness implements LivenessOracle {
  private readonly down = new Map<Endpoint, number | null>();
  isAlive(endpoint: Endpoint): boolean {
    return !this.down.has(endpoint);
  }
  /** Since when (ms since the epoch) `endpoint` is down; null when it is up or the time is unknown. */
  downSinceMs(endpoint: Endpoint): number | null {
    return this.down.get(endpoint) ?? null;
  }
  markDown(endpoint: Endpoint, sinceMs: number | null = null): void {
    if (!this.down.has(endpoint)) this.down.set(endpoint, sinceMs);
  }
  markUp(endpoint: Endpoint): void {
    this.down.delete(endpoint);
  }
}
