/**
 * Partitioners (Murmur3, Random, ByteOrdered, OrderPreserving) producing `DecoratedKey.position` —
 * the byte string the engine sorts partitions by; `Range`/`Bounds` with wrap-around;
 * `rangeToPositionIntervals` for token-range scans
 */
export * from './token.js';
export * from './decorated-key.js';
export * from './position-bound.js';
export * from './partitioner.js';
export * from './murmur3-hash.js';
export * from './murmur3-partitioner.js';
export * from './random-partitioner.js';
export * from './key-ordered-partitioner.js';
export * from './byte-ordered-partitioner.js';
export * from './order-preserving-partitioner.js';
export * from './range.js';
export * from './bounds.js';
export * from './position-intervals.js';
export * from './partitioner-registry.js';
