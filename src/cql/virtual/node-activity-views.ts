/**
 * system_views' tables of what the node is doing, as Cassandra 4.0 defines them (checked in
 * db/virtual/SSTableTasksTable, InternodeOutboundTable, InternodeInboundTable, SystemPropertiesTable):
 *
 *   sstable_tasks (keyspace_name text, table_name text, task_id uuid, completion_ratio double,
 *                  kind text, progress bigint, total bigint, unit text,
 *                  PRIMARY KEY (keyspace_name, table_name, task_id))
 *   internode_outbound / internode_inbound (address inet, port int, dc text, rack text, … bigint
 *                  counters, PRIMARY KEY ((address, port), dc, rack))
 *   system_properties (name text PRIMARY KEY, value text)
 *
 * Ilium fills what it keeps: a running compaction with its total bytes (its merge runs in a worker
 * thread that reports no progress: progress and completion_ratio are null); per peer, messages
 * sent, received, dropped on a full queue, left unsent at close, and received with an unknown verb.
 * Byte counters and the limits of Cassandra's queues (Ilium counts messages, not bytes) are null.
 */
import type { NodeViews } from '../execution/index.js';
import { SYSTEM_VIEWS } from './system-views-keyspace.js';
import { type VirtualRow, type VirtualTable, virtualTableDef } from './virtual-table.js';

export function nodeActivityTables(views: NodeViews): VirtualTable[] {
  return [sstableTasks(views), internodeOutbound(views), internodeInbound(views), systemProperties(views)];
}

function sstableTasks(views: NodeViews): VirtualTable {
  const cf = virtualTableDef({
    keyspace: SYSTEM_VIEWS,
    name: 'sstable_tasks',
    comment: 'current sstable tasks',
    partitionKey: [['keyspace_name', 'text']],
    clustering: [['table_name', 'text'], ['task_id', 'uuid']],
    columns: [['completion_ratio', 'double'], ['kind', 'text'], ['progress', 'bigint'], ['total', 'bigint'], ['unit', 'text']],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      views.sstableTasks().map((t) => ({
        keyspace_name: t.keyspace,
        table_name: t.table,
        task_id: t.taskId,
        completion_ratio: null,
        kind: t.kind,
        progress: null,
        total: BigInt(t.totalBytes),
        unit: 'bytes',
      })),
  };
}

const PEER_KEY: readonly (readonly [string, string])[] = [['address', 'inet'], ['port', 'int']];
const PEER_CLUSTERING: readonly (readonly [string, string])[] = [['dc', 'text'], ['rack', 'text']];
const bigints = (names: readonly string[]): [string, string][] => names.map((n) => [n, 'bigint']);

function internodeOutbound(views: NodeViews): VirtualTable {
  const counters = [
    'using_bytes', 'using_reserve_bytes', 'pending_count', 'pending_bytes', 'sent_count', 'sent_bytes', 'expired_count', 'expired_bytes',
    'error_count', 'error_bytes', 'overload_count', 'overload_bytes', 'active_connections', 'connection_attempts', 'successful_connection_attempts',
  ];
  const cf = virtualTableDef({ keyspace: SYSTEM_VIEWS, name: 'internode_outbound', comment: '', partitionKey: PEER_KEY, clustering: PEER_CLUSTERING, columns: bigints(counters) });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      views.internode().map((p) => ({
        ...peerKey(p),
        ...nulls(counters),
        sent_count: BigInt(p.sent),
        error_count: BigInt(p.closedUnsent),
        overload_count: BigInt(p.overloaded),
      })),
  };
}

function internodeInbound(views: NodeViews): VirtualTable {
  const counters = [
    'using_bytes', 'using_reserve_bytes', 'corrupt_frames_recovered', 'corrupt_frames_unrecovered', 'error_bytes', 'error_count', 'expired_bytes',
    'expired_count', 'scheduled_bytes', 'scheduled_count', 'processed_bytes', 'processed_count', 'received_bytes', 'received_count',
    'throttled_count', 'throttled_nanos',
  ];
  const cf = virtualTableDef({ keyspace: SYSTEM_VIEWS, name: 'internode_inbound', comment: '', partitionKey: PEER_KEY, clustering: PEER_CLUSTERING, columns: bigints(counters) });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      views.internode().map((p) => ({
        ...peerKey(p),
        ...nulls(counters),
        received_count: BigInt(p.received),
        error_count: BigInt(p.unknownVerb),
      })),
  };
}

function peerKey(p: ReturnType<NodeViews['internode']>[number]): VirtualRow {
  return { address: p.address.host, port: p.address.port, dc: p.dc, rack: p.rack };
}

function nulls(names: readonly string[]): Record<string, null> {
  const out: Record<string, null> = {};
  for (const n of names) out[n] = null;
  return out;
}

function systemProperties(views: NodeViews): VirtualTable {
  const cf = virtualTableDef({ keyspace: SYSTEM_VIEWS, name: 'system_properties', comment: 'Cassandra relevant system properties', partitionKey: [['name', 'text']], columns: [['value', 'text']] });
  return { cf, comment: cf.comment, rows: () => views.systemProperties().map(([name, value]) => ({ name, value })) };
}
