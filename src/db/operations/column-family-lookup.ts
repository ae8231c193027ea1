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
  // An index loop: a keyspace's tables are a frozen array, where Array#find takes V8's slow path (every request looks here).
  const tables = ks.tables;
  for (let i = 0; i < tables.length; i++) if (tables[i]!.name === columnFamily) return tables[i]!;
  throw new InvalidRequestError(`unconfigured columnfamily ${columnFamily}`);
}

/** A column family a write may name: a materialized view changes only through its base table (Cassandra 3.x's Thrift refused it too). */
export function writableColumnFamily(schema: Schema, keyspace: string, columnFamily: string): ColumnFamilyDef {
  const cf = lookupColumnFamily(schema, keyspace, columnFamily);
  if (cf.view !== null) throw new InvalidRequestError('Cannot directly modify a materialized view');
  return cf;
}

/** Only checks the keyspace (truncate's and batch_mutate's first step). */
export function checkKeyspace(schema: Schema, keyspace: string): void {
  if (schema.keyspace(keyspace) === undefined) throw new InvalidRequestError(`Keyspace ${keyspace} does not exist`);
}
