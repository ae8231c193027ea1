/** Prints admin results the way Cassandra's nodetool prints the same commands. */
import type { StatusNode } from '../../server/admin/node-admin.js';

/** Cassandra's FileUtils.stringifyFileSize: two decimals, binary units. */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${n} bytes` : `${v.toFixed(2)} ${units[i]}`;
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** Left-aligned columns separated by two spaces. */
function columns(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n');
}

interface StatusResult {
  readonly dataCenters: readonly { readonly name: string; readonly nodes: readonly StatusNode[] }[];
}

export function formatStatus(r: StatusResult): string {
  const out: string[] = [];
  for (const dc of r.dataCenters) {
    out.push(`Datacenter: ${dc.name}`, '='.repeat(`Datacenter: ${dc.name}`.length), 'Status=Up/Down', '|/ State=Normal/Leaving/Joining/Moving');
    const rows = [['--', 'Address', 'Load', 'Tokens', 'Owns', 'Host ID', 'Rack']];
    for (const n of dc.nodes) rows.push([`${n.status}${n.state}`, n.address, formatBytes(n.loadBytes), String(n.tokens), percent(n.owns), n.hostId, n.rack]);
    out.push(columns(rows), '');
  }
  return out.join('\n');
}

export function formatInfo(r: Record<string, unknown>): string {
  const line = (k: string, v: unknown) => `${k.padEnd(23)}: ${String(v)}`;
  return [
    line('ID', r.id),
    line('Gossip active', r.gossipActive),
    line('Thrift active', r.thriftActive),
    line('Native Transport active', r.nativeTransportActive),
    line('Load', formatBytes(Number(r.loadBytes))),
    line('Uptime (seconds)', r.uptimeSeconds),
    line('Heap Memory (MB)', `${Number(r.heapUsedMB).toFixed(2)} / ${Number(r.heapTotalMB).toFixed(2)}`),
    line('Data Center', r.dataCenter),
    line('Rack', r.rack),
    line('Token', `(invoke with -T/--tokens to see all ${String(r.tokens)} tokens)`),
    ...(typeof r.mode === 'string' && r.mode !== 'NORMAL' ? [line('Mode', r.mode)] : r.drained === true ? [line('Mode', 'DRAINED')] : []),
    '',
  ].join('\n');
}

interface RingResult {
  readonly nodes: readonly { address: string; dataCenter: string; rack: string; status: string; state: string; loadBytes: number; owns: number; token: string }[];
}

export function formatRing(r: RingResult): string {
  const out: string[] = [];
  for (const dc of [...new Set(r.nodes.map((n) => n.dataCenter))]) {
    out.push('', `Datacenter: ${dc}`, '==========');
    const rows = [['Address', 'Rack', 'Status', 'State', 'Load', 'Owns', 'Token']];
    for (const n of r.nodes.filter((x) => x.dataCenter === dc)) rows.push([n.address, n.rack, n.status, n.state, formatBytes(n.loadBytes), percent(n.owns), n.token]);
    out.push(columns(rows));
  }
  out.push('');
  return out.join('\n');
}

interface ClusterResult {
  readonly name: string;
  readonly snitch: string;
  readonly partitioner: string;
  readonly schemaVersions: Record<string, readonly string[]>;
}

export function formatDescribeCluster(r: ClusterResult): string {
  const versions = Object.entries(r.schemaVersions).map(([v, hosts]) => `\t\t${v}: [${hosts.join(', ')}]`);
  return ['Cluster Information:', `\tName: ${r.name}`, `\tSnitch: ${r.snitch}`, `\tPartitioner: ${r.partitioner}`, '\tSchema versions:', ...versions, ''].join('\n');
}

interface GossipInfoResult {
  readonly endpoints: readonly { readonly endpoint: string; readonly generation: number; readonly heartbeat: number; readonly states: readonly (readonly [string, number, string])[] }[];
}

/** As Cassandra 4's gossipinfo: `/address:port`, generation, heartbeat, then STATE:version:value (TOKENS hidden). */
export function formatGossipInfo(r: GossipInfoResult): string {
  const out: string[] = [];
  for (const e of r.endpoints) {
    out.push(`/${e.endpoint}`, `  generation:${e.generation}`, `  heartbeat:${e.heartbeat}`);
    for (const [name, version, value] of e.states) out.push(`  ${name}:${version}:${name === 'TOKENS' ? '<hidden>' : value}`);
  }
  return `${out.join('\n')}\n`;
}

interface RepairResult {
  readonly reports: readonly { readonly keyspace: string; readonly tables: readonly { table: string; rangesCompared: number; rangesOutOfSync: number; syncs: number; partitionsStreamed: number }[] }[];
}

export function formatRepair(r: RepairResult): string {
  const out: string[] = [];
  for (const ks of r.reports) {
    out.push(`Repairing keyspace ${ks.keyspace}`);
    for (const t of ks.tables) {
      out.push(`\t${ks.keyspace}.${t.table}: ${t.rangesCompared} ranges compared, ${t.rangesOutOfSync} out of sync, ${t.syncs} syncs, ${t.partitionsStreamed} partitions streamed`);
    }
  }
  out.push('Repair completed successfully', '');
  return out.join('\n');
}

/** nodetool bgfailures: one line per background task and error class (Ilium's own command). */
export function formatBackgroundFailures(r: { readonly failures: readonly { task: string; errorClass: string; message: string; count: number }[]; readonly quarantinedBatches: number }): string {
  const rows = [['Task', 'Error class', 'Count', 'Last message']];
  for (const f of r.failures) rows.push([f.task, f.errorClass, String(f.count), f.message]);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const table = rows.map((row) => row.map((cell, c) => (c === 3 ? cell : c === 2 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd()).join('\n');
  return `${r.failures.length === 0 ? 'No background failures' : table}\nQuarantined batches: ${r.quarantinedBatches}\n`;
}

