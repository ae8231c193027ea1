/**
 * What the node hands system_views beyond its servers and settings: each table with its request
 * metrics, Data files' bytes and largest partition, the running compactions, and internode messaging per peer (its
 * counters, and where the snitch places the peer). Read when a table is selected; the cost is
 * one pass over the node's tables or peers.
 */
import type { InternodePeer, TableView } from '../cql/execution/index.js';
import { type Snitch, endpoint } from '../locator/index.js';
import type { MessagingService } from '../net/index.js';
import type { StorageEngine } from '../storage/storage-engine.js';

export function tableViewsOf(engine: StorageEngine): TableView[] {
  const nowNs = engine.metrics.nowNs();
  return engine.tableIds().map((id) => {
    const t = engine.table(id);
    let diskBytes = 0;
    for (const s of t.sstables) diskBytes += s.stats.onDiskBytes;
    return { keyspace: t.def.keyspace, table: t.def.name, metrics: t.metrics, diskBytes, maxPartitionBytes: t.partitionSizes().sizes.max(), nowNs };
  });
}

export function internodePeersOf(messaging: MessagingService, snitch: Snitch): InternodePeer[] {
  return Object.entries(messaging.metrics.snapshot()).map(([key, c]) => {
    const colon = key.lastIndexOf(':');
    const host = key.slice(0, colon).replace(/^\[|\]$/g, '');
    const port = Number(key.slice(colon + 1));
    const at = snitch.location(endpoint(key));
    return { address: { host, port }, dc: at.datacenter, rack: at.rack, sent: c.sent, received: c.received, overloaded: c.dropped.overflow, closedUnsent: c.dropped.closed, unknownVerb: c.dropped.unknownVerb };
  });
}
