/**
 * The CQL view of a column family (DESIGN §1: one storage model, two views). Every column family
 * has one, whichever view made it:
 *  - made through CQL (`CREATE TABLE`): the columns as declared — partition key, clustering
 *    columns with their order, regular and static columns — and the COMPACT STORAGE flag; the
 *    Thrift-side fields (comparator, validators, column metadata) are derived from it
 *    (`thriftFieldsOf`);
 *  - made through Thrift or the seeds' API: derived from the Thrift fields as Cassandra 2.x showed
 *    such tables to CQL (`cqlViewOfThrift`): `key` (the key validator); for a Standard CF without
 *    column metadata `column1` (the comparator; `column1…N` for a CompositeType) and `value` (the
 *    default validator); for a Super CF `column1` (super column), `column2` (sub-column) and
 *    `value`; for a Standard CF with column metadata, its named columns (the dynamic ones are not
 *    visible, as in Cassandra 2.0). All of these are COMPACT STORAGE tables.
 *
 * How the view maps onto cells is the CQL layer's business (src/cql/storage); the rules are:
 * compact tables with clustering columns store one cell per row named by the clustering values
 * (holding the one value column) — the Thrift layout; compact tables without clustering store one
 * cell per column named by the comparator's form of the column name; other tables store
 * [clustering…, column name (, collection path)] cells, a row marker, and static cells.
 */
import { InvalidRequestError } from '../errors/index.js';
import { type AbstractType, BYTES_TYPE, CompositeType, ReversedType, UTF8_TYPE } from '../marshal/index.js';
import { type TypeInput, resolveType } from './resolve-type.js';

export type CqlColumnKind = 'partition_key' | 'clustering' | 'regular' | 'static';

export interface CqlColumn {
  readonly name: string;
  /** The column's type (never ReversedType: a DESC clustering column says so in `reversed`). */
  readonly type: AbstractType;
  readonly kind: CqlColumnKind;
  /** Position within the partition key or the clustering columns; 0 for regular and static columns. */
  readonly position: number;
  /** A clustering column in DESC order. */
  readonly reversed: boolean;
}

export interface CqlTable {
  readonly partitionKey: readonly CqlColumn[];
  readonly clustering: readonly CqlColumn[];
  /** Regular columns, by name (UTF-8 byte order). */
  readonly regular: readonly CqlColumn[];
  /** Static columns, by name (UTF-8 byte order). */
  readonly statics: readonly CqlColumn[];
  readonly compact: boolean;
  /** Derived from a Thrift definition (not persisted: derived again on load). */
  readonly fromThrift: boolean;
  /** Every column by name. */
  readonly columns: ReadonlyMap<string, CqlColumn>;
}

export interface CqlColumnInput {
  readonly name: string;
  readonly type: TypeInput;
}

export interface CqlTableInput {
  readonly partitionKey: readonly CqlColumnInput[];
  readonly clustering?: readonly (CqlColumnInput & { readonly order?: 'ASC' | 'DESC' })[];
  readonly regular?: readonly CqlColumnInput[];
  readonly statics?: readonly CqlColumnInput[];
  readonly compact?: boolean;
}

/** Validates a CQL definition and resolves its types. */
export function createCqlTable(input: CqlTableInput, tableName: string): CqlTable {
  const clusteringIn = input.clustering ?? [];
  const regularIn = input.regular ?? [];
  const staticIn = input.statics ?? [];
  const compact = input.compact ?? false;
  if (input.partitionKey.length === 0) throw new InvalidRequestError(`Table ${tableName} needs a PRIMARY KEY`);
  const col = (c: CqlColumnInput, kind: CqlColumnKind, position: number, reversed = false): CqlColumn => {
    validateColumnName(c.name, tableName);
    const type = resolveType(c.type, `type of column ${c.name}`);
    if (type.isReversed) throw new InvalidRequestError(`Column ${c.name}: give DESC order in CLUSTERING ORDER BY, not a reversed type`);
    return Object.freeze({ name: c.name, type, kind, position, reversed });
  };
  const partitionKey = input.partitionKey.map((c, i) => col(c, 'partition_key', i));
  const clustering = clusteringIn.map((c, i) => col(c, 'clustering', i, (c.order ?? 'ASC') === 'DESC'));
  // Regular and static columns are kept by name (UTF-8 byte order), as Cassandra orders them.
  const regular = regularIn.map((c) => col(c, 'regular', 0)).sort(byNameBytes);
  const statics = staticIn.map((c) => col(c, 'static', 0)).sort(byNameBytes);
  const columns = new Map<string, CqlColumn>();
  for (const c of [...partitionKey, ...clustering, ...regular, ...statics]) {
    if (columns.has(c.name)) throw new InvalidRequestError(`Multiple definition of identifier ${c.name}`);
    columns.set(c.name, c);
  }
  if (statics.length > 0 && clustering.length === 0) throw new InvalidRequestError(`Static columns are only useful (and thus allowed) if the table has at least one clustering column`);
  if (compact) {
    if (statics.length > 0) throw new InvalidRequestError('Static columns are not supported in COMPACT STORAGE tables');
    if (clustering.length > 0 && regular.length > 1) throw new InvalidRequestError('COMPACT STORAGE with clustering columns allows at most one column outside the PRIMARY KEY');
    if (clustering.length === 0 && regular.length === 0) throw new InvalidRequestError('COMPACT STORAGE without clustering columns needs at least one column outside the PRIMARY KEY');
  }
  const counters = [...regular, ...statics].filter((c) => c.type.name === 'CounterColumnType').length;
  if (counters > 0 && counters !== regular.length + statics.length) throw new InvalidRequestError('Cannot mix counter and non counter columns in the same table');
  for (const c of [...partitionKey, ...clustering]) {
    if (c.type.name === 'CounterColumnType') throw new InvalidRequestError(`counter type is not supported for PRIMARY KEY column '${c.name}'`);
    if (isMultiCell(c.type)) throw new InvalidRequestError(`Invalid non-frozen collection type for PRIMARY KEY component ${c.name}`);
  }
  return Object.freeze({
    partitionKey: Object.freeze(partitionKey),
    clustering: Object.freeze(clustering),
    regular: Object.freeze(regular),
    statics: Object.freeze(statics),
    compact,
    fromThrift: false,
    columns,
  });
}

/** What a CQL definition means to Thrift clients (and to the column family's Thrift-side fields). */
export interface ThriftFields {
  readonly comparator: AbstractType;
  readonly defaultValidator: AbstractType;
  readonly keyValidator: AbstractType;
  /** Named columns (compact tables without clustering): name → validator. */
  readonly namedColumns: readonly { readonly name: string; readonly validator: AbstractType }[];
}

export function thriftFieldsOf(t: CqlTable): ThriftFields {
  const keyValidator = t.partitionKey.length === 1 ? t.partitionKey[0]!.type : new CompositeType(t.partitionKey.map((c) => c.type));
  const clusteringTypes = t.clustering.map((c) => (c.reversed ? new ReversedType(c.type) : c.type));
  if (!t.compact) return { comparator: new CompositeType([...clusteringTypes, UTF8_TYPE]), defaultValidator: BYTES_TYPE, keyValidator, namedColumns: [] };
  if (t.clustering.length > 0) {
    const comparator = clusteringTypes.length === 1 ? clusteringTypes[0]! : new CompositeType(clusteringTypes);
    return { comparator, defaultValidator: t.regular[0]?.type ?? BYTES_TYPE, keyValidator, namedColumns: [] };
  }
  return { comparator: UTF8_TYPE, defaultValidator: BYTES_TYPE, keyValidator, namedColumns: t.regular.map((c) => ({ name: c.name, validator: c.type })) };
}

/** The Thrift-side definition's CQL view (see the header). */
export function cqlViewOfThrift(f: {
  readonly columnType: 'Standard' | 'Super';
  readonly comparator: AbstractType;
  readonly subcomparator: AbstractType | null;
  readonly defaultValidator: AbstractType;
  readonly keyValidator: AbstractType;
  readonly namedColumns: readonly { readonly name: string; readonly validator: AbstractType }[];
}): CqlTable {
  const base = (type: AbstractType): { type: AbstractType; reversed: boolean } => (type instanceof ReversedType ? { type: type.baseType, reversed: true } : { type, reversed: false });
  const c = (name: string, type: AbstractType, kind: CqlColumnKind, position: number): CqlColumn => Object.freeze({ name, kind, position, ...base(type) });
  const partitionKey = [c('key', f.keyValidator, 'partition_key', 0)];
  let clustering: CqlColumn[] = [];
  let regular: CqlColumn[] = [];
  if (f.columnType === 'Super') {
    clustering = [c('column1', f.comparator, 'clustering', 0), c('column2', f.subcomparator!, 'clustering', 1)];
    regular = [c('value', f.defaultValidator, 'regular', 0)];
  } else if (f.namedColumns.length > 0) {
    regular = f.namedColumns.map((n) => c(n.name, n.validator, 'regular', 0));
  } else {
    const parts = f.comparator instanceof CompositeType ? f.comparator.types : [f.comparator];
    clustering = parts.map((t, i) => c(`column${i + 1}`, t, 'clustering', i));
    regular = [c('value', f.defaultValidator, 'regular', 0)];
  }
  const columns = new Map<string, CqlColumn>();
  for (const col of [...partitionKey, ...clustering, ...regular]) if (!columns.has(col.name)) columns.set(col.name, col);
  return Object.freeze({ partitionKey, clustering, regular, statics: [], compact: true, fromThrift: true, columns });
}

function byNameBytes(a: CqlColumn, b: CqlColumn): number {
  return Buffer.compare(Buffer.from(a.name, 'utf8'), Buffer.from(b.name, 'utf8'));
}

/** A non-frozen collection or UDT: stored as one cell per element or field. */
export function isMultiCell(type: AbstractType): boolean {
  return (type as { isMultiCell?: boolean }).isMultiCell === true;
}

function validateColumnName(name: string, table: string): void {
  if (typeof name !== 'string' || name.length === 0) throw new InvalidRequestError(`Column names of ${table} must be non-empty`);
  if (Buffer.byteLength(name, 'utf8') > 0xffff) throw new InvalidRequestError(`Column name ${name.slice(0, 40)}… is too long`);
}
