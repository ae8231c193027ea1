/** cassandra.yaml as Cassandra 4.1 and 5.0 write it (renamed-keys.ts, later-keys.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { parseConfigText } from './load-config.js';
import { DEFAULT_NODE_CONFIG } from './node-config.js';

const refused = (yaml: string, message: RegExp): void => {
  assert.throws(() => parseConfigText(yaml, 'c.yaml'), (e: unknown) => e instanceof ConfigurationError && message.test(e.message));
};

test('4.1 names with units are the 4.0 settings, in their units', () => {
  const yaml = [
    'read_request_timeout: 5500ms',
    'range_request_timeout: 12s',
    'write_request_timeout: 3000ms',
    'truncate_request_timeout: 1m',
    'cas_contention_timeout: 1000ms',
    'commitlog_sync_period: 10s',
    'commitlog_segment_size: 16MiB',
    'native_transport_max_frame_size: 32MiB',
    'batch_size_warn_threshold: 10KiB',
    'batch_size_fail_threshold: 1MiB',
    'max_hint_window: 3h',
    'hinted_handoff_throttle: 2048KiB',
    'hints_flush_period: 10000ms',
    'max_hints_file_size: 64MiB',
    'roles_validity: 5s',
    'permissions_validity: 2000ms',
    'credentials_validity: 2000ms',
    'prepared_statements_cache_size: 32MiB',
  ].join('\n');
  const { config, ignoredKeys } = parseConfigText(yaml, 'c.yaml');
  assert.equal(config.read_request_timeout_in_ms, 5500);
  assert.equal(config.range_request_timeout_in_ms, 12_000);
  assert.equal(config.write_request_timeout_in_ms, 3000);
  assert.equal(config.truncate_request_timeout_in_ms, 60_000);
  assert.equal(config.commitlog_sync_period_in_ms, 10_000);
  assert.equal(config.commitlog_segment_size_in_mb, 16);
  assert.equal(config.native_transport_max_frame_size_in_mb, 32);
  assert.equal(config.batch_size_warn_threshold_in_kb, 10);
  assert.equal(config.batch_size_fail_threshold_in_kb, 1024);
  assert.equal(config.max_hint_window_in_ms, 3 * 3600 * 1000);
  assert.equal(config.hinted_handoff_throttle_in_kb, 2048);
  assert.equal(config.max_hints_file_size_in_mb, 64);
  assert.equal(config.roles_validity_in_ms, 5000);
  assert.equal(config.prepared_statements_cache_size_mb, 32);
  assert.deepEqual(ignoredKeys, []);
});

test('renamed keys Ilium does not use are reported under the name the file used', () => {
  const { config, ignoredKeys } = parseConfigText('key_cache_size: 100MiB\ncompaction_throughput: 64MiB/s\ntrace_type_repair_ttl: 7d\nkey_cache_save_period: 4h\n', 'c.yaml');
  assert.deepEqual(config, DEFAULT_NODE_CONFIG);
  assert.deepEqual(ignoredKeys, ['key_cache_size', 'compaction_throughput', 'trace_type_repair_ttl', 'key_cache_save_period']);
});

test('trace_type_query_ttl (4.1) is tracetype_query_ttl (4.0), honoured: the TTL of system_traces rows', () => {
  assert.equal(parseConfigText('trace_type_query_ttl: 2h\n', 'c.yaml').config.tracetype_query_ttl, 7200);
  assert.equal(parseConfigText('tracetype_query_ttl: 600\n', 'c.yaml').config.tracetype_query_ttl, 600);
  assert.deepEqual(parseConfigText('tracetype_query_ttl: 600\n', 'c.yaml').ignoredKeys, []);
  assert.throws(() => parseConfigText('tracetype_query_ttl: -1\n', 'c.yaml'), /tracetype_query_ttl must be a whole number of seconds between 0 and 630720000, got -1/);
});

test('a new name wants its unit; a value that is not whole in the old unit, or both names, are refused', () => {
  refused('read_request_timeout: 5000\n', /^read_request_timeout must be a quantity with its unit \(d, h, m, s, ms, us, ns\), such as 5000ms.*got 5000 \(the older read_request_timeout_in_ms takes a plain number\)$/);
  refused('batch_size_warn_threshold: 5kb\n', /batch_size_warn_threshold must be a quantity with its unit \(B, KiB, MiB, GiB\)/);
  refused('batch_size_warn_threshold: 1500B\n', /batch_size_warn_threshold 1500B is not a whole number of KiB/);
  refused('read_request_timeout: 1500us\n', /not a whole number of ms/);
  refused('read_request_timeout: 5000ms\nread_request_timeout_in_ms: 5000\n', /the same setting under its old and new names: read_request_timeout_in_ms and read_request_timeout/);
  refused('compaction_throughput: 64MB/s\n', /compaction_throughput must be a quantity with its unit \(B\/s, KiB\/s, MiB\/s\)/);
});

test('guardrails and other restrictions: accepted at the value that restricts nothing, refused otherwise', () => {
  const loose = ['allow_filtering_enabled: true', 'page_size_fail_threshold: -1', 'partition_size_warn_threshold: null', 'read_consistency_levels_disallowed: []', 'dynamic_data_masking_enabled: false', 'cidr_authorizer:\n  class_name: AllowAllCIDRAuthorizer', 'default_secondary_index: legacy_local_table'].join('\n');
  parseConfigText(loose, 'c.yaml');
  refused('allow_filtering_enabled: false\n', /^allow_filtering_enabled: false is not implemented in Ilium yet, so the start is refused rather than run without it \(remove it, or set it to true\)$/);
  refused('page_size_fail_threshold: 1000\n', /page_size_fail_threshold: 1000 is not implemented/);
  refused('partition_size_fail_threshold: 100MiB\n', /partition_size_fail_threshold: "100MiB" is not implemented/);
  refused('write_consistency_levels_disallowed: [ANY]\n', /write_consistency_levels_disallowed: \["ANY"\] is not implemented/);
  refused('dynamic_data_masking_enabled: true\n', /dynamic_data_masking_enabled: true is not implemented/);
  refused('cidr_authorizer:\n  class_name: CassandraCIDRAuthorizer\n', /cidr_authorizer: "CassandraCIDRAuthorizer" is not supported by Ilium/);
  refused('default_secondary_index: sai\n', /default_secondary_index: "sai" is not supported by Ilium/);
});

test("5.0's authenticator as a class: its class name; parameters are refused", () => {
  const { config } = parseConfigText('authenticator:\n  class_name: org.apache.cassandra.auth.PasswordAuthenticator\n', 'c.yaml');
  assert.equal(config.authenticator, 'org.apache.cassandra.auth.PasswordAuthenticator');
  refused('authenticator:\n  class_name: MutualTlsAuthenticator\n  parameters:\n    validator_class_name: x\n', /authenticator MutualTlsAuthenticator: parameters .* are not supported by Ilium/);
});

test("the settings a 5.0 cassandra.yaml leaves uncommented start a node: Ilium's own settings read, the rest reported", () => {
  // The keys (not the file: its text is Cassandra's) that Cassandra 5.0's conf/cassandra.yaml sets,
  // with its default values.
  const yaml = `
cluster_name: 'Test Cluster'
num_tokens: 16
allocate_tokens_for_local_replication_factor: 3
hinted_handoff_enabled: true
max_hint_window: 3h
hinted_handoff_throttle: 1024KiB
max_hints_delivery_threads: 2
hints_flush_period: 10000ms
max_hints_file_size: 128MiB
auto_hints_cleanup_enabled: false
transfer_hints_on_decommission: true
batchlog_replay_throttle: 1024KiB
authenticator:
  class_name : org.apache.cassandra.auth.AllowAllAuthenticator
authorizer: AllowAllAuthorizer
role_manager: CassandraRoleManager
network_authorizer: AllowAllNetworkAuthorizer
cidr_authorizer:
  class_name: AllowAllCIDRAuthorizer
roles_validity: 2000ms
permissions_validity: 2000ms
credentials_validity: 2000ms
partitioner: org.apache.cassandra.dht.Murmur3Partitioner
cdc_enabled: false
disk_failure_policy: stop
commit_failure_policy: stop
prepared_statements_cache_size:
key_cache_size:
key_cache_save_period: 4h
row_cache_size: 0MiB
row_cache_save_period: 0s
counter_cache_size:
counter_cache_save_period: 7200s
commitlog_sync: periodic
commitlog_sync_period: 10000ms
commitlog_segment_size: 32MiB
commitlog_disk_access_mode: legacy
seed_provider:
  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
    parameters:
      - seeds: "127.0.0.1:7000"
concurrent_reads: 32
concurrent_writes: 32
concurrent_counter_writes: 32
concurrent_materialized_view_writes: 32
memtable_allocation_type: heap_buffers
index_summary_capacity:
index_summary_resize_interval: 60m
trickle_fsync: false
trickle_fsync_interval: 10240KiB
storage_port: 7000
ssl_storage_port: 7001
listen_address: localhost
start_native_transport: true
native_transport_port: 9042
native_transport_allow_older_protocols: true
rpc_address: localhost
rpc_keepalive: true
incremental_backups: false
snapshot_before_compaction: false
auto_snapshot: true
snapshot_links_per_second: 0
column_index_size:
column_index_cache_size: 2KiB
concurrent_materialized_view_builders: 1
compaction_throughput: 64MiB/s
sstable_preemptive_open_interval: 50MiB
uuid_sstable_identifiers_enabled: false
read_request_timeout: 5000ms
range_request_timeout: 10000ms
write_request_timeout: 2000ms
counter_write_request_timeout: 5000ms
cas_contention_timeout: 1000ms
truncate_request_timeout: 60000ms
request_timeout: 10000ms
slow_query_log_timeout: 500ms
endpoint_snitch: SimpleSnitch
dynamic_snitch_update_interval: 100ms
dynamic_snitch_reset_interval: 600000ms
dynamic_snitch_badness_threshold: 1.0
internode_timeout: true
server_encryption_options:
  internode_encryption: none
  legacy_ssl_storage_port_enabled: false
  keystore: conf/.keystore
  keystore_password: cassandra
  require_client_auth: false
  truststore: conf/.truststore
  truststore_password: cassandra
  require_endpoint_verification: false
client_encryption_options:
  enabled: false
  keystore: conf/.keystore
  keystore_password: cassandra
  require_client_auth: false
internode_compression: dc
inter_dc_tcp_nodelay: false
trace_type_query_ttl: 1d
trace_type_repair_ttl: 7d
user_defined_functions_enabled: false
transparent_data_encryption_options:
  enabled: false
  chunk_length_kb: 64
  cipher: AES/CBC/PKCS5Padding
  key_alias: testing:1
  key_provider:
    - class_name: org.apache.cassandra.security.JKSKeyProvider
      parameters:
        - keystore: conf/.keystore
          keystore_password: cassandra
          store_type: JCEKS
          key_password: cassandra
tombstone_warn_threshold: 1000
tombstone_failure_threshold: 100000
replica_filtering_protection:
  cached_rows_warn_threshold: 2000
  cached_rows_fail_threshold: 32000
batch_size_warn_threshold: 5KiB
batch_size_fail_threshold: 50KiB
unlogged_batch_across_partitions_warn_threshold: 10
gc_warn_threshold: 1000ms
audit_logging_options:
  enabled: false
  logger:
    - class_name: BinAuditLogger
diagnostic_events_enabled: false
repaired_data_tracking_for_range_reads_enabled: false
repaired_data_tracking_for_partition_reads_enabled: false
report_unconfirmed_repaired_data_mismatches: false
materialized_views_enabled: false
sasi_indexes_enabled: false
transient_replication_enabled: false
drop_compact_storage_enabled: false
storage_compatibility_mode: CASSANDRA_4
default_secondary_index: legacy_local_table
default_secondary_index_enabled: true
dynamic_data_masking_enabled: false
`;
  const { config, ignoredKeys } = parseConfigText(yaml, 'cassandra-5.0.yaml');
  assert.equal(config.read_request_timeout_in_ms, 5000);
  assert.equal(config.commitlog_sync_period_in_ms, 10_000);
  assert.equal(config.max_hint_window_in_ms, 10_800_000);
  assert.equal(config.batch_size_fail_threshold_in_kb, 50);
  assert.ok(ignoredKeys.includes('compaction_throughput') && ignoredKeys.includes('commitlog_disk_access_mode') && ignoredKeys.includes('storage_compatibility_mode'), ignoredKeys.join(' '));
});
