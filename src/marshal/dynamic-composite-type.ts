/**
 * DynamicCompositeType(a=>T1, b=>T2, …): a column name whose components each carry their own
 * type. Serialized as Cassandra does (db/marshal/DynamicCompositeType.java), per component:
 *   u16 header                 0x8000 | alias byte: the type the alias names; else the length of
 *   [the type's name]          a type name in UTF-8 ('UTF8Type', 'org.apache…UTF8Type', …)
 *   u16 length, the value's bytes, one end-of-component byte (-1, 0, +1; non-zero only last)
 * Order (Cassandra's getComparator): components of different types by the types' simple class
 * names, then their full class names (both ReversedType: by their base types); of one type by its
 * order; then the end-of-component byte; a prefix first; the empty name first. An alias and a
 * name for one type compare equal, in Cassandra and here.
 *
 * Byte-comparable form (byte-comparable.ts's grammar, `dynamic`):
 *   dynamic   = 0x38                                            the empty name
 *             | ( 0x40 key value )+ end spelling+
 *   key       = bytes(simple class name) bytes(full class name) [key of the base type, for ReversedType]
 *   value     = the component's value in its type's encoding
 *   end       = 0x20 | 0x38 | 0x60                              the last end-of-component byte
 *   spelling  = bytes(the component's serialized header and name), one per component
 *   widths    = varints' widths, as CompositeType has them (value-comparable.ts)
 * So names come back byte for byte (alias or name, as written); names Cassandra calls equal that
 * are spelled differently are distinct, adjacent names here, ordered by their spellings.
 *
 * Ilium reads components of non-parameterised types and ReversedType of them (what Thrift-era
 * schemas use); a component of another parameterised type is refused with a MarshalError.
 */
import { MarshalError } from '../errors/index.js';
import type { ByteReader } from '../util/byte-reader.js';
import { MARSHAL_PACKAGE, type AbstractType } from './abstract-type.js';
import { EMPTY_BUFFER } from './base-type.js';
import { ComparableInput, decodeByteString, encodeByteString, hex2 } from './byte-comparable.js';
import { componentTexts, eocText, escapeComponent, unescapeComponent } from './composite-text.js';
import { COMPONENT_NEXT, END_BY_EOC, EOC_BY_END, type EndOfComponent } from './composite-type.js';
import { describe } from './integer-text.js';
import { ReversedType } from './reversed-type.js';
import { readWidths, valueComparable, widths } from './value-comparable.js';

const ALIAS_BIT = 0x8000;
const LENGTH_MAX = 0x7fff;

/** One component: its serialized header (and name), its type and its value. */
export interface DynamicComponent {
  readonly spelling: Buffer;
  readonly type: AbstractType;
  readonly value: Buffer;
}

export interface DynamicCompositeValue {
  components: DynamicComponent[];
  eoc: EndOfComponent;
}

/** Resolves a type name written in a component (type-parser.ts's parseType). */
export type TypeResolver = (name: string) => AbstractType;

export class DynamicCompositeType implements AbstractType<DynamicCompositeValue> {
  readonly name: string;
  readonly fullName: string;
  readonly cqlName = null;
  readonly fixedLength = null;
  readonly isReversed = false;
  readonly allowsEmpty = true;
  /** Alias character → type, in alias order (Cassandra prints them so). */
  readonly aliases: ReadonlyMap<string, AbstractType>;

  constructor(
    aliases: ReadonlyMap<string, AbstractType>,
    private readonly resolve: TypeResolver,
  ) {
    const sorted = [...aliases].sort(([a], [b]) => a.charCodeAt(0) - b.charCodeAt(0));
    for (const [alias, type] of sorted) {
      if (alias.length !== 1 || alias.charCodeAt(0) > 0xff) throw new MarshalError(`DynamicCompositeType: alias '${alias}' must be one character`);
      checkComponentType(type);
    }
    this.aliases = new Map(sorted);
    this.name = `DynamicCompositeType(${sorted.map(([a, t]) => `${a}=>${t.name}`).join(',')})`;
    this.fullName = `${MARSHAL_PACKAGE}DynamicCompositeType(${sorted.map(([a, t]) => `${a}=>${t.fullName}`).join(',')})`;
  }

  compare(a: Buffer, b: Buffer): number {
    if (a.length === 0 || b.length === 0) return (a.length === 0 ? 0 : 1) - (b.length === 0 ? 0 : 1);
    const x = this.split(a);
    const y = this.split(b);
    const n = Math.min(x.components.length, y.components.length);
    for (let i = 0; i < n; i++) {
      const ca = x.components[i]!;
      const cb = y.components[i]!;
      const byType = compareClasses(ca.type, cb.type);
      if (byType !== 0) return byType;
      const c = ca.type.compare(ca.value, cb.value);
      if (c !== 0) return c;
      const ea = i === x.components.length - 1 ? x.eoc : 0;
      const eb = i === y.components.length - 1 ? y.eoc : 0;
      if (ea !== eb) return ea < eb ? -1 : 1;
    }
    return Math.sign(x.components.length - y.components.length);
  }

  validate(bytes: Buffer): void {
    for (const c of this.split(bytes).components) c.type.validate(c.value);
  }

  /** Serialized bytes → components and the last end-of-component byte (structure only). */
  split(bytes: Buffer): DynamicCompositeValue {
    const components: DynamicComponent[] = [];
    let eoc: EndOfComponent = 0;
    let p = 0;
    while (p < bytes.length) {
      const i = components.length;
      if (eoc !== 0) throw new MarshalError(`${this.name}: bytes after a non-zero end-of-component at component ${i - 1}`);
      if (p + 2 > bytes.length) throw new MarshalError(`Not enough bytes to header of the comparator part of component ${i}`);
      const header = bytes.readUInt16BE(p);
      const nameLength = (header & ALIAS_BIT) !== 0 ? 0 : header;
      if (p + 2 + nameLength > bytes.length) throw new MarshalError(`Not enough bytes to read comparator name of component ${i}`);
      const spelling = bytes.subarray(p, p + 2 + nameLength);
      const type = this.typeOf(spelling, i);
      p += spelling.length;
      if (p + 2 > bytes.length) throw new MarshalError(`${this.name}: not enough bytes to read the length of component ${i}`);
      const len = bytes.readUInt16BE(p);
      if (p + 2 + len + 1 > bytes.length) throw new MarshalError(`${this.name}: not enough bytes for component ${i} (${len} bytes and its end-of-component)`);
      const value = bytes.subarray(p + 2, p + 2 + len);
      const e = bytes.readInt8(p + 2 + len);
      if (e < -1 || e > 1) throw new MarshalError(`${this.name}: end-of-component byte 0x${hex2(e & 0xff)} at component ${i}; expected -1, 0 or 1`);
      components.push({ spelling, type, value });
      eoc = e as EndOfComponent;
      p += 3 + len;
    }
    return { components, eoc };
  }

  build(components: readonly DynamicComponent[], eoc: EndOfComponent = 0): Buffer {
    if (eoc !== 0 && components.length === 0) throw new MarshalError(`${this.name}: an end-of-component needs a component`);
    const parts: Buffer[] = [];
    components.forEach((c, i) => {
      if (c.value.length > 0xffff) throw new MarshalError(`${this.name}: component ${i} is ${c.value.length} bytes; the limit is 65535`);
      const len = Buffer.allocUnsafe(2);
      len.writeUInt16BE(c.value.length, 0);
      parts.push(c.spelling, len, c.value, Buffer.from([i === components.length - 1 ? eoc & 0xff : 0]));
    });
    return Buffer.concat(parts);
  }

  /** A component's header for a type name or alias, as Cassandra's fromString writes it. */
  spell(nameOrAlias: string): { spelling: Buffer; type: AbstractType } {
    const aliased = nameOrAlias.length === 1 ? this.aliases.get(nameOrAlias) : undefined;
    if (aliased !== undefined) {
      const spelling = Buffer.allocUnsafe(2);
      spelling.writeUInt16BE(ALIAS_BIT | nameOrAlias.charCodeAt(0), 0);
      return { spelling, type: aliased };
    }
    const name = Buffer.from(nameOrAlias, 'utf8');
    if (name.length > LENGTH_MAX) throw new MarshalError(`${this.name}: type name of ${name.length} bytes`);
    const spelling = Buffer.allocUnsafe(2 + name.length);
    spelling.writeUInt16BE(name.length, 0);
    name.copy(spelling, 2);
    return { spelling, type: this.typeOf(spelling, 0) };
  }

  toString(bytes: Buffer): string {
    this.validate(bytes);
    const { components, eoc } = this.split(bytes);
    const text = components.map((c) => `${spelledName(c.spelling)}@${escapeComponent(c.type.toString(c.value))}`).join(':');
    return text + eocText(eoc);
  }

  fromString(s: string): Buffer {
    const { parts, eoc } = componentTexts(s, this.name);
    const components = parts.map((part): DynamicComponent => {
      const pieces = part.split('@');
      if (pieces.length !== 2) throw new MarshalError(`Invalid component representation: ${part}`);
      const { spelling, type } = this.spell(pieces[0]!);
      return { spelling, type, value: type.fromString(unescapeComponent(pieces[1]!)) };
    });
    return this.build(components, eoc);
  }

  compose(bytes: Buffer): DynamicCompositeValue {
    this.validate(bytes);
    const { components, eoc } = this.split(bytes);
    return { components: components.map((c) => ({ spelling: Buffer.from(c.spelling), type: c.type, value: Buffer.from(c.value) })), eoc };
  }

  decompose(value: DynamicCompositeValue): Buffer {
    const ok = typeof value === 'object' && value !== null && Array.isArray(value.components);
    if (!ok) throw new MarshalError(`${this.name}: expected {components: [{spelling, type, value}], eoc}, got ${describe(value)}`);
    const bytes = this.build(value.components, value.eoc ?? 0);
    this.validate(bytes);
    return bytes;
  }

  toComparable(bytes: Buffer): Buffer {
    const { components, eoc } = this.split(bytes);
    if (components.length === 0) return Buffer.from([END_BY_EOC[0]]);
    const parts: Buffer[] = [];
    for (const c of components) parts.push(Buffer.from([COMPONENT_NEXT]), classKey(c.type), valueComparable(c.type, c.value));
    parts.push(Buffer.from([END_BY_EOC[eoc]]));
    for (const c of components) parts.push(encodeByteString(c.spelling));
    parts.push(widths(components.map((c) => c.type), components.map((c) => c.value)));
    return Buffer.concat(parts);
  }

  fromComparable(reader: ByteReader): Buffer {
    return this.readComparable(new ComparableInput(reader));
  }

  readComparable(input: ComparableInput): Buffer {
    const types: AbstractType[] = [];
    const values: Buffer[] = [];
    for (;;) {
      const sep = input.u8();
      const eoc = EOC_BY_END.get(sep);
      if (eoc !== undefined) {
        if (types.length === 0) {
          if (eoc !== 0) throw new MarshalError(`${this.name}: end-of-component without a component`);
          return EMPTY_BUFFER;
        }
        const spellings = types.map(() => decodeByteString(input));
        readWidths(input, types, values);
        return this.build(types.map((type, i) => ({ spelling: spellings[i]!, type, value: values[i]! })), eoc);
      }
      if (sep !== COMPONENT_NEXT) throw new MarshalError(`${this.name}: bad separator 0x${hex2(sep)} in byte-comparable bytes`);
      const type = this.readClassKey(input);
      types.push(type);
      values.push(type.readComparable(input));
    }
  }

  /** The type a component's header names (Cassandra: "Cannot find comparator for component i"). */
  private typeOf(spelling: Buffer, i: number): AbstractType {
    const header = spelling.readUInt16BE(0);
    let type: AbstractType | undefined;
    if ((header & ALIAS_BIT) !== 0) {
      type = this.aliases.get(String.fromCharCode(header & 0xff));
    } else {
      try {
        type = this.resolve(spelling.subarray(2).toString('utf8'));
      } catch {
        type = undefined;
      }
    }
    if (type === undefined) throw new MarshalError(`Cannot find comparator for component ${i}`);
    checkComponentType(type);
    return type;
  }

  private readClassKey(input: ComparableInput): AbstractType {
    decodeByteString(input); // the simple class name: the full one says it all
    const full = decodeByteString(input).toString('utf8');
    if (full === `${MARSHAL_PACKAGE}ReversedType`) return new ReversedType(this.readClassKey(input));
    return this.resolve(full);
  }
}

/** Cassandra compares the components of two different types by their classes' names. */
function compareClasses(a: AbstractType, b: AbstractType): number {
  if (a.isReversed && b.isReversed) return compareClasses((a as ReversedType).baseType, (b as ReversedType).baseType);
  const [sa, fa] = className(a);
  const [sb, fb] = className(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (fa !== fb) return fa < fb ? -1 : 1;
  return 0;
}

function className(t: AbstractType): [string, string] {
  return [t.name.split('(')[0]!, t.fullName.split('(')[0]!];
}

function classKey(t: AbstractType): Buffer {
  const [simple, full] = className(t);
  const key = [encodeByteString(Buffer.from(simple, 'utf8')), encodeByteString(Buffer.from(full, 'utf8'))];
  if (t instanceof ReversedType) key.push(classKey(t.baseType as AbstractType));
  return Buffer.concat(key);
}

/** Components must be named by their class alone (Ilium's limit, see the header). */
function checkComponentType(t: AbstractType): void {
  const base = t instanceof ReversedType ? (t.baseType as AbstractType) : t;
  if (base.name.includes('(')) throw new MarshalError(`Ilium's DynamicCompositeType supports components of non-parameterised types (and ReversedType of them), not ${t.name}`);
}

/** The alias character or type name a header spells (Cassandra's getString prints it before '@'). */
function spelledName(spelling: Buffer): string {
  const header = spelling.readUInt16BE(0);
  return (header & ALIAS_BIT) !== 0 ? String.fromCharCode(header & 0xff) : spelling.subarray(2).toString('utf8');
}
