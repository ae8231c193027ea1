/**
 * Decommission (Cassandra's StorageService.decommission / unbootstrap), run on the leaving node:
 *
 *   refused unless this node is NORMAL, no other node is joining or leaving, and every keyspace
 *   keeps enough nodes for its replication factor (per data center for NetworkTopologyStrategy);
 *   1. announce LEAVING, wait a ring delay (coordinators now also write to the new owners);
 *   2. each range this node replicates is pulled by the replica that gains it, from this node;
 *   3. announce LEFT (kept by peers for three days), wait a ring delay so gossip spreads it.
 * The caller then stops the node's messaging and gossip (a LEFT node stops silently).
 */
import { InvalidRequestError } from '../errors/index.js';
import { VERY_LONG_TIME_MS, statusValues } from '../gms/index.js';
import type { TokenMetadata } from '../locator/index.js';
import type { KeyspaceDef } from '../schema/index.js';
import { groupBy, leavingTransfers } from './range-transfers.js';
import { streamTable } from './stream-ranges.js';
import { type TopologyContext, sleep, streamedKeyspaces } from './topology-context.js';

export interface DecommissionReport {
  readonly transfers: number;
  readonly streams: number;
  readonly partitions: number;
}

/** Why decommission must be refused now, or undefined. */
export function decommissionRefusal(ctx: TopologyContext): string | undefined {
  const { svc } = ctx;
  const ring = svc.ring();
  const self = svc.localEndpoint;
  if (!ring.isMember(self) || ring.isLeaving(self)) return `${self} is not a NORMAL ring member; it cannot be decommissioned`;
  const moving = [...ring.bootstrappingEndpoints(), ...ring.leavingEndpoints()];
  if (moving.length > 0) return `Other bootstrapping/leaving nodes detected (${moving.join(', ')}), cannot decommission until they finish`;
  const after = ring.withoutEndpoint(self);
  for (const ks of streamedKeyspaces(ctx)) {
    const short = shortfall(ctx, ks, after);
    if (short !== undefined) return `Not enough nodes to maintain replication factor in keyspace ${ks.name} (${short}); decommission refused`;
  }
  return undefined;
}

/** "RF = r, N = n" when `after` has fewer nodes than `ks` replicates to (per data center for NTS). */
function shortfall(ctx: TopologyContext, ks: KeyspaceDef, after: TokenMetadata): string | undefined {
  const strategy = ctx.rings.placement(ks.name).strategy;
  const members = after.normalEndpoints();
  if (strategy.datacenterFactors !== undefined) {
    for (const [dc, rf] of strategy.datacenterFactors) {
      const n = members.filter((e) => after.datacenterOf(e) === dc).length;
      if (n < rf) return `data center ${dc}: RF = ${rf}, N = ${n}`;
    }
    return undefined;
  }
  const rf = strategy.replicationFactor ?? 0;
  return members.length < rf ? `RF = ${rf}, N = ${members.length}` : undefined;
}

export async function decommission(ctx: TopologyContext): Promise<DecommissionReport> {
  const refusal = decommissionRefusal(ctx);
  if (refusal !== undefined) throw new InvalidRequestError(refusal);
  const { svc } = ctx;
  const self = svc.localEndpoint;
  ctx.log.info('decommission_started', { endpoint: self });
  svc.announceStatus(statusValues.leaving(svc.tokens));
  await sleep(ctx.env, svc.ringDelayMs);
  let transfers = 0;
  let streams = 0;
  let partitions = 0;
  for (const ks of streamedKeyspaces(ctx)) {
    const strategy = ctx.rings.placement(ks.name).strategy;
    const all = leavingTransfers(strategy, svc.ring(), self);
    transfers += all.length;
    for (const list of groupBy(all, (t) => t.target).values()) {
      const ranges = list.map((t) => t.range);
      for (const cf of ks.tables) {
        const r = await streamTable(ctx, 'Unbootstrap', cf, list[0]!.target, self, ranges);
        streams++;
        partitions += r.partitions;
      }
    }
  }
  svc.announceStatus(statusValues.left(svc.tokens, ctx.env.clock.nowMs() + VERY_LONG_TIME_MS));
  ctx.log.info('decommission_left', { transfers, streams, partitions });
  await sleep(ctx.env, svc.ringDelayMs);
  return { transfers, streams, partitions };
}
