/**
 * CREATE / ALTER KEYSPACE options: `replication = {'class': …, …}` and `durable_writes`.
 */
import { ConfigurationError, InvalidRequestError } from '../../errors/index.js';
import type { ReplicationInput } from '../../schema/index.js';
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
