import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { parseConfigText } from './load-config.js';
import { DEFAULT_NODE_CONFIG, resolveNodeConfig } from './node-config.js';

test('an empty file gives the defaults: CQL on 127.0.0.1:9042, data under ./data, no data_center of its own', () => {
  const { config, ignoredKeys } = parseConfigText('', 'empty.yaml');
  assert.deepEqual(config, DEFAULT_NODE_CONFIG);
  assert.equal(config.native_transport_port, 9042);
  // Unset: the snitch's own names (SimpleSnitch: datacenter1 / rack1, src/locator/node-location.ts).
  assert.equal(config.data_center, null);
  assert.equal(config.rack, null);
  assert.equal(resolveNodeConfig({ data_center: 'dc1' }).config.data_center, 'dc1');
  assert.throws(() => resolveNodeConfig({ data_center: 3 }), ConfigurationError);
  assert.deepEqual(ignoredKeys, []);
});

test('cassandra.yaml keys are read; Cassandra keys Ilium does not use are reported, not fatal', () => {
  const yaml = [
    "cluster_name: 'My Cluster'",
    'native_transport_port: 19042',
    'commitlog_sync: batch',
    'data_file_directories:',
    '    - /var/lib/ilium/data',
    'concurrent_reads: 32',
    'seed_provider:',
    '    - class_name: org.apache.cassandra.locator.SimpleSeedProvider',
    '      parameters:',
    '          - seeds: "127.0.0.1,127.0.0.2"',
  ].join('\n');
  const { config, ignoredKeys } = parseConfigText(yaml, 'c.yaml');
  assert.equal(config.cluster_name, 'My Cluster');
  assert.equal(config.native_transport_port, 19042);
  assert.equal(config.commitlog_sync, 'batch');
  assert.deepEqual(config.data_file_directories, ['/var/lib/ilium/data']);
  assert.deepEqual(config.seeds, ['127.0.0.1', '127.0.0.2']);
  assert.deepEqual(ignoredKeys, ['concurrent_reads']);
});

test('typos, wrong types and impossible values are ConfigurationErrors naming the key', () => {
  const bad = (text: string, re: RegExp): void => assert.throws(() => parseConfigText(text, 'x.yaml'), (e: unknown) => e instanceof ConfigurationError && re.test(e.message));
  bad('native_transport_prot: 9042', /unknown keys native_transport_prot/);
  bad('native_transport_port: "9042"', /native_transport_port must be a number/);
  bad('native_transport_port: 70000', /port number/);
  bad('commitlog_sync: sometimes', /periodic, batch or group/);
  bad('- a\n- b', /mapping/);
  bad('key: [unclosed', /not valid YAML/);
});

test('initial_token: a string, or a YAML number within 2^53; a larger unquoted number is refused', () => {
  assert.equal(resolveNodeConfig({ initial_token: '-9223372036854775808' }).config.initial_token, '-9223372036854775808');
  assert.equal(resolveNodeConfig({ initial_token: 42 }).config.initial_token, '42');
  assert.equal(resolveNodeConfig({}).config.initial_token, null);
  assert.throws(() => resolveNodeConfig({ initial_token: 2 ** 60 }), /not exact as a YAML number: quote it/);
});

test('native_transport_max_concurrent_connections and _per_ip are used (-1 by default), whole numbers only', () => {
  assert.equal(DEFAULT_NODE_CONFIG.native_transport_max_concurrent_connections, -1);
  assert.equal(DEFAULT_NODE_CONFIG.native_transport_max_concurrent_connections_per_ip, -1);
  const { config, ignoredKeys } = resolveNodeConfig({ native_transport_max_concurrent_connections: 100, native_transport_max_concurrent_connections_per_ip: 10 });
  assert.equal(config.native_transport_max_concurrent_connections, 100);
  assert.equal(config.native_transport_max_concurrent_connections_per_ip, 10);
  assert.deepEqual(ignoredKeys, []);
  assert.throws(() => resolveNodeConfig({ native_transport_max_concurrent_connections: 1.5 }), /native_transport_max_concurrent_connections must be a whole number/);
  assert.throws(() => resolveNodeConfig({ native_transport_max_concurrent_connections_per_ip: '10' }), /must be a number/);
});

test('request data in flight: bytes or 4.1 quantities, 4.0 names read as the same keys; the cache and batch thresholds are used', () => {
  assert.equal(DEFAULT_NODE_CONFIG.native_transport_max_request_data_in_flight, 128 * 1024 * 1024);
  assert.equal(DEFAULT_NODE_CONFIG.native_transport_max_request_data_in_flight_per_ip, 32 * 1024 * 1024);
  const { config, ignoredKeys } = parseConfigText(
    ['native_transport_max_request_data_in_flight: 64MiB', 'native_transport_max_concurrent_requests_in_bytes_per_ip: 1048576', 'prepared_statements_cache_size_mb: 8', 'batch_size_warn_threshold_in_kb: 10', 'batch_size_fail_threshold_in_kb: 100'].join('\n'),
    'test.yaml',
  );
  assert.equal(config.native_transport_max_request_data_in_flight, 64 * 1024 * 1024);
  assert.equal(config.native_transport_max_request_data_in_flight_per_ip, 1024 * 1024);
  assert.equal(config.prepared_statements_cache_size_mb, 8);
  assert.equal(config.batch_size_warn_threshold_in_kb, 10);
  assert.equal(config.batch_size_fail_threshold_in_kb, 100);
  assert.deepEqual(ignoredKeys, []);
  assert.equal(resolveNodeConfig({ native_transport_max_concurrent_requests_in_bytes: -1 }).config.native_transport_max_request_data_in_flight, 128 * 1024 * 1024, "4.0's -1: the default");
  assert.equal(resolveNodeConfig({ tombstone_warn_threshold: 10 }).config.tombstone_warn_threshold, 10);
  assert.equal(DEFAULT_NODE_CONFIG.unlogged_batch_across_partitions_warn_threshold, 10);
  const unlogged = resolveNodeConfig({ unlogged_batch_across_partitions_warn_threshold: 3 });
  assert.deepEqual([unlogged.config.unlogged_batch_across_partitions_warn_threshold, unlogged.ignoredKeys], [3, []], 'honoured, not reported as ignored');
  assert.throws(() => resolveNodeConfig({ unlogged_batch_across_partitions_warn_threshold: 2.5 }), /unlogged_batch_across_partitions_warn_threshold must be a whole number/);
  assert.deepEqual(resolveNodeConfig({ tombstone_failure_threshold: -1 }).ignoredKeys, []);
  assert.throws(() => resolveNodeConfig({ tombstone_failure_threshold: -5 }), /tombstone_failure_threshold must be a whole number \(-1: no threshold\)/);
  assert.throws(() => resolveNodeConfig({ native_transport_max_request_data_in_flight: '10 MB' }), (e: unknown) => e instanceof ConfigurationError && /native_transport_max_request_data_in_flight must be a positive number of bytes or a quantity such as 128MiB/.test(e.message));
  assert.throws(() => resolveNodeConfig({ native_transport_max_request_data_in_flight_per_ip: 0 }), ConfigurationError);
  assert.throws(() => resolveNodeConfig({ batch_size_fail_threshold_in_kb: 0 }), /batch_size_fail_threshold_in_kb must be a positive whole number/);
});

test('disk_failure_policy and commit_failure_policy: Cassandra\'s values, stop by default, anything else refused', () => {
  const { config: d, ignoredKeys } = resolveNodeConfig({});
  assert.equal(d.disk_failure_policy, 'stop');
  assert.equal(d.commit_failure_policy, 'stop');
  assert.deepEqual(ignoredKeys, []);
  for (const p of ['die', 'stop_paranoid', 'stop', 'best_effort', 'ignore']) assert.equal(resolveNodeConfig({ disk_failure_policy: p }).config.disk_failure_policy, p);
  for (const p of ['die', 'stop', 'stop_commit', 'ignore']) assert.equal(resolveNodeConfig({ commit_failure_policy: p }).config.commit_failure_policy, p);
  assert.throws(() => resolveNodeConfig({ disk_failure_policy: 'stop_commit' }), (e: unknown) => e instanceof ConfigurationError && /disk_failure_policy must be one of die, stop_paranoid, stop, best_effort, ignore/.test(e.message));
  assert.throws(() => resolveNodeConfig({ commit_failure_policy: 'best_effort' }), (e: unknown) => e instanceof ConfigurationError && /commit_failure_policy must be one of/.test(e.message));
});

test('user-defined function settings: 4.0 defaults (off, 500 ms, 1500 ms), 4.0 and 4.1 names honoured, not ignored', () => {
  assert.deepEqual(
    [DEFAULT_NODE_CONFIG.enable_user_defined_functions, DEFAULT_NODE_CONFIG.enable_scripted_user_defined_functions, DEFAULT_NODE_CONFIG.user_defined_function_warn_timeout, DEFAULT_NODE_CONFIG.user_defined_function_fail_timeout],
    [false, false, 500, 1500],
  );
  const old = resolveNodeConfig({ enable_user_defined_functions: true, enable_scripted_user_defined_functions: true, user_defined_function_warn_timeout: 100, user_defined_function_fail_timeout: 900 });
  assert.deepEqual([old.config.enable_user_defined_functions, old.config.enable_scripted_user_defined_functions, old.config.user_defined_function_warn_timeout, old.config.user_defined_function_fail_timeout], [true, true, 100, 900]);
  assert.deepEqual(old.ignoredKeys, []);
  const next = parseConfigText('user_defined_functions_enabled: true\nscripted_user_defined_functions_enabled: true\nuser_defined_functions_warn_timeout: 2s\nuser_defined_functions_fail_timeout: 3000ms\n', 'c.yaml');
  assert.deepEqual([next.config.enable_user_defined_functions, next.config.enable_scripted_user_defined_functions, next.config.user_defined_function_warn_timeout, next.config.user_defined_function_fail_timeout], [true, true, 2000, 3000]);
  assert.deepEqual(next.ignoredKeys, []);
  assert.throws(() => resolveNodeConfig({ user_defined_function_fail_timeout: 0 }), ConfigurationError);
  assert.throws(() => resolveNodeConfig({ enable_user_defined_functions: 'yes' }), ConfigurationError);
});

test('enable_materialized_views: 4.0 default off, honoured under the 4.0 and 4.1 names, not ignored', () => {
  assert.equal(DEFAULT_NODE_CONFIG.enable_materialized_views, false);
  const old = resolveNodeConfig({ enable_materialized_views: true });
  assert.equal(old.config.enable_materialized_views, true);
  assert.deepEqual(old.ignoredKeys, []);
  const next = parseConfigText('materialized_views_enabled: true\n', 'c.yaml');
  assert.equal(next.config.enable_materialized_views, true);
  assert.deepEqual(next.ignoredKeys, []);
});

test('without seed_provider a node seeds itself at its listen address; Cassandra\'s default (127.0.0.1) is unchanged', () => {
  assert.deepEqual(resolveNodeConfig({}).config.seeds, ['127.0.0.1']);
  assert.deepEqual(resolveNodeConfig({ listen_address: '127.0.0.9' }).config.seeds, ['127.0.0.9']);
  assert.deepEqual(parseConfigText('listen_address: 127.0.0.9', 'c.yaml').config.seeds, ['127.0.0.9']);
  // Given seeds win, from the file or from --seeds.
  assert.deepEqual(resolveNodeConfig({ listen_address: '127.0.0.9', seeds: ['127.0.0.1'] }).config.seeds, ['127.0.0.1']);
  const yaml = ['listen_address: 127.0.0.9', 'seed_provider:', '  - class_name: org.apache.cassandra.locator.SimpleSeedProvider', '    parameters:', '      - seeds: "127.0.0.2"'].join('\n');
  assert.deepEqual(parseConfigText(yaml, 'c.yaml').config.seeds, ['127.0.0.2']);
});
