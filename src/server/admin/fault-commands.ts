/**
 * TESTING HOOK: `ilium nodetool faults …` installs fault filters in the node's internode messaging
 * (see net/fault-filters.ts), so tests with real processes can split a cluster without network
 * namespaces. Refused unless the node runs with the Ilium-only `enable_fault_injection: true`.
 *
 *   faults partition <addr…>   drop every message between the listed hosts and every other host
 *                              (ports ignored); replaces an earlier partition
 *   faults delay <ms> <addr…>  hold every message this node receives from the listed hosts for
 *                              ms before handling it (a slow replica: a message that waited past
 *                              its deadline is then dropped as expired); replaces an earlier delay
 *   faults heal                removes every filter this command installed
 *   faults list                the names of the filters installed now
 *
 * Run it on every node of both sides: each node filters what it sends and what it receives.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { FilterContext, MessageFilter, MessageFilterChain } from '../../net/message-filter.js';

const PREFIX = 'nodetool-faults:';

export interface FaultsTarget {
  readonly enabled: boolean;
  readonly filters: MessageFilterChain;
}

/** A filter that drops messages crossing between `side` (host names) and everyone else. */
export function hostPartition(side: readonly string[]): MessageFilter {
  const hosts = new Set(side);
  return {
    name: `${PREFIX}partition`,
    apply: (ctx: FilterContext) => (hosts.has(ctx.from.host) !== hosts.has(ctx.to.host) ? { action: 'drop' } : undefined),
  };
}

/** A filter that holds messages this node receives from `from` (host names) for `ms`. */
export function receiveDelay(ms: number, from: readonly string[]): MessageFilter {
  const hosts = new Set(from);
  return {
    name: `${PREFIX}delay`,
    apply: (ctx: FilterContext) => (ctx.direction === 'receive' && hosts.has(ctx.from.host) ? { action: 'delay', ms } : undefined),
  };
}

/** The longest `faults delay` (a test hook; a minute covers every verb's timeout). */
const faultDelayMsMax = 60_000;

export function runFaultsCommand(target: FaultsTarget, args: readonly string[]): { filters: string[] } {
  if (!target.enabled) throw new InvalidRequestError('faults is a testing hook: start the node with enable_fault_injection: true to use it');
  const [verb, ...rest] = args;
  if (verb === 'partition') {
    if (rest.length === 0) throw new InvalidRequestError('faults partition needs the addresses of one side');
    target.filters.remove(`${PREFIX}partition`);
    target.filters.add(hostPartition(rest));
  } else if (verb === 'delay') {
    const [ms, ...hosts] = rest;
    const n = Number(ms);
    if (ms === undefined || !Number.isInteger(n) || n < 1 || n > faultDelayMsMax || hosts.length === 0) {
      throw new InvalidRequestError(`faults delay needs a whole number of milliseconds (1..${faultDelayMsMax}) and the addresses whose messages to hold`);
    }
    target.filters.remove(`${PREFIX}delay`);
    target.filters.add(receiveDelay(n, hosts));
  } else if (verb === 'heal') {
    for (const name of installed(target)) target.filters.remove(name);
  } else if (verb !== 'list' && verb !== undefined) {
    throw new InvalidRequestError(`unknown faults command '${verb}'; known: partition <addr…>, delay <ms> <addr…>, heal, list`);
  }
  return { filters: installed(target) };
}

function installed(target: FaultsTarget): string[] {
  return target.filters.names().filter((n) => n.startsWith(PREFIX));
}
