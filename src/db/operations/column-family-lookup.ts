/**
 * Finding the keyspace and column family a request names, with Cassandra 0.7's messages
 * (ThriftValidation.validateTable / validateColumnFamily).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { ColumnFamilyDef, Schema } from '../../schema/index.js';

export function lookupColumnFamily(schema: Schema, keyspace: string, columnFamily: string): ColumnFamilyDef {
  const ks = schema.keyspace(keyspace);
  if (ks === undefined) throw new InvalidRequestError(`Keyspace ${keyspace} does not exist`);
  if (typeof columnFamily !== 'string' || columnFamily.length === 0) throw new InvalidRequestError('non-empty columnfamily is required');
  const cf = ks.tables.find((t) => t.name === columnFamily);
  if (cf === undefined) throw new InvalidRequestError(`unconfigured columnfamily ${columnFamily}`);
  return cf;
}

/** Only checks the keyspace (truncate's and batch_mutate's first step). */
export function checkKeyspace(schema: Schema, keyspace: string): void {
  if (schema.keyspace(keyspace) === undefined) throw new InvalidRequestError(`Keyspace ${keyspace} does not exist`);
}
