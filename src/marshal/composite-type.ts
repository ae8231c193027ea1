/**
 * CompositeType(T1, …, Tn): a column name made of up to n typed components (the 0.8+ way to get
 * multi-part, independently ordered column names). Serialized as Cassandra does, per component:
 *   u16 length, the value's bytes, one end-of-component byte (EOC)
 * A composite may hold fewer components than types (a prefix). The EOC is 0 except possibly on the
 * last component, where -1 / +1 make the composite sort before / after every composite that
 * extends it — the slice bounds of the Thrift era. We accept only -1, 0 and +1 (all Cassandra ever
 * writes). Order: component by component in each type's order, then EOC, then shorter first; the
 * empty composite sorts first. The byte-comparable form is cell-name.ts's: each component preceded
 * by 0x40, then 0x20 / 0x38 / 0x60 for an EOC of -1 / 0 / +1 (byte-comparable.ts), then the widths
 * of varint components written wider than their minimal form (value-comparable.ts).
 */
import { MarshalError } from '../errors/index.js';
import type { ByteReader } from '../util/byte-reader.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { EMPTY_BUFFER } from './base-type.js';
import { ComparableInput, hex2 } from './byte-comparable.js';
import { componentTexts, eocText, escapeComponent, unescapeComponent } from './composite-text.js';
import { describe } from './integer-text.js';
import { readWidths, valueComparable, widths } from './value-comparable.js';

export type EndOfComponent = -1 | 0 | 1;

export interface CompositeValue {
  components: Buffer[];
  /** The end-of-component byte of the last component. */
  eoc: EndOfComponent;
}

/** Byte-comparable separators; the same bytes as cell-name.ts's BEFORE, END, NEXT, AFTER. */
export const COMPONENT_NEXT = 0x40;
export const END_BY_EOC: Record<EndOfComponent, number> = { [-1]: 0x20, 0: 0x38, 1: 0x60 };
export const EOC_BY_END = new Map<number, EndOfComponent>([[0x20, -1], [0x38, 0], [0x60, 1]]);
const MAX_COMPONENT_LENGTH = 0xffff;

export class CompositeType implements AbstractType<CompositeValue> {
  readonly name: string;
  readonly fullName: string;
  readonly cqlName = null;
  readonly fixedLength = null;
  readonly isReversed = false;
  readonly allowsEmpty = true;

  constructor(readonly types: readonly AbstractType[]) {
    if (types.length === 0) throw new MarshalError('CompositeType needs at least one component type');
    this.name = `CompositeType(${types.map((t) => t.name).join(',')})`;
    this.fullName = `${MARSHAL_PACKAGE}CompositeType(${types.map((t) => t.fullName).join(',')})`;
  }

  compare(a: Buffer, b: Buffer): number {
    if (a.length === 0 || b.length === 0) return (a.length === 0 ? 0 : 1) - (b.length === 0 ? 0 : 1);
    let pa = 0;
    let pb = 0;
    for (let i = 0; pa < a.length && pb < b.length; i++) {
      const la = a.readUInt16BE(pa);
      const lb = b.readUInt16BE(pb);
      const va = a.subarray(pa + 2, pa + 2 + la);
      const vb = b.subarray(pb + 2, pb + 2 + lb);
      const c = this.typeAt(i).compare(va, vb);
      if (c !== 0) return c;
      const ea = a.readInt8(pa + 2 + la);
      const eb = b.readInt8(pb + 2 + lb);
      if (ea !== eb) return ea < eb ? -1 : 1;
      pa += 3 + la;
      pb += 3 + lb;
    }
    return (pa < a.length ? 1 : 0) - (pb < b.length ? 1 : 0);
  }

  validate(bytes: Buffer): void {
    const { components } = this.split(bytes);
    components.forEach((c, i) => this.typeAt(i).validate(c));
  }

  /** Serialized bytes → components and final EOC, checking the structure (not component values). */
  split(bytes: Buffer): CompositeValue {
    const components: Buffer[] = [];
    let eoc: EndOfComponent = 0;
    let p = 0;
    while (p < bytes.length) {
      const i = components.length;
      if (i >= this.types.length) throw new MarshalError(`${this.name}: more components than the ${this.types.length} types`);
      if (eoc !== 0) throw new MarshalError(`${this.name}: bytes after a non-zero end-of-component at component ${i - 1}`);
      if (p + 2 > bytes.length) throw new MarshalError(`${this.name}: not enough bytes to read the length of component ${i}`);
      const len = bytes.readUInt16BE(p);
      if (p + 2 + len + 1 > bytes.length) {
        throw new MarshalError(`${this.name}: not enough bytes for component ${i} (${len} bytes and its end-of-component)`);
      }
      components.push(bytes.subarray(p + 2, p + 2 + len));
      const e = bytes.readInt8(p + 2 + len);
      if (e < -1 || e > 1) throw new MarshalError(`${this.name}: end-of-component byte 0x${hex2(e & 0xff)} at component ${i}; expected -1, 0 or 1`);
      eoc = e as EndOfComponent;
      p += 3 + len;
    }
    return { components, eoc };
  }

  /** Components (and the last one's EOC) → serialized bytes. */
  build(components: readonly Buffer[], eoc: EndOfComponent = 0): Buffer {
    if (components.length > this.types.length) throw new MarshalError(`${this.name}: more components than the ${this.types.length} types`);
    if (eoc !== 0 && components.length === 0) throw new MarshalError(`${this.name}: an end-of-component needs a component`);
    const parts: Buffer[] = [];
    components.forEach((c, i) => {
      if (c.length > MAX_COMPONENT_LENGTH) throw new MarshalError(`${this.name}: component ${i} is ${c.length} bytes; the limit is 65535`);
      const head = Buffer.allocUnsafe(2);
      head.writeUInt16BE(c.length, 0);
      const end = Buffer.from([i === components.length - 1 ? eoc & 0xff : 0]);
      parts.push(head, c, end);
    });
    return Buffer.concat(parts);
  }

  toString(bytes: Buffer): string {
    this.validate(bytes);
    const { components, eoc } = this.split(bytes);
    const text = components.map((c, i) => escapeComponent(this.typeAt(i).toString(c))).join(':');
    return text + eocText(eoc);
  }

  fromString(s: string): Buffer {
    const { parts, eoc } = componentTexts(s, this.name);
    if (parts.length > this.types.length) throw new MarshalError(`${this.name}: '${s}' has more components than the ${this.types.length} types`);
    const components = parts.map((part, i) => this.typeAt(i).fromString(unescapeComponent(part)));
    return this.build(components, eoc);
  }

  compose(bytes: Buffer): CompositeValue {
    this.validate(bytes);
    const { components, eoc } = this.split(bytes);
    return { components: components.map((c) => Buffer.from(c)), eoc };
  }

  decompose(value: CompositeValue): Buffer {
    const ok = typeof value === 'object' && value !== null && Array.isArray(value.components);
    if (!ok) throw new MarshalError(`${this.name}: expected {components: Buffer[], eoc}, got ${describe(value)}`);
    const bytes = this.build(value.components, value.eoc ?? 0);
    this.validate(bytes);
    return bytes;
  }

  toComparable(bytes: Buffer): Buffer {
    const { components, eoc } = this.split(bytes);
    if (components.length === 0) return Buffer.from([END_BY_EOC[0]]);
    const parts: Buffer[] = [];
    components.forEach((c, i) => parts.push(Buffer.from([COMPONENT_NEXT]), valueComparable(this.typeAt(i), c)));
    parts.push(Buffer.from([END_BY_EOC[eoc]]), widths(this.types, components));
    return Buffer.concat(parts);
  }

  fromComparable(reader: ByteReader): Buffer {
    return this.readComparable(new ComparableInput(reader));
  }

  readComparable(input: ComparableInput): Buffer {
    const components: Buffer[] = [];
    for (;;) {
      const sep = input.u8();
      const eoc = EOC_BY_END.get(sep);
      if (eoc !== undefined) {
        if (components.length === 0 && eoc !== 0) throw new MarshalError(`${this.name}: end-of-component without a component`);
        if (components.length === 0) return EMPTY_BUFFER;
        readWidths(input, this.types, components);
        return this.build(components, eoc);
      }
      if (sep !== COMPONENT_NEXT) throw new MarshalError(`${this.name}: bad separator 0x${hex2(sep)} in byte-comparable bytes`);
      if (components.length >= this.types.length) throw new MarshalError(`${this.name}: too many components in byte-comparable bytes`);
      components.push(this.typeAt(components.length).readComparable(input));
    }
  }

  private typeAt(i: number): AbstractType {
    const t = this.types[i];
    if (t === undefined) throw new MarshalError(`${this.name}: no type for component ${i}`);
    return t;
  }
}
