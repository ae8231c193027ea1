/**
 * Bootstrap (Cassandra's StorageService.joinTokenRing + BootStrapper, one node at a time):
 *
 *   1. gossip until a live NORMAL peer is known and every live member gossips this node's schema
 *      version (the schema is pulled from peers: a new node has none);
 *   2. announce BOOT with the node's tokens, wait a ring delay so every node sees it pending
 *      (coordinators already send it the writes of the ranges it is taking);
 *   3. pull each range it will replicate, per table, from a live current replica — the one losing
 *      the range when it is alive (range-transfers.ts);
 *   4. announce NORMAL.
 *
 * Fails (the node does not start) when no peer is reached or the schema does not agree within the
 * wait, or when a range has no live source.
 */
import { ConfigurationError } from '../errors/index.js';
import { statusValues } from '../gms/index.js';
import type { Endpoint } from '../locator/index.js';
import { joiningFetches } from './range-transfers.js';
import { streamTable } from './stream-ranges.js';
import { type TopologyContext, localTokens, sleep, streamedKeyspaces } from './topology-context.js';

export interface BootstrapReport {
  readonly ranges: number;
  readonly streams: number;
  readonly partitions: number;
}

const POLL_MS = 100;
/** How long a joining node waits for a seed before it says none answers (it keeps waiting). */
export const SEEDS_SILENT_WARN_MS = 3_000;
const SEEDS_SETTING = '--seeds / seed_provider';

export async function bootstrap(ctx: TopologyContext, waitMs = Math.max(2 * ctx.svc.ringDelayMs, 30_000)): Promise<BootstrapReport> {
  const { svc } = ctx;
  await waitForRingAndSchema(ctx, waitMs);
  ctx.log.info('bootstrap_started', { tokens: svc.tokens.length, ringDelayMs: svc.ringDelayMs });
  svc.announceStatus(statusValues.bootstrapping(svc.tokens));
  await sleep(ctx.env, svc.ringDelayMs);
  const self = svc.localEndpoint;
  const tokens = localTokens(ctx);
  let ranges = 0;
  let streams = 0;
  let partitions = 0;
  for (const ks of streamedKeyspaces(ctx)) {
    const strategy = ctx.rings.placement(ks.name).strategy;
    const fetches = joiningFetches(strategy, svc.ring(), self, tokens);
    const bySource = new Map<Endpoint, (typeof fetches)[number]['range'][]>();
    for (const f of fetches) {
      const source = f.sources.find((e) => svc.isAlive(e));
      if (source === undefined) throw new Error(`bootstrap: no live replica holds ${ks.name} range ${f.range.toString()} (replicas ${f.sources.join(', ')})`);
      bySource.set(source, [...(bySource.get(source) ?? []), f.range]);
      ranges++;
    }
    for (const [source, rs] of bySource) {
      for (const cf of ks.tables) {
        const r = await streamTable(ctx, 'Bootstrap', cf, self, source, rs);
        streams++;
        partitions += r.partitions;
      }
    }
  }
  svc.announceStatus(statusValues.normal(svc.tokens));
  ctx.log.info('bootstrap_completed', { ranges, streams, partitions });
  return { ranges, streams, partitions };
}

async function waitForRingAndSchema(ctx: TopologyContext, waitMs: number): Promise<void> {
  const { svc } = ctx;
  const began = ctx.env.clock.nowMs();
  const deadline = began + waitMs;
  let warned = false;
  for (;;) {
    const peers = svc.ring().normalEndpoints().filter((e) => e !== svc.localEndpoint && svc.isAlive(e));
    if (peers.length > 0) {
      const versions = [...svc.schemaVersions().keys()].filter((v) => v !== 'UNREACHABLE');
      if (versions.length === 1 && versions[0] === ctx.schemaVersion()) return;
    }
    const now = ctx.env.clock.nowMs();
    if (peers.length === 0 && !warned && now - began >= SEEDS_SILENT_WARN_MS) {
      // Said within seconds, not only when the wait ends: the usual cause is a wrong seed list.
      warned = true;
      ctx.log.warn('seeds_unreachable', { seeds: svc.seedAddresses, waitedMs: now - began, giveUpInMs: deadline - now, hint: `no seed answers yet: start a seed first, or fix ${SEEDS_SETTING}; a lone node needs no seeds` });
    }
    if (now >= deadline) {
      // Cassandra 4.0 ends the start of a node that is not a seed when no seed answers its shadow
      // round (Gossiper.doShadowRound: "Unable to gossip with any peers"); so does this one.
      if (peers.length === 0) throw new ConfigurationError(`Unable to gossip with any peers: no seed answered within ${waitMs} ms (seeds ${svc.seedAddresses.join(', ')}; ${SEEDS_SETTING})`);
      throw new Error(`bootstrap: the schema did not agree with the ring's within ${waitMs} ms`);
    }
    await sleep(ctx.env, POLL_MS);
  }
}
