/**
 * What ListType, SetType and MapType share (Cassandra's CollectionType): the native protocol v3+
 * serialized form [int n] then n entries of [int len][bytes] (value-sequence.ts), validation of
 * every element with its type, order, the byte-comparable form, CQL literal text, names and
 * freezing. An entry is one element (list, set) or a key and a value (map).
 *
 * Sets and maps are SORTED collections: their entries belong in order of the element / key type,
 * once per distinct element / key. As in Cassandra, validate accepts any order and duplicates
 * (clients send them); `normalize` sorts and deduplicates (a map keeps the LAST value given for a
 * key; nested values too), and decompose and fromString always produce normalized bytes. compare, toComparable,
 * toString and compose look at the set or map the bytes denote, so an unnormalized value compares
 * equal to its normalized form. Lists keep their order and duplicates.
 *
 * Order (Cassandra's compareListOrSet / compareMaps): entry by entry in the element (key, then
 * value) order, a collection before any longer one it is a prefix of; the empty value (zero bytes,
 * valid as in Cassandra's set and map serializers) sorts before every collection, even the empty
 * one. Null elements are errors. Byte-comparable grammar: byte-comparable.ts.
 */
import { MarshalError } from '../errors/index.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { BaseType, EMPTY_BUFFER } from './base-type.js';
import { type ComparableInput, EMPTY_COMPARABLE, SEQUENCE_END, SEQUENCE_NEXT, hex2 } from './byte-comparable.js';
import { LiteralReader, formatLiteral, readLiteral } from './cql-literal.js';
import { freeze, frozenFullName, frozenName } from './frozen-type.js';
import { type CellEntry, type MultiCellType, fullNameOf, nameOf, normalizeValue, toCqlString, within } from './structured-type.js';
import { readCollectionValues, writeCollectionValues } from './value-sequence.js';

/** The fixed facts of one collection kind. */
export interface CollectionShape {
  /** Cassandra's class short name: 'ListType', 'SetType', 'MapType'. */
  readonly className: string;
  /** The CQL keyword: 'list', 'set', 'map'. */
  readonly keyword: string;
  /** What each value of an entry is called in errors: ['element'] or ['key', 'value']. */
  readonly labels: readonly string[];
  /** Whether entries are kept in order of their first value, once each (sets, maps). */
  readonly sorted: boolean;
  /** Literal brackets. */
  readonly open: string;
  readonly close: string;
}

export abstract class CollectionType<T> extends BaseType<T> implements MultiCellType<T> {
  readonly name: string;
  readonly cqlName: string;
  readonly nameIgnoringFreezing: string;
  readonly fullNameIgnoringFreezing: string;
  readonly fixedLength = null;
  readonly allowsEmpty = true;
  /** The entry's types, frozen: [element] or [key, value]. */
  protected readonly params: readonly AbstractType[];
  private readonly full: string;
  private readonly stride: number;

  protected constructor(
    readonly shape: CollectionShape,
    params: readonly AbstractType[],
    readonly isMultiCell: boolean,
  ) {
    super();
    if (params.length !== shape.labels.length) {
      throw new MarshalError(`${shape.className} takes ${shape.labels.length} type(s), ${params.length} given`);
    }
    this.params = params.map((p) => freeze(p));
    this.stride = params.length;
    this.nameIgnoringFreezing = `${shape.className}(${this.params.map((p) => nameOf(p, true)).join(',')})`;
    this.fullNameIgnoringFreezing = `${MARSHAL_PACKAGE}${shape.className}(${this.params.map((p) => fullNameOf(p, true)).join(',')})`;
    if (isMultiCell) {
      this.name = `${shape.className}(${this.params.map((p) => nameOf(p, false)).join(',')})`;
      this.full = `${MARSHAL_PACKAGE}${shape.className}(${this.params.map((p) => fullNameOf(p, false)).join(',')})`;
    } else {
      this.name = frozenName(this.nameIgnoringFreezing);
      this.full = frozenFullName(this.fullNameIgnoringFreezing);
    }
    const cql = `${shape.keyword}<${this.params.map(toCqlString).join(', ')}>`;
    this.cqlName = isMultiCell ? cql : `frozen<${cql}>`;
  }

  override get fullName(): string {
    return this.full;
  }

  abstract readonly cellPathType: AbstractType;
  /** The type of every cell value of this collection when multi-cell. */
  abstract readonly cellValueType: AbstractType;
  abstract freeze(): CollectionType<T>;
  abstract unfreeze(): CollectionType<T>;
  abstract fromCells(cells: Iterable<CellEntry>): Buffer;

  cellValueTypeAt(_path: Buffer): AbstractType {
    return this.cellValueType;
  }

  /**
   * The serialized value sorted and deduplicated (sets, maps; a map keeps the last value of a key),
   * its elements normalized too (a frozen set inside a list); a value already in that form is
   * returned as it is. Checks the framing (MarshalError).
   */
  normalize(bytes: Buffer): Buffer {
    if (bytes.length === 0) return bytes;
    const flat = this.values(bytes);
    let changed = false;
    const inner = flat.map((v, k) => {
      const n = normalizeValue(this.params[k % this.stride]!, v);
      if (n !== v) changed = true;
      return n;
    });
    const canonical = this.canonical(inner);
    return canonical === inner && !changed ? bytes : this.build(canonical);
  }

  /** Serialized bytes → the entries' values, flattened (key, value, key, value… for maps); views. */
  protected values(bytes: Buffer): Buffer[] {
    return readCollectionValues(bytes, this.name, this.shape.labels);
  }

  /** Flattened values → serialized bytes (no sorting). */
  protected build(flat: readonly Buffer[]): Buffer {
    return writeCollectionValues(flat, flat.length / this.stride, this.name);
  }

  /** The values of the collection the bytes denote, in canonical order (see the header). */
  protected canonicalValues(bytes: Buffer): Buffer[] {
    return this.canonical(this.values(bytes));
  }

  /** `flat` itself when already canonical, else a sorted, deduplicated copy. */
  protected canonical(flat: Buffer[]): Buffer[] {
    if (!this.shape.sorted) return flat;
    const first = this.params[0]!;
    return canonicalOrder(flat, this.stride, (a, b) => first.compare(a, b));
  }

  protected compareValues(a: Buffer, b: Buffer): number {
    const va = this.canonicalValues(a);
    const vb = this.canonicalValues(b);
    const n = Math.min(va.length, vb.length);
    for (let k = 0; k < n; k++) {
      const c = this.params[k % this.stride]!.compare(va[k]!, vb[k]!);
      if (c !== 0) return c;
    }
    return Math.sign(va.length - vb.length);
  }

  protected validateValue(bytes: Buffer): void {
    const flat = this.values(bytes);
    for (let k = 0; k < flat.length; k++) {
      const type = this.params[k % this.stride]!;
      within(this.name, () => this.describeValue(k), () => type.validate(flat[k]!));
    }
  }

  toComparable(bytes: Buffer): Buffer {
    if (bytes.length === 0) return Buffer.from([EMPTY_COMPARABLE]);
    const flat = this.values(bytes);
    let encodings = flat.map((v, k) => this.params[k % this.stride]!.toComparable(v));
    if (this.shape.sorted) encodings = canonicalOrder(encodings, this.stride, Buffer.compare);
    const parts: Buffer[] = [];
    const next = Buffer.from([SEQUENCE_NEXT]);
    for (const e of encodings) parts.push(next, e);
    parts.push(Buffer.from([SEQUENCE_END]));
    return Buffer.concat(parts);
  }

  readComparable(input: ComparableInput): Buffer {
    let h = input.u8();
    if (h === EMPTY_COMPARABLE) return EMPTY_BUFFER;
    const flat: Buffer[] = [];
    while (h !== SEQUENCE_END) {
      for (let j = 0; j < this.stride; j++) {
        if (j > 0) h = input.u8();
        if (h !== SEQUENCE_NEXT) throw new MarshalError(`${this.name}: bad marker 0x${hex2(h)} in byte-comparable bytes`);
        flat.push(this.params[j]!.readComparable(input));
      }
      h = input.u8();
    }
    return this.build(flat);
  }

  protected format(bytes: Buffer): string {
    const flat = this.canonicalValues(bytes);
    const items: string[] = [];
    for (let k = 0; k < flat.length; k += this.stride) {
      items.push(this.params.map((p, j) => formatLiteral(p, flat[k + j]!)).join(': '));
    }
    return this.shape.open + items.join(', ') + this.shape.close;
  }

  protected parse(s: string): Buffer {
    const reader = new LiteralReader(s, this.name);
    const bytes = this.readLiteral(reader);
    reader.expectEnd();
    return bytes;
  }

  readLiteral(reader: LiteralReader): Buffer {
    const flat: Buffer[] = [];
    reader.readSequence(this.shape.open, this.shape.close, () => {
      for (let j = 0; j < this.stride; j++) {
        if (j > 0) reader.expect(':');
        const v = readLiteral(this.params[j]!, reader);
        if (v === null) reader.fail(`null ${this.shape.labels[j]}; collections cannot hold null`);
        flat.push(v);
      }
    });
    return this.build(this.canonical(flat));
  }

  /** Serialized values of one JS value each → normalized bytes (the subclasses' decompose). */
  protected fromDecomposed(flat: Buffer[]): Buffer {
    return this.build(this.canonical(flat));
  }

  /** Decomposes `v` as the j-th value of entry `i`, refusing null. */
  protected decomposePart(j: number, i: number, v: unknown): Buffer {
    const label = `${this.shape.labels[j]} ${i}`;
    if (v === null || v === undefined) throw new MarshalError(`${this.name}: ${label} is null; collections cannot hold null`);
    return within(this.name, () => label, () => this.params[j]!.decompose(v));
  }

  private describeValue(k: number): string {
    return `${this.shape.labels[k % this.stride]} ${Math.floor(k / this.stride)}`;
  }
}

/**
 * Entries (flattened, `stride` values each) in order of their first value under `cmp`, once per
 * distinct first value: the first entry's first value, the last entry's other values. Returns
 * `flat` itself when it is already so (one comparison per entry).
 */
export function canonicalOrder(flat: Buffer[], stride: number, cmp: (a: Buffer, b: Buffer) => number): Buffer[] {
  const n = flat.length / stride;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = cmp(flat[(i - 1) * stride]!, flat[i * stride]!) < 0;
  if (sorted) return flat;
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => cmp(flat[x * stride]!, flat[y * stride]!)); // stable
  const out: Buffer[] = [];
  for (let g = 0; g < order.length; ) {
    let h = g + 1;
    while (h < order.length && cmp(flat[order[g]! * stride]!, flat[order[h]! * stride]!) === 0) h++;
    const first = order[g]! * stride;
    const last = order[h - 1]! * stride;
    out.push(flat[first]!);
    for (let j = 1; j < stride; j++) out.push(flat[last + j]!);
    g = h;
  }
  return out;
}
