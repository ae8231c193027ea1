/**
 * A definition back as the input that makes it again (types as types), so a change is "the old
 * input with this replaced" run through createColumnFamily's validation: CQL tables by their
 * columns, Thrift-made ones by their Thrift fields; id, options, dropped columns and indexes kept.
 */
import type { ColumnFamilyDef, ColumnFamilyInput } from './column-family-def.js';
import type { CqlColumn, CqlTable, CqlTableInput } from './cql-table.js';

export function columnFamilyInputOf(cf: ColumnFamilyDef): ColumnFamilyInput {
  const common = {
    keyspace: cf.keyspace,
    name: cf.name,
    id: cf.id,
    gcGraceSeconds: cf.gcGraceSeconds,
    defaultTimeToLive: cf.defaultTimeToLive,
    comment: cf.comment,
    params: cf.params,
    droppedColumns: cf.droppedColumns,
    indexes: cf.indexes,
    view: cf.view,
  };
  if (!cf.cql.fromThrift) return { ...common, cql: cqlTableInputOf(cf.cql) };
  return {
    ...common,
    columnType: cf.columnType,
    comparator: cf.comparator,
    subcomparator: cf.subcomparator,
    defaultValidator: cf.defaultValidator,
    keyValidator: cf.keyValidator,
    columnMetadata: cf.columnMetadata,
  };
}

export function cqlTableInputOf(t: CqlTable): CqlTableInput {
  const col = (c: CqlColumn) => ({ name: c.name, type: c.type });
  return {
    partitionKey: t.partitionKey.map(col),
    clustering: t.clustering.map((c) => ({ ...col(c), order: c.reversed ? ('DESC' as const) : ('ASC' as const) })),
    regular: t.regular.map(col),
    statics: t.statics.map(col),
    compact: t.compact,
  };
}
