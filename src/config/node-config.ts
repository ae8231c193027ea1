/**
 * A node's configuration: cassandra.yaml's keys where the meaning is the same, with Cassandra's
 * defaults except where noted, so an existing cassandra.yaml mostly just works. Keys Cassandra
 * knows that Ilium does not use are accepted and reported (`ignoredKeys`); keys nobody knows are a
 * ConfigurationError (a typo must not silently fall back to a default). Security keys are never
 * merely ignored: `security-settings.ts` refuses the start for a value Ilium cannot honour.
 *
 * Ilium-only keys: `data_center` and `rack` (this node's data center and rack, unset by default;
 * the one rule, in src/locator/node-location.ts: with SimpleSnitch they rename its single data
 * center and rack — Cassandra's SimpleSnitch always says datacenter1 / rack1, which is what unset
 * means — so every node of the cluster should set the same; with GossipingPropertyFileSnitch
 * cassandra-rackdc.properties next to cassandra.yaml decides, these keys standing in for a missing
 * file, and a key set in both places with another value stops the start with a ConfigurationError.
 * The name decided is the one clients (system.local/peers), replica placement, gossip, nodetool and
 * describe_ring all see), `memtable_flush_threshold_in_mb`,
 * `prepared_statements_cache_max_entries` (a cap on the number of prepared statements, besides
 * Cassandra's cap on their bytes, prepared_statements_cache_size_mb), `start_admin`, `admin_address` and
 * `admin_port` (where `ilium nodetool` reaches the node, 127.0.0.1:7199 by default: Cassandra's
 * nodetool uses JMX on 7199, local-only by default, configured outside cassandra.yaml), `start_http`,
 * `http_address` and `http_port` (the HTTP endpoint: /metrics and the admin API, 127.0.0.1:9180 by
 * default), `enable_fault_injection` (a testing hook: lets
 * `ilium nodetool faults` partition the node's messaging; off by default).
 */
import { ConfigurationError } from '../errors/index.js';
import { DATA_STORAGE_ALIASES, DATA_STORAGE_KEYS, parseDataStorage } from './data-storage.js';
import { OLD_NAMES, withOldNames } from './renamed-keys.js';
import { LATER_IGNORED_KEYS, checkRestriction, isDefaultWarning, isRestrictionKey } from './later-keys.js';
import { type AuthorizerName, type NetworkAuthorizerName, SECURITY_KEYS, authorizerOf, checkSecuritySettings, networkAuthorizerOf } from './security-settings.js';
import { type AuditLogOptions, DEFAULT_AUDIT_LOG_OPTIONS, parseAuditLogOptions } from './audit-logging-options.js';
import { type ClientEncryptionOptions, DEFAULT_CLIENT_ENCRYPTION_OPTIONS, DEFAULT_SERVER_ENCRYPTION_OPTIONS, type ServerEncryptionOptions, parseClientEncryptionOptions, parseServerEncryptionOptions } from './client-encryption-options.js';

export type CommitLogSyncMode = 'periodic' | 'batch' | 'group';

/** cassandra.yaml's disk_failure_policy values (the engine's storage/disk-failure.ts says what each does). */
export const DISK_FAILURE_POLICIES = ['die', 'stop_paranoid', 'stop', 'best_effort', 'ignore'] as const;
export type DiskFailurePolicyName = (typeof DISK_FAILURE_POLICIES)[number];
/** cassandra.yaml's commit_failure_policy values. */
export const COMMIT_FAILURE_POLICIES = ['die', 'stop', 'stop_commit', 'ignore'] as const;
export type CommitFailurePolicyName = (typeof COMMIT_FAILURE_POLICIES)[number];

export interface NodeConfig {
  readonly cluster_name: string;
  readonly num_tokens: number;
  readonly partitioner: string;
  /** Ilium uses the first directory. Relative paths are against the working directory. */
  readonly data_file_directories: readonly string[];
  /** Defaults to `<first data directory>/commitlog`. */
  readonly commitlog_directory: string | null;
  readonly commitlog_sync: CommitLogSyncMode;
  readonly commitlog_sync_period_in_ms: number;
  readonly commitlog_sync_group_window_in_ms: number;
  readonly commitlog_segment_size_in_mb: number;
  /** Damaged SSTables and failing data files: die, stop_paranoid, stop (default), best_effort, ignore. */
  readonly disk_failure_policy: DiskFailurePolicyName;
  /** A failed commit-log write or fsync: die, stop (default), stop_commit, ignore. */
  readonly commit_failure_policy: CommitFailurePolicyName;
  /** A read meeting more tombstones is logged at WARN; -1: never (Cassandra's default 1000). */
  readonly tombstone_warn_threshold: number;
  /** A read meeting more tombstones is aborted, the client answered READ_FAILURE; -1: never (100000). */
  readonly tombstone_failure_threshold: number;
  /** Seconds traced queries' rows live in system_traces (Cassandra's default: one day). */
  readonly tracetype_query_ttl: number;
  readonly listen_address: string;
  readonly rpc_address: string;
  readonly broadcast_rpc_address: string | null;
  readonly start_native_transport: boolean;
  readonly native_transport_port: number;
  readonly native_transport_max_frame_size_in_mb: number;
  /** Connections the CQL server holds at once, in all and per client IP; -1: unlimited (Cassandra's default). */
  readonly native_transport_max_concurrent_connections: number;
  readonly native_transport_max_concurrent_connections_per_ip: number;
  /**
   * Bytes of CQL requests in flight (read, not yet answered) on the node and from one client IP
   * (Cassandra 4.1's names; 4.0's native_transport_max_concurrent_requests_in_bytes[_per_ip] are
   * read as these). Ilium's defaults: 128 MiB and 32 MiB (docs/RELIABILITY.md, "Limits").
   */
  readonly native_transport_max_request_data_in_flight: number;
  readonly native_transport_max_request_data_in_flight_per_ip: number;
  /**
   * A second CQL port for TLS (Cassandra 4.0): when set, different from native_transport_port and
   * client encryption is on, native_transport_port stays plaintext and this port takes TLS.
   */
  readonly native_transport_port_ssl: number | null;
  /** TLS on the client ports (client-encryption-options.ts). */
  readonly client_encryption_options: ClientEncryptionOptions;
  /** Cassandra 4.0's audit log (FileAuditLogger lines, rotating files); off by default. */
  readonly audit_logging_options: AuditLogOptions;
  /** TLS on internode messaging (client-encryption-options.ts). */
  readonly server_encryption_options: ServerEncryptionOptions;
  readonly start_rpc: boolean;
  readonly rpc_port: number;
  /** The largest Thrift frame accepted (a bigger one is answered with an error and skipped). */
  readonly thrift_framed_transport_size_in_mb: number;
  readonly storage_port: number;
  readonly endpoint_snitch: string;
  /** Ilium-only; null: datacenter1 / rack1 under SimpleSnitch (see the header). */
  readonly data_center: string | null;
  readonly rack: string | null;
  readonly authenticator: string;
  /** CassandraRoleManager only (the default). */
  readonly role_manager: string;
  /** How long a role read from system_auth is trusted (0: not cached), Cassandra's default 2000. */
  readonly roles_validity_in_ms: number;
  /** AllowAllAuthorizer or CassandraAuthorizer (security-settings.ts checks the key). */
  readonly authorizer: AuthorizerName;
  /** AllowAllNetworkAuthorizer or CassandraNetworkAuthorizer (security-settings.ts checks the key). */
  readonly network_authorizer: NetworkAuthorizerName;
  /** How long what a user holds on a resource is trusted (0: not cached), Cassandra's default 2000. */
  readonly permissions_validity_in_ms: number;
  /** How long a role's salted hash and LOGIN, read for a login, are trusted (0: not cached), Cassandra's default 2000. */
  readonly credentials_validity_in_ms: number;
  readonly memtable_flush_threshold_in_mb: number;
  readonly prepared_statements_cache_max_entries: number;
  /** The prepared statements' weighed bytes (statement text plus an estimate of the bound form); Ilium's default 16. */
  readonly prepared_statements_cache_size_mb: number;
  /** A multi-partition batch's mutation data above which the client is warned (5) or refused (50). */
  readonly batch_size_warn_threshold_in_kb: number;
  readonly batch_size_fail_threshold_in_kb: number;
  /** false: only protocol v5 clients are served (v3 and v4 refused with Cassandra 4.0's message). */
  readonly native_transport_allow_older_protocols: boolean;
  /** An unlogged batch over more partitions than this warns the client (Cassandra's default 10). */
  readonly unlogged_batch_across_partitions_warn_threshold: number;
  /**
   * User-defined functions (Cassandra 4.0's keys and defaults; 4.1's user_defined_functions_enabled,
   * scripted_user_defined_functions_enabled, user_defined_functions_warn_timeout / …_fail_timeout
   * read as these): CREATE FUNCTION / AGGREGATE allowed (false), non-Java languages allowed (false),
   * and how long one call may run before the client is warned (500 ms) or the call fails (1500 ms).
   */
  readonly enable_user_defined_functions: boolean;
  readonly enable_scripted_user_defined_functions: boolean;
  readonly user_defined_function_warn_timeout: number;
  readonly user_defined_function_fail_timeout: number;
  /** CREATE MATERIALIZED VIEW allowed (Cassandra 4.0's default: false; 4.1's materialized_views_enabled read as this). */
  readonly enable_materialized_views: boolean;
  /** CREATE CUSTOM INDEX … USING SASIIndex allowed (Cassandra 4.0's default: false; 4.1's sasi_indexes_enabled read as this). */
  readonly enable_sasi_indexes: boolean;
  /** Which refusal DROP COMPACT STORAGE gets: 4.0's "disabled" (false, its default) or Ilium's "not supported" (true). */
  readonly enable_drop_compact_storage: boolean;
  readonly seeds: readonly string[];
  /** How long the coordinator waits for replicas (Cassandra's defaults: 5 s, 10 s, 2 s, 60 s). */
  readonly read_request_timeout_in_ms: number;
  readonly range_request_timeout_in_ms: number;
  readonly write_request_timeout_in_ms: number;
  readonly truncate_request_timeout_in_ms: number;
  /** How long a lightweight transaction retries Paxos rounds lost to contention (1 s). */
  readonly cas_contention_timeout_in_ms: number;
  /** Hinted handoff (Cassandra's keys and defaults); hints_directory defaults to `<data>/hints`. */
  readonly hinted_handoff_enabled: boolean;
  readonly max_hint_window_in_ms: number;
  readonly hinted_handoff_throttle_in_kb: number;
  readonly hints_directory: string | null;
  readonly hints_flush_period_in_ms: number;
  readonly max_hints_file_size_in_mb: number;
  /** Data centres whose nodes get no hints when they miss a write (Cassandra's StorageProxy.shouldHint); none by default. */
  readonly hinted_handoff_disabled_datacenters: readonly string[];
  /** TRUNCATE, DROP TABLE/KEYSPACE/MATERIALIZED VIEW snapshot the table first (`truncated-…`, `dropped-…`); Cassandra's default true. */
  readonly auto_snapshot: boolean;
  /**
   * A value longer than this (MiB) met while reading an SSTable or replaying the commit log is
   * damage (Cassandra 4.0's default 256, 1 to 2047); values from clients are not checked against it.
   */
  readonly max_value_size_in_mb: number;
  readonly start_admin: boolean;
  /**
   * Where nodetool connects: 127.0.0.1 by default, as Cassandra's JMX is local-only by default
   * (LOCAL_JMX=yes); another address opts in to remote administration (docs/SECURITY.md).
   */
  readonly admin_address: string;
  readonly admin_port: number;
  /**
   * Ilium-only: the node's HTTP endpoint (Prometheus /metrics, the admin API nodetool uses), on
   * http_address:http_port, 127.0.0.1:9180 by default — local-only like the admin port; 9180 is
   * where ScyllaDB serves Prometheus, so dashboards and scrape configs of the Cassandra family
   * find it, and no Cassandra port uses it. start_http: false turns it off (simulations do).
   */
  readonly start_http: boolean;
  readonly http_address: string;
  readonly http_port: number;
  /** The failure detector's conviction threshold (Cassandra: 5 to 16, default 8). */
  readonly phi_convict_threshold: number;
  /**
   * Ilium-only, a TESTING HOOK: lets `ilium nodetool faults …` install message filters (partitions)
   * in this node's messaging. Off by default; never turn it on in production.
   */
  readonly enable_fault_injection: boolean;
  /**
   * A new node (empty data directory, seeds other than itself, not a seed) joins by bootstrap:
   * announced as joining, it streams the ranges it will own before it serves them (true).
   */
  readonly auto_bootstrap: boolean;
  /** A new node's tokens, comma-separated (as many as num_tokens); random ones when null. */
  readonly initial_token: string | null;
  /**
   * How long gossip is given to spread a ring change (Cassandra's -Dcassandra.ring_delay_ms,
   * 30 s): a joining or leaving node waits this long before streaming and after leaving. (Gossip
   * keeps its own ring delay for quarantine and fat-client eviction.)
   */
  readonly ring_delay_ms: number;
}

export const DEFAULT_NODE_CONFIG: NodeConfig = Object.freeze({
  cluster_name: 'Test Cluster',
  num_tokens: 16,
  partitioner: 'org.apache.cassandra.dht.Murmur3Partitioner',
  // Ilium's embedded default: a folder under the working directory (Cassandra: $CASSANDRA_HOME/data).
  data_file_directories: Object.freeze(['data']),
  commitlog_directory: null,
  commitlog_sync: 'periodic',
  commitlog_sync_period_in_ms: 10000,
  commitlog_sync_group_window_in_ms: 2,
  commitlog_segment_size_in_mb: 32,
  disk_failure_policy: 'stop',
  commit_failure_policy: 'stop',
  tombstone_warn_threshold: 1000,
  tombstone_failure_threshold: 100_000,
  tracetype_query_ttl: 86400,
  listen_address: '127.0.0.1',
  rpc_address: '127.0.0.1',
  broadcast_rpc_address: null,
  start_native_transport: true,
  native_transport_port: 9042,
  native_transport_max_frame_size_in_mb: 16,
  native_transport_max_concurrent_connections: -1,
  native_transport_max_concurrent_connections_per_ip: -1,
  native_transport_max_request_data_in_flight: 128 * 1024 * 1024,
  native_transport_max_request_data_in_flight_per_ip: 32 * 1024 * 1024,
  native_transport_port_ssl: null,
  client_encryption_options: DEFAULT_CLIENT_ENCRYPTION_OPTIONS,
  audit_logging_options: DEFAULT_AUDIT_LOG_OPTIONS,
  server_encryption_options: DEFAULT_SERVER_ENCRYPTION_OPTIONS,
  start_rpc: true,
  rpc_port: 9160,
  thrift_framed_transport_size_in_mb: 15,
  storage_port: 7000,
  endpoint_snitch: 'SimpleSnitch',
  data_center: null,
  rack: null,
  authenticator: 'AllowAllAuthenticator',
  role_manager: 'CassandraRoleManager',
  roles_validity_in_ms: 2000,
  authorizer: 'AllowAllAuthorizer',
  network_authorizer: 'AllowAllNetworkAuthorizer',
  permissions_validity_in_ms: 2000,
  credentials_validity_in_ms: 2000,
  memtable_flush_threshold_in_mb: 64,
  prepared_statements_cache_max_entries: 10000,
  prepared_statements_cache_size_mb: 16,
  batch_size_warn_threshold_in_kb: 5,
  batch_size_fail_threshold_in_kb: 50,
  unlogged_batch_across_partitions_warn_threshold: 10,
  native_transport_allow_older_protocols: true,
  enable_user_defined_functions: false,
  enable_scripted_user_defined_functions: false,
  user_defined_function_warn_timeout: 500,
  user_defined_function_fail_timeout: 1500,
  enable_materialized_views: false,
  enable_sasi_indexes: false,
  enable_drop_compact_storage: false,
  seeds: Object.freeze(['127.0.0.1']),
  read_request_timeout_in_ms: 5000,
  range_request_timeout_in_ms: 10000,
  write_request_timeout_in_ms: 2000,
  truncate_request_timeout_in_ms: 60000,
  cas_contention_timeout_in_ms: 1000,
  hinted_handoff_enabled: true,
  max_hint_window_in_ms: 10_800_000,
  hinted_handoff_throttle_in_kb: 1024,
  hints_directory: null,
  hints_flush_period_in_ms: 10_000,
  max_hints_file_size_in_mb: 128,
  hinted_handoff_disabled_datacenters: Object.freeze([]),
  auto_snapshot: true,
  max_value_size_in_mb: 256,
  start_admin: true,
  admin_address: '127.0.0.1',
  admin_port: 7199,
  start_http: true,
  http_address: '127.0.0.1',
  http_port: 9180,
  phi_convict_threshold: 8,
  enable_fault_injection: false,
  auto_bootstrap: true,
  initial_token: null,
  ring_delay_ms: 30_000,
} satisfies NodeConfig);

/** cassandra.yaml keys Ilium accepts and does not use (yet). */
/** Cassandra 4.0 keys accepted with any value and reported as ignored (docs/CONFIGURATION.md lists them). */
export const IGNORED_KEYS: ReadonlySet<string> = new Set([
  'max_hints_delivery_threads', 'batchlog_replay_throttle_in_kb',
  'cdc_enabled', 'key_cache_size_in_mb', 'key_cache_save_period', 'row_cache_size_in_mb',
  'row_cache_save_period', 'counter_cache_size_in_mb', 'counter_cache_save_period', 'saved_caches_directory', 'concurrent_reads',
  'concurrent_writes', 'concurrent_counter_writes', 'concurrent_materialized_view_writes', 'memtable_allocation_type',
  'memtable_heap_space_in_mb', 'memtable_offheap_space_in_mb', 'memtable_flush_writers', 'index_summary_capacity_in_mb',
  'index_summary_resize_interval_in_minutes', 'trickle_fsync', 'trickle_fsync_interval_in_kb', 'ssl_storage_port', 'broadcast_address',
  'listen_on_broadcast_address', 'native_transport_max_threads',
  'rpc_keepalive', 'incremental_backups', 'snapshot_before_compaction', 'column_index_size_in_kb',
  'column_index_cache_size_in_kb', 'concurrent_compactors', 'compaction_throughput_mb_per_sec', 'sstable_preemptive_open_interval_in_mb',
  'counter_write_request_timeout_in_ms',
  'request_timeout_in_ms', 'slow_query_log_timeout_in_ms',
  'cross_node_timeout', 'dynamic_snitch_update_interval_in_ms', 'dynamic_snitch_reset_interval_in_ms', 'dynamic_snitch_badness_threshold',
  'internode_compression', 'inter_dc_tcp_nodelay',
  'tracetype_repair_ttl',
  'enable_transient_replication', 'windows_timer_interval',
  'compaction_large_partition_warning_threshold_mb', 'gc_warn_threshold_in_ms',
  'gc_log_threshold_in_ms', 'back_pressure_enabled', 'back_pressure_strategy', 'commitlog_total_space_in_mb',
  'seed_provider', 'allocate_tokens_for_keyspace', 'allocate_tokens_for_local_replication_factor',
  'commitlog_compression', 'file_cache_size_in_mb', 'buffer_pool_use_heap_if_exhausted', 'disk_optimization_strategy',
  'native_transport_idle_timeout_in_ms',
  'full_query_logging_options', 'diagnostic_events_enabled', 'repaired_data_tracking_for_range_reads_enabled',
  'repaired_data_tracking_for_partition_reads_enabled', 'report_unconfirmed_repaired_data_mismatches', 'ideal_consistency_level',
  'automatic_sstable_upgrade', 'max_concurrent_automatic_sstable_upgrades', 'stream_entire_sstables', 'streaming_connections_per_host',
  'stream_throughput_outbound_megabits_per_sec', 'inter_dc_stream_throughput_outbound_megabits_per_sec', 'networking_cache_size_in_mb',
  'flush_compression', 'user_function_timeout_policy',
  'rpc_interface', 'rpc_interface_prefer_ipv6', 'listen_interface', 'listen_interface_prefer_ipv6', 'commitlog_sync_batch_window_in_ms',
  'start_rpc_server', 'rpc_server_type', 'rpc_min_threads', 'rpc_max_threads',
  'rpc_send_buff_size_in_bytes', 'rpc_recv_buff_size_in_bytes', 'internode_send_buff_size_in_bytes', 'internode_recv_buff_size_in_bytes',
  'internode_socket_send_buffer_size_in_bytes', 'internode_socket_receive_buffer_size_in_bytes', 'use_creation_time_for_hint_ttl',
]);

export interface LoadedConfig {
  readonly config: NodeConfig;
  /** Keys given that Ilium accepts but does not use. */
  readonly ignoredKeys: readonly string[];
}

/** Overlays `given` (a parsed YAML mapping, or command-line overrides) on the defaults and validates. */
export function resolveNodeConfig(givenAsWritten: Record<string, unknown>, base: NodeConfig = DEFAULT_NODE_CONFIG): LoadedConfig {
  const { given, writtenAs } = withOldNames(givenAsWritten);
  const out: Record<string, unknown> = { ...base };
  const ignoredKeys: string[] = [];
  const unknown: string[] = [];
  for (const [givenKey, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const key = DATA_STORAGE_ALIASES.get(givenKey) ?? givenKey;
    if (DATA_STORAGE_KEYS.has(key)) {
      // Cassandra 4.0 reads -1 as "derive it from the heap": here, the default.
      if (value !== -1) out[key] = parseDataStorage(givenKey, value);
      continue;
    }
    if (key === 'seed_provider') {
      const seeds = seedsOf(value);
      if (seeds !== null) out.seeds = seeds;
      continue;
    }
    if (key === 'client_encryption_options') {
      out[key] = parseClientEncryptionOptions(value);
      continue;
    }
    if (key === 'server_encryption_options') {
      out[key] = parseServerEncryptionOptions(value);
      continue;
    }
    if (key === 'audit_logging_options') {
      out[key] = parseAuditLogOptions(value);
      continue;
    }
    if (SECURITY_KEYS.has(key)) continue;
    if (key in base) {
      out[key] = checkValue(key, value, (base as unknown as Record<string, unknown>)[key]);
    } else if (IGNORED_KEYS.has(key) || LATER_IGNORED_KEYS.has(key) || OLD_NAMES.has(key)) {
      ignoredKeys.push(writtenAs.get(key) ?? key);
    } else if (isRestrictionKey(key)) {
      checkRestriction(key, value);
      if (isDefaultWarning(key, value)) ignoredKeys.push(writtenAs.get(key) ?? key);
    } else {
      unknown.push(key);
    }
  }
  if (unknown.length > 0) throw new ConfigurationError(`Invalid configuration: unknown keys ${unknown.join(', ')} (remove them or fix their spelling)`);
  // No seed_provider: the node seeds itself at its own listen address. Cassandra's default
  // (SimpleSeedProvider with 127.0.0.1, conf/cassandra.yaml) is that same node when listen_address
  // is 127.0.0.1; following listen_address keeps `ilium start --listen 127.0.0.9` a lone node
  // instead of one bootstrapping from a 127.0.0.1 that is not there.
  if (given.seed_provider === undefined && given.seeds === undefined) out.seeds = Object.freeze([out.listen_address]);
  out.authorizer = authorizerOf(given);
  out.network_authorizer = networkAuthorizerOf(given);
  const config = out as unknown as NodeConfig;
  validate(config);
  checkSecuritySettings(given, config.authenticator);
  return { config: Object.freeze(config), ignoredKeys };
}

function checkValue(key: string, value: unknown, def: unknown): unknown {
  if (key === 'initial_token' && typeof value === 'number') {
    // YAML reads an unquoted token as a number: exact only within 2^53.
    if (!Number.isSafeInteger(value)) throw new ConfigurationError(`initial_token ${value} is not exact as a YAML number: quote it ('…')`);
    return String(value);
  }
  if (value === null && (def === null || key === 'commitlog_directory' || key === 'broadcast_rpc_address' || key === 'hints_directory' || key === 'initial_token' || key === 'native_transport_port_ssl')) return null;
  // An empty number (`prepared_statements_cache_size_mb:` in 4.0's shipped file) is Cassandra's
  // "size it automatically" (Config.java's nullable Long/Integer fields, sized in DatabaseDescriptor): the default here.
  if (value === null && typeof def === 'number') return def;
  if (Array.isArray(def)) {
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new ConfigurationError(`${key} must be a list of strings`);
    return Object.freeze([...value]);
  }
  const want = key === 'native_transport_port_ssl' ? 'number' : def === null ? 'string' : typeof def;
  if (typeof value !== want) throw new ConfigurationError(`${key} must be a ${want}, got ${JSON.stringify(value)}`);
  return value;
}

/** seed_provider: [{class_name, parameters: [{seeds: "a,b"}]}] → the seed addresses. */
function seedsOf(v: unknown): string[] | null {
  if (!Array.isArray(v)) throw new ConfigurationError('seed_provider must be a list');
  for (const p of v as unknown[]) {
    const params = (p as { parameters?: unknown })?.parameters;
    if (!Array.isArray(params)) continue;
    for (const param of params as unknown[]) {
      const seeds = (param as { seeds?: unknown })?.seeds;
      if (typeof seeds === 'string') return seeds.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
    }
  }
  return null;
}

function validate(c: NodeConfig): void {
  const port = (k: keyof NodeConfig): void => {
    const v = c[k] as number;
    if (!Number.isInteger(v) || v < 0 || v > 65535) throw new ConfigurationError(`${k} must be a port number (0-65535), got ${v}`);
  };
  port('native_transport_port');
  port('rpc_port');
  port('storage_port');
  port('admin_port');
  port('http_port');
  if (c.native_transport_port_ssl !== null) port('native_transport_port_ssl');
  if (!['periodic', 'batch', 'group'].includes(c.commitlog_sync)) throw new ConfigurationError(`commitlog_sync must be periodic, batch or group, got ${c.commitlog_sync}`);
  for (const k of ['tombstone_warn_threshold', 'tombstone_failure_threshold'] as const) {
    if (!Number.isInteger(c[k]) || c[k] < -1) throw new ConfigurationError(`${k} must be a whole number (-1: no threshold), got ${c[k]}`);
  }
  if (!(DISK_FAILURE_POLICIES as readonly string[]).includes(c.disk_failure_policy)) {
    throw new ConfigurationError(`disk_failure_policy must be one of ${DISK_FAILURE_POLICIES.join(', ')}, got ${c.disk_failure_policy}`);
  }
  if (!(COMMIT_FAILURE_POLICIES as readonly string[]).includes(c.commit_failure_policy)) {
    throw new ConfigurationError(`commit_failure_policy must be one of ${COMMIT_FAILURE_POLICIES.join(', ')}, got ${c.commit_failure_policy}`);
  }
  // Cassandra's largest TTL is twenty years; 0 writes the trace rows without one.
  if (!Number.isInteger(c.tracetype_query_ttl) || c.tracetype_query_ttl < 0 || c.tracetype_query_ttl > 20 * 365 * 86400) {
    throw new ConfigurationError(`tracetype_query_ttl must be a whole number of seconds between 0 and 630720000, got ${c.tracetype_query_ttl}`);
  }
  if (c.data_file_directories.length === 0) throw new ConfigurationError('data_file_directories needs at least one directory');
  if (!Number.isInteger(c.num_tokens) || c.num_tokens < 1 || c.num_tokens > 1536) throw new ConfigurationError(`num_tokens must be between 1 and 1536, got ${c.num_tokens}`);
  for (const k of ['commitlog_sync_period_in_ms', 'commitlog_sync_group_window_in_ms', 'commitlog_segment_size_in_mb', 'native_transport_max_frame_size_in_mb', 'thrift_framed_transport_size_in_mb', 'memtable_flush_threshold_in_mb', 'read_request_timeout_in_ms', 'range_request_timeout_in_ms', 'write_request_timeout_in_ms', 'truncate_request_timeout_in_ms', 'cas_contention_timeout_in_ms', 'hints_flush_period_in_ms', 'max_hints_file_size_in_mb'] as const) {
    if (!(c[k] > 0)) throw new ConfigurationError(`${k} must be positive, got ${c[k]}`);
  }
  if (!/^(org\.apache\.cassandra\.auth\.)?CassandraRoleManager$/.test(c.role_manager)) {
    throw new ConfigurationError(`role_manager ${c.role_manager} is not supported (CassandraRoleManager)`);
  }
  if (!Number.isInteger(c.roles_validity_in_ms) || c.roles_validity_in_ms < 0) throw new ConfigurationError(`roles_validity_in_ms must be a non-negative integer, got ${c.roles_validity_in_ms}`);
  if (!Number.isInteger(c.credentials_validity_in_ms) || c.credentials_validity_in_ms < 0) {
    throw new ConfigurationError(`credentials_validity_in_ms must be a non-negative integer, got ${c.credentials_validity_in_ms}`);
  }
  if (!Number.isInteger(c.permissions_validity_in_ms) || c.permissions_validity_in_ms < 0) {
    throw new ConfigurationError(`permissions_validity_in_ms must be a non-negative integer, got ${c.permissions_validity_in_ms}`);
  }
  if (!Number.isInteger(c.prepared_statements_cache_max_entries) || c.prepared_statements_cache_max_entries < 1) {
    throw new ConfigurationError(`prepared_statements_cache_max_entries must be a positive integer, got ${c.prepared_statements_cache_max_entries}`);
  }
  if (!(c.prepared_statements_cache_size_mb > 0)) throw new ConfigurationError(`prepared_statements_cache_size_mb must be positive, got ${c.prepared_statements_cache_size_mb}`);
  for (const k of ['batch_size_warn_threshold_in_kb', 'batch_size_fail_threshold_in_kb'] as const) {
    if (!(Number.isInteger(c[k]) && c[k] > 0)) throw new ConfigurationError(`${k} must be a positive whole number of KiB, got ${c[k]}`);
  }
  if (!Number.isInteger(c.unlogged_batch_across_partitions_warn_threshold)) {
    throw new ConfigurationError(`unlogged_batch_across_partitions_warn_threshold must be a whole number, got ${c.unlogged_batch_across_partitions_warn_threshold}`);
  }
  if (!(c.max_hint_window_in_ms >= 0) || !(c.hinted_handoff_throttle_in_kb >= 0)) throw new ConfigurationError('max_hint_window_in_ms and hinted_handoff_throttle_in_kb must not be negative');
  // Cassandra 4.0's DatabaseDescriptor.applySimpleConfig checks and messages.
  if (!Number.isInteger(c.max_value_size_in_mb) || c.max_value_size_in_mb <= 0) throw new ConfigurationError('max_value_size_in_mb must be positive');
  if (c.max_value_size_in_mb >= 2048) throw new ConfigurationError(`max_value_size_in_mb must be smaller than 2048, but was ${c.max_value_size_in_mb}`);
  if (!(c.phi_convict_threshold >= 5 && c.phi_convict_threshold <= 16)) throw new ConfigurationError(`phi_convict_threshold must be between 5 and 16, got ${c.phi_convict_threshold}`);
  if (!(Number.isInteger(c.ring_delay_ms) && c.ring_delay_ms >= 0)) throw new ConfigurationError(`ring_delay_ms must be a whole number of milliseconds, got ${c.ring_delay_ms}`);
  for (const k of ['native_transport_max_concurrent_connections', 'native_transport_max_concurrent_connections_per_ip'] as const) {
    if (!Number.isInteger(c[k])) throw new ConfigurationError(`${k} must be a whole number (-1: no limit), got ${c[k]}`);
  }
  for (const k of ['user_defined_function_warn_timeout', 'user_defined_function_fail_timeout'] as const) {
    if (!(Number.isInteger(c[k]) && c[k] >= 0)) throw new ConfigurationError(`${k} must be a whole number of milliseconds, got ${c[k]}`);
  }
  if (!(c.user_defined_function_fail_timeout > 0)) throw new ConfigurationError('user_defined_function_fail_timeout must be positive');
  if (c.cluster_name.length === 0) throw new ConfigurationError('cluster_name must not be empty');
}
