/**
 * system_views' per-table metric tables, as Cassandra 4.0 defines them (db/virtual/TableMetricTables,
 * checked there): one row per table of the node, partition key (keyspace_name, table_name).
 *
 *   local_read_latency, local_scan_latency, local_write_latency, coordinator_read_latency,
 *   coordinator_scan_latency, coordinator_write_latency:
 *       count bigint, 50th_ms double, 99th_ms double, max_ms double, per_second double
 *   rows_per_read, tombstones_per_read: count bigint, 50th double, 99th double, max double
 *   disk_usage: mebibytes bigint (the table's SSTable files, rounded up to whole MiB)
 *   max_partition_size: mebibytes bigint (the largest partition its SSTables' statistics record,
 *       rounded up to whole MiB: Cassandra names the column so, as disk_usage's)
 *
 * Percentiles are bucket offsets of Cassandra's 1.2-growth histogram (storage/metrics), rounded to
 * three decimals half up as Cassandra rounds them; per_second is the five-minute rate.
 */
import type { NodeViews, TableMetrics, TableView } from '../execution/index.js';
import type { EstimatedHistogram } from '../../storage/metrics/estimated-histogram.js';
import type { LatencyMetric } from '../../storage/metrics/table-metrics.js';
import { SYSTEM_VIEWS } from './system-views-keyspace.js';
import { type VirtualRow, type VirtualTable, virtualTableDef } from './virtual-table.js';

const KEY: readonly (readonly [string, string])[] = [['keyspace_name', 'text'], ['table_name', 'text']];
const NS_PER_MS = 1e6;
const MIB = 1024 * 1024;

const LATENCIES: readonly (readonly [string, (m: TableMetrics) => LatencyMetric])[] = [
  ['local_read_latency', (m) => m.localRead],
  ['local_scan_latency', (m) => m.localScan],
  ['coordinator_read_latency', (m) => m.coordinatorRead],
  ['coordinator_scan_latency', (m) => m.coordinatorScan],
  ['local_write_latency', (m) => m.localWrite],
  ['coordinator_write_latency', (m) => m.coordinatorWrite],
];

const HISTOGRAMS: readonly (readonly [string, (m: TableMetrics) => EstimatedHistogram])[] = [
  ['tombstones_per_read', (m) => m.tombstonesPerRead],
  ['rows_per_read', (m) => m.rowsPerRead],
];

export function tableMetricTables(views: NodeViews): VirtualTable[] {
  return [
    ...LATENCIES.map(([name, pick]) => latencyTable(views, name, pick)),
    ...HISTOGRAMS.map(([name, pick]) => histogramTable(views, name, pick)),
    metricTable(views, 'disk_usage', [['mebibytes', 'bigint']], (t) => ({ mebibytes: BigInt(Math.ceil(t.diskBytes / MIB)) })),
    metricTable(views, 'max_partition_size', [['mebibytes', 'bigint']], (t) => ({ mebibytes: BigInt(Math.ceil(t.maxPartitionBytes / MIB)) })),
  ];
}

function latencyTable(views: NodeViews, name: string, pick: (m: TableMetrics) => LatencyMetric): VirtualTable {
  const columns: [string, string][] = [['count', 'bigint'], ['50th_ms', 'double'], ['99th_ms', 'double'], ['max_ms', 'double'], ['per_second', 'double']];
  return metricTable(views, name, columns, (t) => {
    const l = pick(t.metrics);
    return { ...distribution(l.histogram, '_ms', NS_PER_MS), per_second: round3(l.meter.fiveMinuteRate(t.nowNs)) };
  });
}

function histogramTable(views: NodeViews, name: string, pick: (m: TableMetrics) => EstimatedHistogram): VirtualTable {
  const columns: [string, string][] = [['count', 'bigint'], ['50th', 'double'], ['99th', 'double'], ['max', 'double']];
  return metricTable(views, name, columns, (t) => distribution(pick(t.metrics), '', 1));
}

function distribution(h: EstimatedHistogram, suffix: string, divisor: number): VirtualRow {
  return {
    count: BigInt(h.count),
    [`50th${suffix}`]: round3(h.percentile(0.5) / divisor),
    [`99th${suffix}`]: round3(h.percentile(0.99) / divisor),
    [`max${suffix}`]: round3(h.max() / divisor),
  };
}

function metricTable(views: NodeViews, name: string, columns: readonly (readonly [string, string])[], values: (t: TableView) => VirtualRow): VirtualTable {
  const cf = virtualTableDef({ keyspace: SYSTEM_VIEWS, name, comment: '', partitionKey: KEY, columns });
  return {
    cf,
    comment: cf.comment,
    rows: () => views.tables().map((t) => ({ keyspace_name: t.keyspace, table_name: t.table, ...values(t) })),
  };
}

/** Commons Math's Precision.round(x, 3, ROUND_HALF_UP), which Cassandra applies to these doubles. */
function round3(x: number): number {
  if (!Number.isFinite(x)) return x;
  return Math.sign(x) * Math.round(Math.abs(x) * 1000) / 1000;
}
