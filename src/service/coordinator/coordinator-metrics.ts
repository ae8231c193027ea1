/**
 * The coordinator's per-table latencies (Cassandra 4.0's coordinatorReadLatency, …ScanLatency,
 * …WriteLatency in metrics/TableMetrics, updated by service/StorageProxy per table a request
 * touched, failed requests included): the time from the coordinator taking the request to its
 * answer, replicas and consistency level included. Recorded into the node's TableMetricsRegistry,
 * with the same two clock reads into its client request metrics by kind and consistency level
 * (Cassandra's ClientRequestMetrics), where a failed request is also counted by its outcome.
 */
import type { ClientRequestKind } from '../../storage/metrics/client-request-metrics.js';
import type { LatencyMetric, TableMetrics, TableMetricsRegistry } from '../../storage/metrics/table-metrics.js';

export type PickLatency = (m: TableMetrics) => LatencyMetric;

export const COORDINATOR_READ: PickLatency = (m) => m.coordinatorRead;
export const COORDINATOR_SCAN: PickLatency = (m) => m.coordinatorScan;
export const COORDINATOR_WRITE: PickLatency = (m) => m.coordinatorWrite;

/**
 * `work` timed into `pick` of each table in `tableIds` (one id, or a batch's distinct ones; none
 * for CAS, whose tables' latencies Cassandra keeps apart) and into the client request of `kind` at
 * `consistency`.
 */
export function timedForTables<T>(registry: TableMetricsRegistry | undefined, tableIds: string | readonly string[], pick: PickLatency, kind: ClientRequestKind, consistency: string, work: Promise<T>): Promise<T> {
  if (registry === undefined) return work;
  const startNs = registry.nowNs();
  const client = registry.clientRequests.of(kind, consistency);
  const done = (): void => {
    const endNs = registry.nowNs();
    client.latency.record(startNs, endNs);
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
      client.failed(e);
      throw e;
    },
  );
}
