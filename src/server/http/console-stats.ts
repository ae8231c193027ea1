/**
 * The numbers behind the console's live charts, read where /metrics reads them (node-metrics.ts):
 * client requests coordinated (all kinds and consistency levels) with their latencies as
 * cumulative counts under /metrics' histogram bounds — the page takes differences between two
 * polls for requests/s and that interval's p50/p99 — the memtables' unflushed bytes, compactions
 * pending and completed, and hints written, delivered and the nodes hints are held for.
 */
import type { IliumNode } from '../ilium-node.js';
import { LATENCY_BOUNDS_SECONDS } from './scraped-metric.js';

const NS_PER_S = 1e9;

export function consoleStats(node: IliumNode) {
  const boundsNs = LATENCY_BOUNDS_SECONDS.map((s) => s * NS_PER_S);
  const buckets = boundsNs.map(() => 0);
  let requests = 0;
  for (const m of node.engine.metrics.clientRequests.all()) {
    requests += m.latency.histogram.count;
    m.latency.histogram.cumulativeCounts(boundsNs).forEach((c, i) => (buckets[i]! += c));
  }
  let memtableBytes = 0;
  for (const id of node.engine.tableIds()) memtableBytes += node.engine.table(id).unflushedBytes;
  const bg = node.engine.backgroundStats();
  const hints = node.cluster.hints.stats;
  return {
    atMs: node.env.clock.nowMs(),
    requests,
    latencyBoundsSeconds: LATENCY_BOUNDS_SECONDS,
    latencyCumulative: buckets,
    memtableBytes,
    compactionsPending: bg.compactionsPending,
    compactionsCompleted: bg.compactionsCompleted,
    hintsWritten: hints.written,
    hintsDelivered: hints.delivered,
    hintTargets: node.cluster.hints.pendingTargets().length,
  };
}
