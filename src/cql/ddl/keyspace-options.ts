/**
 * CREATE / ALTER KEYSPACE options: `replication = {'class': …, …}` and `durable_writes`.
 */
import { ConfigurationError, InvalidRequestError } from '../../errors/index.js';
import { prepareReplicationForRing } from '../../locator/index.js';
import type { Replication, ReplicationInput } from '../../schema/index.js';
import type { CqlContext } from '../execution/index.js';
import type { Property } from '../parser/index.js';
import { Properties } from './ddl-properties.js';

export interface KeyspaceOptions {
  readonly replication?: ReplicationInput;
  readonly durableWrites?: boolean;
}

export function keyspaceOptions(properties: readonly Property[]): KeyspaceOptions {
  const p = new Properties(properties, ['replication', 'durable_writes']);
  const map = p.map('replication');
  let replication: ReplicationInput | undefined;
  if (map !== undefined) {
    const { class: cls, ...options } = map;
    if (cls === undefined) throw new ConfigurationError('Missing replication strategy class');
    replication = { class: cls, options };
  }
  return { replication, durableWrites: p.boolean('durable_writes') };
}

/** Replication errors of the schema layer are configuration errors in CQL (as Cassandra's). */
export function asConfigurationError(e: unknown): unknown {
  return e instanceof InvalidRequestError && /replication|strategy|Replication factor/i.test(e.message) ? new ConfigurationError(e.message, { cause: e }) : e;
}

/**
 * A client's replication checked against the cluster (`prepareReplicationForRing`): the data
 * centers known are this node's and every peer's, as Cassandra 4.0's NetworkTopologyStrategy takes
 * them from the snitch and token metadata. Only CREATE / ALTER KEYSPACE call it; stored schemas load
 * unchecked.
 */
export function replicationForCluster(ctx: CqlContext, input: ReplicationInput, keyspace: string): Replication {
  const known = [ctx.node().dataCenter, ...ctx.peers().map((p) => p.dataCenter)];
  return prepareReplicationForRing(input, known, keyspace);
}
