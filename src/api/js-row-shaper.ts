/**
 * The embedded API's RowShaper: engine cells → the API's ordered Maps in one pass. A name is
 * decoded from the cell name's byte-comparable component(s), a value from the cell, by decoders
 * picked once per column family (cell-values.ts). The Maps are filled in query order, which is
 * comparator order (descending when reversed); sub-columns inside a super column stay ascending
 * in a reversed slice, as 0.7 returned them.
 */
import type { RowShaper, SliceLevel } from '../db/index.js';
import type { ColumnFamilyDef } from '../schema/index.js';
import { type Cell, isLive } from '../storage/model/index.js';
import { ByteReader } from '../util/byte-reader.js';
import { type ComponentDecoder, type NameCursor, type ValueDecoder, componentDecoder, valueDecoder } from './cell-values.js';
import type { Row, SuperRow, Value } from './js-values.js';

/** A cell name: NEXT component (NEXT component)? END; each component's decoder stops after it. */
const FIRST_COMPONENT = 1;
const SEPARATOR = 1;
const EMPTY = Buffer.alloc(0);

export class JsRowShaper implements RowShaper<Row | SuperRow> {
  private readonly firstName: ComponentDecoder;
  private readonly subName: ComponentDecoder | null;
  private readonly defaultValue: ValueDecoder;
  /** Values of columns with metadata, by the column's serialized name (latin1); empty for most CFs. */
  private readonly valueByName: Map<string, ValueDecoder>;

  constructor(
    private readonly def: ColumnFamilyDef,
    private readonly raw: boolean,
  ) {
    this.firstName = componentDecoder(def.comparator, raw);
    this.subName = def.subcomparator === null ? null : componentDecoder(def.subcomparator, raw);
    this.defaultValue = valueDecoder(def.defaultValidator, raw);
    this.valueByName = new Map(def.columnMetadata.map((m) => [m.name.toString('latin1'), valueDecoder(m.validator, raw)]));
  }

  shape(_cf: ColumnFamilyDef, level: SliceLevel, cells: readonly Cell[], nowSec: number, reversed: boolean): Row | SuperRow {
    switch (level) {
      case 'columns':
        return this.columns(cells, nowSec, FIRST_COMPONENT, this.firstName);
      case 'subColumns':
        return this.columns(cells, nowSec, -1, this.subName!);
      case 'superColumns':
        return this.superColumns(cells, nowSec, reversed);
    }
  }

  /** Plain columns whose name component starts at `offset` (-1: after the first component, i.e. sub-columns). */
  private columns(cells: readonly Cell[], nowSec: number, offset: number, decodeName: ComponentDecoder): Row {
    const row: Row = new Map();
    const withMetadata = this.valueByName.size > 0;
    // Sub-columns of one read share their super column's prefix, so its length is found once.
    let start = offset;
    const at: NameCursor = { buf: EMPTY, pos: 0 };
    for (const cell of cells) {
      if (!isLive(cell, nowSec)) continue;
      if (start < 0) start = this.subNameOffset(cell.name);
      at.buf = cell.name;
      at.pos = start;
      const name = decodeName(at);
      row.set(name, withMetadata ? this.valueOf(cell, start, at.pos) : this.defaultValue(cell.value));
    }
    return row;
  }

  private superColumns(cells: readonly Cell[], nowSec: number, reversed: boolean): SuperRow {
    const out: SuperRow = new Map();
    const groups: { name: Value; cells: Cell[] }[] = [];
    let last: Buffer | null = null;
    let lastLength = 0;
    for (const cell of cells) {
      if (!isLive(cell, nowSec)) continue;
      const length = this.subNameOffset(cell.name);
      if (last === null || length !== lastLength || cell.name.compare(last, 0, lastLength, 0, length) !== 0) {
        groups.push({ name: this.firstName({ buf: cell.name, pos: FIRST_COMPONENT }), cells: [] });
      }
      groups[groups.length - 1]!.cells.push(cell);
      last = cell.name;
      lastLength = length;
    }
    for (const g of groups) {
      if (reversed) g.cells.reverse();
      out.set(g.name, this.columns(g.cells, nowSec, -1, this.subName!));
    }
    return out;
  }

  /** Where a Super CF cell's sub-column component starts: past the super column name and its separator. */
  private subNameOffset(name: Buffer): number {
    const r = new ByteReader(name, FIRST_COMPONENT);
    this.def.comparator.fromComparable(r);
    return r.pos + SEPARATOR;
  }

  /** A column's value by its column metadata's validator, if it has one. */
  private valueOf(cell: Cell, nameStart: number, nameEnd: number): Value {
    return (this.valueByName.get(this.serializedName(cell.name, nameStart, nameEnd)) ?? this.defaultValue)(cell.value);
  }

  private serializedName(name: Buffer, start: number, end: number): string {
    return (this.subName === null ? this.def.comparator : this.def.subcomparator!).fromComparable(new ByteReader(name, start, end)).toString('latin1');
  }
}
