/**
 * Which tables the column-family calls (Keyspace, ColumnFamily: rows of name → value) can serve.
 * Every Thrift-made column family can, and so can a CQL table with COMPACT STORAGE and one
 * partition key column and at most one clustering column: its cells lie as a column family's do.
 * Any other CQL table (clustering columns with regular columns, collections, static columns, a
 * composite key) stores [clustering…, column name] cells that a column family's comparator would
 * misread, so those calls refuse it and point to `ks.table(name)`, which reads it by its CQL view.
 */
import { InvalidRequestError } from '../errors/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';

export function checkThriftShaped(def: ColumnFamilyDef): void {
  if (def.cql.fromThrift) return;
  const where = `${def.keyspace}.${def.name}`;
  const use = `use ks.table('${def.name}') for its rows`;
  if (!def.cql.compact) throw new InvalidRequestError(`${where} is a CQL table (not COMPACT STORAGE), which column-family calls would misread: ${use}`);
  if (def.cql.partitionKey.length !== 1) throw new InvalidRequestError(`${where} has a composite partition key, which column-family calls would misread: ${use}`);
  if (def.cql.clustering.length > 1) throw new InvalidRequestError(`${where} has more than one clustering column, which column-family calls would misread: ${use}`);
}
