/**
 * The node's Prometheus metrics (GET /metrics), every family collected when scraped from where
 * the node keeps its numbers. Names follow Cassandra's metrics as the Prometheus JMX exporter's
 * Cassandra rules name them (lower-cased `cassandra_<type>_<name>`, the scope as a label named
 * after the type: `cassandra_clientrequest_latency_seconds{clientrequest="Read"}`, per table
 * `{keyspace, table}`; checked against the jmx_exporter Cassandra configurations); Ilium's own
 * have the `ilium_` prefix, Node's process metrics prom-client's `nodejs_`/`process_` names
 * (GC pauses and event-loop delay from perf_hooks). docs/OPERATIONS.md "Metrics" lists them all.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { IliumNode } from '../ilium-node.js';
import { clusterStatus } from '../admin/cluster-status.js';
import { droppedMessages } from '../admin/stats-commands.js';
import type { TableMetrics, LatencyMetric } from '../../storage/metrics/table-metrics.js';
import type { EstimatedHistogram } from '../../storage/metrics/estimated-histogram.js';
import { meanPartitionBytes, type PartitionSizes } from '../../storage/metrics/partition-sizes.js';
import { COUNT_BOUNDS, LATENCY_BOUNDS_SECONDS, SIZE_BOUNDS_BYTES, type Sample, type ScrapedMetric, histogramSamples, scraped } from './scraped-metric.js';

const NS = 1e-9;

/** A registry for one node: the families below plus prom-client's process metrics. */
export function nodeMetricsRegistry(node: IliumNode): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  for (const m of [...clientRequestFamilies(node), ...tableFamilies(node), ...nodeFamilies(node)]) registry.registerMetric(m as never);
  return registry;
}

function clientRequestFamilies(node: IliumNode): ScrapedMetric[] {
  const all = () => [...node.engine.metrics.clientRequests.all()];
  const labels = (m: { kind: string; consistency: string }) => ({ clientrequest: m.kind, consistency: m.consistency });
  const counter = (name: string, help: string, pick: (m: ReturnType<typeof all>[number]) => number): ScrapedMetric =>
    scraped(name, 'counter', help, () => all().map((m) => ({ labels: labels(m), value: pick(m) })));
  return [
    scraped('cassandra_clientrequest_latency_seconds', 'histogram', 'Coordinated client requests by kind and consistency level: time from the coordinator taking the request to its answer', () =>
      all().flatMap((m) => histogramSamples('cassandra_clientrequest_latency_seconds', m.latency.histogram, labels(m), LATENCY_BOUNDS_SECONDS, NS))),
    counter('cassandra_clientrequest_timeouts_count', 'Client requests that ended in a read or write timeout', (m) => m.timeouts),
    counter('cassandra_clientrequest_unavailables_count', 'Client requests refused as unavailable (too few live replicas)', (m) => m.unavailables),
    counter('cassandra_clientrequest_failures_count', 'Client requests that failed otherwise', (m) => m.failures),
  ];
}

interface TableRow {
  readonly labels: { keyspace: string; table: string };
  readonly metrics: TableMetrics;
  readonly sstables: number;
  readonly diskBytes: number;
  readonly memtableBytes: number;
  readonly tombstones: number;
  /** Read only by the families that need it (one pass over the table's SSTables). */
  readonly sizes: () => PartitionSizes;
}

function tableRows(node: IliumNode): TableRow[] {
  return node.engine.tableIds().map((id) => {
    const t = node.engine.table(id);
    let diskBytes = 0;
    let tombstones = 0;
    for (const s of t.sstables) {
      diskBytes += s.stats.onDiskBytes;
      tombstones += s.stats.tombstoneCount;
    }
    return { labels: { keyspace: t.def.keyspace, table: t.def.name }, metrics: t.metrics, sstables: t.sstables.length, diskBytes, memtableBytes: t.unflushedBytes, tombstones, sizes: () => t.partitionSizes() };
  });
}

const TABLE_LATENCIES: readonly (readonly [string, string, (m: TableMetrics) => LatencyMetric])[] = [
  ['readlatency', 'Local reads of the table on this node (as a replica)', (m) => m.localRead],
  ['rangelatency', 'Local range scans of the table on this node', (m) => m.localScan],
  ['writelatency', 'Local writes to the table on this node', (m) => m.localWrite],
  ['coordinatorreadlatency', 'Reads of the table this node coordinated, replicas included', (m) => m.coordinatorRead],
  ['coordinatorscanlatency', 'Range scans of the table this node coordinated', (m) => m.coordinatorScan],
  ['coordinatorwritelatency', 'Writes to the table this node coordinated', (m) => m.coordinatorWrite],
];

const TABLE_HISTOGRAMS: readonly (readonly [string, string, (m: TableMetrics) => EstimatedHistogram])[] = [
  ['livescannedhistogram', 'Live rows (cells for reads without rows) met per local read', (m) => m.rowsPerRead],
  ['tombstonescannedhistogram', 'Tombstones met per local read', (m) => m.tombstonesPerRead],
  ['sstablesperreadhistogram', 'SSTables merged per local partition read (those its bloom filter and index did not rule out)', (m) => m.sstablesPerRead],
];

/** Per-partition histograms of the live SSTables' statistics (storage/metrics/partition-sizes.ts). */
const PARTITION_HISTOGRAMS: readonly (readonly [string, string, (p: PartitionSizes) => EstimatedHistogram, readonly number[]])[] = [
  ['estimatedpartitionsizehistogram', 'Partition sizes in the live SSTables, in bytes of their uncompressed records (SSTables from before sizes were recorded are left out)', (p) => p.sizes, SIZE_BOUNDS_BYTES],
  ['estimatedcolumncounthistogram', 'Cells per partition in the live SSTables', (p) => p.cellCounts, COUNT_BOUNDS],
];

function tableFamilies(node: IliumNode): ScrapedMetric[] {
  const rows = () => tableRows(node);
  const gauge = (name: string, type: 'gauge' | 'counter', help: string, pick: (r: TableRow) => number): ScrapedMetric =>
    scraped(`cassandra_table_${name}`, type, help, () => rows().map((r) => ({ labels: r.labels, value: pick(r) })));
  return [
    ...TABLE_LATENCIES.map(([n, help, pick]) => {
      const name = `cassandra_table_${n}_seconds`;
      return scraped(name, 'histogram', help, () => rows().flatMap((r) => histogramSamples(name, pick(r.metrics).histogram, r.labels, LATENCY_BOUNDS_SECONDS, NS)));
    }),
    ...TABLE_HISTOGRAMS.map(([n, help, pick]) => {
      const name = `cassandra_table_${n}`;
      return scraped(name, 'histogram', help, () => rows().flatMap((r) => histogramSamples(name, pick(r.metrics), r.labels, COUNT_BOUNDS, 1)));
    }),
    gauge('livesstablecount', 'gauge', 'SSTables the table reads from', (r) => r.sstables),
    gauge('livediskspaceused_count', 'gauge', 'Bytes on disk of the live SSTables', (r) => r.diskBytes),
    gauge('memtablelivedatasize', 'gauge', 'Bytes written to the memtable and not yet flushed', (r) => r.memtableBytes),
    gauge('memtableswitchcount_count', 'counter', 'Memtables flushed since start', (r) => r.metrics.memtableSwitchCount),
    gauge('estimatedpartitioncount', 'gauge', 'Partitions in the live SSTables and the memtables (a partition in several counts in each)', (r) => r.sizes().estimatedPartitions),
    ...PARTITION_HISTOGRAMS.map(([n, help, pick, bounds]) => {
      const name = `cassandra_table_${n}`;
      return scraped(name, 'histogram', help, () => rows().flatMap((r) => histogramSamples(name, pick(r.sizes()), r.labels, bounds, 1)));
    }),
    gauge('minpartitionsize', 'gauge', 'Smallest partition in the live SSTables, in bytes (the bucket offset holding it; 0 when none is recorded)', (r) => r.sizes().sizes.min()),
    gauge('maxpartitionsize', 'gauge', 'Largest partition in the live SSTables, in bytes (the bucket offset holding it; 0 when none is recorded)', (r) => r.sizes().sizes.max()),
    gauge('meanpartitionsize', 'gauge', 'Mean partition size in the live SSTables, in bytes', (r) => meanPartitionBytes(r.sizes())),
    scraped('ilium_table_sstables_without_partition_sizes', 'gauge', 'Live SSTables written before Statistics.db recorded partition sizes (left out of the partition size figures until compacted)', () =>
      rows().map((r) => ({ labels: r.labels, value: r.sizes().sstablesWithoutSizes }))),
    gauge('tombstonesinsstables', 'gauge', 'Ilium: tombstones in the live SSTables (from their statistics)', (r) => r.tombstones),
  ];
}

function nodeFamilies(node: IliumNode): ScrapedMetric[] {
  const one = (value: () => number) => (): Sample[] => [{ labels: {}, value: value() }];
  const bg = () => node.engine.backgroundStats();
  const hints = () => node.cluster.hints.stats;
  const peers = () => Object.entries(node.storage.messaging.metrics.snapshot());
  return [
    scraped('cassandra_compaction_pendingtasks', 'gauge', 'Compactions waiting (tables queued for a size-tiered check) or running', one(() => bg().compactionsPending)),
    scraped('cassandra_compaction_completedtasks', 'counter', 'Compactions completed since start', one(() => bg().compactionsCompleted)),
    scraped('cassandra_compaction_bytescompacted_count', 'counter', 'Bytes of the SSTables compacted since start (their inputs)', one(() => bg().bytesCompacted)),
    scraped('ilium_compaction_failed_total', 'counter', 'Compactions that failed since start', one(() => bg().compactionsFailed)),
    scraped('cassandra_commitlog_pendingtasks', 'gauge', 'Commit log entries added and not yet synced', one(() => bg().commitLog.addedEntries - bg().commitLog.syncedEntries)),
    scraped('cassandra_commitlog_completedtasks', 'counter', 'Commit log entries synced since start', one(() => bg().commitLog.syncedEntries)),
    scraped('ilium_commitlog_segments', 'gauge', 'Commit log segments the log holds (the active one included)', one(() => bg().commitLog.segments)),
    scraped('ilium_chunkcache_reads_total', 'counter', 'SSTable chunks and index blocks read from disk: `on_loop` on the event loop (a read whose prefetch missed them), `off_loop` by prefetch', () => [
      { labels: { read: 'on_loop' }, value: node.engine.cache.syncReads },
      { labels: { read: 'off_loop' }, value: node.engine.cache.asyncReads },
    ]),
    scraped('cassandra_storage_totalhints_count', 'counter', 'Hints written since start', one(() => hints().written)),
    scraped('cassandra_hintsservice_hintssucceeded_count', 'counter', 'Hints delivered since start', one(() => hints().delivered)),
    scraped('ilium_hints_expired_total', 'counter', 'Hints dropped as older than max_hint_window_in_ms', one(() => hints().expired)),
    scraped('ilium_hints_refused_total', 'counter', 'Hints not written (the hint window passed, or hints off)', one(() => hints().refused)),
    scraped('ilium_hints_pending_targets', 'gauge', 'Nodes this node holds hints for', one(() => node.cluster.hints.pendingTargets().length)),
    scraped('ilium_endpoint_status', 'gauge', 'One per ring member as gossip sees it: 1, labelled with its status (U/D), state (N/J/L/M), data center and rack', () =>
      clusterStatus(node).dataCenters.flatMap((dc) => dc.nodes.map((n) => ({ labels: { endpoint: n.address, status: n.status, state: n.state, datacenter: dc.name, rack: n.rack }, value: 1 })))),
    scraped('cassandra_client_connectednativeclients', 'gauge', 'CQL connections open', one(() => node.ctx.views.clients().length)),
    scraped('ilium_client_connected', 'gauge', 'CQL connections by driver (DRIVER_NAME and DRIVER_VERSION of their STARTUP, as system_views.clients shows)', () => {
      const by = new Map<string, { driver_name: string; driver_version: string; n: number }>();
      for (const c of node.ctx.views.clients()) {
        const driver_name = c.startupOptions.get('DRIVER_NAME') ?? '';
        const driver_version = c.startupOptions.get('DRIVER_VERSION') ?? '';
        const k = `${driver_name}\u0000${driver_version}`;
        const e = by.get(k) ?? { driver_name, driver_version, n: 0 };
        e.n++;
        by.set(k, e);
      }
      return [...by.values()].map((e) => ({ labels: { driver_name: e.driver_name, driver_version: e.driver_version }, value: e.n }));
    }),
    scraped('ilium_internode_messages_dropped_total', 'counter', 'Internode messages dropped, by peer and reason (expired, overflow, filtered, unknownVerb, unmatched, closed)', () =>
      peers().flatMap(([peer, c]) => Object.entries(c.dropped).map(([reason, value]) => ({ labels: { peer, reason }, value })))),
    scraped('cassandra_streaming_totalincomingbytes_count', 'counter', 'Bytes received by the streams (repair, bootstrap and range movement pulls) since start', one(() => node.cluster.streams.totals().bytesReceived)),
    scraped('ilium_streaming_partitions_received_total', 'counter', 'Partitions received by the streams since start', one(() => node.cluster.streams.totals().partitionsReceived)),
    scraped('ilium_streaming_sessions_completed_total', 'counter', 'Streams (one per table and source peer) finished or failed since start', one(() => node.cluster.streams.totals().sessionsCompleted)),
    scraped('ilium_streaming_sessions_active', 'gauge', 'Streams this node receives now (nodetool netstats lists them)', one(() => node.cluster.streams.active().length)),
    scraped('cassandra_droppedmessage_dropped_count', 'counter', 'Internode messages dropped because their deadline passed before they were sent or run, by verb (nodetool tpstats\' Message type / Dropped)', () =>
      droppedMessages(node).map((m) => ({ labels: { droppedmessage: m.verb }, value: m.dropped }))),
    scraped('ilium_internode_requests_timedout_total', 'counter', 'Internode requests this node sent that got no answer in time, by peer', () => peers().map(([peer, c]) => ({ labels: { peer }, value: c.timeouts }))),
    scraped('cassandra_threadpools_completedtasks', 'counter', 'Internode tasks completed per stage (nodetool tpstats)', () =>
      node.cluster.stages.snapshot().map((s) => ({ labels: { scope: s.stage }, value: s.completed }))),
  ];
}
