/**
 * Which replicas a request uses. A key's replicas come from its keyspace's placement on one ring
 * snapshot; the live ones are sorted nearest first (the snitch's proximity); a read asks as many
 * as its consistency level blocks for, taken nearest first among those that count (the local data
 * center's for LOCAL_ levels, a quorum of each data center for EACH_QUORUM).
 */
import type { Token } from '../../dht/index.js';
import {
  type ConsistencyContext,
  type Consistency,
  type Endpoint,
  type KeyspacePlacement,
  type Snitch,
  type TokenMetadata,
  assureSufficientLiveForRead,
  blockFor as blockForRead,
  countingEndpoints,
  eachQuorumBlockFor,
  sortByProximity,
} from '../../locator/index.js';
import type { LivenessOracle } from './seams.js';
import { pushAll } from '../../util/push-all.js';

export interface ReplicaSet {
  readonly ctx: ConsistencyContext;
  readonly natural: readonly Endpoint[];
  readonly pending: readonly Endpoint[];
}

export interface SelectionInputs {
  readonly self: Endpoint;
  readonly snitch: Snitch;
  readonly liveness: LivenessOracle;
  /** Each placement's consistency context, made once (it depends on the strategy and this node's data center). */
  readonly contexts: WeakMap<KeyspacePlacement, ConsistencyContext>;
}

export function selectionInputs(self: Endpoint, snitch: Snitch, liveness: LivenessOracle): SelectionInputs {
  return { self, snitch, liveness, contexts: new WeakMap() };
}

export function consistencyContext(placement: KeyspacePlacement, inputs: SelectionInputs): ConsistencyContext {
  let ctx = inputs.contexts.get(placement);
  if (ctx === undefined) {
    ctx = {
      strategy: placement.strategy,
      localDatacenter: inputs.snitch.location(inputs.self).datacenter,
      datacenterOf: (e) => inputs.snitch.location(e).datacenter,
    };
    inputs.contexts.set(placement, ctx);
  }
  return ctx;
}

const NO_ENDPOINTS: readonly Endpoint[] = Object.freeze([]);

/**
 * The replicas of `key`: on a ring where they do not depend on the token (one node, nobody
 * joining or leaving) without hashing the key; otherwise those of its token.
 */
export function replicasOfKey(placement: KeyspacePlacement, ring: TokenMetadata, key: Buffer, inputs: SelectionInputs): ReplicaSet {
  const uniform = placement.uniformEndpoints(ring);
  if (uniform !== undefined) return { ctx: consistencyContext(placement, inputs), natural: uniform, pending: NO_ENDPOINTS };
  return replicasOf(placement, ring, ring.partitioner.token(key), inputs);
}

export function replicasOf(placement: KeyspacePlacement, ring: TokenMetadata, token: Token, inputs: SelectionInputs): ReplicaSet {
  return {
    ctx: consistencyContext(placement, inputs),
    natural: placement.naturalEndpoints(token, ring),
    pending: placement.pendingEndpoints(token, ring),
  };
}

/**
 * When a keyspace's replicas are the same for every token (`uniformEndpoints`: a ring of one node),
 * the replicas a read at `cl` asks, after checking the level against them (UnavailableError when
 * too few are alive: RF 3 at QUORUM needs two replicas even where the ring has one node); undefined
 * when the replicas depend on the token. One check for any number of keys or a whole scan.
 */
export function uniformReadTargets(placement: KeyspacePlacement, ring: TokenMetadata, cl: Consistency, inputs: SelectionInputs): Endpoint[] | undefined {
  const natural = placement.uniformEndpoints(ring);
  if (natural === undefined) return undefined;
  const ctx = consistencyContext(placement, inputs);
  const live = liveByProximity(natural, inputs);
  assureSufficientLiveForRead(cl, ctx, live);
  return readTargets(cl, ctx, live, blockForRead(cl, ctx));
}

/** Whether `targets` is this node alone: the read is the local store's. */
export function onlySelf(targets: readonly Endpoint[] | undefined, self: Endpoint): boolean {
  return targets !== undefined && targets.length === 1 && targets[0] === self;
}

/** The live endpoints of `endpoints`, nearest first. */
export function liveByProximity(endpoints: readonly Endpoint[], inputs: SelectionInputs): Endpoint[] {
  if (endpoints.length === 1 && endpoints[0] === inputs.self) return inputs.liveness.isAlive(inputs.self) ? [inputs.self] : [];
  const live = endpoints.filter((e) => inputs.liveness.isAlive(e));
  return sortByProximity(live, { self: inputs.self, locationOf: (e) => inputs.snitch.location(e) });
}

/** The replicas a read at `cl` asks: `blockFor` of the counting live ones, nearest first. */
export function readTargets(cl: Consistency, ctx: ConsistencyContext, sortedLive: readonly Endpoint[], blockFor: number): Endpoint[] {
  if (cl === 'EACH_QUORUM') {
    const perDc = eachQuorumBlockFor(ctx);
    if (perDc !== undefined) {
      const out: Endpoint[] = [];
      for (const [dc, n] of perDc) pushAll(out, sortedLive.filter((e) => ctx.datacenterOf(e) === dc).slice(0, n));
      // Keep the proximity order across data centers: the nearest answers with data.
      return sortedLive.filter((e) => out.includes(e));
    }
  }
  return countingEndpoints(cl, ctx, sortedLive).slice(0, blockFor);
}
