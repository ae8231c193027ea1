/**
 * The console's view of the schema: every keyspace with its replication and tables — for each,
 * whether Thrift or CQL made it, its column type (Standard/Super), comparator, subcomparator,
 * default and key validators, the validators of named columns, the CQL columns with their kinds
 * and types, and its options (gc_grace_seconds, default_time_to_live, comment, compaction, …).
 * Types are shown by their class names, as Thrift's describe_keyspace gives them.
 */
import type { ColumnFamilyDef, KeyspaceDef, Schema } from '../../schema/index.js';
import { showValue } from './console-values.js';

export function consoleSchema(schema: Schema) {
  return { version: schema.version, keyspaces: schema.keyspaces.sort((a, b) => a.name.localeCompare(b.name)).map(keyspaceView) };
}

function keyspaceView(ks: KeyspaceDef) {
  return { name: ks.name, replication: ks.replication, durableWrites: ks.durableWrites, tables: [...ks.tables].sort((a, b) => a.name.localeCompare(b.name)).map(tableView) };
}

function tableView(cf: ColumnFamilyDef) {
  const p = cf.params;
  return {
    name: cf.name,
    madeBy: cf.cql.fromThrift ? 'thrift' : 'cql',
    columnType: cf.columnType,
    comparator: cf.comparator.name,
    subcomparator: cf.subcomparator?.name ?? null,
    defaultValidator: cf.defaultValidator.name,
    keyValidator: cf.keyValidator.name,
    columnMetadata: cf.columnMetadata.map((c) => ({ name: showValue(cf.comparator, c.name), validator: c.validator.name, indexType: c.indexType, indexName: c.indexName })),
    cqlColumns: [...cf.cql.partitionKey, ...cf.cql.clustering, ...cf.cql.statics, ...cf.cql.regular].map((c) => ({ name: c.name, kind: c.kind, type: c.type.name })),
    options: {
      gc_grace_seconds: cf.gcGraceSeconds,
      default_time_to_live: cf.defaultTimeToLive,
      comment: cf.comment,
      compaction: p.compaction,
      compression: p.compression,
      caching: p.caching,
      bloom_filter_fp_chance: p.bloomFilterFpChance,
      speculative_retry: p.speculativeRetry,
    },
  };
}
