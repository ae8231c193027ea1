/**
 * What TupleType and UserType share (Cassandra's TupleType, which UserType extends): the value is
 * its components framed one after another as [int len][bytes], len -1 for a null component
 * (value-sequence.ts); a value may hold FEWER components than declared — the missing trailing ones
 * are null, which is how a tuple or UDT value survives fields being added — but not more.
 *
 * Order: component by component, a null (or missing) component before any value, each value in its
 * type's order. So (1) and (1, null) are equal. The empty value (zero bytes) sorts before every
 * other value, as Cassandra's compare has it. One deliberate difference from Cassandra: its compare
 * skips trailing components of length 0 as if they were null, making (1) = (1, '') while
 * (1, null) < (1, ''), which is not an order; here an empty value is a value: (1) < (1, '').
 * Byte-comparable grammar ('tuple'): byte-comparable.ts. Component types are always frozen.
 */
import { MarshalError } from '../errors/index.js';
import type { AbstractType } from './abstract-type.js';
import { BaseType, EMPTY_BUFFER } from './base-type.js';
import { type ComparableInput, EMPTY_COMPARABLE, SEQUENCE_END, SEQUENCE_NEXT, SEQUENCE_NULL, hex2 } from './byte-comparable.js';
import { LiteralReader, formatLiteral, readLiteral } from './cql-literal.js';
import { freeze } from './frozen-type.js';
import { type StructuredType, normalizeValue, within } from './structured-type.js';
import { hasCanonicalNulls, readTupleComponents, writeTupleComponents } from './value-sequence.js';

export abstract class AbstractTupleType<T> extends BaseType<T> implements StructuredType<T> {
  readonly fixedLength = null;
  readonly allowsEmpty = true;
  abstract readonly isMultiCell: boolean;
  abstract readonly nameIgnoringFreezing: string;
  abstract readonly fullNameIgnoringFreezing: string;
  /** The component types, frozen. */
  readonly types: readonly AbstractType[];

  protected constructor(types: readonly AbstractType[], what: string) {
    super();
    if (types.length === 0) throw new MarshalError(`${what} needs at least one component type`);
    this.types = types.map((t) => freeze(t));
  }

  abstract freeze(): AbstractTupleType<T>;
  abstract unfreeze(): AbstractTupleType<T>;
  abstract readLiteral(reader: LiteralReader): Buffer;
  /** How component `i` is named in errors. */
  protected abstract componentLabel(i: number): string;

  /** Serialized bytes → the components present (null for null ones); views. Checks the framing. */
  split(bytes: Buffer): Array<Buffer | null> {
    return readTupleComponents(bytes, this.name, this.types.length, (i) => this.componentLabel(i));
  }

  /**
   * The value with every null component framed as -1 (a client may send -2 for a field it was not
   * given) and its components normalized (a frozen set inside a UDT), so equal values have equal
   * bytes. The same Buffer when already so. Checks the framing (MarshalError).
   */
  normalize(bytes: Buffer): Buffer {
    const components = this.split(bytes);
    let changed = !hasCanonicalNulls(bytes);
    const inner = components.map((c, i) => {
      if (c === null) return null;
      const n = normalizeValue(this.types[i]!, c);
      if (n !== c) changed = true;
      return n;
    });
    return changed ? this.build(inner) : bytes;
  }

  /** Components (null for null ones, at most one per type) → serialized bytes. */
  build(components: ReadonlyArray<Buffer | null>): Buffer {
    if (components.length > this.types.length) {
      throw new MarshalError(`${this.name}: ${components.length} components given, the type has ${this.types.length}`);
    }
    return writeTupleComponents(components, this.name);
  }

  protected compareValues(a: Buffer, b: Buffer): number {
    const ca = this.split(a);
    const cb = this.split(b);
    const n = Math.max(ca.length, cb.length);
    for (let i = 0; i < n; i++) {
      const x = ca[i] ?? null;
      const y = cb[i] ?? null;
      if (x === null || y === null) {
        if (x === y) continue;
        return x === null ? -1 : 1;
      }
      const c = this.types[i]!.compare(x, y);
      if (c !== 0) return c;
    }
    return 0;
  }

  protected validateValue(bytes: Buffer): void {
    this.split(bytes).forEach((c, i) => {
      if (c !== null) within(this.name, () => this.componentLabel(i), () => this.types[i]!.validate(c));
    });
  }

  toComparable(bytes: Buffer): Buffer {
    if (bytes.length === 0) return Buffer.from([EMPTY_COMPARABLE]);
    const components = this.split(bytes);
    let n = components.length;
    while (n > 0 && components[n - 1] === null) n--;
    const parts: Buffer[] = [];
    for (let i = 0; i < n; i++) {
      const c = components[i]!;
      if (c === null) parts.push(Buffer.from([SEQUENCE_NULL]));
      else parts.push(Buffer.from([SEQUENCE_NEXT]), this.types[i]!.toComparable(c));
    }
    parts.push(Buffer.from([SEQUENCE_END]));
    return Buffer.concat(parts);
  }

  readComparable(input: ComparableInput): Buffer {
    let h = input.u8();
    if (h === EMPTY_COMPARABLE) return EMPTY_BUFFER;
    const components: Array<Buffer | null> = [];
    for (; h !== SEQUENCE_END; h = input.u8()) {
      const i = components.length;
      if (h !== SEQUENCE_NULL && h !== SEQUENCE_NEXT) throw new MarshalError(`${this.name}: bad marker 0x${hex2(h)} in byte-comparable bytes`);
      if (i >= this.types.length) throw new MarshalError(`${this.name}: more than ${this.types.length} components in byte-comparable bytes`);
      components.push(h === SEQUENCE_NULL ? null : this.types[i]!.readComparable(input));
    }
    // All components null: one null component, since no components at all is the empty value.
    return this.build(components.length === 0 ? [null] : components);
  }

  protected parse(s: string): Buffer {
    const reader = new LiteralReader(s, this.name);
    const bytes = this.readLiteral(reader);
    reader.expectEnd();
    return bytes;
  }

  /** The literal of component `i`: null, or its type's literal. */
  protected componentLiteral(i: number, c: Buffer | null): string {
    return c === null ? 'null' : formatLiteral(this.types[i]!, c);
  }

  /** Reads component `i`'s literal (null allowed). */
  protected readComponent(i: number, reader: LiteralReader): Buffer | null {
    return readLiteral(this.types[i]!, reader);
  }

  /** Decomposes a JS value of component `i` (null and undefined are a null component). */
  protected decomposeComponent(i: number, v: unknown): Buffer | null {
    if (v === null || v === undefined) return null;
    return within(this.name, () => this.componentLabel(i), () => this.types[i]!.decompose(v));
  }

  /** The JS values of all declared components, null for null and missing ones. */
  protected composeComponents(bytes: Buffer): unknown[] {
    const components = this.split(bytes);
    return this.types.map((t, i) => {
      const c = components[i];
      return c === undefined || c === null ? null : t.compose(c);
    });
  }
}
