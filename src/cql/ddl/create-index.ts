/**
 * CREATE [CUSTOM] INDEX [IF NOT EXISTS] [name] ON [ks.]t (target) [USING 'class' [WITH options]].
 * On a CQL table the definition is kept in the table (kind COMPOSITES, maintained and queried
 * through db/cql-index; or CUSTOM with its class: a definition only); the keeper builds a new
 * COMPOSITES index from the table's rows before the statement completes. SASI's options are checked
 * (restrictions/sasi-index.ts: what Ilium honours, Cassandra's messages for the rest). On a Thrift-made column family, an index on one of its
 * named columns is the column metadata's KEYS index, which the engine builds and maintains.
 * Targets: a column; keys(m), values(c), entries(m) of non-frozen collections; full(f) of frozen
 * ones. The schema-change event is UPDATED for the table, as Cassandra sends. A SASI index needs
 * enable_sasi_indexes (Cassandra 4.0's default: off, with its message) and warns the client that
 * SASI is experimental, as 4.0's CreateIndexStatement does.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { COUNTER_COLUMN_TYPE, DURATION_TYPE, ListType, MapType, SetType, UserType } from '../../marshal/index.js';
import { AlreadyExistsError, type ColumnFamilyDef, type CqlColumn, type IndexDef, columnFamilyInputOf, createColumnFamily, createIndexDef, isMultiCell, parseIndexTarget } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import { type CreateIndexStatement, type IndexTarget, quoteIdentifier } from '../parser/index.js';
import { SASI_CLASS, checkSasiOptions } from '../restrictions/sasi-index.js';
import { Properties } from './ddl-properties.js';
import { defaultIndexName, findIndex } from './index-names.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

/** Cassandra 4.0's SASIIndex.USAGE_WARNING. */
export const SASI_USAGE_WARNING = 'SASI indexes are experimental and are not recommended for production use.';

export const prepareCreateIndex: Preparer<CreateIndexStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.table, session);
  const table = stmt.table.name;
  const options = new Properties(stmt.properties, ['options']).map('options') ?? {};
  if (stmt.custom && stmt.using === null) throw new InvalidRequestError('CUSTOM index requires specifying the index class');
  if (!stmt.custom && stmt.using !== null) throw new InvalidRequestError('Cannot specify index class for a non-CUSTOM index');
  if (!stmt.custom && Object.keys(options).length > 0) throw new InvalidRequestError('Cannot specify options for a non-CUSTOM index');
  if (stmt.targets.length !== 1 && !stmt.custom) throw new InvalidRequestError('Only CUSTOM indexes support multiple columns');
  const sasi = stmt.custom && stmt.using === SASI_CLASS;
  return schemaStatement('createIndex', async (state) => {
    checkModifiable(ctx, keyspace);
    if (sasi && !ctx.sasiIndexesEnabled) throw new InvalidRequestError('SASI indexes are disabled. Enable in cassandra.yaml to use.');
    const result = await applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined) throw new InvalidRequestError(`Keyspace '${keyspace}' doesn't exist`);
      const cf = ks.tables.find((t) => t.name === table);
      if (cf === undefined) throw new InvalidRequestError(`Table '${keyspace}.${table}' doesn't exist`);
      // Cassandra 4.0 (CreateIndexStatement).
      if (cf.view !== null) throw new InvalidRequestError('Secondary indexes are not supported on materialized views');
      const name = stmt.name ?? defaultIndexName(ks, table, stmt.targets[0]!.column);
      if (findIndex(ks, name) !== undefined) {
        if (stmt.ifNotExists) return null;
        throw new AlreadyExistsError(keyspace, name, `Index '${name}' already exists`);
      }
      const next = cf.cql.fromThrift ? thriftIndex(cf, stmt, name) : cqlIndex(cf, stmt, name, options, ctx.partitioner.name);
      if (next === null) return null;
      return { schema: s.updateColumnFamily(createColumnFamily(next, ctx.env.random)), event: { change: 'UPDATED', target: 'TABLE', keyspace, name: table } };
    });
    if (sasi) state.warn(SASI_USAGE_WARNING);
    return result;
  });
};

function cqlIndex(cf: ColumnFamilyDef, stmt: CreateIndexStatement, name: string, options: Record<string, string>, partitioner: string) {
  const targets = stmt.targets.map((t) => targetText(cf, t));
  const target = targets.join(',');
  if (stmt.using === SASI_CLASS) checkSasiOptions(cf.cql.columns.get(stmt.targets[0]!.column)!, options, partitioner);
  if (!stmt.custom) {
    const duplicate = cf.indexes.find((i) => i.kind !== 'CUSTOM' && i.options.target === target);
    if (duplicate !== undefined) {
      if (stmt.ifNotExists) return null;
      throw new InvalidRequestError(`Index ${name} is a duplicate of existing index ${duplicate.name}`);
    }
  }
  const index: IndexDef = stmt.custom ? createIndexDef(name, 'CUSTOM', { ...options, class_name: stmt.using!, target }) : createIndexDef(name, 'COMPOSITES', { target });
  return { ...columnFamilyInputOf(cf), indexes: [...cf.indexes, index] };
}

/** The target as Cassandra stores it; checks the column can be indexed that way. */
function targetText(cf: ColumnFamilyDef, t: IndexTarget): string {
  const col = cf.cql.columns.get(t.column);
  if (col === undefined) throw new InvalidRequestError(`Undefined column name ${t.column} in table ${cf.keyspace}.${cf.name}`);
  check(cf, col, t);
  const c = quoteIdentifier(col.name);
  const collection = col.type instanceof ListType || col.type instanceof SetType || col.type instanceof MapType;
  if (t.type === 'simple') return collection && isMultiCell(col.type) ? `values(${c})` : c;
  return `${t.type}(${c})`;
}

function check(cf: ColumnFamilyDef, col: CqlColumn, t: IndexTarget): void {
  if (col.type === COUNTER_COLUMN_TYPE) throw new InvalidRequestError('Secondary indexes on counter tables are not supported');
  if (col.kind === 'partition_key' && cf.cql.partitionKey.length === 1) throw new InvalidRequestError(`Cannot create secondary index on the only partition key column ${col.name}`);
  if (col.type === DURATION_TYPE) throw new InvalidRequestError('Secondary indexes are not supported on duration columns');
  const multi = isMultiCell(col.type);
  if (col.type instanceof UserType && multi) throw new InvalidRequestError('Secondary indexes are not supported on non-frozen UDTs');
  const isMap = col.type instanceof MapType;
  if (t.type === 'full' && multi) throw new InvalidRequestError(`full() indexes can only be created on frozen collections`);
  if (t.type !== 'full' && !multi && (col.type instanceof ListType || col.type instanceof SetType || isMap)) {
    throw new InvalidRequestError(`Frozen collections are immutable and must be fully indexed by using the 'full(${col.name})' modifier`);
  }
  if ((t.type === 'keys' || t.type === 'entries') && !(isMap && multi)) {
    throw new InvalidRequestError(`Cannot create index on ${t.type} of column ${col.name} with non-map type`);
  }
  if (t.type === 'values' && !multi) throw new InvalidRequestError(`Cannot create index on values() of column ${col.name}: it is not a non-frozen collection`);
}

/** A KEYS index in a Thrift-made column family's column metadata. */
function thriftIndex(cf: ColumnFamilyDef, stmt: CreateIndexStatement, name: string) {
  const t = stmt.targets[0]!;
  if (stmt.custom || t.type !== 'simple') throw new InvalidRequestError(`Only plain KEYS indexes can be created on the Thrift column family ${cf.keyspace}.${cf.name}`);
  const meta = cf.columnMetadata.find((c) => cf.comparator.toString(c.name) === t.column);
  if (meta === undefined) {
    if (cf.cql.columns.has(t.column)) throw new InvalidRequestError(`Secondary indexes on ${cf.keyspace}.${cf.name} can only be created on its named columns (column_metadata)`);
    throw new InvalidRequestError(`Undefined column name ${t.column} in table ${cf.keyspace}.${cf.name}`);
  }
  if (meta.indexType !== null) {
    if (stmt.ifNotExists) return null;
    throw new InvalidRequestError(`Index ${name} is a duplicate of existing index ${meta.indexName}`);
  }
  const columnMetadata = cf.columnMetadata.map((c) => (c === meta ? { name: c.name, validator: c.validator, indexType: 'KEYS', indexName: name } : c));
  return { ...columnFamilyInputOf(cf), columnMetadata };
}
