/**
 * The virtual keyspace system_views, as Cassandra 4.0 defines the tables Ilium fills
 * (db/virtual/ClientsTable, SettingsTable, ThreadPoolsTable — checked there):
 *
 *   clients (address inet, port int, hostname, username, connection_stage, protocol_version int,
 *            client_options map<text, text>, driver_name, driver_version, request_count bigint,
 *            ssl_enabled boolean, ssl_protocol, ssl_cipher_suite, PRIMARY KEY (address, port))
 *   settings (name text PRIMARY KEY, value text)
 *   thread_pools (name text PRIMARY KEY, active_tasks int, active_tasks_limit int, pending_tasks
 *                 int, completed_tasks bigint, blocked_tasks bigint, blocked_tasks_all_time bigint)
 *   caches (name text PRIMARY KEY, capacity_bytes bigint, size_bytes bigint, entry_count int,
 *           request_count bigint, hit_count bigint, hit_ratio double,
 *           recent_request_rate_per_second bigint, recent_hit_rate_per_second bigint)  (CachesTable)
 *
 * The other 4.0 tables: table-metric-views.ts (latencies, rows and tombstones per read, disk
 * usage) and node-activity-views.ts (sstable_tasks, internode_inbound/outbound, system_properties).
 * Rows are computed when read, from the node's NodeViews. A thread pool here is one of Ilium's
 * internode stages under Cassandra's pool name; Ilium runs their handlers as they arrive, so no
 * limit applies (active_tasks_limit null) and nothing waits or blocks.
 */
import { STAGE_POOL_NAMES } from '../../net/index.js';
import type { NodeViews } from '../execution/index.js';
import { type VirtualTable, virtualTableDef } from './virtual-table.js';
import { SYSTEM_VIEWS } from './system-views-keyspace.js';
import { tableMetricTables } from './table-metric-views.js';
import { nodeActivityTables } from './node-activity-views.js';

export { SYSTEM_VIEWS };

/** Every system_views table Ilium serves: these four, the per-table metrics and the node's activity. */
export function systemViewsTables(views: NodeViews): VirtualTable[] {
  return [caches(views), clients(views), settings(views), threadPools(views), ...tableMetricTables(views), ...nodeActivityTables(views)];
}

/** Cassandra's rates over the last fifteen minutes are not kept: null. A cache never asked has a NaN hit ratio, as Cassandra's mean. */
function caches(views: NodeViews): VirtualTable {
  const cf = virtualTableDef({
    keyspace: SYSTEM_VIEWS,
    name: 'caches',
    comment: 'system caches',
    partitionKey: [['name', 'text']],
    columns: [
      ['capacity_bytes', 'bigint'], ['entry_count', 'int'], ['hit_count', 'bigint'], ['hit_ratio', 'double'],
      ['recent_hit_rate_per_second', 'bigint'], ['recent_request_rate_per_second', 'bigint'], ['request_count', 'bigint'], ['size_bytes', 'bigint'],
    ],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      views.caches().map((c) => ({
        name: c.name,
        capacity_bytes: BigInt(c.capacityBytes),
        size_bytes: BigInt(c.sizeBytes),
        entry_count: c.entries,
        request_count: BigInt(c.hits + c.misses),
        hit_count: BigInt(c.hits),
        hit_ratio: c.hits + c.misses === 0 ? NaN : c.hits / (c.hits + c.misses),
        recent_request_rate_per_second: null,
        recent_hit_rate_per_second: null,
      })),
  };
}

function clients(views: NodeViews): VirtualTable {
  const cf = virtualTableDef({
    keyspace: SYSTEM_VIEWS,
    name: 'clients',
    comment: 'currently connected clients',
    partitionKey: [['address', 'inet']],
    clustering: [['port', 'int']],
    columns: [
      ['client_options', 'map<text, text>'], ['connection_stage', 'text'], ['driver_name', 'text'], ['driver_version', 'text'],
      ['hostname', 'text'], ['protocol_version', 'int'], ['request_count', 'bigint'], ['ssl_cipher_suite', 'text'],
      ['ssl_enabled', 'boolean'], ['ssl_protocol', 'text'], ['username', 'text'],
    ],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      views.clients().map((c) => ({
        // An inet holds no IPv6 scope (fe80::1%eth0); hostname keeps the text as the socket gave it.
        address: c.address.host.replace(/%.*$/, ''),
        port: c.address.port,
        // Cassandra's getHostString: the address as text when no name was resolved (Ilium resolves none).
        hostname: c.address.host,
        username: c.username ?? null,
        connection_stage: c.stage,
        protocol_version: c.protocolVersion ?? null,
        client_options: c.startupOptions.size === 0 ? null : new Map(c.startupOptions),
        driver_name: c.startupOptions.get('DRIVER_NAME') ?? null,
        driver_version: c.startupOptions.get('DRIVER_VERSION') ?? null,
        request_count: BigInt(c.requestCount),
        ssl_enabled: c.tls !== undefined,
        ssl_protocol: c.tls?.protocol ?? null,
        ssl_cipher_suite: c.tls?.cipherSuite ?? null,
      })),
  };
}

function settings(views: NodeViews): VirtualTable {
  const cf = virtualTableDef({ keyspace: SYSTEM_VIEWS, name: 'settings', comment: 'current settings', partitionKey: [['name', 'text']], columns: [['value', 'text']] });
  return { cf, comment: cf.comment, rows: () => views.settings().map(([name, value]) => ({ name, value })) };
}

function threadPools(views: NodeViews): VirtualTable {
  const cf = virtualTableDef({
    keyspace: SYSTEM_VIEWS,
    name: 'thread_pools',
    comment: '',
    partitionKey: [['name', 'text']],
    columns: [
      ['active_tasks', 'int'], ['active_tasks_limit', 'int'], ['blocked_tasks', 'bigint'], ['blocked_tasks_all_time', 'bigint'],
      ['completed_tasks', 'bigint'], ['pending_tasks', 'int'],
    ],
  });
  return {
    cf,
    comment: cf.comment,
    rows: () =>
      views.threadPools().map((s) => ({
        name: STAGE_POOL_NAMES[s.stage],
        active_tasks: s.active,
        active_tasks_limit: null,
        pending_tasks: s.pending,
        completed_tasks: BigInt(s.completed),
        blocked_tasks: 0n,
        blocked_tasks_all_time: 0n,
      })),
  };
}
