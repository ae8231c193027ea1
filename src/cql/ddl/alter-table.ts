/**
 * ALTER TABLE [IF EXISTS] [ks.]t ADD [IF NOT EXISTS] … | DROP [IF EXISTS] … [USING TIMESTAMP t]
 * | RENAME [IF EXISTS] pk TO new … | WITH options. The new definition is the old one's input with
 * the change, validated again by the schema layer; a dropped column is recorded with its drop
 * time so its old cells stay hidden, also if it is added again. Changing a column's type is
 * refused, as in Cassandra 4.0.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { COUNTER_COLUMN_TYPE } from '../../marshal/index.js';
import { type ColumnFamilyDef, type ColumnFamilyInput, type DroppedColumn, type Schema, columnFamilyInputOf, cqlTableInputOf, createColumnFamily, parseIndexTarget } from '../../schema/index.js';
import type { Random } from '../../env/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import type { AlterTableAction, AlterTableStatement, ColumnDefinition, Rename } from '../parser/index.js';
import { resolveCqlType } from './resolve-type.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';
import { tableOptions } from './table-options.js';

export const prepareAlterTable: Preparer<AlterTableStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.table, session);
  const name = stmt.table.name;
  const action = stmt.action;
  if (action.kind === 'alterColumnType') throw new InvalidRequestError('Altering column types is no longer supported');
  if (action.kind === 'dropCompactStorage') {
    // Cassandra 4.0 (AlterTableStatement.DropCompactStorage) refuses it unless enable_drop_compact_storage; Ilium has no such conversion.
    throw new InvalidRequestError(ctx.dropCompactStorageEnabled ? 'DROP COMPACT STORAGE is not supported' : 'DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.');
  }
  const options = action.kind === 'setOptions' ? tableOptions(action.properties) : null;
  if (options?.id !== undefined) throw new InvalidRequestError('Cannot alter table id.');
  return schemaStatement('alterTable', () => {
    checkModifiable(ctx, keyspace);
    const dropTime = ctx.timestamps.next();
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      const cf = ks?.tables.find((t) => t.name === name);
      if (cf === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(ks === undefined ? `Keyspace '${keyspace}' doesn't exist` : `Table '${keyspace}.${name}' doesn't exist`);
      }
      // Cassandra 4.0 (AlterTableStatement).
      if (cf.view !== null) throw new InvalidRequestError('Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead');
      const input = altered(cf, action, s, options, dropTime);
      if (input === null) return null;
      const next = createColumnFamily(input, ctx.env.random);
      let schema = s.updateColumnFamily(next);
      if (action.kind === 'addColumns') for (const v of s.viewsOf(cf.id)) schema = schema.updateColumnFamily(withBaseColumns(v, next, ctx.env.random));
      return { schema, event: { change: 'UPDATED', target: 'TABLE', keyspace, name } };
    });
  });
};

type Options = ReturnType<typeof tableOptions> | null;

/** A SELECT * view gains the regular columns added to its base, as Cassandra 4.0's ALTER TABLE ADD does (static ones stay out). */
function withBaseColumns(view: ColumnFamilyDef, base: ColumnFamilyDef, random: Random): ColumnFamilyDef {
  if (!view.view!.includeAllColumns) return view;
  const added = base.cql.regular.filter((c) => !view.cql.columns.has(c.name));
  if (added.length === 0) return view;
  const cql = cqlTableInputOf(view.cql);
  return createColumnFamily({ ...columnFamilyInputOf(view), cql: { ...cql, regular: [...(cql.regular ?? []), ...added.map((c) => ({ name: c.name, type: c.type }))] } }, random);
}

/** The new definition's input, or null when the change changes nothing (IF [NOT] EXISTS). */
function altered(cf: ColumnFamilyDef, action: AlterTableAction, s: Schema, options: Options, dropTime: bigint): ColumnFamilyInput | null {
  const base = columnFamilyInputOf(cf);
  switch (action.kind) {
    case 'setOptions': {
      const o = options!;
      const ttl = o.defaultTimeToLive ?? cf.defaultTimeToLive;
      if (ttl > 0 && isCounterTable(cf)) throw new InvalidRequestError('Cannot set default_time_to_live on a table with counters');
      return {
        ...base,
        comment: o.comment ?? cf.comment,
        gcGraceSeconds: o.gcGraceSeconds ?? cf.gcGraceSeconds,
        defaultTimeToLive: ttl,
        params: { ...cf.params, ...Object.fromEntries(Object.entries(o.params).filter(([, v]) => v !== undefined)) },
      };
    }
    case 'addColumns':
      return addColumns(cf, base, action.columns, action.ifNotExists, s);
    case 'dropColumns':
      return dropColumns(cf, base, action.columns, action.ifExists, action.timestamp === null ? dropTime : BigInt(action.timestamp), s.viewsOf(cf.id).length > 0);
    case 'renameColumns':
      return renameColumns(cf, base, action.renames, action.ifExists);
    default:
      throw new InvalidRequestError(`ALTER TABLE ${action.kind} is not supported`);
  }
}

function cqlOnly(cf: ColumnFamilyDef, what: string): void {
  if (cf.cql.compact) throw new InvalidRequestError(`Cannot ${what} a COMPACT STORAGE table`);
}

function isCounterTable(cf: ColumnFamilyDef): boolean {
  return [...cf.cql.regular, ...cf.cql.statics].some((c) => c.type === COUNTER_COLUMN_TYPE) || (cf.cql.fromThrift && cf.defaultValidator === COUNTER_COLUMN_TYPE);
}

function addColumns(cf: ColumnFamilyDef, base: ColumnFamilyInput, columns: readonly ColumnDefinition[], ifNotExists: boolean, s: Schema): ColumnFamilyInput | null {
  cqlOnly(cf, 'add new column to');
  const cql = cqlTableInputOf(cf.cql);
  const regular = [...(cql.regular ?? [])];
  const statics = [...(cql.statics ?? [])];
  const counters = isCounterTable(cf);
  const hasNonPk = regular.length + statics.length > 0;
  let added = 0;
  for (const c of columns) {
    if (cf.cql.columns.has(c.name)) {
      if (ifNotExists) continue;
      throw new InvalidRequestError(`Column with name '${c.name}' already exists`);
    }
    const type = resolveCqlType(c.type, cf.keyspace, s);
    const isCounter = type === COUNTER_COLUMN_TYPE;
    if (hasNonPk && isCounter && !counters) throw new InvalidRequestError(`Cannot add a counter column (${c.name}) in a non counter table`);
    if (hasNonPk && !isCounter && counters) throw new InvalidRequestError(`Cannot add a non counter column (${c.name}) in a counter table`);
    const dropped = cf.droppedColumns.find((d) => d.name === c.name);
    if (dropped !== undefined && dropped.type.fullName !== type.fullName) {
      throw new InvalidRequestError(`Cannot re-add previously dropped column '${c.name}' of type ${type.cqlName ?? type.name}, incompatible with previous type ${dropped.type.cqlName ?? dropped.type.name}`);
    }
    (c.isStatic ? statics : regular).push({ name: c.name, type });
    added++;
  }
  if (added === 0) return null;
  return { ...base, cql: { ...cql, regular, statics } };
}

function dropColumns(cf: ColumnFamilyDef, base: ColumnFamilyInput, names: readonly string[], ifExists: boolean, droppedTime: bigint, hasViews: boolean): ColumnFamilyInput | null {
  cqlOnly(cf, 'drop columns from');
  const cql = cqlTableInputOf(cf.cql);
  let regular = [...(cql.regular ?? [])];
  let statics = [...(cql.statics ?? [])];
  const dropped = new Map<string, DroppedColumn>(cf.droppedColumns.map((d) => [d.name, d]));
  for (const n of names) {
    const col = cf.cql.columns.get(n);
    if (col === undefined) {
      if (ifExists) continue;
      throw new InvalidRequestError(`Column ${n} was not found in table ${cf.keyspace}.${cf.name}`);
    }
    if (col.kind === 'partition_key' || col.kind === 'clustering') throw new InvalidRequestError(`Cannot drop PRIMARY KEY column ${n}`);
    const indexes = cf.indexes.filter((i) => parseIndexTarget(i.options.target ?? '').column === n).map((i) => i.name);
    if (indexes.length > 0) throw new InvalidRequestError(`Cannot drop column ${n} because it has dependent secondary indexes (${indexes.join(', ')})`);
    if (hasViews) throw new InvalidRequestError(`Cannot drop column ${n} on base table ${cf.name} with materialized views`);
    regular = regular.filter((c) => c.name !== n);
    statics = statics.filter((c) => c.name !== n);
    dropped.set(n, { name: n, type: col.type, kind: col.kind === 'static' ? 'static' : 'regular', droppedTime });
  }
  if (dropped.size === cf.droppedColumns.length && regular.length === (cql.regular ?? []).length && statics.length === (cql.statics ?? []).length) return null;
  return { ...base, cql: { ...cql, regular, statics }, droppedColumns: [...dropped.values()] };
}

function renameColumns(cf: ColumnFamilyDef, base: ColumnFamilyInput, renames: readonly Rename[], ifExists: boolean): ColumnFamilyInput | null {
  if (cf.cql.fromThrift) throw new InvalidRequestError(`Cannot rename columns of ${cf.keyspace}.${cf.name}: it was made through Thrift`);
  const cql = cqlTableInputOf(cf.cql);
  const names = new Map<string, string>();
  for (const r of renames) {
    const col = cf.cql.columns.get(r.from);
    if (col === undefined) {
      if (ifExists) continue;
      throw new InvalidRequestError(`Column ${r.from} was not found in table ${cf.keyspace}.${cf.name}`);
    }
    if (col.kind !== 'partition_key' && col.kind !== 'clustering') throw new InvalidRequestError(`Cannot rename non PRIMARY KEY column ${r.from}`);
    const taken = (cf.cql.columns.has(r.to) && !names.has(r.to)) || [...names.values()].includes(r.to);
    if (taken) throw new InvalidRequestError(`Cannot rename column ${r.from} to ${r.to} in table '${cf.name}'; another column with that name already exists`);
    const indexes = cf.indexes.filter((i) => parseIndexTarget(i.options.target ?? '').column === r.from).map((i) => i.name);
    if (indexes.length > 0) throw new InvalidRequestError(`Cannot rename column ${r.from} because it has dependent secondary indexes (${indexes.join(', ')})`);
    names.set(r.from, r.to);
  }
  if (names.size === 0) return null;
  const rename = <C extends { name: string }>(c: C): C => ({ ...c, name: names.get(c.name) ?? c.name });
  return { ...base, cql: { ...cql, partitionKey: cql.partitionKey.map(rename), clustering: cql.clustering?.map(rename) } };
}
