/**
 * Node configuration: cassandra.yaml keys, defaults, validation, file loading.
 *
 * The node configuration: cassandra.yaml keys with Cassandra's defaults (`node-config.ts`;
 * disk_failure_policy and commit_failure_policy among them;
 * auto_bootstrap, and ring_delay_ms standing for Cassandra's -Dcassandra.ring_delay_ms in the
 * topology waits), known-but-unused keys reported, unknown keys refused, security keys Ilium cannot
 * honour refused (`security-settings.ts`: authorizer, role_manager, network_authorizer,
 * internode_authenticator, audit logging, encryption at rest); the Ilium-only testing key
 * `enable_fault_injection` (off; lets `nodetool faults` partition the node's messaging); YAML files
 * (`load-config.ts`); `client_encryption_options` and `server_encryption_options` parsed and checked
 * (`client-encryption-options.ts`: TLS for the client ports and internode messaging, key material
 * read by the server); the Cassandra `-D` system properties `ilium start` honours
 * (`system-properties.ts`: `cassandra.test.fail_writes_ks`, `cassandra.custom_query_handler_class`,
 * `cassandra.commitlog.ignorereplayerrors`, …);
 * byte quantities (`data-storage.ts`: plain bytes or 4.1's `128MiB`, and 4.0's older key names)
 */
export * from './node-config.js';
export * from './client-encryption-options.js';
export * from './audit-logging-options.js';
export * from './load-config.js';
export * from './system-properties.js';
export * from './settings-view.js';
