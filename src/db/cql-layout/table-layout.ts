/**
 * How a CQL table's rows are laid out as cells (DESIGN §1; the schema's CqlTable says which kind
 * of table it is). Three layouts:
 *
 *   sparse  (not COMPACT STORAGE)            row marker   [c1 … ck, ""]
 *                                            column       [c1 … ck, name]
 *                                            collection   [c1 … ck, name, path]   one cell per element
 *                                            static       STATIC [name (, path)]
 *   dense   (COMPACT, clustering columns)    [c1 … ck] holding the one value column — the Thrift
 *                                            layout of Standard (k = 1) and Super (k = 2) CFs
 *   named   (COMPACT, no clustering)         [comparator(name)] per column — a Thrift CF with
 *                                            column metadata
 *
 * ci = the clustering value's byte-comparable form (through ReversedType when DESC), name = the
 * column name as UTF8Type's comparable form, path = the collection element key's comparable form
 * (list: a TimeUUID, set: the element, map: the key). Names and bounds are built with
 * storage/model/cell-name.ts, so plain byte order is clustering order.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AbstractType, ReversedType, UTF8_TYPE, valueComparable } from '../../marshal/index.js';
import type { ColumnFamilyDef, CqlColumn, CqlTable } from '../../schema/index.js';
import { SEP_END, SEP_NEXT, SEP_STATIC, boundAfter, boundBefore, cellName, staticCellName } from '../../storage/model/index.js';
import type { NameSlice } from '../../storage/read/slice-query.js';
import { ByteReader } from '../../util/byte-reader.js';

export type LayoutKind = 'sparse' | 'dense' | 'named';

/** What a cell name says. */
export interface DecodedCellName {
  readonly isStatic: boolean;
  /** Serialized clustering values (empty for static cells and tables without clustering). */
  readonly clustering: Buffer[];
  /** The column; null for a row marker. */
  readonly column: CqlColumn | null;
  /** A collection element's path (serialized), or null. */
  readonly path: Buffer | null;
  /** Bytes of the name that make up the clustering prefix (the row's group). */
  readonly prefixLength: number;
  /** The cell belongs to a column the table no longer has (dropped): readers skip it. */
  readonly unknownColumn?: boolean;
}

const EMPTY_NAME = UTF8_TYPE.toComparable(Buffer.alloc(0));

export class TableLayout {
  readonly kind: LayoutKind;
  readonly table: CqlTable;
  /** The type each clustering value is encoded with (ReversedType for DESC). */
  readonly clusteringTypes: readonly AbstractType[];
  private readonly comparableNames = new Map<string, Buffer>();
  private whole: NameSlice | undefined;
  /** Dropped columns' drop times (microseconds): their cells written until then are ignored. */
  private readonly dropTimes: ReadonlyMap<string, bigint>;

  constructor(readonly cf: ColumnFamilyDef) {
    this.table = cf.cql;
    this.kind = !this.table.compact ? 'sparse' : this.table.clustering.length > 0 ? 'dense' : 'named';
    this.clusteringTypes = this.table.clustering.map((c) => (c.reversed ? new ReversedType(c.type) : c.type));
    this.dropTimes = new Map((cf.droppedColumns ?? []).map((d) => [d.name, d.droppedTime]));
    if (this.table.fromThrift && this.kind === 'dense' && cf.columnType === 'Standard' && this.table.clustering.length > 1) {
      // A Thrift CompositeType comparator stores the whole composite as one component.
      throw new InvalidRequestError(`CQL access to the CompositeType column family ${cf.keyspace}.${cf.name} is not supported yet`);
    }
  }

  /** Comparable components of (a prefix of) the clustering values. */
  clusteringComponents(values: readonly Buffer[]): Buffer[] {
    return values.map((v, i) => valueComparable(this.clusteringTypes[i]!, v));
  }

  /** A regular column's cell (a collection element's when `path` is given). */
  cellName(clustering: readonly Buffer[], column: CqlColumn, path?: Buffer): Buffer {
    const comps = this.clusteringComponents(clustering);
    switch (this.kind) {
      case 'dense':
        return cellName(comps);
      case 'named':
        return cellName([this.cf.comparator.toComparable(Buffer.from(column.name, 'utf8'))]);
      case 'sparse':
        if (column.kind === 'static') return staticCellName(path === undefined ? [this.nameComponent(column)] : [this.nameComponent(column), path]);
        return cellName(path === undefined ? [...comps, this.nameComponent(column)] : [...comps, this.nameComponent(column), path]);
    }
  }

  /** The row marker's cell (sparse tables only: the others have no marker). */
  markerName(clustering: readonly Buffer[]): Buffer | null {
    return this.kind === 'sparse' ? cellName([...this.clusteringComponents(clustering), EMPTY_NAME]) : null;
  }

  /** Bounds around every cell under a clustering prefix (a row, or rows sharing a prefix). */
  prefixStart(prefix: readonly Buffer[]): Buffer {
    return boundBefore(this.clusteringComponents(prefix));
  }

  prefixEnd(prefix: readonly Buffer[]): Buffer {
    return boundAfter(this.clusteringComponents(prefix));
  }

  /** Every row of a partition: [prefixStart([]), prefixEnd([])], made once. */
  get wholePartition(): NameSlice {
    return (this.whole ??= { start: this.prefixStart([]), end: this.prefixEnd([]) });
  }

  /** Bounds around every cell of one column of a row (a whole collection). */
  columnStart(clustering: readonly Buffer[], column: CqlColumn): Buffer {
    const comps = [...this.clusteringComponents(column.kind === 'static' ? [] : clustering), this.nameComponent(column)];
    return column.kind === 'static' ? withStatic(boundBefore(comps)) : boundBefore(comps);
  }

  columnEnd(clustering: readonly Buffer[], column: CqlColumn): Buffer {
    const comps = [...this.clusteringComponents(column.kind === 'static' ? [] : clustering), this.nameComponent(column)];
    return column.kind === 'static' ? withStatic(boundAfter(comps)) : boundAfter(comps);
  }

  /** True when a cell of `column` written at `timestamp` predates the column's last drop. */
  isDropped(column: CqlColumn, timestamp: bigint): boolean {
    const at = this.dropTimes.get(column.name);
    return at !== undefined && timestamp <= at;
  }

  /** Reads a cell name back. */
  decode(name: Buffer): DecodedCellName {
    if (name[0] === SEP_STATIC) {
      const r = new ByteReader(name, 1);
      const column = this.readColumn(r);
      if (column === undefined) return { isStatic: true, clustering: [], column: null, path: null, prefixLength: 1, unknownColumn: true };
      return { isStatic: true, clustering: [], column, path: this.readPath(r, column), prefixLength: 1 };
    }
    const r = new ByteReader(name, 0);
    const clustering: Buffer[] = [];
    for (const t of this.clusteringTypes) {
      if (r.u8() !== SEP_NEXT) throw new InvalidRequestError(`cell name of ${this.cf.name} ends before its clustering values`);
      clustering.push(t.fromComparable(r));
    }
    const prefixLength = r.pos;
    switch (this.kind) {
      case 'dense':
        return { isStatic: false, clustering, column: this.table.regular[0] ?? null, path: null, prefixLength };
      case 'named': {
        r.u8();
        const colName = this.cf.comparator.fromComparable(r);
        const text = this.cf.comparator.toString(colName);
        const column = this.table.columns.get(text) ?? null;
        return { isStatic: false, clustering, column, path: null, prefixLength };
      }
      case 'sparse': {
        const column = this.readColumn(r);
        if (column === undefined) return { isStatic: false, clustering, column: null, path: null, prefixLength, unknownColumn: true };
        return { isStatic: false, clustering, column, path: this.readPath(r, column), prefixLength };
      }
    }
  }

  /**
   * The group (row) prefix length of a cell name: for row limits in a SliceQuery. Without
   * clustering columns it is known from the first byte (STATIC or not); otherwise the name is
   * decoded.
   */
  readonly groupLength = (name: Buffer): number => {
    if (name[0] === SEP_STATIC) return 1;
    return this.clusteringTypes.length === 0 ? 0 : this.decode(name).prefixLength;
  };

  private nameComponent(column: CqlColumn): Buffer {
    let c = this.comparableNames.get(column.name);
    if (c === undefined) this.comparableNames.set(column.name, (c = UTF8_TYPE.toComparable(Buffer.from(column.name, 'utf8'))));
    return c;
  }

  /** The column component (null: the row marker; undefined: a column the table no longer has). */
  private readColumn(r: ByteReader): CqlColumn | null | undefined {
    if (r.u8() !== SEP_NEXT) throw new InvalidRequestError(`cell name of ${this.cf.name} has no column component`);
    // Fast path: a name without 0x00/0x01 bytes is stored unescaped up to its 0x00 terminator.
    const buf = r.buf;
    let end = r.pos;
    while (end < r.end && buf[end]! > 0x01) end++;
    if (end < r.end && buf[end] === 0x00) {
      const start = r.pos;
      r.pos = end + 1;
      return end === start ? null : this.table.columns.get(buf.toString('utf8', start, end));
    }
    const n = UTF8_TYPE.fromComparable(r);
    if (n.length === 0) return null;
    return this.table.columns.get(n.toString('utf8'));
  }

  private readPath(r: ByteReader, column: CqlColumn | null): Buffer | null {
    const next = r.u8();
    if (next === SEP_END) return null;
    const pathType = column === null ? null : collectionPathType(column.type);
    if (pathType === null) throw new InvalidRequestError(`cell of ${this.cf.name}.${column?.name ?? '?'} has an element path but is no collection`);
    return pathType.fromComparable(r);
  }
}

/** A multi-cell collection's or UDT's cell path type (list: TimeUUID, set: element, map: key, UDT: field position); null for other types. */
export function collectionPathType(type: AbstractType): AbstractType | null {
  const t = type as { isMultiCell?: boolean; cellPathType?: AbstractType };
  return t.isMultiCell === true && t.cellPathType !== undefined ? t.cellPathType : null;
}

function withStatic(bound: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bound.length + 1);
  out[0] = SEP_STATIC;
  bound.copy(out, 1);
  return out;
}
