/**
 * UserType (a CQL user-defined type, CREATE TYPE ks.name (f1 T1, …)): a tuple whose components are
 * named fields (serialization, order, encoding in abstract-tuple-type.ts). Frozen, or — Cassandra
 * 3.6+ — multi-cell: one cell per non-null field, the cell path being the field's position as a
 * ShortType (positions, not names, so fields can be renamed), the value the field's value.
 * Names: 'UserType(ks,<hex of the name>,<hex of field 1>:T1,…)' as Cassandra's TypeParser writes
 * it, wrapped in FrozenType(…) when frozen; the CQL name is the type's name ('address', or
 * 'frozen<address>'), quoted when CQL needs it. Text: "{street: 'Main', no: 3}" with the fields
 * present in the bytes; reading takes fields in any order, unmentioned ones null.
 * JS value: a plain object with every field, null for null or missing ones (null for the empty
 * value); decompose takes such an object (missing fields null; unknown fields are an error).
 */
import { MarshalError } from '../errors/index.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { AbstractTupleType } from './abstract-tuple-type.js';
import { type LiteralReader, maybeQuoteIdentifier } from './cql-literal.js';
import { frozenFullName, frozenName } from './frozen-type.js';
import { describe } from './integer-text.js';
import { SHORT_TYPE } from './short-type.js';
import { type CellEntry, type MultiCellType, fullNameOf, nameOf } from './structured-type.js';

const KEYSPACE_NAME = /^\w+$/;
const MAX_FIELDS = 0x7fff;

export class UserType extends AbstractTupleType<Record<string, unknown> | null> implements MultiCellType<Record<string, unknown> | null> {
  readonly name: string;
  readonly cqlName: string;
  readonly nameIgnoringFreezing: string;
  readonly fullNameIgnoringFreezing: string;
  readonly cellPathType: AbstractType = SHORT_TYPE;
  readonly fieldNames: readonly string[];
  private readonly full: string;
  private readonly positions: ReadonlyMap<string, number>;

  /**
   * `typeName` is the UDT's own name (the class name is `name`); fields are named `fieldNames`
   * and typed `fieldTypes` (frozen when they are structured). Frozen unless `isMultiCell`.
   */
  constructor(
    readonly keyspace: string,
    readonly typeName: string,
    fieldNames: readonly string[],
    fieldTypes: readonly AbstractType[],
    readonly isMultiCell = false,
  ) {
    super(fieldTypes, `UserType ${keyspace}.${typeName}`);
    const what = `UserType ${keyspace}.${typeName}`;
    if (!KEYSPACE_NAME.test(keyspace)) throw new MarshalError(`${what}: '${keyspace}' is not a keyspace name`);
    if (typeName === '') throw new MarshalError(`${what}: the type name is empty`);
    if (fieldNames.length !== fieldTypes.length) {
      throw new MarshalError(`${what}: ${fieldNames.length} field names for ${fieldTypes.length} field types`);
    }
    if (fieldNames.length > MAX_FIELDS) throw new MarshalError(`${what}: more than ${MAX_FIELDS} fields`);
    const positions = new Map<string, number>();
    fieldNames.forEach((f, i) => {
      if (f === '') throw new MarshalError(`${what}: field ${i} has an empty name`);
      if (positions.has(f)) throw new MarshalError(`${what}: duplicate field name '${f}'`);
      positions.set(f, i);
    });
    this.fieldNames = [...fieldNames];
    this.positions = positions;

    const params = (full: boolean, ignoreFreezing: boolean): string =>
      [keyspace, hexUtf8(typeName), ...this.types.map((t, i) => `${hexUtf8(fieldNames[i]!)}:${full ? fullNameOf(t, ignoreFreezing) : nameOf(t, ignoreFreezing)}`)].join(',');
    this.nameIgnoringFreezing = `UserType(${params(false, true)})`;
    this.fullNameIgnoringFreezing = `${MARSHAL_PACKAGE}UserType(${params(true, true)})`;
    if (isMultiCell) {
      this.name = `UserType(${params(false, false)})`;
      this.full = `${MARSHAL_PACKAGE}UserType(${params(true, false)})`;
    } else {
      this.name = frozenName(this.nameIgnoringFreezing);
      this.full = frozenFullName(this.fullNameIgnoringFreezing);
    }
    const cql = maybeQuoteIdentifier(typeName);
    this.cqlName = isMultiCell ? cql : `frozen<${cql}>`;
  }

  override get fullName(): string {
    return this.full;
  }

  get fieldTypes(): readonly AbstractType[] {
    return this.types;
  }

  /** The position of field `name`, or -1. */
  fieldPosition(name: string): number {
    return this.positions.get(name) ?? -1;
  }

  freeze(): UserType {
    return this.isMultiCell ? new UserType(this.keyspace, this.typeName, this.fieldNames, this.types, false) : this;
  }

  unfreeze(): UserType {
    return this.isMultiCell ? this : new UserType(this.keyspace, this.typeName, this.fieldNames, this.types, true);
  }

  /** The cell path of field `position` (a ShortType value). */
  cellPath(position: number): Buffer {
    this.checkPosition(position);
    const out = Buffer.alloc(2);
    out.writeInt16BE(position, 0);
    return out;
  }

  cellValueTypeAt(path: Buffer): AbstractType {
    return this.types[this.positionOfPath(path)]!;
  }

  /** The value of the cells (path the field position), every field present, null where no cell. */
  fromCells(cells: Iterable<CellEntry>): Buffer {
    const components: Array<Buffer | null> = this.types.map(() => null);
    for (const c of cells) components[this.positionOfPath(c.path)] = c.value;
    return this.build(components);
  }

  /** One cell per non-null field of a valid value. */
  toCells(bytes: Buffer): CellEntry[] {
    const out: CellEntry[] = [];
    this.split(bytes).forEach((c, i) => {
      if (c !== null) out.push({ path: this.cellPath(i), value: c });
    });
    return out;
  }

  protected componentLabel(i: number): string {
    return `field ${this.fieldNames[i] ?? i}`;
  }

  protected format(bytes: Buffer): string {
    const fields = this.split(bytes).map((c, i) => `${maybeQuoteIdentifier(this.fieldNames[i]!)}: ${this.componentLiteral(i, c)}`);
    return `{${fields.join(', ')}}`;
  }

  readLiteral(reader: LiteralReader): Buffer {
    const components: Array<Buffer | null> = [];
    const seen = new Set<number>();
    reader.readSequence('{', '}', () => {
      const field = reader.readIdentifier();
      const i = this.fieldPosition(field);
      if (i < 0) reader.fail(`unknown field '${field}'`);
      if (seen.has(i)) reader.fail(`field '${field}' given twice`);
      seen.add(i);
      reader.expect(':');
      while (components.length <= i) components.push(null);
      components[i] = this.readComponent(i, reader);
    });
    return this.build(components);
  }

  protected composeValue(bytes: Buffer): Record<string, unknown> {
    const values = this.composeComponents(bytes);
    const out: Record<string, unknown> = {};
    this.fieldNames.forEach((f, i) => {
      out[f] = values[i];
    });
    return out;
  }

  protected decomposeValue(value: Record<string, unknown>): Buffer {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Map) {
      throw new MarshalError(`${this.name}: expected an object with the fields as properties, got ${describe(value)}`);
    }
    for (const k of Object.keys(value)) {
      if (!this.positions.has(k)) throw new MarshalError(`${this.name}: unknown field '${k}'`);
    }
    return this.build(this.fieldNames.map((f, i) => this.decomposeComponent(i, value[f])));
  }

  private positionOfPath(path: Buffer): number {
    if (path.length !== 2) throw new MarshalError(`${this.name}: a cell path is a 2-byte field position, got ${path.length} bytes`);
    const i = path.readInt16BE(0);
    this.checkPosition(i);
    return i;
  }

  private checkPosition(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.types.length) {
      throw new MarshalError(`${this.name}: no field at position ${i} (the type has ${this.types.length})`);
    }
  }
}

function hexUtf8(s: string): string {
  return Buffer.from(s, 'utf8').toString('hex');
}
