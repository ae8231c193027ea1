/**
 * system_schema.* (Cassandra 4.0's column sets), every row derived from the live schema when read:
 * the user keyspaces, plus the keyspaces `system` and `system_schema` themselves (LocalStrategy),
 * as Cassandra lists its own. Thrift-made column families appear through their CQL view.
 * Materialized views are in `views` (not `tables`), their columns in `columns` as Cassandra lists
 * them; triggers have no user definitions yet: that table is empty.
 */
import type { KeyspaceDef } from '../../schema/index.js';
import { aggregateRows, columnRows, droppedColumnRows, functionRows, indexRows, keyspaceRow, tableRow, typeRows, viewRow } from './schema-rows.js';
import { type VirtualRow, type VirtualTable, type VirtualTableSpec, virtualTableDef } from './virtual-table.js';

const KS = 'system_schema';

const TABLE_OPTION_COLUMNS: readonly (readonly [string, string])[] = [
  ['additional_write_policy', 'text'], ['bloom_filter_fp_chance', 'double'], ['caching', 'frozen<map<text, text>>'], ['cdc', 'boolean'],
  ['comment', 'text'], ['compaction', 'frozen<map<text, text>>'], ['compression', 'frozen<map<text, text>>'], ['crc_check_chance', 'double'],
  ['dclocal_read_repair_chance', 'double'], ['default_time_to_live', 'int'], ['extensions', 'frozen<map<text, blob>>'],
  ['gc_grace_seconds', 'int'], ['max_index_interval', 'int'], ['memtable_flush_period_in_ms', 'int'], ['min_index_interval', 'int'],
  ['read_repair', 'text'], ['read_repair_chance', 'double'], ['speculative_retry', 'text'],
];

export const COLUMNS_TABLE_COLUMNS: readonly (readonly [string, string])[] = [
  ['clustering_order', 'text'], ['column_name_bytes', 'blob'], ['kind', 'text'], ['position', 'int'], ['type', 'text'],
];

type Rows = (ks: KeyspaceDef) => VirtualRow[];

const TABLES: readonly (readonly [Omit<VirtualTableSpec, 'keyspace'>, Rows])[] = [
  [{ name: 'keyspaces', comment: 'keyspace definitions', partitionKey: [['keyspace_name', 'text']], columns: [['durable_writes', 'boolean'], ['replication', 'frozen<map<text, text>>']] }, (ks) => [keyspaceRow(ks)]],
  [
    { name: 'tables', comment: 'table definitions', partitionKey: [['keyspace_name', 'text']], clustering: [['table_name', 'text']], columns: [...TABLE_OPTION_COLUMNS, ['flags', 'frozen<set<text>>'], ['id', 'uuid']] },
    (ks) => ks.tables.filter((t) => t.view === null).map(tableRow),
  ],
  [
    { name: 'columns', comment: 'column definitions', partitionKey: [['keyspace_name', 'text']], clustering: [['table_name', 'text'], ['column_name', 'text']], columns: COLUMNS_TABLE_COLUMNS },
    (ks) => ks.tables.flatMap(columnRows),
  ],
  [
    { name: 'dropped_columns', comment: 'dropped column registry', partitionKey: [['keyspace_name', 'text']], clustering: [['table_name', 'text'], ['column_name', 'text']], columns: [['dropped_time', 'timestamp'], ['kind', 'text'], ['type', 'text']] },
    (ks) => ks.tables.flatMap(droppedColumnRows),
  ],
  [
    { name: 'triggers', comment: 'trigger definitions', partitionKey: [['keyspace_name', 'text']], clustering: [['table_name', 'text'], ['trigger_name', 'text']], columns: [['options', 'frozen<map<text, text>>']] },
    () => [],
  ],
  [
    {
      name: 'views',
      comment: 'view definitions',
      partitionKey: [['keyspace_name', 'text']],
      clustering: [['view_name', 'text']],
      columns: [...TABLE_OPTION_COLUMNS, ['base_table_id', 'uuid'], ['base_table_name', 'text'], ['id', 'uuid'], ['include_all_columns', 'boolean'], ['where_clause', 'text']],
    },
    (ks) => ks.tables.filter((t) => t.view !== null).map(viewRow),
  ],
  [
    { name: 'types', comment: 'user defined type definitions', partitionKey: [['keyspace_name', 'text']], clustering: [['type_name', 'text']], columns: [['field_names', 'frozen<list<text>>'], ['field_types', 'frozen<list<text>>']] },
    typeRows,
  ],
  [
    {
      name: 'functions',
      comment: 'user defined function definitions',
      partitionKey: [['keyspace_name', 'text']],
      clustering: [['function_name', 'text'], ['argument_types', 'frozen<list<text>>']],
      columns: [['argument_names', 'frozen<list<text>>'], ['body', 'text'], ['called_on_null_input', 'boolean'], ['language', 'text'], ['return_type', 'text']],
    },
    functionRows,
  ],
  [
    {
      name: 'aggregates',
      comment: 'user defined aggregate definitions',
      partitionKey: [['keyspace_name', 'text']],
      clustering: [['aggregate_name', 'text'], ['argument_types', 'frozen<list<text>>']],
      columns: [['final_func', 'text'], ['initcond', 'text'], ['return_type', 'text'], ['state_func', 'text'], ['state_type', 'text']],
    },
    aggregateRows,
  ],
  [
    { name: 'indexes', comment: 'secondary index definitions', partitionKey: [['keyspace_name', 'text']], clustering: [['table_name', 'text'], ['index_name', 'text']], columns: [['kind', 'text'], ['options', 'frozen<map<text, text>>']] },
    (ks) => ks.tables.flatMap(indexRows),
  ],
];

/** The tables, reading the keyspaces `described()` returns (user keyspaces and `system`, `system_schema`). */
export function systemSchemaTables(described: () => readonly KeyspaceDef[]): VirtualTable[] {
  return TABLES.map(([spec, rows]) => {
    const cf = virtualTableDef({ keyspace: KS, ...spec });
    return { cf, comment: spec.comment, rows: () => described().flatMap(rows) };
  });
}
