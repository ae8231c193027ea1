/**
 * The rows of system_schema.* for one keyspace definition, with Cassandra 4.0's values: the
 * replication map with the strategy's full class name, table options, flags (`compound` for CQL
 * tables; `dense` / `super` for COMPACT STORAGE and Thrift-made column families; `counter`),
 * columns with kind, position and clustering order, dropped columns, user types, user-defined
 * functions and aggregates, and indexes —
 * CQL ones and the KEYS indexes of Thrift column metadata. A compact table without clustering
 * columns lists its named columns as `static`, as Cassandra 3+ did (drivers expect that).
 */
import { COUNTER_COLUMN_TYPE, formatLiteral, toCqlString } from '../../marshal/index.js';
import type { AggregateDef, ColumnFamilyDef, CqlColumn, FunctionDef, KeyspaceDef } from '../../schema/index.js';
import type { VirtualRow } from './virtual-table.js';

const LOCATOR_PACKAGE = 'org.apache.cassandra.locator.';

export function keyspaceRow(ks: KeyspaceDef): VirtualRow {
  return { keyspace_name: ks.name, durable_writes: ks.durableWrites, replication: new Map(Object.entries({ class: LOCATOR_PACKAGE + ks.replication.class, ...ks.replication.options })) };
}

export function tableFlags(cf: ColumnFamilyDef): string[] {
  const t = cf.cql;
  const flags = new Set<string>();
  if (cf.columnType === 'Super') ['dense', 'super'].forEach((f) => flags.add(f));
  else if (!t.compact) flags.add('compound');
  else if (t.clustering.length > 0) {
    flags.add('dense');
    if (t.clustering.length > 1) flags.add('compound');
  }
  if ([...t.regular, ...t.statics].some((c) => c.type === COUNTER_COLUMN_TYPE)) flags.add('counter');
  return [...flags].sort();
}

/** A table's options under their system_schema names (shared with system_schema.views' shape). */
export function tableOptionsRow(cf: ColumnFamilyDef): Record<string, unknown> {
  const p = cf.params;
  return {
    additional_write_policy: p.additionalWritePolicy,
    bloom_filter_fp_chance: p.bloomFilterFpChance,
    caching: new Map(Object.entries(p.caching)),
    cdc: p.cdc,
    comment: cf.comment,
    compaction: new Map(Object.entries(p.compaction)),
    compression: new Map(Object.entries(p.compression)),
    crc_check_chance: p.crcCheckChance,
    dclocal_read_repair_chance: p.dclocalReadRepairChance,
    default_time_to_live: cf.defaultTimeToLive,
    extensions: new Map(Object.entries(p.extensions).map(([k, v]) => [k, Buffer.from(v, 'utf8')])),
    gc_grace_seconds: cf.gcGraceSeconds,
    max_index_interval: p.maxIndexInterval,
    memtable_flush_period_in_ms: p.memtableFlushPeriodInMs,
    min_index_interval: p.minIndexInterval,
    read_repair: p.readRepair,
    read_repair_chance: p.readRepairChance,
    speculative_retry: p.speculativeRetry,
  };
}

export function tableRow(cf: ColumnFamilyDef): VirtualRow {
  return { keyspace_name: cf.keyspace, table_name: cf.name, ...tableOptionsRow(cf), flags: tableFlags(cf), id: cf.id };
}

/** system_schema.views: a view's own options and its base, SELECT * and WHERE clause. */
export function viewRow(cf: ColumnFamilyDef): VirtualRow {
  const v = cf.view!;
  return { keyspace_name: cf.keyspace, view_name: cf.name, ...tableOptionsRow(cf), base_table_id: v.baseTableId, base_table_name: v.baseTableName, id: cf.id, include_all_columns: v.includeAllColumns, where_clause: v.whereClause };
}

export function columnRows(cf: ColumnFamilyDef): VirtualRow[] {
  const t = cf.cql;
  const compactStatic = t.compact && t.clustering.length === 0;
  const row = (c: CqlColumn, kind: string, position: number, order: string): VirtualRow => ({
    keyspace_name: cf.keyspace,
    table_name: cf.name,
    column_name: c.name,
    clustering_order: order,
    column_name_bytes: Buffer.from(c.name, 'utf8'),
    kind,
    position,
    type: toCqlString(c.type),
  });
  return [
    ...t.partitionKey.map((c) => row(c, 'partition_key', c.position, 'none')),
    ...t.clustering.map((c) => row(c, 'clustering', c.position, c.reversed ? 'desc' : 'asc')),
    ...t.regular.map((c) => row(c, compactStatic ? 'static' : 'regular', -1, 'none')),
    ...t.statics.map((c) => row(c, 'static', -1, 'none')),
  ];
}

export function droppedColumnRows(cf: ColumnFamilyDef): VirtualRow[] {
  return cf.droppedColumns.map((d) => ({
    keyspace_name: cf.keyspace,
    table_name: cf.name,
    column_name: d.name,
    dropped_time: new Date(Number(d.droppedTime / 1000n)),
    kind: d.kind,
    type: toCqlString(d.type),
  }));
}

export function typeRows(ks: KeyspaceDef): VirtualRow[] {
  return ks.types.map((t) => ({ keyspace_name: ks.name, type_name: t.typeName, field_names: [...t.fieldNames], field_types: t.fieldTypes.map(toCqlString) }));
}

export function indexRows(cf: ColumnFamilyDef): VirtualRow[] {
  const row = (name: string, kind: string, options: Readonly<Record<string, string>>): VirtualRow => ({ keyspace_name: cf.keyspace, table_name: cf.name, index_name: name, kind, options: new Map(Object.entries(options)) });
  const keys = cf.columnMetadata.filter((c) => c.indexType !== null).map((c) => row(c.indexName!, 'KEYS', { target: cf.comparator.toString(c.name) }));
  return [...keys, ...cf.indexes.map((i) => row(i.name, i.kind, i.options))];
}

/** system_schema.functions: one row per user-defined function overload, types as CQL text. */
export function functionRows(ks: KeyspaceDef): VirtualRow[] {
  return ks.functions
    .filter((d): d is FunctionDef => d.kind === 'function')
    .map((f) => ({
      keyspace_name: ks.name,
      function_name: f.name,
      argument_types: f.argumentTypes.map(toCqlString),
      argument_names: [...f.argumentNames],
      body: f.body,
      called_on_null_input: f.calledOnNullInput,
      language: f.language,
      return_type: toCqlString(f.returnType),
    }));
}

/** system_schema.aggregates: INITCOND as a CQL literal of the state type, as Cassandra stores it. */
export function aggregateRows(ks: KeyspaceDef): VirtualRow[] {
  return ks.functions
    .filter((d): d is AggregateDef => d.kind === 'aggregate')
    .map((a) => ({
      keyspace_name: ks.name,
      aggregate_name: a.name,
      argument_types: a.argumentTypes.map(toCqlString),
      final_func: a.finalFunction,
      initcond: a.initcond === null ? null : formatLiteral(a.stateType, a.initcond),
      return_type: toCqlString(a.returnType),
      state_func: a.stateFunction,
      state_type: toCqlString(a.stateType),
    }));
}
