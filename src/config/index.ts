/** Node configuration: cassandra.yaml keys, defaults, validation, file loading. */
export * from './node-config.js';
export * from './load-config.js';
export * from './system-properties.js';
