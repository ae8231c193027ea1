/**
 * The admin commands that report the node's metrics as nodetool prints them (the formatting is
 * nodetool's, tools/nodetool/stats-output.ts; these return plain JSON, null where Cassandra would
 * print NaN): tpstats, tablestats, tablehistograms, proxyhistograms, compactionstats,
 * getcompactionthroughput / setcompactionthroughput. Counts come from the node's registries
 * (storage/metrics), read on demand; histograms are counted since start (Cassandra's decay).
 */
import { InvalidRequestError } from '../../errors/index.js';
import { VERB_NAMES } from '../../net/verbs.js';
import { EstimatedHistogram } from '../../storage/metrics/estimated-histogram.js';
import type { ClientRequestKind } from '../../storage/metrics/client-request-metrics.js';
import type { IliumNode } from '../ilium-node.js';
import { meanPartitionBytes } from '../../storage/metrics/partition-sizes.js';
import { fileSize } from '../node-load.js';
import { netStats } from './net-stats.js';
import { tablesOf } from './table-args.js';

export interface TableStatsRow {
  readonly name: string;
  readonly isIndex: boolean;
  readonly sstables: number;
  readonly spaceUsedBytes: number;
  /** Partitions in the SSTables and memtables (Cassandra's EstimatedPartitionCount). */
  readonly partitionsEstimate: number;
  readonly memtableBytes: number;
  readonly memtableSwitchCount: number;
  readonly localReadCount: number;
  readonly localReadLatencyMs: number | null;
  readonly localWriteCount: number;
  readonly localWriteLatencyMs: number | null;
  readonly averageLiveCellsPerSlice: number | null;
  readonly maximumLiveCellsPerSlice: number;
  readonly averageTombstonesPerSlice: number | null;
  readonly maximumTombstonesPerSlice: number;
  /** "Compacted partition minimum/maximum/mean bytes": 0 when no SSTable records sizes, as Cassandra's gauges. */
  readonly compactedPartitionMinimumBytes: number;
  readonly compactedPartitionMaximumBytes: number;
  readonly compactedPartitionMeanBytes: number;
  /** SSTables whose statistics predate partition sizes (left out of the three above). */
  readonly sstablesWithoutPartitionSizes: number;
}

export interface KeyspaceStats {
  readonly name: string;
  readonly readCount: number;
  readonly readLatencyMs: number | null;
  readonly writeCount: number;
  readonly writeLatencyMs: number | null;
  readonly tables: TableStatsRow[];
}

/** Percentiles as nodetool's histograms print them, then Min and Max. */
export const HISTOGRAM_ROWS = ['50%', '75%', '95%', '98%', '99%', 'Min', 'Max'] as const;
const QUANTILES = [0.5, 0.75, 0.95, 0.98, 0.99];

/** Cassandra's proxyhistograms columns, by the client request kinds counted in each. */
const PROXY_COLUMNS: readonly (readonly [string, readonly ClientRequestKind[]])[] = [
  ['Read Latency', ['Read']],
  ['Write Latency', ['Write', 'Batch']],
  ['Range Latency', ['RangeSlice']],
  ['CAS Read Latency', ['CASRead']],
  ['CAS Write Latency', ['CASWrite']],
  ['View Write Latency', []],
];

export function statsCommands(node: IliumNode): Record<'netstats' | 'tpstats' | 'tablestats' | 'tablehistograms' | 'proxyhistograms' | 'compactionstats' | 'getcompactionthroughput' | 'setcompactionthroughput', (args: readonly string[]) => unknown> {
  return {
    netstats: () => netStats(node),
    tpstats: () => ({ pools: threadPools(node), droppedMessages: droppedMessages(node) }),
    tablestats: (args) => tableStats(node, args),
    tablehistograms: (args) => tableHistograms(node, args),
    proxyhistograms: () => ({ columns: PROXY_COLUMNS.map(([name, kinds]) => ({ name, values: micros(merged(node, kinds)) })) }),
    compactionstats: () => {
      const bg = node.engine.backgroundStats();
      return { pendingTasks: bg.compactionsPending, completedTasks: bg.compactionsCompleted, active: node.engine.sstableTasks() };
    },
    getcompactionthroughput: () => ({ mbPerSec: node.engine.compactionThroughputMbPerSec }),
    setcompactionthroughput: (args) => {
      const [value] = args;
      if (value === undefined || args.length > 1 || !/^\d+$/.test(value)) throw new InvalidRequestError('usage: setcompactionthroughput <value_in_mb> (0 disables throttling)');
      node.engine.compactionThroughputMbPerSec = Number(value);
      return {};
    },
  };
}

/**
 * The internode stages, with the local work clients caused counted too (the issue: tpstats showed
 * zeros after 155k client operations): ReadStage counts every local read and scan, MutationStage
 * every local write, whoever asked (as in Cassandra, where a coordinator's own replica work runs
 * on those stages), and Native-Transport-Requests the requests this node coordinated.
 */
function threadPools(node: IliumNode) {
  let reads = 0;
  let writes = 0;
  for (const m of node.engine.metrics.all().values()) {
    reads += m.localRead.histogram.count + m.localScan.histogram.count;
    writes += m.localWrite.histogram.count;
  }
  let clients = 0;
  for (const m of node.engine.metrics.clientRequests.all()) clients += m.latency.histogram.count;
  const pools = node.cluster.stages.snapshot().map((p) => {
    if (p.stage === 'READ') return { ...p, completed: Math.max(p.completed, reads) };
    if (p.stage === 'MUTATION') return { ...p, completed: Math.max(p.completed, writes) };
    return p;
  });
  return [...pools, { stage: 'Native-Transport-Requests', active: 0, pending: 0, completed: clients }];
}

/**
 * Every internode verb with the messages of it dropped as expired (Cassandra 4.0's tpstats lists
 * every verb, dropped or not), in the verb table's order.
 */
export function droppedMessages(node: IliumNode): { verb: string; dropped: number }[] {
  const byVerb = node.storage.messaging.metrics.droppedByVerb();
  return VERB_NAMES.map((verb) => ({ verb, dropped: byVerb.get(verb) ?? 0 }));
}

const meanMs = (h: EstimatedHistogram): number | null => (h.count === 0 ? null : h.sum / h.count / 1e6);
const mean = (h: EstimatedHistogram): number | null => (h.count === 0 ? null : h.sum / h.count);

function tableStats(node: IliumNode, args: readonly string[]) {
  const byKeyspace = new Map<string, TableStatsRow[]>();
  const ids = tablesOf(node, args, true);
  for (const id of ids) {
    const t = node.engine.table(id);
    let spaceUsedBytes = 0;
    for (const s of t.sstables) for (const f of s.files) spaceUsedBytes += fileSize(node.env, f);
    const sizes = t.partitionSizes();
    const m = t.metrics;
    const row: TableStatsRow = {
      name: t.def.name,
      isIndex: t.def.name.includes('.'),
      sstables: t.sstables.length,
      spaceUsedBytes,
      partitionsEstimate: sizes.estimatedPartitions,
      memtableBytes: t.unflushedBytes,
      memtableSwitchCount: m.memtableSwitchCount,
      localReadCount: m.localRead.histogram.count,
      localReadLatencyMs: meanMs(m.localRead.histogram),
      localWriteCount: m.localWrite.histogram.count,
      localWriteLatencyMs: meanMs(m.localWrite.histogram),
      averageLiveCellsPerSlice: mean(m.rowsPerRead),
      maximumLiveCellsPerSlice: m.rowsPerRead.max(),
      averageTombstonesPerSlice: mean(m.tombstonesPerRead),
      maximumTombstonesPerSlice: m.tombstonesPerRead.max(),
      compactedPartitionMinimumBytes: sizes.sizes.min(),
      compactedPartitionMaximumBytes: sizes.sizes.max(),
      compactedPartitionMeanBytes: meanPartitionBytes(sizes),
      sstablesWithoutPartitionSizes: sizes.sstablesWithoutSizes,
    };
    byKeyspace.set(t.def.keyspace, [...(byKeyspace.get(t.def.keyspace) ?? []), row]);
  }
  const keyspaces: KeyspaceStats[] = [...byKeyspace].sort(([a], [b]) => a.localeCompare(b)).map(([name, tables]) => {
    const reads = new EstimatedHistogram();
    const writes = new EstimatedHistogram();
    for (const id of ids) {
      const t = node.engine.table(id);
      if (t.def.keyspace !== name) continue;
      reads.addAll(t.metrics.localRead.histogram);
      writes.addAll(t.metrics.localWrite.histogram);
    }
    return { name, readCount: reads.count, readLatencyMs: meanMs(reads), writeCount: writes.count, writeLatencyMs: meanMs(writes), tables: tables.sort((a, b) => a.name.localeCompare(b.name)) };
  });
  return { tableCount: ids.length, keyspaces };
}

/**
 * `tablehistograms [<ks> <table> | <ks.table>]`: per table, local read and write latencies,
 * SSTables per read, rows and tombstones per read, and the partition sizes and cells per
 * partition of its SSTables (null when no SSTable records them). Without arguments every table, index tables
 * included, as Cassandra 4.0's TableHistograms lists every ColumnFamilyStore (checked there, as its
 * one-argument message).
 */
function tableHistograms(node: IliumNode, args: readonly string[]) {
  let ids: string[];
  if (args.length === 0) ids = tablesOf(node, []);
  else {
    const names = args.length === 1 ? args[0]!.split('.') : args;
    if (names.length !== 2) throw new InvalidRequestError('tablehistograms requires keyspace and table name arguments');
    const [ks, table] = names as [string, string];
    const id = tablesOf(node, [ks, table]).find((i) => node.engine.table(i).def.name === table);
    if (id === undefined) throw new InvalidRequestError(`Table '${ks}.${table}' does not exist`);
    ids = [id];
  }
  const tables = ids.map((id) => {
    const t = node.engine.table(id);
    const m = t.metrics;
    const sizes = t.partitionSizes();
    const recorded = sizes.sizes.count > 0;
    return {
      keyspace: t.def.keyspace,
      table: t.def.name,
      partitionSizeBytes: recorded ? values(sizes.sizes) : null,
      cellsPerPartition: recorded ? values(sizes.cellCounts) : null,
      sstablesWithoutPartitionSizes: sizes.sstablesWithoutSizes,
      sstablesPerRead: values(m.sstablesPerRead),
      readLatencyMicros: micros(m.localRead.histogram),
      writeLatencyMicros: micros(m.localWrite.histogram),
      cellCount: values(m.rowsPerRead),
      tombstones: values(m.tombstonesPerRead),
    };
  });
  tables.sort((a, b) => a.keyspace.localeCompare(b.keyspace) || a.table.localeCompare(b.table));
  return { tables };
}

function merged(node: IliumNode, kinds: readonly ClientRequestKind[]): EstimatedHistogram {
  const h = new EstimatedHistogram();
  for (const m of node.engine.metrics.clientRequests.all()) if (kinds.includes(m.kind)) h.addAll(m.latency.histogram);
  return h;
}

/** The rows' values of a histogram of nanoseconds, in microseconds. */
function micros(h: EstimatedHistogram): number[] {
  return values(h).map((v) => v / 1000);
}

function values(h: EstimatedHistogram): number[] {
  return [...QUANTILES.map((q) => h.percentile(q)), h.min(), h.max()];
}
