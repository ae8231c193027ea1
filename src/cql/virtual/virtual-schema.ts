/**
 * system_virtual_schema.{keyspaces, tables, columns}: Cassandra 4.0's description of virtual
 * keyspaces, here of system_virtual_schema itself (as Cassandra lists it).
 */
import { toCqlString } from '../../marshal/index.js';
import type { CqlColumn } from '../../schema/index.js';
import { COLUMNS_TABLE_COLUMNS } from './system-schema.js';
import { type VirtualTable, virtualTableDef } from './virtual-table.js';

const KS = 'system_virtual_schema';

/** `described()` gives the virtual tables to describe (those of system_virtual_schema). */
export function virtualSchemaTables(described: () => readonly VirtualTable[]): VirtualTable[] {
  const keyspaces = virtualTableDef({ keyspace: KS, name: 'keyspaces', comment: 'virtual keyspace definitions', partitionKey: [['keyspace_name', 'text']], columns: [] });
  const tables = virtualTableDef({ keyspace: KS, name: 'tables', comment: 'virtual table definitions', partitionKey: [['keyspace_name', 'text']], clustering: [['table_name', 'text']], columns: [['comment', 'text']] });
  const columns = virtualTableDef({
    keyspace: KS,
    name: 'columns',
    comment: 'virtual column definitions',
    partitionKey: [['keyspace_name', 'text']],
    clustering: [['table_name', 'text'], ['column_name', 'text']],
    columns: COLUMNS_TABLE_COLUMNS,
  });
  const columnRow = (t: VirtualTable, c: CqlColumn) => ({
    keyspace_name: t.cf.keyspace,
    table_name: t.cf.name,
    column_name: c.name,
    clustering_order: c.kind === 'clustering' ? (c.reversed ? 'desc' : 'asc') : 'none',
    column_name_bytes: Buffer.from(c.name, 'utf8'),
    kind: c.kind,
    position: c.kind === 'partition_key' || c.kind === 'clustering' ? c.position : -1,
    type: toCqlString(c.type),
  });
  return [
    { cf: keyspaces, comment: keyspaces.comment, rows: () => [...new Set(described().map((t) => t.cf.keyspace))].map((k) => ({ keyspace_name: k })) },
    { cf: tables, comment: tables.comment, rows: () => described().map((t) => ({ keyspace_name: t.cf.keyspace, table_name: t.cf.name, comment: t.comment })) },
    { cf: columns, comment: columns.comment, rows: () => described().flatMap((t) => [...t.cf.cql.columns.values()].map((c) => columnRow(t, c))) },
  ];
}
