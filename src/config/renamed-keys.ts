/**
 * cassandra.yaml as Cassandra 4.1 and 5.0 write it. 4.1 renamed most keys that carried a unit in
 * their name (`read_request_timeout_in_ms: 5000` became `read_request_timeout: 5000ms`,
 * `batch_size_warn_threshold_in_kb: 5` became `batch_size_warn_threshold: 5KiB`) and the
 * `enable_x` switches (`materialized_views_enabled`); the old names still work there, deprecated.
 * Here each new name is read as the 4.0 setting Ilium keeps: its value, a quantity with a unit, is
 * converted to the old name's unit. The names, value forms and units were checked against
 * apache/cassandra config/Config.java (the @Replaces annotations), DurationSpec, DataStorageSpec
 * and DataRateSpec. As in Cassandra, a new name wants its unit (`5000` alone is refused), and giving
 * a setting under both names is an error.
 */
import { ConfigurationError } from '../errors/index.js';

type Kind =
  /** DurationSpec: a whole number and d, h, m, s, ms, us (µs) or ns; the old key counted `unit`. */
  | { readonly kind: 'duration'; readonly unit: 'ms' | 's' | 'm' }
  /** DataStorageSpec: a whole number and B, KiB, MiB or GiB; the old key counted `unit`. */
  | { readonly kind: 'storage'; readonly unit: 'B' | 'KiB' | 'MiB' }
  /** DataRateSpec: a whole number and B/s, KiB/s or MiB/s; the old key counted MiB/s or megabits/s. */
  | { readonly kind: 'rate'; readonly unit: 'MiB/s' | 'Mbit/s' }
  /** The same value under a new name (a switch renamed). */
  | { readonly kind: 'same' };

interface Renamed {
  readonly old: string;
  readonly as: Kind;
}

const ms = { kind: 'duration', unit: 'ms' } as const;
const secs = { kind: 'duration', unit: 's' } as const;
const mins = { kind: 'duration', unit: 'm' } as const;
const kib = { kind: 'storage', unit: 'KiB' } as const;
const mib = { kind: 'storage', unit: 'MiB' } as const;
const bytes = { kind: 'storage', unit: 'B' } as const;
const same = { kind: 'same' } as const;

/** 4.1 name → the 4.0 name and how its value reads. */
export const RENAMED_KEYS: ReadonlyMap<string, Renamed> = new Map<string, Renamed>([
  // Settings Ilium honours.
  ['commitlog_sync_period', { old: 'commitlog_sync_period_in_ms', as: ms }],
  ['commitlog_sync_group_window', { old: 'commitlog_sync_group_window_in_ms', as: ms }],
  ['commitlog_segment_size', { old: 'commitlog_segment_size_in_mb', as: mib }],
  ['native_transport_max_frame_size', { old: 'native_transport_max_frame_size_in_mb', as: mib }],
  ['roles_validity', { old: 'roles_validity_in_ms', as: ms }],
  ['permissions_validity', { old: 'permissions_validity_in_ms', as: ms }],
  ['credentials_validity', { old: 'credentials_validity_in_ms', as: ms }],
  ['prepared_statements_cache_size', { old: 'prepared_statements_cache_size_mb', as: mib }],
  ['batch_size_warn_threshold', { old: 'batch_size_warn_threshold_in_kb', as: kib }],
  ['batch_size_fail_threshold', { old: 'batch_size_fail_threshold_in_kb', as: kib }],
  ['read_request_timeout', { old: 'read_request_timeout_in_ms', as: ms }],
  ['range_request_timeout', { old: 'range_request_timeout_in_ms', as: ms }],
  ['write_request_timeout', { old: 'write_request_timeout_in_ms', as: ms }],
  ['truncate_request_timeout', { old: 'truncate_request_timeout_in_ms', as: ms }],
  ['cas_contention_timeout', { old: 'cas_contention_timeout_in_ms', as: ms }],
  ['max_hint_window', { old: 'max_hint_window_in_ms', as: ms }],
  ['hinted_handoff_throttle', { old: 'hinted_handoff_throttle_in_kb', as: kib }],
  ['hints_flush_period', { old: 'hints_flush_period_in_ms', as: ms }],
  ['max_hints_file_size', { old: 'max_hints_file_size_in_mb', as: mib }],
  ['max_value_size', { old: 'max_value_size_in_mb', as: mib }],
  // Settings Ilium accepts and does not use (node-config.ts IGNORED_KEYS).
  ['request_timeout', { old: 'request_timeout_in_ms', as: ms }],
  ['counter_write_request_timeout', { old: 'counter_write_request_timeout_in_ms', as: ms }],
  ['repair_request_timeout', { old: 'repair_request_timeout_in_ms', as: ms }],
  ['slow_query_log_timeout', { old: 'slow_query_log_timeout_in_ms', as: ms }],
  ['native_transport_idle_timeout', { old: 'native_transport_idle_timeout_in_ms', as: ms }],
  ['native_transport_receive_queue_capacity', { old: 'native_transport_receive_queue_capacity_in_bytes', as: bytes }],
  ['internode_timeout', { old: 'cross_node_timeout', as: same }],
  ['internode_max_message_size', { old: 'internode_max_message_size_in_bytes', as: bytes }],
  ['internode_socket_send_buffer_size', { old: 'internode_send_buff_size_in_bytes', as: bytes }],
  ['internode_socket_receive_buffer_size', { old: 'internode_recv_buff_size_in_bytes', as: bytes }],
  ['internode_tcp_connect_timeout', { old: 'internode_tcp_connect_timeout_in_ms', as: ms }],
  ['internode_tcp_user_timeout', { old: 'internode_tcp_user_timeout_in_ms', as: ms }],
  ['internode_streaming_tcp_user_timeout', { old: 'internode_streaming_tcp_user_timeout_in_ms', as: ms }],
  ['memtable_heap_space', { old: 'memtable_heap_space_in_mb', as: mib }],
  ['memtable_offheap_space', { old: 'memtable_offheap_space_in_mb', as: mib }],
  ['repair_session_space', { old: 'repair_session_space_in_mb', as: mib }],
  ['column_index_size', { old: 'column_index_size_in_kb', as: kib }],
  ['column_index_cache_size', { old: 'column_index_cache_size_in_kb', as: kib }],
  ['compaction_throughput', { old: 'compaction_throughput_mb_per_sec', as: { kind: 'rate', unit: 'MiB/s' } }],
  ['min_free_space_per_drive', { old: 'min_free_space_per_drive_in_mb', as: mib }],
  ['stream_throughput_outbound', { old: 'stream_throughput_outbound_megabits_per_sec', as: { kind: 'rate', unit: 'Mbit/s' } }],
  ['inter_dc_stream_throughput_outbound', { old: 'inter_dc_stream_throughput_outbound_megabits_per_sec', as: { kind: 'rate', unit: 'Mbit/s' } }],
  ['commitlog_total_space', { old: 'commitlog_total_space_in_mb', as: mib }],
  ['periodic_commitlog_sync_lag_block', { old: 'periodic_commitlog_sync_lag_block_in_ms', as: ms }],
  ['max_mutation_size', { old: 'max_mutation_size_in_kb', as: kib }],
  ['cdc_total_space', { old: 'cdc_total_space_in_mb', as: mib }],
  ['cdc_free_space_check_interval', { old: 'cdc_free_space_check_interval_ms', as: ms }],
  ['dynamic_snitch_update_interval', { old: 'dynamic_snitch_update_interval_in_ms', as: ms }],
  ['dynamic_snitch_reset_interval', { old: 'dynamic_snitch_reset_interval_in_ms', as: ms }],
  ['batchlog_replay_throttle', { old: 'batchlog_replay_throttle_in_kb', as: kib }],
  ['trickle_fsync_interval', { old: 'trickle_fsync_interval_in_kb', as: kib }],
  ['sstable_preemptive_open_interval', { old: 'sstable_preemptive_open_interval_in_mb', as: mib }],
  ['key_cache_size', { old: 'key_cache_size_in_mb', as: mib }],
  ['row_cache_size', { old: 'row_cache_size_in_mb', as: mib }],
  ['counter_cache_size', { old: 'counter_cache_size_in_mb', as: mib }],
  ['cache_load_timeout', { old: 'cache_load_timeout_seconds', as: secs }],
  ['networking_cache_size', { old: 'networking_cache_size_in_mb', as: mib }],
  ['file_cache_size', { old: 'file_cache_size_in_mb', as: mib }],
  ['index_summary_capacity', { old: 'index_summary_capacity_in_mb', as: mib }],
  ['index_summary_resize_interval', { old: 'index_summary_resize_interval_in_minutes', as: mins }],
  ['gc_log_threshold', { old: 'gc_log_threshold_in_ms', as: ms }],
  ['gc_warn_threshold', { old: 'gc_warn_threshold_in_ms', as: ms }],
  ['trace_type_query_ttl', { old: 'tracetype_query_ttl', as: secs }],
  ['trace_type_repair_ttl', { old: 'tracetype_repair_ttl', as: secs }],
  ['user_defined_functions_enabled', { old: 'enable_user_defined_functions', as: same }],
  ['scripted_user_defined_functions_enabled', { old: 'enable_scripted_user_defined_functions', as: same }],
  ['materialized_views_enabled', { old: 'enable_materialized_views', as: same }],
  ['transient_replication_enabled', { old: 'enable_transient_replication', as: same }],
  ['sasi_indexes_enabled', { old: 'enable_sasi_indexes', as: same }],
  ['drop_compact_storage_enabled', { old: 'enable_drop_compact_storage', as: same }],
  ['user_defined_functions_threads_enabled', { old: 'enable_user_defined_functions_threads', as: same }],
  ['user_defined_functions_warn_timeout', { old: 'user_defined_function_warn_timeout', as: ms }],
  ['user_defined_functions_fail_timeout', { old: 'user_defined_function_fail_timeout', as: ms }],
  ['validation_preview_purge_head_start', { old: 'validation_preview_purge_head_start_in_sec', as: secs }],
  ['streaming_keep_alive_period', { old: 'streaming_keep_alive_period_in_secs', as: secs }],
]);

const DURATION_UNITS: Readonly<Record<string, number>> = { d: 86_400_000_000_000, h: 3_600_000_000_000, m: 60_000_000_000, s: 1_000_000_000, ms: 1_000_000, us: 1_000, µs: 1_000, ns: 1 };
const STORAGE_UNITS: Readonly<Record<string, number>> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };
const RATE_UNITS: Readonly<Record<string, number>> = { 'B/s': 1, 'KiB/s': 1024, 'MiB/s': 1024 ** 2 };
const OLD_UNIT_SIZE: Readonly<Record<string, number>> = { ms: DURATION_UNITS['ms']!, s: DURATION_UNITS['s']!, m: DURATION_UNITS['m']!, B: 1, KiB: 1024, MiB: 1024 ** 2, 'MiB/s': 1024 ** 2, 'Mbit/s': 125_000 };

const FORMS = {
  duration: { re: /^(\d+)\s*(d|h|m|s|ms|us|µs|ns)$/i, units: DURATION_UNITS, example: '5000ms, 10s, 3h', names: 'd, h, m, s, ms, us, ns' },
  storage: { re: /^(\d+)\s*(B|KiB|MiB|GiB)$/, units: STORAGE_UNITS, example: '5KiB, 16MiB', names: 'B, KiB, MiB, GiB' },
  rate: { re: /^(\d+)\s*(B\/s|KiB\/s|MiB\/s)$/, units: RATE_UNITS, example: '64MiB/s', names: 'B/s, KiB/s, MiB/s' },
} as const;

/** The value of new name `key` in the old key's unit (rounded down, as Cassandra's converters do, for rates only). */
function convert(key: string, r: Renamed, value: unknown): unknown {
  if (r.as.kind === 'same') return value;
  const form = FORMS[r.as.kind];
  const m = typeof value === 'string' ? form.re.exec(value.trim()) : null;
  if (m === null) {
    throw new ConfigurationError(`${key} must be a quantity with its unit (${form.names}), such as ${form.example}; got ${JSON.stringify(value)} (the older ${r.old} takes a plain number)`);
  }
  const unit = r.as.kind === 'duration' ? m[2]!.toLowerCase().replace('µs', 'us') : m[2]!;
  const base = Number(m[1]) * form.units[unit]!;
  const per = OLD_UNIT_SIZE[r.as.unit]!;
  if (!Number.isSafeInteger(base)) throw new ConfigurationError(`${key} ${value} is too large`);
  if (r.as.kind !== 'rate' && base % per !== 0) {
    throw new ConfigurationError(`${key} ${value} is not a whole number of ${r.as.unit} (Ilium keeps it in ${r.as.unit}, as ${r.old})`);
  }
  return r.as.kind === 'rate' ? Math.floor(base / per) : base / per;
}

/** The 4.0 names of the renamed keys. */
export const OLD_NAMES: ReadonlySet<string> = new Set([...RENAMED_KEYS.values()].map((r) => r.old));

export interface OldNamed {
  /** The mapping with every renamed key under its 4.0 name. */
  readonly given: Record<string, unknown>;
  /** 4.0 name → the name the file used, for the keys it wrote under a new name. */
  readonly writtenAs: ReadonlyMap<string, string>;
}

/**
 * Rewrites the 4.1/5.0 names of `given` to their 4.0 names, converting values; every other key is
 * kept as it is. A setting given under both names is a ConfigurationError.
 */
export function withOldNames(given: Record<string, unknown>): OldNamed {
  const out: Record<string, unknown> = {};
  const writtenAs = new Map<string, string>();
  const both: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    if (key === 'authenticator' && isParameterizedClass(value)) {
      out[key] = authenticatorClass(value);
      continue;
    }
    const r = RENAMED_KEYS.get(key);
    if (r === undefined) {
      out[key] = value;
      continue;
    }
    if (value === undefined || value === null) continue;
    if (given[r.old] !== undefined) both.push(`${r.old} and ${key}`);
    out[r.old] = convert(key, r, value);
    writtenAs.set(r.old, key);
  }
  if (both.length > 0) throw new ConfigurationError(`cassandra.yaml gives the same setting under its old and new names: ${both.join('; ')} (keep one)`);
  return { given: out, writtenAs };
}

function isParameterizedClass(v: unknown): v is { class_name?: unknown; parameters?: unknown } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Cassandra 5.0 writes `authenticator` as a class with parameters (`class_name:
 * org.apache.cassandra.auth.PasswordAuthenticator`); the authenticators Ilium runs take none, so
 * parameters are refused rather than ignored (they configure a security setting).
 */
function authenticatorClass(v: { class_name?: unknown; parameters?: unknown }): string {
  if (typeof v.class_name !== 'string' || v.class_name.length === 0) throw new ConfigurationError('authenticator needs a class_name');
  const params = v.parameters;
  const none = params === undefined || params === null || (typeof params === 'object' && Object.keys(params).length === 0);
  if (!none) throw new ConfigurationError(`authenticator ${v.class_name}: parameters ${JSON.stringify(params)} are not supported by Ilium (its authenticators take none)`);
  return v.class_name;
}
