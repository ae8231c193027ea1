/**
 * CREATE MATERIALIZED VIEW [IF NOT EXISTS] [ks.]v AS SELECT cols | * FROM [ks.]base WHERE …
 * PRIMARY KEY (…) [WITH CLUSTERING ORDER BY … AND options]: checked as Cassandra 4.0 checks it,
 * in its order and with its messages (cql3/statements/schema/CreateViewStatement.java): allowed
 * only with enable_materialized_views; the base a non-counter table, not a view, with a non-zero
 * gc_grace_seconds; plain columns selected, none static; the view key holding every base key
 * column and at most one other column, each restricted (view-where.ts); no
 * default_time_to_live. The view is a table of its own (ViewDef beside it); the SchemaKeeper
 * builds it from the base's rows. Success warns the client that views are experimental, as
 * Cassandra 4.0 does (View.USAGE_WARNING).
 */
import { InvalidRequestError } from '../../errors/index.js';
import { AlreadyExistsError, type ColumnFamilyDef, type CqlTableInput, type Schema, createColumnFamily } from '../../schema/index.js';
import { type CqlContext, type Preparer, keyspaceOf } from '../execution/index.js';
import type { CreateMaterializedViewStatement, Selector } from '../parser/index.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';
import { tableOptions } from './table-options.js';
import { relationText, viewFilters } from './view-where.js';

/** Cassandra 4.0's View.USAGE_WARNING. */
export const VIEW_USAGE_WARNING = 'Materialized views are experimental and are not recommended for production use.';

export const prepareCreateMaterializedView: Preparer<CreateMaterializedViewStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.view, session);
  if (stmt.baseTable.keyspace !== null && stmt.baseTable.keyspace !== keyspace) throw new InvalidRequestError('Cannot create a materialized view on a table in a different keyspace');
  const options = tableOptions(stmt.options.properties);
  const name = stmt.view.name;
  return schemaStatement('createMaterializedView', async (state) => {
    if (!ctx.materializedViewsEnabled) throw new InvalidRequestError('Materialized views are disabled. Enable in cassandra.yaml to use.');
    checkModifiable(ctx, keyspace);
    const result = await applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined) throw new InvalidRequestError(`Keyspace '${keyspace}' doesn't exist`);
      const base = ks.tables.find((t) => t.name === stmt.baseTable.name);
      if (base === undefined) throw new InvalidRequestError(`Base table '${stmt.baseTable.name}' doesn't exist`);
      const existing = ks.tables.find((t) => t.name === name);
      if (existing !== undefined && existing.view === null) throw new InvalidRequestError(`Cannot create materialized view '${name}' - a table with the same name already exists`);
      if (existing !== undefined) {
        if (stmt.ifNotExists) return null;
        throw new AlreadyExistsError(keyspace, name, `Cannot add already existing table "${name}" to keyspace "${keyspace}"`);
      }
      const view = buildView(stmt, base, s, ctx, options);
      return { schema: s.addColumnFamily(view), event: { change: 'CREATED', target: 'TABLE', keyspace, name } };
    });
    state.warn(VIEW_USAGE_WARNING);
    return result;
  });
};

function buildView(stmt: CreateMaterializedViewStatement, base: ColumnFamilyDef, _s: Schema, ctx: CqlContext, options: ReturnType<typeof tableOptions>): ColumnFamilyDef {
  const name = stmt.view.name;
  const t = base.cql;
  if ([...t.regular, ...t.statics].some((c) => c.type.name === 'CounterColumnType')) throw new InvalidRequestError('Materialized views are not supported on counter tables');
  if (base.view !== null) throw new InvalidRequestError('Materialized views cannot be created against other materialized views');
  if (t.compact) throw new InvalidRequestError('Materialized views are not supported on COMPACT STORAGE tables');
  if (base.gcGraceSeconds === 0) {
    throw new InvalidRequestError(
      `Cannot create materialized view '${name}' for base table '${base.name}' with gc_grace_seconds of 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed.`,
    );
  }
  const selected = selectedColumns(stmt, base);
  const statics = t.statics.find((c) => selected.has(c.name));
  if (statics !== undefined) throw new InvalidRequestError(`Cannot include static column '${statics.name}' in materialized view '${name}'`);
  const { partitionKey, clusteringColumns } = stmt.primaryKey;
  if (partitionKey.length === 0) throw new InvalidRequestError(`Must provide at least one partition key column for materialized view '${name}'`);
  const inKey = new Set<string>();
  for (const k of [...partitionKey, ...clusteringColumns]) {
    const col = t.columns.get(k);
    if (col === undefined || !selected.has(k)) throw new InvalidRequestError(`Unknown column '${k}' referenced in PRIMARY KEY for materialized view '${name}'`);
    if (inKey.has(k)) throw new InvalidRequestError(`Duplicate column '${k}' in PRIMARY KEY clause for materialized view '${name}'`);
    inKey.add(k);
    if ((col.type as { isMultiCell?: boolean }).isMultiCell === true) throw new InvalidRequestError(`Invalid non-frozen collection type '${col.type.name}' for PRIMARY KEY column '${k}'`);
    if (col.type.name === 'DurationType') throw new InvalidRequestError(`duration type is not supported for PRIMARY KEY column '${k}'`);
  }
  const order = stmt.options.clusteringOrder;
  if (order.length > 0 && (order.length !== clusteringColumns.length || order.some((o, i) => o.column !== clusteringColumns[i]))) {
    throw new InvalidRequestError('Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive');
  }
  const baseKey = [...t.partitionKey, ...t.clustering].map((c) => c.name);
  const missing = baseKey.filter((k) => !inKey.has(k));
  if (missing.length > 0) throw new InvalidRequestError(`Cannot create materialized view '${name}' without primary key columns ${missing.join(', ')} from base table '${base.name}'`);
  const extra = [...inKey].filter((k) => !baseKey.includes(k));
  if (extra.length > 1) throw new InvalidRequestError(`Cannot include more than one non-primary key column in materialized view primary key (got ${extra.join(', ')})`);
  const filters = viewFilters(stmt.where, base, inKey);
  if (options.defaultTimeToLive !== undefined) {
    throw new InvalidRequestError('Cannot set default_time_to_live for a materialized view. Data in a materialized view always expire at the same time than the corresponding data in the parent table.');
  }
  const type = (k: string) => t.columns.get(k)!.type;
  const cql: CqlTableInput = {
    partitionKey: partitionKey.map((k) => ({ name: k, type: type(k) })),
    clustering: clusteringColumns.map((k, i) => ({ name: k, type: type(k), order: order[i]?.descending === true ? 'DESC' : 'ASC' })),
    regular: [...selected].filter((k) => !inKey.has(k)).map((k) => ({ name: k, type: type(k) })),
  };
  const view = { baseTableId: base.id, baseTableName: base.name, includeAllColumns: stmt.wildcard, whereClause: stmt.where.map(relationText).join(' AND '), filters };
  return createColumnFamily({ keyspace: base.keyspace, name, id: options.id, cql, comment: options.comment, gcGraceSeconds: options.gcGraceSeconds, params: options.params, view }, ctx.env.random);
}

function selectedColumns(stmt: CreateMaterializedViewStatement, base: ColumnFamilyDef): Set<string> {
  if (stmt.wildcard) return new Set(base.cql.columns.keys());
  const out = new Set<string>();
  for (const item of stmt.selectors) {
    if (item.alias !== null) throw new InvalidRequestError(`Cannot use aliases when defining a materialized view (got ${selectorName(item.selector)} AS ${item.alias})`);
    if (item.selector.kind !== 'column') throw new InvalidRequestError('Can only select columns by name when defining a materialized view');
    if (!base.cql.columns.has(item.selector.name)) throw new InvalidRequestError(`Undefined column name ${item.selector.name}`);
    out.add(item.selector.name);
  }
  return out;
}

function selectorName(s: Selector): string {
  return s.kind === 'column' ? s.name : s.kind;
}
