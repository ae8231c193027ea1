/**
 * nodetool cleanup (Cassandra's CompactionManager.performCleanup): each table of the keyspaces
 * (one, or every user keyspace) is flushed and its SSTables rewritten keeping only the partitions
 * whose token lies in a range this node replicates now (natural ranges plus pending ones), so
 * data a node no longer owns after others joined stops taking disk. Refused while this node is
 * joining or leaving. Index tables are not cleaned (stale entries are filtered at read).
 */
import { rangeToPositionIntervals } from '../dht/index.js';
import { InvalidRequestError } from '../errors/index.js';
import { rangesOf } from '../locator/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { type TopologyContext, streamedKeyspaces } from './topology-context.js';

export interface CleanupReport {
  readonly keyspaces: readonly string[];
  readonly tables: number;
}

export async function cleanup(ctx: TopologyContext, engine: StorageEngine, keyspace?: string): Promise<CleanupReport> {
  const { svc } = ctx;
  const self = svc.localEndpoint;
  const ring = svc.ring();
  if (!ring.isMember(self) || ring.isLeaving(self)) throw new InvalidRequestError('Node is involved in cluster membership changes. Not safe to run cleanup.');
  const all = streamedKeyspaces(ctx);
  const chosen = keyspace === undefined ? all : all.filter((k) => k.name === keyspace);
  if (keyspace !== undefined && chosen.length === 0) {
    if (ctx.keyspaces().some((k) => k.name === keyspace)) return { keyspaces: [], tables: 0 };
    throw new InvalidRequestError(`Keyspace ${keyspace} does not exist`);
  }
  let tables = 0;
  for (const ks of chosen) {
    const placement = ctx.rings.placement(ks.name);
    const ranges = [...rangesOf(placement.strategy, ring, self), ...placement.pendingRanges(ring).rangesOf(self)];
    const keep = ranges.flatMap((r) => rangeToPositionIntervals(r));
    for (const cf of ks.tables) {
      await engine.cleanup(cf.id, keep);
      tables++;
    }
  }
  ctx.log.info('cleanup_completed', { keyspaces: chosen.map((k) => k.name), tables });
  return { keyspaces: chosen.map((k) => k.name), tables };
}
