/**
 * How the remote backend addresses a column family through CQL: the columns of its CQL view
 * (src/schema/cql-table.ts) in one of three shapes, and how each column is selected so that its
 * stored bytes come back (`<type>AsBlob(col)`; blobs and custom types arrive as bytes anyway).
 *
 *   dynamic  key, column1, value            a Standard CF without column metadata (or a COMPACT
 *                                           STORAGE table with one clustering column)
 *   super    key, column1, column2, value   a Super CF: super column, sub-column
 *   named    key, <one column per metadata>  a Standard CF with column metadata (or a COMPACT
 *                                           STORAGE table without clustering): only the named
 *                                           columns are visible through CQL, as in Cassandra 2.x
 *
 * Anything else has no column-family view (thrift-shape.ts), and a Thrift-made column family with
 * a CompositeType comparator (column1…N) is not mapped yet: `CqlViews.of` refuses both.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { quoteIdentifier } from '../../cql/parser/index.js';
import type { ColumnFamilyDef, CqlColumn } from '../../schema/index.js';
import { checkThriftShaped } from '../thrift-shape.js';

export interface ViewColumn {
  /** The column as a CQL identifier (quoted when needed). */
  readonly id: string;
  /** A selector giving the column's bytes. */
  readonly select: string;
  readonly type: AbstractType;
  /** A DESC clustering column (a ReversedType comparator). */
  readonly reversed: boolean;
}

interface ViewBase {
  readonly def: ColumnFamilyDef;
  /** `"ks"."cf"` */
  readonly table: string;
  readonly key: ViewColumn;
}

export type CqlView =
  | (ViewBase & { readonly shape: 'dynamic'; readonly column1: ViewColumn; readonly value: ViewColumn })
  | (ViewBase & { readonly shape: 'super'; readonly column1: ViewColumn; readonly column2: ViewColumn; readonly value: ViewColumn })
  | (ViewBase & { readonly shape: 'named'; readonly named: readonly NamedColumn[] });

/** A named column: its Thrift name (bytes in the comparator's form) and its CQL column. */
export interface NamedColumn {
  readonly name: Buffer;
  readonly column: ViewColumn;
}

/** Views cached per definition object (a schema change makes a new one); one per backend. */
export class CqlViews {
  private readonly views = new WeakMap<ColumnFamilyDef, CqlView>();

  of(def: ColumnFamilyDef): CqlView {
    let v = this.views.get(def);
    if (v === undefined) this.views.set(def, (v = makeView(def)));
    return v;
  }
}

function makeView(def: ColumnFamilyDef): CqlView {
  checkThriftShaped(def);
  const cql = def.cql;
  const where = `${def.keyspace}.${def.name}`;
  const base = { def, table: `${quoteIdentifier(def.keyspace)}.${quoteIdentifier(def.name)}`, key: col(cql.partitionKey[0]!) };
  if (def.columnType === 'Super') return { ...base, shape: 'super', column1: col(cql.clustering[0]!), column2: col(cql.clustering[1]!), value: col(cql.regular[0]!) };
  if (cql.clustering.length === 1) return { ...base, shape: 'dynamic', column1: col(cql.clustering[0]!), value: col(cql.regular[0]!) };
  if (cql.clustering.length > 1) throw new InvalidRequestError(`${where} has a composite comparator, which the remote backend does not map to CQL yet`);
  const named = def.columnMetadata.map((m) => {
    const c = cql.columns.get(def.comparator.toString(m.name));
    if (c === undefined) throw new InvalidRequestError(`${where}: column metadata ${m.name.toString('hex')} has no CQL column`);
    return { name: m.name, column: col(c) };
  });
  return { ...base, shape: 'named', named };
}

function col(c: CqlColumn): ViewColumn {
  const id = quoteIdentifier(c.name);
  const cqlName = c.type.cqlName;
  const native = cqlName !== null && /^[a-z]+$/.test(cqlName) && cqlName !== 'blob' && cqlName !== 'counter';
  return { id, select: native ? `${cqlName}AsBlob(${id})` : id, type: c.type, reversed: c.reversed };
}
