/**
 * TupleType(T1, …, Tn) (CQL tuple<T1, …, Tn>, always frozen): a fixed sequence of typed, possibly
 * null components (serialization, order, encoding in abstract-tuple-type.ts). Class name
 * 'TupleType(Int32Type,UTF8Type)' (never wrapped in FrozenType, as in Cassandra); CQL name
 * 'frozen<tuple<int, text>>'. Text: the CQL literal of the components present, "(1, 'a', null)".
 * JS value: an Array with one entry per declared component, null for null or missing ones (null
 * for the empty value); decompose takes an Array of at most n entries, null or undefined for null.
 */
import { MarshalError } from '../errors/index.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { AbstractTupleType } from './abstract-tuple-type.js';
import type { LiteralReader } from './cql-literal.js';
import { describe } from './integer-text.js';
import { fullNameOf, nameOf, toCqlString } from './structured-type.js';

export class TupleType extends AbstractTupleType<unknown[] | null> {
  readonly name: string;
  readonly cqlName: string;
  readonly nameIgnoringFreezing: string;
  readonly fullNameIgnoringFreezing: string;
  readonly isMultiCell = false;

  constructor(types: readonly AbstractType[]) {
    super(types, 'TupleType');
    this.name = `TupleType(${this.types.map((t) => nameOf(t, true)).join(',')})`;
    this.fullNameIgnoringFreezing = `${MARSHAL_PACKAGE}TupleType(${this.types.map((t) => fullNameOf(t, true)).join(',')})`;
    this.nameIgnoringFreezing = this.name;
    this.cqlName = `frozen<tuple<${this.types.map((t) => toCqlString(t)).join(', ')}>>`;
  }

  override get fullName(): string {
    return this.fullNameIgnoringFreezing;
  }

  /** Tuples are always frozen. */
  freeze(): TupleType {
    return this;
  }

  unfreeze(): TupleType {
    return this;
  }

  protected componentLabel(i: number): string {
    return `component ${i}`;
  }

  protected format(bytes: Buffer): string {
    return `(${this.split(bytes).map((c, i) => this.componentLiteral(i, c)).join(', ')})`;
  }

  readLiteral(reader: LiteralReader): Buffer {
    const components: Array<Buffer | null> = [];
    reader.readSequence('(', ')', () => {
      if (components.length >= this.types.length) reader.fail(`more than the ${this.types.length} components`);
      components.push(this.readComponent(components.length, reader));
    });
    return this.build(components);
  }

  protected composeValue(bytes: Buffer): unknown[] {
    return this.composeComponents(bytes);
  }

  protected decomposeValue(value: unknown[]): Buffer {
    if (!Array.isArray(value)) throw new MarshalError(`${this.name}: expected an Array, got ${describe(value)}`);
    return this.build(Array.from(value, (v, i) => (i < this.types.length ? this.decomposeComponent(i, v) : null)));
  }
}
