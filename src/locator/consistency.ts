/**
 * Consistency-level arithmetic (Cassandra's ConsistencyLevel, 4.0 semantics): how many replica
 * answers a request waits for (`blockFor`), which replicas count (only the coordinator's data
 * center for the LOCAL_ levels; each data center apart for EACH_QUORUM under
 * NetworkTopologyStrategy), and whether enough replicas are alive to try at all
 * (`assureSufficientLive*`, which throws the protocol's UnavailableError with the consistency,
 * the replicas required and those alive).
 *
 *   ANY, ONE, LOCAL_ONE  1             QUORUM, SERIAL              ⌊RF/2⌋ + 1 of the total RF
 *   TWO, THREE           2, 3          LOCAL_QUORUM, LOCAL_SERIAL  ⌊RF(dc)/2⌋ + 1 of the local DC
 *   ALL                  the total RF  EACH_QUORUM                 Σ over DCs of ⌊RF(dc)/2⌋ + 1
 * Strategies without data centers (Simple, Local) treat the LOCAL_ and EACH_ levels as QUORUM of
 * their one factor. EACH_QUORUM skips data centers whose factor is 0 (they hold no replica).
 *
 * Writes during a bootstrap or decommission also go to pending endpoints, and each of those adds
 * one to the answers awaited (only local ones for the LOCAL_ levels; none for ANY), so the
 * consistency level still holds among the nodes that will own the data once the move settles.
 * Live endpoints passed in are those a request would use: natural ones, plus pending for writes.
 */
import { UnavailableError } from '../errors/index.js';
import { type Consistency, isDatacenterLocal } from './consistency-level.js';
import type { Endpoint } from './endpoint.js';
import type { ReplicationStrategy } from './replication-strategy.js';

export interface ConsistencyContext {
  readonly strategy: ReplicationStrategy;
  /** The coordinator's data center. */
  readonly localDatacenter: string;
  readonly datacenterOf: (endpoint: Endpoint) => string;
}

export function quorumFor(replicas: number): number {
  return Math.floor(replicas / 2) + 1;
}

/** Quorum of `datacenter`'s factor under NetworkTopologyStrategy, of the whole factor otherwise. */
export function localQuorumFor(strategy: ReplicationStrategy, datacenter: string): number {
  const factors = strategy.datacenterFactors;
  return factors === undefined ? quorumFor(strategy.replicationFactor) : quorumFor(factors.get(datacenter) ?? 0);
}

/** EACH_QUORUM's answers per data center (plus that data center's pending endpoints for writes). */
export function eachQuorumBlockFor(ctx: ConsistencyContext, pending: readonly Endpoint[] = []): Map<string, number> | undefined {
  const factors = ctx.strategy.datacenterFactors;
  if (factors === undefined) return undefined;
  const out = new Map<string, number>();
  for (const [dc, factor] of factors) if (factor > 0) out.set(dc, quorumFor(factor));
  for (const e of pending) {
    const dc = ctx.datacenterOf(e);
    const n = out.get(dc);
    if (n !== undefined) out.set(dc, n + 1);
  }
  return out;
}

/** Replica answers a read (or a write without pending endpoints) waits for. */
export function blockFor(cl: Consistency, ctx: ConsistencyContext): number {
  const strategy = ctx.strategy;
  switch (cl) {
    case 'ANY':
    case 'ONE':
    case 'LOCAL_ONE':
      return 1;
    case 'TWO':
      return 2;
    case 'THREE':
      return 3;
    case 'QUORUM':
    case 'SERIAL':
      return quorumFor(strategy.replicationFactor);
    case 'ALL':
      return strategy.replicationFactor;
    case 'LOCAL_QUORUM':
    case 'LOCAL_SERIAL':
      return localQuorumFor(strategy, ctx.localDatacenter);
    case 'EACH_QUORUM': {
      const perDc = eachQuorumBlockFor(ctx);
      return perDc === undefined ? quorumFor(strategy.replicationFactor) : sum(perDc.values());
    }
  }
}

/** Replica answers a write waits for, pending endpoints included. */
export function blockForWrite(cl: Consistency, ctx: ConsistencyContext, pending: readonly Endpoint[]): number {
  const base = blockFor(cl, ctx);
  if (cl === 'ANY') return base;
  if (isDatacenterLocal(cl)) return base + pending.filter((e) => ctx.datacenterOf(e) === ctx.localDatacenter).length;
  return base + pending.length;
}

/** Whether a replica's answer counts towards `cl` (LOCAL_ levels: only the local data center's). */
export function countsForConsistency(cl: Consistency, ctx: ConsistencyContext, endpoint: Endpoint): boolean {
  return !isDatacenterLocal(cl) || ctx.datacenterOf(endpoint) === ctx.localDatacenter;
}

/** The endpoints whose answers count towards `cl`, in their given order. */
export function countingEndpoints(cl: Consistency, ctx: ConsistencyContext, endpoints: readonly Endpoint[]): Endpoint[] {
  return endpoints.filter((e) => countsForConsistency(cl, ctx, e));
}

/** Throws UnavailableError when `live` replicas cannot satisfy a read at `cl`. */
export function assureSufficientLiveForRead(cl: Consistency, ctx: ConsistencyContext, live: readonly Endpoint[]): void {
  assureSufficientLive(cl, ctx, live, blockFor(cl, ctx));
}

/** Throws UnavailableError when `live` (natural and pending) cannot satisfy a write at `cl`. */
export function assureSufficientLiveForWrite(cl: Consistency, ctx: ConsistencyContext, live: readonly Endpoint[], pending: readonly Endpoint[]): void {
  assureSufficientLive(cl, ctx, live, blockForWrite(cl, ctx, pending));
}

function assureSufficientLive(cl: Consistency, ctx: ConsistencyContext, live: readonly Endpoint[], required: number): void {
  if (cl === 'ANY') return; // a hint on the coordinator is enough, and the coordinator is alive
  if (cl === 'EACH_QUORUM') {
    const perDc = eachQuorumBlockFor(ctx);
    if (perDc !== undefined) {
      for (const [dc, dcRequired] of perDc) {
        const alive = live.filter((e) => ctx.datacenterOf(e) === dc).length;
        if (alive < dcRequired) throw new UnavailableError(`Cannot achieve consistency level ${cl} in DC ${dc}`, cl, dcRequired, alive);
      }
      return;
    }
  }
  const alive = countingEndpoints(cl, ctx, live).length;
  if (alive < required) throw new UnavailableError(`Cannot achieve consistency level ${cl}`, cl, required, alive);
}

function sum(values: Iterable<number>): number {
  let n = 0;
  for (const v of values) n += v;
  return n;
}
