/**
 * The ready-made fault filters (see message-filter.ts for how a chain combines them): partitions,
 * random loss, delay, duplication and reordering, each optionally limited by a `MessageMatcher`.
 * Probabilities draw from the `Random` given (the Env's), so runs replay by seed.
 */
import type { Random } from '../env/index.js';
import { endpointKey, type InetAddressAndPort } from './inet-address.js';
import type { FilterContext, MessageFilter } from './message-filter.js';
import type { VerbName } from './verbs.js';

export type MessageMatcher = (ctx: FilterContext) => boolean;

const ALL: MessageMatcher = () => true;

/** Messages of one of `verbs`. */
export function verbIs(...verbs: VerbName[]): MessageMatcher {
  const set = new Set(verbs);
  return (ctx) => set.has(ctx.message.verb);
}

/** Messages between `a` and `b`, either way. */
export function between(a: InetAddressAndPort, b: InetAddressAndPort): MessageMatcher {
  const ka = endpointKey(a);
  const kb = endpointKey(b);
  return (ctx) => {
    const f = endpointKey(ctx.from);
    const t = endpointKey(ctx.to);
    return (f === ka && t === kb) || (f === kb && t === ka);
  };
}

/**
 * Splits the cluster: every message from a node of one side to a node of the other is dropped.
 * Nodes on neither side are unaffected.
 */
export function partition(sideA: readonly InetAddressAndPort[], sideB: readonly InetAddressAndPort[], name = 'partition'): MessageFilter {
  const a = new Set(sideA.map(endpointKey));
  const b = new Set(sideB.map(endpointKey));
  return {
    name,
    apply: (ctx) => {
      const f = endpointKey(ctx.from);
      const t = endpointKey(ctx.to);
      const crosses = (a.has(f) && b.has(t)) || (b.has(f) && a.has(t));
      return crosses ? { action: 'drop' } : undefined;
    },
  };
}

/** Cuts `node` off from everyone (its messages to itself still flow). */
export function isolate(node: InetAddressAndPort, name = 'isolate'): MessageFilter {
  const k = endpointKey(node);
  return {
    name,
    apply: (ctx) => ((endpointKey(ctx.from) === k) !== (endpointKey(ctx.to) === k) ? { action: 'drop' } : undefined),
  };
}

export function dropWithProbability(p: number, random: Random, match: MessageMatcher = ALL, name = 'drop'): MessageFilter {
  return { name, apply: (ctx) => (match(ctx) && random.next() < p ? { action: 'drop' } : undefined) };
}

/** Delays matching messages by `minMs` plus a random part up to `jitterMs`. */
export function delayBy(minMs: number, random: Random, jitterMs = 0, match: MessageMatcher = ALL, name = 'delay'): MessageFilter {
  return {
    name,
    apply: (ctx) => (match(ctx) ? { action: 'delay', ms: minMs + (jitterMs > 0 ? Math.floor(random.next() * (jitterMs + 1)) : 0) } : undefined),
  };
}

export function duplicateWithProbability(p: number, random: Random, extraDelayMs = 0, match: MessageMatcher = ALL, name = 'duplicate'): MessageFilter {
  return { name, apply: (ctx) => (match(ctx) && random.next() < p ? { action: 'duplicate', copies: 1, extraDelayMs } : undefined) };
}

/**
 * Reorders: with probability `p` a message is held back a random 1..maxDelayMs, so messages sent
 * after it overtake it.
 */
export function reorder(p: number, maxDelayMs: number, random: Random, match: MessageMatcher = ALL, name = 'reorder'): MessageFilter {
  return {
    name,
    apply: (ctx) => (match(ctx) && random.next() < p ? { action: 'delay', ms: 1 + Math.floor(random.next() * maxDelayMs) } : undefined),
  };
}
