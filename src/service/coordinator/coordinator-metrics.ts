/**
 * The coordinator's per-table latencies (Cassandra 4.0's coordinatorReadLatency, …ScanLatency,
 * …WriteLatency in metrics/TableMetrics, updated by service/StorageProxy per table a request
 * touched, failed requests included): the time from the coordinator taking the request to its
 * answer, replicas and consistency level included. Recorded into the node's TableMetricsRegistry.
 */
import type { LatencyMetric, TableMetrics, TableMetricsRegistry } from '../../storage/metrics/table-metrics.js';

export type PickLatency = (m: TableMetrics) => LatencyMetric;

export const COORDINATOR_READ: PickLatency = (m) => m.coordinatorRead;
export const COORDINATOR_SCAN: PickLatency = (m) => m.coordinatorScan;
export const COORDINATOR_WRITE: PickLatency = (m) => m.coordinatorWrite;

/** `work` timed into `pick` of each table in `tableIds` (one id, or a batch's distinct ones). */
export function timedForTables<T>(registry: TableMetricsRegistry | undefined, tableIds: string | readonly string[], pick: PickLatency, work: Promise<T>): Promise<T> {
  if (registry === undefined) return work;
  const startNs = registry.nowNs();
  const done = (): void => {
    const endNs = registry.nowNs();
    if (typeof tableIds === 'string') pick(registry.of(tableIds)).record(startNs, endNs);
    else for (const id of tableIds) pick(registry.of(id)).record(startNs, endNs);
  };
  return work.then(
    (v) => {
      done();
      return v;
    },
    (e: unknown) => {
      done();
      throw e;
    },
  );
}
