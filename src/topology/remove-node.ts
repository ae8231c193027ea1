/**
 * removenode (Cassandra's StorageService.removeNode), run on any live node for a dead one:
 *
 *   refused when the host id is unknown, is this node's, or its node is alive;
 *   1. gossip `removing,<hostId>` on the dead node's behalf (a newer generation of its state):
 *      every node marks it leaving, so writes also reach the replicas about to gain its ranges;
 *   2. each range the dead node replicated is pulled by the replica that gains it from a live
 *      replica that keeps it (this node coordinates every stream; Cassandra has each gaining node
 *      fetch and report back). A range with no live source is reported, not streamed;
 *   3. gossip `removed,<hostId>,<expiry>`: every node forgets it.
 */
import { InvalidRequestError } from '../errors/index.js';
import { VERY_LONG_TIME_MS, statusValues } from '../gms/index.js';
import { endpoint as netEndpoint } from '../net/index.js';
import { endpointHost, endpointPort, type Endpoint } from '../locator/index.js';
import { groupBy, leavingTransfers, type RangeTransfer } from './range-transfers.js';
import { streamTable } from './stream-ranges.js';
import { type TopologyContext, streamedKeyspaces } from './topology-context.js';

export interface RemoveNodeReport {
  readonly endpoint: string;
  readonly transfers: number;
  readonly streams: number;
  readonly partitions: number;
  /** Ranges no live replica held (their data was on the removed node only): keyspace and range. */
  readonly lost: readonly string[];
}

export async function removeNode(ctx: TopologyContext, hostId: string): Promise<RemoveNodeReport> {
  const { svc } = ctx;
  const ring = svc.ring();
  const id = hostId.toLowerCase();
  const dead = ring.endpointWithHostId(id);
  if (dead === undefined) throw new InvalidRequestError(`Host ID not found: ${hostId}`);
  if (dead === svc.localEndpoint) throw new InvalidRequestError('Cannot remove self');
  if (svc.isAlive(dead)) throw new InvalidRequestError(`Node ${dead} is alive and owns this ID. Use decommission command to remove it from the ring`);
  const address = netEndpoint(endpointHost(dead), endpointPort(dead));
  ctx.log.info('removenode_started', { endpoint: dead, hostId: id });
  svc.gossiper.advertiseForDead(address, statusValues.removing(id));
  let transfers = 0;
  let streams = 0;
  let partitions = 0;
  const lost: string[] = [];
  for (const ks of streamedKeyspaces(ctx)) {
    const strategy = ctx.rings.placement(ks.name).strategy;
    const planned: (RangeTransfer & { readonly source: Endpoint })[] = [];
    for (const t of leavingTransfers(strategy, ring, dead)) {
      const source = t.sources.find((e) => svc.isAlive(e));
      if (source === undefined) lost.push(`${ks.name} ${t.range.toString()}`);
      else planned.push({ ...t, source });
    }
    transfers += planned.length;
    for (const list of groupBy(planned, (t) => `${t.target} ${t.source}`).values()) {
      const { target, source } = list[0]!;
      for (const cf of ks.tables) {
        const r = await streamTable(ctx, 'Restore replica count', cf, target, source, list.map((t) => t.range));
        streams++;
        partitions += r.partitions;
      }
    }
  }
  svc.gossiper.advertiseForDead(address, statusValues.removed(id, ctx.env.clock.nowMs() + VERY_LONG_TIME_MS));
  ctx.log.info('removenode_completed', { endpoint: dead, transfers, streams, partitions, lost: lost.length });
  return { endpoint: dead, transfers, streams, partitions, lost };
}
