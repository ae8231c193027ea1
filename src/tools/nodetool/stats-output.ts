/**
 * nodetool's metric reports printed as Cassandra 4.0's nodetool prints them (checked against
 * apache/cassandra tools/nodetool: TableStatsPrinter, TableHistograms, ProxyHistograms,
 * CompactionStats, GetCompactionThroughput, TpStats): the JSON of server/admin/stats-commands.ts
 * in, text out. A null (no data) prints as Java prints NaN; lines Ilium has no figure for are left
 * out rather than invented (docs/OPERATIONS.md "nodetool").
 */
import { STAGE_POOL_NAMES } from '../../net/stage.js';
import type { GcStatsReport } from '../../server/admin/gc-stats.js';
import type { NetStatsResult } from '../../server/admin/net-stats.js';
import type { KeyspaceStats, TableStatsRow } from '../../server/admin/stats-commands.js';
import { formatBytes } from './nodetool-output.js';

/** Java's String.valueOf(double): NaN, a ".0" on whole numbers. */
function javaDouble(v: number | null): string {
  if (v === null || Number.isNaN(v)) return 'NaN';
  return Number.isInteger(v) ? v.toFixed(1) : String(v);
}

/** Java's %.Nf (NaN for no data). */
function fixed(v: number | null, digits: number): string {
  return v === null || Number.isNaN(v) ? 'NaN' : v.toFixed(digits);
}

export function formatTableStats(r: { readonly tableCount: number; readonly keyspaces: readonly KeyspaceStats[] }): string {
  const out = [`Total number of tables: ${r.tableCount}`, '----------------'];
  for (const ks of r.keyspaces) {
    out.push(`Keyspace : ${ks.name}`, `\tRead Count: ${ks.readCount}`, `\tRead Latency: ${javaDouble(ks.readLatencyMs)} ms`, `\tWrite Count: ${ks.writeCount}`, `\tWrite Latency: ${javaDouble(ks.writeLatencyMs)} ms`, '\tPending Flushes: 0');
    for (const t of ks.tables) out.push(...tableLines(t, '\t\t'), '');
    out.push('----------------');
  }
  return `${out.join('\n')}\n`;
}

function tableLines(t: TableStatsRow, indent: string): string[] {
  return [
    `Table${t.isIndex ? ' (index)' : ''}: ${t.name}`,
    `SSTable count: ${t.sstables}`,
    `Space used (live): ${t.spaceUsedBytes}`,
    `Space used (total): ${t.spaceUsedBytes}`,
    `Number of partitions (estimate): ${t.partitionsEstimate}`,
    `Memtable data size: ${t.memtableBytes}`,
    `Memtable switch count: ${t.memtableSwitchCount}`,
    `Local read count: ${t.localReadCount}`,
    `Local read latency: ${fixed(t.localReadLatencyMs, 3)} ms`,
    `Local write count: ${t.localWriteCount}`,
    `Local write latency: ${fixed(t.localWriteLatencyMs, 3)} ms`,
    'Pending flushes: 0',
    `Compacted partition minimum bytes: ${t.compactedPartitionMinimumBytes}`,
    `Compacted partition maximum bytes: ${t.compactedPartitionMaximumBytes}`,
    `Compacted partition mean bytes: ${t.compactedPartitionMeanBytes}`,
    ...(t.sstablesWithoutPartitionSizes > 0 ? [`SSTables without partition sizes (older format, left out above): ${t.sstablesWithoutPartitionSizes}`] : []),
    `Average live cells per slice (last five minutes): ${javaDouble(t.averageLiveCellsPerSlice)}`,
    `Maximum live cells per slice (last five minutes): ${t.maximumLiveCellsPerSlice}`,
    `Average tombstones per slice (last five minutes): ${javaDouble(t.averageTombstonesPerSlice)}`,
    `Maximum tombstones per slice (last five minutes): ${t.maximumTombstonesPerSlice}`,
  ].map((l) => `${indent}${l}`);
}

const ROWS = ['50%', '75%', '95%', '98%', '99%', 'Min', 'Max'];

export function formatProxyHistograms(r: { readonly columns: readonly { readonly name: string; readonly values: readonly number[] }[] }): string {
  const line = (first: string, cells: readonly string[]) => first.padEnd(10) + cells.map((c) => c.padStart(19)).join('');
  const out = ['proxy histograms', line('Percentile', r.columns.map((c) => c.name)), line('', r.columns.map(() => '(micros)'))];
  ROWS.forEach((row, i) => out.push(line(row, r.columns.map((c) => c.values[i]!.toFixed(2)))));
  return `${out.join('\n')}\n\n`;
}

interface TableHistogramsResult {
  readonly tables: readonly {
    readonly keyspace: string;
    readonly table: string;
    readonly sstablesPerRead: readonly number[];
    readonly readLatencyMicros: readonly number[];
    readonly writeLatencyMicros: readonly number[];
    readonly partitionSizeBytes: readonly number[] | null;
    readonly cellsPerPartition: readonly number[] | null;
    readonly sstablesWithoutPartitionSizes: number;
  }[];
}

/**
 * Cassandra 4.0's TableHistograms layout, one block per table (its format strings: %-10s%10.2f
 * then %18.2f for latencies and %18.0f for partition size and cell count). With no SSTable that
 * records sizes, Cassandra's "No SSTables exists" line precedes the block and the two columns
 * are NaN; SSTables older than recorded sizes are said so in a line of Ilium's own.
 */
export function formatTableHistograms(r: TableHistogramsResult): string {
  const line = (cells: readonly string[]) => cells[0]!.padEnd(10) + cells[1]!.padStart(10) + cells.slice(2).map((c) => c.padStart(18)).join('');
  const whole = (v: readonly number[] | null, i: number) => (v === null ? 'NaN' : v[i]!.toFixed(0));
  return r.tables.map((t) => {
    const out: string[] = [];
    if (t.sstablesWithoutPartitionSizes > 0) out.push(`${t.sstablesWithoutPartitionSizes} SSTables predate recorded partition sizes and are left out of 'Partition Size' and 'Cell Count'`);
    else if (t.partitionSizeBytes === null) out.push("No SSTables exists, unable to calculate 'Partition Size' and 'Cell Count' percentiles");
    out.push(`${t.keyspace}/${t.table} histograms`, line(['Percentile', 'SSTables', 'Write Latency', 'Read Latency', 'Partition Size', 'Cell Count']), line(['', '', '(micros)', '(micros)', '(bytes)', '']));
    ROWS.forEach((row, i) => out.push(line([row, t.sstablesPerRead[i]!.toFixed(2), t.writeLatencyMicros[i]!.toFixed(2), t.readLatencyMicros[i]!.toFixed(2), whole(t.partitionSizeBytes, i), whole(t.cellsPerPartition, i)])));
    return `${out.join('\n')}\n\n`;
  }).join('');
}

/**
 * Cassandra 4.0's NetStats (its printf widths: 25, 10, 10, 15, 10). Each stream this node receives
 * prints as Cassandra prints a receiving session: the operation and the session's number (for
 * Cassandra's plan id), the peer, "Receiving N files, B bytes total. Already received …" with
 * token ranges for files and the bytes arrived so far for the total (a pull learns its size
 * page by page, so the bytes percentage is the ranges'), then a line for the table.
 */
export function formatNetStats(r: NetStatsResult): string {
  const out = [`Mode: ${r.mode}`];
  if (r.streams.length === 0) out.push('Not sending any streams.');
  for (const st of r.streams) {
    // Cassandra prints the peer's address without its port unless asked (--print-port).
    const peer = `/${st.peer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')}`;
    const pct = st.ranges === 0 ? 100 : (st.rangesReceived / st.ranges) * 100;
    out.push(`${st.operation} ${st.id}`, `    ${peer}`);
    out.push(`        Receiving ${st.ranges} files, ${st.bytesReceived} bytes total. Already received ${st.rangesReceived} files (${pct.toFixed(2)}%), ${st.bytesReceived} bytes total (${pct.toFixed(2)}%)`);
    out.push(`            ${st.keyspace}/${st.table} ${st.rangesReceived}/${st.ranges} ranges, ${st.partitionsReceived} partitions, ${st.bytesReceived} bytes received from ${peer}`);
  }
  out.push('Read Repair Statistics:', `Attempted: ${r.readRepairAttempted}`, `Mismatch (Blocking): ${r.readRepairBlocking}`, `Mismatch (Background): ${r.readRepairBackground}`);
  const row = (c: readonly string[]) => c[0]!.padEnd(25) + c[1]!.padStart(10) + c[2]!.padStart(10) + c[3]!.padStart(15) + c[4]!.padStart(10);
  out.push(row(['Pool Name', 'Active', 'Pending', 'Completed', 'Dropped']));
  for (const p of r.pools) out.push(row([p.name, 'n/a', String(p.pending), String(p.completed), String(p.dropped)]));
  return `${out.join('\n')}\n`;
}

interface CompactionStatsResult {
  readonly pendingTasks: number;
  readonly active: readonly { readonly taskId: string; readonly kind: string; readonly keyspace: string; readonly table: string; readonly totalBytes: number }[];
}

/** Completed bytes and progress are not reported by the compaction worker: n/a. */
export function formatCompactionStats(r: CompactionStatsResult): string {
  const out = [`pending tasks: ${r.pendingTasks}`];
  if (r.active.length > 0) {
    const rows = [['id', 'compaction type', 'keyspace', 'table', 'completed', 'total', 'unit', 'progress']];
    for (const a of r.active) rows.push([a.taskId, a.kind === 'cleanup' ? 'Cleanup' : 'Compaction', a.keyspace, a.table, 'n/a', String(a.totalBytes), 'bytes', 'n/a']);
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
    out.push('', ...rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join(' ').trimEnd()));
  }
  return `${out.join('\n')}\n`;
}

interface TpStatsResult {
  readonly pools: readonly { stage: string; active: number; pending: number; completed: number }[];
  readonly droppedMessages?: readonly { verb: string; dropped: number }[];
}

/**
 * The pools, then Cassandra 4.0's "Message type / Dropped" section (TpStatsPrinter's formats:
 * %-20s%10s, then the queue-wait latency columns at %18s, N/A here: Ilium does not time the wait).
 */
export function formatTpStats(r: TpStatsResult): string {
  const rows = [['Pool Name', 'Active', 'Pending', 'Completed', 'Blocked', 'All time blocked']];
  for (const p of r.pools) rows.push([(STAGE_POOL_NAMES as Readonly<Record<string, string>>)[p.stage] ?? p.stage, String(p.active), String(p.pending), String(p.completed), '0', '0']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const pools = `${rows.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')).join('\n')}\n`;
  if (r.droppedMessages === undefined) return pools;
  const out = [`${'Message type'.padEnd(20)}${'Dropped'.padStart(10)}${''.padStart(18)}${'Latency waiting in queue (micros)'.padStart(18)}${''.padStart(18)}${''.padStart(18)}`];
  out.push(`${''.padEnd(20)}${''.padStart(10)}${['50%', '95%', '99%', 'Max'].map((c) => c.padStart(18)).join('')}`);
  for (const m of r.droppedMessages) out.push(`${m.verb.padEnd(20)}${String(m.dropped).padStart(10)}${'N/A'.padStart(18).repeat(4)}`);
  return `${pools}\n${out.join('\n')}\n`;
}

interface SnapshotRow {
  readonly tag: string;
  readonly keyspace: string;
  readonly table: string;
  readonly trueSizeBytes: number;
  readonly sizeOnDiskBytes: number;
}

/** Cassandra 4.0's listsnapshots: its five columns, padded as its TableBuilder pads them. */
export function formatListSnapshots(r: { readonly snapshots: readonly SnapshotRow[] }): string {
  if (r.snapshots.length === 0) return 'Snapshot Details: \nThere are no snapshots\n';
  const rows = [['Snapshot name', 'Keyspace name', 'Column family name', 'True size', 'Size on disk']];
  let trueTotal = 0;
  for (const s of r.snapshots) {
    rows.push([s.tag, s.keyspace, s.table, formatBytes(s.trueSizeBytes), formatBytes(s.sizeOnDiskBytes)]);
    trueTotal += s.trueSizeBytes;
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const lines = rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join(' ').trimEnd());
  return `Snapshot Details: \n${lines.join('\n')}\n\nTotal TrueDiskSpaceUsed: ${formatBytes(trueTotal)}\n\n`;
}

export function formatGcStats(r: GcStatsReport): string {
  const head = ['Interval (ms)', 'Max GC Elapsed (ms)', 'Total GC Elapsed (ms)', 'Stdev GC Elapsed (ms)', 'GC Reclaimed (MB)', 'Collections'];
  const values = [r.intervalMs, r.maxGcElapsedMs, r.totalGcElapsedMs, r.stdevGcElapsedMs, r.gcReclaimedMb, r.collections];
  return `${head.map((h) => h.padStart(20)).join('')}${'Direct Memory Bytes'.padStart(25)}\n${values.map((v) => fixed(v, 0).padStart(20)).join('')}${String(r.directMemoryBytes).padStart(25)}\n`;
}
