export * from './keyspace-versions.js';
export * from './schema-sync.js';
export * from './membership-events.js';
export * from './ring-peers.js';
export * from './token-ownership.js';
export * from './start-messaging.js';
export * from './local-states.js';
export * from './storage-service.js';
