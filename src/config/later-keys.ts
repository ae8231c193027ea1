/**
 * cassandra.yaml keys of Cassandra 4.1 and 5.0 (and 4.0 keys missing from node-config.ts's list)
 * that Ilium does not use. Two kinds, checked against apache/cassandra config/Config.java:
 *
 * - Tuning and features Ilium has no counterpart for (caches, thread pools, streaming, Paxos v2,
 *   SAI options…): accepted with any value and reported as ignored, as node-config.ts's other
 *   ignored keys are.
 * - Restrictions an operator sets to forbid something — the guardrails (`*_warn_threshold`,
 *   `*_fail_threshold`, `*_enabled: false`, consistency levels warned or disallowed…), dynamic data
 *   masking, the CIDR authorizer: accepted at their permissive default (what Cassandra's own
 *   cassandra.yaml ships, where they are commented out) and otherwise refused at start, since
 *   running without a restriction the operator asked for must not pass silently.
 */
import { ConfigurationError } from '../errors/index.js';

export const LATER_IGNORED_KEYS: ReadonlySet<string> = new Set([
  'permissions_cache_max_entries', 'permissions_update_interval', 'permissions_update_interval_in_ms', 'permissions_cache_active_update',
  'roles_cache_max_entries', 'roles_update_interval', 'roles_update_interval_in_ms', 'roles_cache_active_update',
  'credentials_cache_max_entries', 'credentials_update_interval', 'credentials_update_interval_in_ms', 'credentials_cache_active_update',
  'hint_window_persistent_enabled', 'force_new_prepared_statement_behaviour', 'disk_access_mode',
  'use_deterministic_table_id', 'stream_transfer_task_timeout', 'available_processors', 'concurrent_replicates', 'memtable_cleanup_threshold',
  'memtable', 'repair_session_max_tree_depth', 'use_offheap_merkle_trees', 'traverse_auth_from_root',
  'internode_application_send_queue_capacity', 'internode_application_send_queue_reserve_endpoint_capacity',
  'internode_application_send_queue_reserve_global_capacity', 'internode_application_receive_queue_capacity',
  'internode_application_receive_queue_reserve_endpoint_capacity', 'internode_application_receive_queue_reserve_global_capacity',
  'internode_application_send_queue_capacity_in_bytes', 'internode_application_send_queue_reserve_endpoint_capacity_in_bytes',
  'internode_application_send_queue_reserve_global_capacity_in_bytes', 'internode_application_receive_queue_capacity_in_bytes',
  'internode_application_receive_queue_reserve_endpoint_capacity_in_bytes', 'internode_application_receive_queue_reserve_global_capacity_in_bytes',
  'native_transport_max_auth_threads', 'native_transport_flush_in_batches_legacy', 'native_transport_rate_limiting_enabled',
  'native_transport_max_requests_per_second', 'native_transport_max_negotiable_protocol_version', 'auto_snapshot_ttl', 'snapshot_links_per_second',
  'concurrent_materialized_view_builders', 'reject_repair_compaction_threshold', 'concurrent_index_builders', 'max_streaming_retries',
  'entire_sstable_stream_throughput_outbound', 'entire_sstable_inter_dc_stream_throughput_outbound', 'sstable', 'local_system_data_file_directory',
  'commitlog_max_compression_buffers_in_pool', 'cdc_block_writes', 'cdc_on_repair_enabled', 'cdc_raw_directory', 'commitlog_periodic_queue_size',
  'dynamic_snitch', 'failure_detector', 'max_hints_size_per_host', 'hints_compression', 'auto_hints_cleanup_enabled',
  'transfer_hints_on_decommission', 'key_cache_migrate_during_compaction', 'key_cache_keys_to_save', 'row_cache_class_name',
  'row_cache_keys_to_save', 'counter_cache_keys_to_save', 'paxos_cache_size', 'file_cache_enabled', 'file_cache_round_up',
  'disk_optimization_estimate_percentile', 'disk_optimization_page_cross_chance', 'replica_filtering_protection', 'otc_coalescing_strategy',
  'otc_coalescing_window_us', 'otc_coalescing_enough_coalesced_messages', 'otc_backlog_expiration_interval_ms', 'allow_insecure_udfs',
  'allow_extra_insecure_udfs', 'repair_command_pool_full_strategy', 'repair_command_pool_size', 'concurrent_validations',
  'block_for_peers_timeout_in_secs', 'block_for_peers_in_remote_dcs', 'skip_stream_disk_space_check', 'corrupted_tombstone_strategy',
  'default_keyspace_rf', 'snapshot_on_repaired_data_mismatch', 'auth_cache_warming_enabled', 'auth_read_consistency_level',
  'auth_write_consistency_level', 'partition_denylist_enabled', 'denylist_writes_enabled', 'denylist_reads_enabled',
  'denylist_range_reads_enabled', 'denylist_refresh', 'denylist_initial_load_retry', 'denylist_max_keys_per_table', 'denylist_max_keys_total',
  'denylist_consistency_level', 'initial_range_tombstone_list_allocation_size', 'range_tombstone_list_growth_factor', 'sai_options',
  'snapshot_on_duplicate_row_detection', 'check_for_duplicate_rows_during_reads', 'check_for_duplicate_rows_during_compaction',
  'autocompaction_on_startup_enabled', 'auto_optimise_inc_repair_streams', 'auto_optimise_full_repair_streams',
  'auto_optimise_preview_repair_streams', 'uuid_sstable_identifiers_enabled', 'consecutive_message_errors_threshold',
  'client_error_reporting_exclusions', 'internode_error_reporting_exclusions', 'streaming_state_expires', 'streaming_state_size',
  'streaming_stats_enabled', 'streaming_slow_events_log_timeout', 'startup_checks', 'repair_state_expires', 'repair_state_size',
  'paxos_variant', 'skip_paxos_repair_on_topology_change', 'paxos_purge_grace_period', 'paxos_on_linearizability_violations',
  'paxos_state_purging', 'paxos_repair_enabled', 'paxos_topology_repair_no_dc_checks', 'paxos_topology_repair_strict_each_quorum',
  'skip_paxos_repair_on_topology_change_keyspaces', 'paxos_contention_wait_randomizer', 'paxos_contention_min_wait',
  'paxos_contention_max_wait', 'paxos_contention_min_delta', 'paxos_repair_parallelism', 'sstable_read_rate_persistence_enabled',
  'client_request_size_metrics_enabled', 'max_top_size_partition_count', 'max_top_tombstone_partition_count', 'min_tracked_partition_size',
  'min_tracked_partition_tombstone_count', 'top_partitions_enabled', 'repair', 'default_compaction', 'dump_heap_on_uncaught_exception',
  'heap_dump_path', 'severity_during_decommission', 'storage_compatibility_mode', 'crypto_provider', 'read_thresholds_enabled',
  'commitlog_disk_access_mode',
]);

/** Guardrails and other restrictions: the value that restricts nothing (Cassandra's default). */
export const PERMISSIVE: ReadonlyMap<string, -1 | null | true | false | 'empty'> = new Map<string, -1 | null | true | false | 'empty'>([
  ...[
    'keyspaces', 'tables', 'columns_per_table', 'secondary_indexes_per_table', 'materialized_views_per_table', 'page_size',
    'partition_keys_in_select', 'in_select_cartesian_product', 'partition_tombstones', 'items_per_collection', 'fields_per_udt',
    'vector_dimensions', 'data_disk_usage_percentage', 'minimum_replication_factor', 'maximum_replication_factor',
  ].flatMap((g) => [[`${g}_warn_threshold`, -1], [`${g}_fail_threshold`, -1]] as [string, -1][]),
  ['keyspace_count_warn_threshold', -1],
  ['table_count_warn_threshold', -1],
  ['compaction_tombstone_warning_threshold', -1],
  ...['partition_size', 'column_value_size', 'collection_size', 'coordinator_read_size', 'local_read_size', 'row_index_read_size']
    .flatMap((g) => [[`${g}_warn_threshold`, null], [`${g}_fail_threshold`, null]] as [string, null][]),
  ['compaction_large_partition_warning_threshold', null],
  ['data_disk_usage_max_disk_size', null],
  ...['maximum_timestamp_warn_threshold', 'maximum_timestamp_fail_threshold', 'minimum_timestamp_warn_threshold', 'minimum_timestamp_fail_threshold'].map((k) => [k, null] as [string, null]),
  ...[
    'table_properties_warned', 'table_properties_ignored', 'table_properties_disallowed', 'read_consistency_levels_warned',
    'read_consistency_levels_disallowed', 'write_consistency_levels_warned', 'write_consistency_levels_disallowed',
  ].map((k) => [k, 'empty'] as [string, 'empty']),
  ...[
    'user_timestamps_enabled', 'alter_table_enabled', 'group_by_enabled', 'bulk_load_enabled', 'drop_truncate_table_enabled',
    'drop_keyspace_enabled', 'secondary_indexes_enabled', 'default_secondary_index_enabled', 'uncompressed_tables_enabled',
    'compact_tables_enabled', 'read_before_write_list_operations_enabled', 'allow_filtering_enabled', 'simplestrategy_enabled',
    'zero_ttl_on_twcs_warned', 'zero_ttl_on_twcs_enabled', 'use_statements_enabled',
  ].map((k) => [k, true] as [string, true]),
  ['dynamic_data_masking_enabled', false],
]);

/**
 * Warnings Cassandra 4.0 turns on by default (Config.java: 40 keyspaces, 150 tables, 100000
 * tombstones in one compacted partition): their 4.0 default is accepted too, so the 4.0 file as
 * shipped starts; Ilium does not give these warnings (they are reported as ignored).
 */
const CASSANDRA_40_DEFAULT_WARNINGS: ReadonlyMap<string, number> = new Map([
  ['keyspace_count_warn_threshold', 40],
  ['table_count_warn_threshold', 150],
  ['compaction_tombstone_warning_threshold', 100_000],
]);

/** Whether a restriction key at this value is one of 4.0's default warnings (accepted, reported as ignored). */
export function isDefaultWarning(key: string, value: unknown): boolean {
  return CASSANDRA_40_DEFAULT_WARNINGS.get(key) === value;
}

/** Whether `key` is a restriction Ilium accepts only at its permissive value. */
export function isRestrictionKey(key: string): boolean {
  return PERMISSIVE.has(key) || key === 'cidr_authorizer' || key === 'default_secondary_index';
}

/** Refuses a restriction set to anything but the value that restricts nothing. */
export function checkRestriction(key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (key === 'cidr_authorizer') {
    const name = typeof value === 'string' ? value : (value as { class_name?: unknown }).class_name;
    if (typeof name === 'string' && /^(org\.apache\.cassandra\.auth\.)?AllowAllCIDRAuthorizer$/.test(name)) return;
    throw new ConfigurationError(`cidr_authorizer: ${JSON.stringify(name ?? value)} is not supported by Ilium (only AllowAllCIDRAuthorizer)`);
  }
  if (key === 'default_secondary_index') {
    if (value === 'legacy_local_table') return;
    throw new ConfigurationError(`default_secondary_index: ${JSON.stringify(value)} is not supported by Ilium (its secondary indexes are legacy_local_table)`);
  }
  if (isDefaultWarning(key, value)) return;
  const permissive = PERMISSIVE.get(key);
  const ok = permissive === 'empty' ? Array.isArray(value) && value.length === 0 : permissive === -1 ? value === -1 || value === '-1' : value === permissive;
  if (ok) return;
  throw new ConfigurationError(`${key}: ${JSON.stringify(value)} is not implemented in Ilium yet, so the start is refused rather than run without it (remove it, or set it to ${permissive === 'empty' ? '[]' : JSON.stringify(permissive)})`);
}
