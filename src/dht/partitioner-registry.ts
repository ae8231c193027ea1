import { ConfigurationError } from '../errors/index.js';
import { ByteOrderedPartitioner } from './byte-ordered-partitioner.js';
import { Murmur3Partitioner } from './murmur3-partitioner.js';
import { OrderPreservingPartitioner } from './order-preserving-partitioner.js';
import type { Partitioner } from './partitioner.js';
import { RandomPartitioner } from './random-partitioner.js';

const FACTORIES: ReadonlyArray<() => Partitioner> = Object.freeze([
  () => new Murmur3Partitioner(),
  () => new RandomPartitioner(),
  () => new ByteOrderedPartitioner(),
  () => new OrderPreservingPartitioner(),
]);

/**
 * A new partitioner by short (`Murmur3Partitioner`) or full (`org.apache.cassandra.dht.…`) class
 * name, as cassandra.yaml's `partitioner` and Thrift's describe_partitioner spell them. Each call
 * returns a fresh instance: partitioners own scratch state, and nodes in one process share none.
 */
export function createPartitioner(name: string): Partitioner {
  for (const create of FACTORIES) {
    const p = create();
    if (p.name === name || p.fullName === name) return p;
  }
  throw new ConfigurationError(`Unknown partitioner '${name}'; known: ${partitionerNames().join(', ')}`);
}

/** The full class names of every partitioner Ilium implements. */
export function partitionerNames(): string[] {
  return FACTORIES.map((create) => create().fullName);
}
