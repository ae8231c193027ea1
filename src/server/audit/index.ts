/** The audit log: Cassandra 4.0's audit_logging_options with FileAuditLogger lines in rotating files. */
export * from './audit-entry.js';
export * from './audit-files.js';
export * from './audit-filter.js';
export * from './audit-log.js';
