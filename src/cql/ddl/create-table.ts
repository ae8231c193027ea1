/**
 * CREATE TABLE [IF NOT EXISTS] [ks.]t (columns, PRIMARY KEY …) [WITH options, CLUSTERING ORDER
 * BY, COMPACT STORAGE]: the statement is checked as Cassandra checks it (primary key columns
 * defined once, clustering order matching the clustering columns, counters alone and without a
 * default TTL), then the definition is built and validated by the schema layer.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, COUNTER_COLUMN_TYPE } from '../../marshal/index.js';
import { AlreadyExistsError, type ColumnFamilyDef, type CqlTableInput, type Schema, createColumnFamily } from '../../schema/index.js';
import { type CqlContext, type Preparer, keyspaceOf } from '../execution/index.js';
import type { CreateTableStatement } from '../parser/index.js';
import { resolveCqlType } from './resolve-type.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';
import { tableOptions } from './table-options.js';

export const prepareCreateTable: Preparer<CreateTableStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.table, session);
  const options = tableOptions(stmt.options.properties);
  const name = stmt.table.name;
  return schemaStatement('createTable', () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined) throw new InvalidRequestError(`Keyspace '${keyspace}' doesn't exist`);
      if (ks.tables.some((t) => t.name === name)) {
        if (stmt.ifNotExists) return null;
        throw new AlreadyExistsError(keyspace, name, `Cannot add already existing table "${name}" to keyspace "${keyspace}"`);
      }
      const cf = buildTable(stmt, keyspace, s, ctx, options);
      return { schema: s.addColumnFamily(cf), event: { change: 'CREATED', target: 'TABLE', keyspace, name } };
    });
  });
};

function buildTable(stmt: CreateTableStatement, keyspace: string, schema: Schema, ctx: CqlContext, options: ReturnType<typeof tableOptions>): ColumnFamilyDef {
  const table = stmt.table.name;
  const types = new Map<string, AbstractType>();
  for (const c of stmt.columns) {
    if (types.has(c.name)) throw new InvalidRequestError(`Duplicate column '${c.name}' declaration for table '${keyspace}.${table}'`);
    types.set(c.name, resolveCqlType(c.type, keyspace, schema));
  }
  const { partitionKey, clusteringColumns } = stmt.primaryKey;
  if (partitionKey.length === 0) throw new InvalidRequestError(`No PRIMARY KEY specifed for table '${keyspace}.${table}' (exactly one required)`);
  const inKey = new Set<string>();
  for (const k of [...partitionKey, ...clusteringColumns]) {
    if (!types.has(k)) throw new InvalidRequestError(`Unknown column '${k}' referenced in PRIMARY KEY for table '${keyspace}.${table}'`);
    if (inKey.has(k)) throw new InvalidRequestError(`Duplicate column '${k}' in PRIMARY KEY clause for table '${keyspace}.${table}'`);
    inKey.add(k);
  }
  for (const c of stmt.columns) if (c.isStatic && inKey.has(c.name)) throw new InvalidRequestError(`Static column '${c.name}' cannot be part of the PRIMARY KEY`);
  const order = clusteringOrder(stmt, clusteringColumns);
  const nonKey = stmt.columns.filter((c) => !inKey.has(c.name));
  const cql: CqlTableInput = {
    partitionKey: partitionKey.map((k) => ({ name: k, type: types.get(k)! })),
    clustering: clusteringColumns.map((k, i) => ({ name: k, type: types.get(k)!, order: order[i]! })),
    regular: nonKey.filter((c) => !c.isStatic).map((c) => ({ name: c.name, type: types.get(c.name)! })),
    statics: nonKey.filter((c) => c.isStatic).map((c) => ({ name: c.name, type: types.get(c.name)! })),
    compact: stmt.options.compactStorage,
  };
  const hasCounters = nonKey.some((c) => types.get(c.name) === COUNTER_COLUMN_TYPE);
  if (hasCounters && (options.defaultTimeToLive ?? 0) > 0) throw new InvalidRequestError('Cannot set default_time_to_live on a table with counters');
  return createColumnFamily(
    { keyspace, name: table, id: options.id, cql, comment: options.comment, gcGraceSeconds: options.gcGraceSeconds, defaultTimeToLive: options.defaultTimeToLive, params: options.params },
    ctx.env.random,
  );
}

/** Each clustering column's order; CLUSTERING ORDER BY must name the clustering columns in order. */
function clusteringOrder(stmt: CreateTableStatement, clustering: readonly string[]): ('ASC' | 'DESC')[] {
  const given = stmt.options.clusteringOrder;
  if (given.length === 0) return clustering.map(() => 'ASC');
  for (const o of given) {
    if (!clustering.includes(o.column)) {
      const what = stmt.columns.some((c) => c.name === o.column) ? 'Only clustering key columns can be defined in CLUSTERING ORDER directive' : `Unknown column ${o.column} in CLUSTERING ORDER directive`;
      throw new InvalidRequestError(what);
    }
  }
  if (given.length !== clustering.length || given.some((o, i) => o.column !== clustering[i])) {
    throw new InvalidRequestError('Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive');
  }
  return given.map((o) => (o.descending ? 'DESC' : 'ASC'));
}
