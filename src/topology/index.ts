export * from './range-transfers.js';
export * from './topology-context.js';
export * from './stream-ranges.js';
export * from './bootstrap.js';
export * from './decommission.js';
export * from './remove-node.js';
export * from './cleanup.js';
