/**
 * The persisted form of a keyspace: canonical JSON (fixed key order, tables sorted by name,
 * column metadata by name bytes), types by full class name, column names as hex. Canonical so the
 * same schema always gives the same bytes — the schema version is a digest of them.
 *
 *   { "name", "replication": { "class", "options" }, "durable_writes",
 *     "tables": [ { "id", "name", "column_type", "comparator", "subcomparator" | null,
 *                   "default_validator", "key_validator",
 *                   "column_metadata": [ { "name": hex, "validator", "index_type", "index_name" } ],
 *                   "gc_grace_seconds", "default_time_to_live", "comment" } ] }
 *
 * A table declared in CQL keeps its columns instead of the Thrift fields (which derive from them):
 *   { "id", "name", "cql": { "partition_key": [ { "name", "type" } ], "clustering": [ { "name",
 *     "type", "order": "ASC" | "DESC" } ], "regular": […], "static": […], "compact" },
 *     "gc_grace_seconds", "default_time_to_live", "comment" }
 *
 * Added later, each written only when it differs from its default (so older schemas keep their
 * bytes and version, and older JSON still loads): on a keyspace "types": [ { "name", "fields":
 * [ { "name", "type" } ] } ] (by name); on a table "params": { CQL option name: value } (only the
 * non-default options), "dropped_columns": [ { "name", "type", "kind", "dropped_time": micros as
 * text } ], "indexes": [ { "name", "kind", "options": { … } } ] (by name); on a keyspace
 * "functions": [ … ] (user-defined functions and aggregates in creation order, function-json.ts).
 */
import type { Random } from '../env/index.js';
import { ConfigurationError } from '../errors/index.js';
import type { ColumnDefinition } from './column-definition.js';
import type { ColumnFamilyDef, ColumnFamilyInput } from './column-family-def.js';
import type { CqlColumn, CqlTable, CqlTableInput } from './cql-table.js';
import { type KeyspaceDef, createKeyspace } from './keyspace-def.js';
import { type AbstractType, UserType, parseType } from '../marshal/index.js';
import type { DroppedColumn } from './dropped-column.js';
import { type IndexDef, createIndexDef } from './index-def.js';
import { tableParamsFromObject, tableParamsToObject } from './table-params.js';
import { functionFromObject, functionToObject } from './function-json.js';
import { viewFromObject, viewToObject } from './view-def.js';

/** Canonical JSON text of a keyspace. */
export function keyspaceToJson(ks: KeyspaceDef): string {
  return JSON.stringify(keyspaceToObject(ks));
}

export function keyspaceToObject(ks: KeyspaceDef): object {
  const options = Object.fromEntries(Object.entries(ks.replication.options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const tables = [...ks.tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: Record<string, unknown> = { name: ks.name, replication: { class: ks.replication.class, options }, durable_writes: ks.durableWrites, tables: tables.map(tableToObject) };
  if (ks.functions.length > 0) out.functions = ks.functions.map(functionToObject);
  if (ks.types.length > 0) out.types = [...ks.types].sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0)).map(typeToObject);
  return out;
}

function typeToObject(t: UserType): object {
  return { name: t.typeName, fields: t.fieldNames.map((f, i) => ({ name: f, type: t.fieldTypes[i]!.fullName })) };
}

function tableToObject(t: ColumnFamilyDef): object {
  return withExtras(t, tableBaseObject(t));
}

/** The later additions, present only when not at their defaults. */
function withExtras(t: ColumnFamilyDef, o: Record<string, unknown>): object {
  const params = tableParamsToObject(t.params);
  if (Object.keys(params).length > 0) o.params = params;
  if (t.droppedColumns.length > 0) {
    o.dropped_columns = [...t.droppedColumns]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((d) => ({ name: d.name, type: d.type.fullName, kind: d.kind, dropped_time: d.droppedTime.toString() }));
  }
  if (t.view !== null) o.view = viewToObject(t.view);
  if (t.indexes.length > 0) o.indexes = [...t.indexes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((i) => ({ name: i.name, kind: i.kind, options: i.options }));
  return o;
}

function tableBaseObject(t: ColumnFamilyDef): Record<string, unknown> {
  if (!t.cql.fromThrift) {
    return { id: t.id, name: t.name, cql: cqlToObject(t.cql), gc_grace_seconds: t.gcGraceSeconds, default_time_to_live: t.defaultTimeToLive, comment: t.comment };
  }
  const columns = [...t.columnMetadata].sort((a, b) => Buffer.compare(a.name, b.name));
  return {
    id: t.id,
    name: t.name,
    column_type: t.columnType,
    comparator: t.comparator.fullName,
    subcomparator: t.subcomparator?.fullName ?? null,
    default_validator: t.defaultValidator.fullName,
    key_validator: t.keyValidator.fullName,
    column_metadata: columns.map(columnToObject),
    gc_grace_seconds: t.gcGraceSeconds,
    default_time_to_live: t.defaultTimeToLive,
    comment: t.comment,
  };
}

/** A CQL-declared table's columns (types by full class name), in declaration order. */
function cqlToObject(c: CqlTable): object {
  const col = (x: CqlColumn): object => ({ name: x.name, type: x.type.fullName });
  return {
    partition_key: c.partitionKey.map(col),
    clustering: c.clustering.map((x) => ({ name: x.name, type: x.type.fullName, order: x.reversed ? 'DESC' : 'ASC' })),
    regular: c.regular.map(col),
    static: c.statics.map(col),
    compact: c.compact,
  };
}

function columnToObject(c: ColumnDefinition): object {
  return { name: c.name.toString('hex'), validator: c.validator.fullName, index_type: c.indexType, index_name: c.indexName };
}

/** Parses `keyspaceToJson`'s form; ConfigurationError when it is not that form. Validates fully. */
export function keyspaceFromJson(text: string): KeyspaceDef {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new ConfigurationError(`stored keyspace definition is not JSON: ${(e as Error).message}`, { cause: e });
  }
  const ks = record(o, 'keyspace');
  const replication = record(ks.replication, 'replication');
  return createKeyspace(
    {
      name: str(ks.name, 'name'),
      replication: { class: str(replication.class, 'replication.class'), options: stringRecord(replication.options) },
      durableWrites: bool(ks.durable_writes, 'durable_writes'),
      tables: list(ks.tables, 'tables').map((t) => ({ ...tableInput(record(t, 'table')), ...extrasInput(record(t, 'table')) })),
      types: ks.types === undefined ? [] : list(ks.types, 'types').map((t) => typeInput(str(ks.name, 'name'), record(t, 'type'))),
      functions: ks.functions === undefined ? [] : list(ks.functions, 'functions').map((f) => functionFromObject(str(ks.name, 'name'), record(f, 'function'))),
    },
    NO_RANDOM,
  );
}

function typeInput(keyspace: string, t: Record<string, unknown>): UserType {
  const fields = list(t.fields, 'type fields').map((f) => record(f, 'type field'));
  const types = fields.map((f) => storedType(str(f.type, 'field type')));
  return new UserType(keyspace, str(t.name, 'type name'), fields.map((f) => str(f.name, 'field name')), types, true);
}

function storedType(text: string): AbstractType {
  try {
    return parseType(text);
  } catch (e) {
    throw new ConfigurationError(`stored keyspace: type '${text}': ${(e as Error).message}`, { cause: e });
  }
}

function extrasInput(t: Record<string, unknown>): Pick<ColumnFamilyInput, 'params' | 'droppedColumns' | 'indexes' | 'view'> {
  const params = t.params === undefined ? undefined : tableParamsFromObject(record(t.params, 'params'));
  const droppedColumns: DroppedColumn[] = t.dropped_columns === undefined ? [] : list(t.dropped_columns, 'dropped_columns').map((x) => {
    const d = record(x, 'dropped column');
    const kind = str(d.kind, 'dropped column kind');
    if (kind !== 'regular' && kind !== 'static') throw new ConfigurationError(`stored keyspace: dropped column kind ${kind}`);
    return { name: str(d.name, 'dropped column name'), type: storedType(str(d.type, 'dropped column type')), kind, droppedTime: BigInt(str(d.dropped_time, 'dropped_time')) };
  });
  const indexes: IndexDef[] = t.indexes === undefined ? [] : list(t.indexes, 'indexes').map((x) => {
    const i = record(x, 'index');
    const kind = str(i.kind, 'index kind');
    if (kind !== 'KEYS' && kind !== 'COMPOSITES' && kind !== 'CUSTOM') throw new ConfigurationError(`stored keyspace: index kind ${kind}`);
    return createIndexDef(str(i.name, 'index name'), kind, stringRecord(i.options));
  });
  const view = t.view === undefined ? null : viewFromObject(record(t.view, 'view'));
  return { params, droppedColumns, indexes, view };
}

function tableInput(t: Record<string, unknown>): Omit<ColumnFamilyInput, 'keyspace'> {
  if (t.cql !== undefined) {
    return {
      id: str(t.id, 'id'),
      name: str(t.name, 'name'),
      cql: cqlInput(record(t.cql, 'cql')),
      gcGraceSeconds: num(t.gc_grace_seconds, 'gc_grace_seconds'),
      defaultTimeToLive: num(t.default_time_to_live, 'default_time_to_live'),
      comment: str(t.comment, 'comment'),
    };
  }
  return {
    id: str(t.id, 'id'),
    name: str(t.name, 'name'),
    columnType: str(t.column_type, 'column_type'),
    comparator: str(t.comparator, 'comparator'),
    subcomparator: t.subcomparator === null ? null : str(t.subcomparator, 'subcomparator'),
    defaultValidator: str(t.default_validator, 'default_validator'),
    keyValidator: str(t.key_validator, 'key_validator'),
    columnMetadata: list(t.column_metadata, 'column_metadata').map((c) => {
      const col = record(c, 'column');
      return {
        name: Buffer.from(str(col.name, 'column name'), 'hex'),
        validator: str(col.validator, 'validator'),
        indexType: col.index_type === null ? null : str(col.index_type, 'index_type'),
        indexName: col.index_name === null ? null : str(col.index_name, 'index_name'),
      };
    }),
    gcGraceSeconds: num(t.gc_grace_seconds, 'gc_grace_seconds'),
    defaultTimeToLive: num(t.default_time_to_live, 'default_time_to_live'),
    comment: str(t.comment, 'comment'),
  };
}

function cqlInput(c: Record<string, unknown>): CqlTableInput {
  const cols = (v: unknown, what: string): { name: string; type: string }[] =>
    list(v, what).map((x) => {
      const r = record(x, what);
      return { name: str(r.name, `${what} name`), type: str(r.type, `${what} type`) };
    });
  const clustering = list(c.clustering, 'clustering').map((x) => {
    const r = record(x, 'clustering');
    const order = str(r.order, 'clustering order');
    if (order !== 'ASC' && order !== 'DESC') throw new ConfigurationError(`stored keyspace: clustering order ${order}`);
    return { name: str(r.name, 'clustering name'), type: str(r.type, 'clustering type'), order: order as 'ASC' | 'DESC' };
  });
  return { partitionKey: cols(c.partition_key, 'partition_key'), clustering, regular: cols(c.regular, 'regular'), statics: cols(c.static, 'static'), compact: bool(c.compact, 'compact') };
}

/** Stored tables always carry their id; needing a fresh one means the text is not ours. */
const NO_RANDOM: Random = {
  next: () => {
    throw new ConfigurationError('stored column family has no id');
  },
  bytes: () => {
    throw new ConfigurationError('stored column family has no id');
  },
};

function record(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ConfigurationError(`stored keyspace: ${what} must be an object`);
  return v as Record<string, unknown>;
}

function stringRecord(v: unknown): Record<string, string> {
  const r = record(v, 'options');
  return Object.fromEntries(Object.entries(r).map(([k, x]) => [k, str(x, `replication option ${k}`)]));
}

function list(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new ConfigurationError(`stored keyspace: ${what} must be an array`);
  return v;
}

function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new ConfigurationError(`stored keyspace: ${what} must be a string`);
  return v;
}

function num(v: unknown, what: string): number {
  if (typeof v !== 'number') throw new ConfigurationError(`stored keyspace: ${what} must be a number`);
  return v;
}

function bool(v: unknown, what: string): boolean {
  if (typeof v !== 'boolean') throw new ConfigurationError(`stored keyspace: ${what} must be a boolean`);
  return v;
}
