/**
 * Codecs compiled from an IDL document: each struct, exception and method argument/result list
 * becomes a `StructCodec` that reads binary-protocol bytes into a plain object and writes one
 * back. Field names become camelCase (`column_family` → `columnFamily`, with `renames` for the
 * spellings our types prefer); i64 is a bigint, binary a Buffer, string a JS string (UTF-8
 * checked), enums their names, lists and sets arrays, maps Maps.
 *
 * Reading is strict where a generated client is lenient, because the server must say what is
 * wrong: a field sent with another type, a required field missing, an enum value the IDL does
 * not define each throw ThriftProtocolError naming the field ("get_args.column_path.column:
 * expected binary, got i32"). Unknown field ids are skipped (newer clients), absent fields with
 * an IDL default take it.
 *
 * Writing comes two ways over the same codecs: `write` in one go (clients' calls, small values),
 * and `writeSteps`, a generator that yields between two elements of a list, set or map once a
 * step's worth was written (encode-step.ts), so the server can yield the event loop while it
 * encodes a large reply. Only codecs of values that may be large step (`steps`: lists, sets, maps
 * and the structs that hold one); any other value, and a struct whose such fields are absent (a
 * ColumnOrSuperColumn holding a Column), is written at once inside its step: a small reply is
 * complete at the first step, and the elements of a long list cost one check each.
 */
import { type ThriftReader, type ThriftWriter, ThriftProtocolError, TType, typeName } from '../../transport/thrift/index.js';
import { invariant } from '../../util/invariant.js';
import type { Steps } from '../../util/steps.js';
import { ENCODE_STEP_ELEMENTS_MAX, EncodeStep } from './encode-step.js';
import type { IdlBaseType, IdlConst, IdlDocument, IdlField, IdlType } from './idl-model.js';

/**
 * A value's codec: its wire type id and how to read and write it. Errors thrown from inside
 * carry the path relative to the value (see PathedError); only StructCodec's public read and
 * write turn it into a whole path, so the hot path builds no strings.
 */
interface ValueCodec {
  readonly ttype: number;
  readonly describe: string;
  decode(r: ThriftReader): unknown;
  encode(w: ThriftWriter, v: unknown): void;
  /** Present when a value may be large (see the header); read when writing (structs learn theirs late). */
  readonly steps?: Stepping | undefined;
}

/** How a value that may be large is written in steps. */
interface Stepping {
  /**
   * The elements of the lists, sets and maps in `v`, counted until `max` is reached (then at
   * least `max`): a value with fewer than its step has room for is written at once by `encode`.
   */
  elementsUpTo(v: unknown, max: number): number;
  /** Writes `v` as `encode` does, yielding once `step` is full (between two elements). */
  encodeSteps(w: ThriftWriter, v: unknown, step: EncodeStep): Steps<void>;
}

interface FieldCodec {
  readonly id: number;
  readonly wireName: string;
  readonly name: string;
  readonly required: boolean;
  readonly codec: ValueCodec;
  readonly defaultValue: unknown;
}

/** Thrown while writing a value that does not fit its IDL type (a bug of the caller, not of the peer). */
export class ThriftValueError extends TypeError {}

class Located extends ThriftProtocolError {}

/**
 * An error raised below a struct's public read/write: `at` is the field path from the value that
 * threw (each enclosing struct adds its field's name while the error unwinds), `detail` what is
 * wrong. The message becomes `<root>.<at…><sep><detail>` at the top.
 */
class PathedReadError extends Located {
  readonly at: string[] = [];
  constructor(readonly detail: string) {
    super(detail);
  }
}

class PathedValueError extends ThriftValueError {
  readonly at: string[] = [];
  constructor(readonly detail: string, readonly sep = ': ') {
    super(detail);
  }
}

const fullPath = (root: string, at: readonly string[]): string => (at.length === 0 ? root : `${root}.${at.join('.')}`);

/** A known field as the reader looks it up by id: its index in `fields`, its bit among the fields to check after reading. */
interface FieldSlot {
  readonly f: FieldCodec;
  readonly index: number;
  readonly bit: number;
}

/** Sets field number `index` of a struct being read (see `compileStore`). */
type StoreField = (o: Record<string, unknown>, index: number, v: unknown) => void;

/**
 * A function that stores field `index` under its property name, one `case` per field with the
 * name as a constant key. Reading adds properties in the order they arrive; one shared keyed
 * store (`o[name] = v`) over every struct's names goes megamorphic in V8 and adds each property
 * through the runtime (≈2× slower per object); each function made here keeps its own caches.
 * The names are JSON string literals, so the source cannot be anything but these stores.
 */
function compileStore(fields: readonly FieldCodec[]): StoreField {
  const cases = fields.map((f, i) => `case ${i}: o[${JSON.stringify(f.name)}] = v; return;`).join('\n');
  return new Function('o', 'i', 'v', `switch (i) {\n${cases}\n}`) as StoreField;
}

/** Counts the elements in a struct's large fields, up to `max` (Stepping.elementsUpTo). */
type CountLarge = (o: Record<string, unknown>, max: number) => number;

/**
 * `CountLarge` for `fields`, one property read by constant name each, as `compileStore` does:
 * counting runs on every reply, and with keyed reads (`o[f.name]`, megamorphic over every
 * struct's names) it added ~100 ns to a one-column get_slice reply; with named ones, within the
 * noise (bench/thrift-reply-encode.ts).
 */
function compileCountLarge(fields: readonly FieldCodec[]): CountLarge {
  const reads = fields.map((f, i) => `v = o[${JSON.stringify(f.name)}];\nif (v !== undefined && v !== null) { n += s[${i}].elementsUpTo(v, max - n); if (n >= max) return n; }`).join('\n');
  const make = new Function('s', `return function countLarge(o, max) {\nlet n = 0;\nlet v;\n${reads}\nreturn n;\n};`) as (s: readonly Stepping[]) => CountLarge;
  return make(
    fields.map((f) => {
      invariant(f.codec.steps !== undefined, `${f.wireName} is not a large field`);
      return f.codec.steps;
    }),
  );
}

export class StructCodec implements ValueCodec, Stepping {
  readonly ttype = TType.STRUCT;
  fields: readonly FieldCodec[] = [];
  /** The fields whose values may be large; `steps` is this codec when there are any (`settleSteps`). */
  private largeFields: readonly FieldCodec[] = [];
  steps: Stepping | undefined = undefined;
  /** `elementsUpTo` over the large fields (`compileCountLarge`). */
  private countLarge: CountLarge = () => 0;
  private byId: (FieldSlot | undefined)[] = [];
  private store: StoreField = () => {};
  /** Bits of the fields that are required or have a default; -1 when there are too many to track. */
  private checkMask = 0;

  constructor(readonly describe: string) {}

  /** Called once all codecs exist (structs may refer to each other). */
  setFields(fields: readonly FieldCodec[]): void {
    this.fields = fields;
    this.byId = [];
    this.checkMask = 0;
    this.store = compileStore(fields);
    let next = 0;
    for (const [index, f] of fields.entries()) {
      let bit = 0;
      if (f.required || f.defaultValue !== undefined) {
        if (next < 31) {
          bit = 1 << next++;
          if (this.checkMask !== -1) this.checkMask |= bit;
        } else {
          this.checkMask = -1;
        }
      }
      if (f.id >= 0 && f.id < 4096) this.byId[f.id] = { f, index, bit };
    }
  }

  /**
   * Finds which fields may be large, now that the codecs of its fields know theirs; true when
   * that changed (compileIdl repeats until no struct changes: structs may nest in any order).
   */
  settleSteps(): boolean {
    const large = this.fields.filter((f) => f.codec.steps !== undefined);
    if (large.length === this.largeFields.length) return false;
    this.largeFields = large;
    this.steps = this;
    return true;
  }

  /** Once every codec's `steps` is settled: compiles `countLarge`. */
  compileSteps(): void {
    this.countLarge = compileCountLarge(this.largeFields);
  }

  field(name: string): FieldCodec | undefined {
    return this.fields.find((f) => f.name === name);
  }

  /** Reads one struct; a ThriftProtocolError names the field path from `path`. */
  read(r: ThriftReader, path: string = this.describe): Record<string, unknown> {
    try {
      return this.decode(r);
    } catch (e) {
      if (e instanceof PathedReadError) throw new Located(`${fullPath(path, e.at)}: ${e.detail}`);
      throw e;
    }
  }

  /** Writes one struct; a ThriftValueError names the field path from `path`. */
  write(w: ThriftWriter, v: unknown, path: string = this.describe): void {
    try {
      this.encode(w, v);
    } catch (e) {
      throw withPath(e, path);
    }
  }

  /**
   * Writes one struct in steps (see the header), yielding between them; a ThriftValueError names
   * the field path from `path`, as `write`'s does.
   */
  *writeSteps(w: ThriftWriter, v: unknown, path: string = this.describe): Steps<void> {
    try {
      if (this.elementsUpTo(v, ENCODE_STEP_ELEMENTS_MAX) < ENCODE_STEP_ELEMENTS_MAX) this.encode(w, v);
      else yield* this.encodeSteps(w, v, new EncodeStep(w));
    } catch (e) {
      throw withPath(e, path);
    }
  }

  decode(r: ThriftReader): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let seen = 0;
    let slot: FieldSlot | undefined;
    try {
      for (;;) {
        slot = undefined;
        const h = r.fieldBegin();
        if (h.type === TType.STOP) break;
        slot = h.id >= 0 ? this.byId[h.id] : undefined;
        if (slot === undefined) {
          r.skip(h.type);
          continue;
        }
        const codec = slot.f.codec;
        if (codec.ttype !== h.type) throw new PathedReadError(`expected ${codec.describe}, got ${typeName(h.type)}`);
        this.store(out, slot.index, codec.decode(r));
        seen |= slot.bit;
      }
    } catch (e) {
      // Errors inside a field get its name; the reader's own (truncation, UTF-8) start a path there.
      if (slot === undefined || !(e instanceof ThriftProtocolError)) throw e;
      const located = e instanceof PathedReadError ? e : new PathedReadError(e.message);
      located.at.unshift(slot.f.wireName);
      throw located;
    }
    if (this.checkMask !== 0 && (seen & this.checkMask) !== this.checkMask) {
      for (const [index, f] of this.fields.entries()) {
        if (out[f.name] !== undefined) continue;
        if (f.defaultValue !== undefined) this.store(out, index, f.defaultValue);
        else if (f.required) throw new PathedReadError(`required field ${f.wireName} is missing`);
      }
    }
    return out;
  }

  encode(w: ThriftWriter, v: unknown): void {
    const o = this.objectOf(v);
    let f: FieldCodec | undefined;
    try {
      for (f of this.fields) {
        const fv = o[f.name];
        if (fv === undefined || fv === null) {
          if (f.required) throw new PathedValueError('is required', ' ');
          continue;
        }
        w.fieldBegin(f.codec.ttype, f.id);
        f.codec.encode(w, fv);
      }
    } catch (e) {
      throw located(e, f);
    }
    w.fieldStop();
  }

  elementsUpTo(v: unknown, max: number): number {
    if (typeof v !== 'object' || v === null) return 0;
    return this.countLarge(v as Record<string, unknown>, max);
  }

  /** `encode`, its large fields written in steps. */
  *encodeSteps(w: ThriftWriter, v: unknown, step: EncodeStep): Steps<void> {
    const o = this.objectOf(v);
    let f: FieldCodec | undefined;
    try {
      for (f of this.fields) {
        const fv = o[f.name];
        if (fv === undefined || fv === null) {
          if (f.required) throw new PathedValueError('is required', ' ');
          continue;
        }
        w.fieldBegin(f.codec.ttype, f.id);
        const steps = encodeOrSteps(f.codec, w, fv, step);
        if (steps !== null) yield* steps;
      }
    } catch (e) {
      throw located(e, f);
    }
    w.fieldStop();
  }

  private objectOf(v: unknown): Record<string, unknown> {
    if (typeof v !== 'object' || v === null) throw new PathedValueError(`expected a ${this.describe} object`);
    return v as Record<string, unknown>;
  }
}

/**
 * Writes `v` at once when it holds fewer elements than `step` has room for (they count into the
 * step) and returns null; otherwise returns the steps that write it. A generator is made only for
 * the values written in steps: a KeySlice of a few columns is written at once.
 */
function encodeOrSteps(codec: ValueCodec, w: ThriftWriter, v: unknown, step: EncodeStep): Steps<void> | null {
  const steps = codec.steps;
  const room = step.room;
  const n = steps === undefined ? 0 : steps.elementsUpTo(v, room);
  if (steps !== undefined && n >= room) return steps.encodeSteps(w, v, step);
  codec.encode(w, v);
  step.count(n);
  return null;
}

/** A value error as the caller of `write` sees it: the whole path from `root`. */
function withPath(e: unknown, root: string): unknown {
  return e instanceof PathedValueError ? new ThriftValueError(`${fullPath(root, e.at)}${e.sep}${e.detail}`) : e;
}

/** `e`, with the field it was thrown in added to its path when it is a PathedValueError. */
function located(e: unknown, f: FieldCodec | undefined): unknown {
  if (f !== undefined && e instanceof PathedValueError) e.at.unshift(f.wireName);
  return e;
}

export interface CompiledIdl {
  readonly structs: ReadonlyMap<string, StructCodec>;
  readonly methods: ReadonlyMap<string, MethodCodec>;
  readonly enums: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

export interface MethodCodec {
  readonly name: string;
  /** The implementation's method name (camelCase). */
  readonly jsName: string;
  readonly oneway: boolean;
  readonly args: StructCodec;
  /** Argument names (camelCase) in IDL order: the implementation's positional parameters. */
  readonly argNames: readonly string[];
  /** Field 0 `success` (absent for void) and one field per declared exception. */
  readonly result: StructCodec;
  readonly returnsValue: boolean;
  /** Declared exceptions: IDL exception name → result field name. */
  readonly throws: ReadonlyMap<string, string>;
}

export interface CompileOptions {
  /** `Struct.wire_name` → the JS property name, where camelCase is not what our types use. */
  readonly renames?: Readonly<Record<string, string>>;
}

export function camelCase(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

/** Compiles every struct, exception and method of `doc` (services merged; names must be unique). */
export function compileIdl(doc: IdlDocument, opts: CompileOptions = {}): CompiledIdl {
  const renames = opts.renames ?? {};
  const structs = new Map<string, StructCodec>();
  for (const s of doc.structs.values()) structs.set(s.name, new StructCodec(s.name));
  const enums = new Map<string, ReadonlyMap<string, number>>();
  for (const e of doc.enums.values()) enums.set(e.name, e.values);

  const valueCodec = (t: IdlType): ValueCodec => {
    switch (t.kind) {
      case 'base': return BASE_CODECS[t.name];
      case 'list': case 'set': return listCodec(t.kind, valueCodec(t.elem));
      case 'map': return mapCodec(valueCodec(t.key), valueCodec(t.value));
      case 'named': {
        const s = structs.get(t.name);
        if (s !== undefined) return s;
        const e = doc.enums.get(t.name);
        if (e !== undefined) return enumCodec(e.name, e.values);
        throw new Error(`IDL type '${t.name}' is not declared`);
      }
    }
  };
  const fieldCodecs = (owner: string, fields: readonly IdlField[], requiredAll = false): FieldCodec[] =>
    fields.map((f) => {
      const codec = valueCodec(f.type);
      return {
        id: f.id,
        wireName: f.name,
        name: renames[`${owner}.${f.name}`] ?? camelCase(f.name),
        required: requiredAll || f.requiredness === 'required',
        codec,
        defaultValue: f.defaultValue === undefined ? undefined : constValue(f.defaultValue, f.type, doc),
      };
    });

  for (const s of doc.structs.values()) structs.get(s.name)!.setFields(fieldCodecs(s.name, s.fields));

  const methods = new Map<string, MethodCodec>();
  const argsAndResults: StructCodec[] = [];
  for (const service of doc.services.values()) {
    for (const m of service.methods) {
      const args = new StructCodec(`${m.name}_args`);
      args.setFields(fieldCodecs(`${m.name}_args`, m.args));
      const result = new StructCodec(`${m.name}_result`);
      const successField: IdlField[] = m.returns === null ? [] : [{ id: 0, name: 'success', type: m.returns, requiredness: 'optional' }];
      result.setFields(fieldCodecs(`${m.name}_result`, [...successField, ...m.throws]));
      const throws = new Map<string, string>();
      for (const t of m.throws) {
        if (t.type.kind !== 'named' || doc.structs.get(t.type.name)?.kind !== 'exception') throw new Error(`${m.name} throws ${t.name}, which is not an exception`);
        throws.set(t.type.name, camelCase(t.name));
      }
      argsAndResults.push(args, result);
      methods.set(m.name, {
        name: m.name,
        jsName: camelCase(m.name),
        oneway: m.oneway,
        args,
        argNames: args.fields.map((f) => f.name),
        result,
        returnsValue: m.returns !== null,
        throws,
      });
    }
  }
  const all = [...structs.values(), ...argsAndResults];
  for (let changed = true; changed; ) changed = all.map((s) => s.settleSteps()).includes(true);
  for (const s of all) s.compileSteps();
  return { structs, methods, enums };
}

function constValue(c: IdlConst, t: IdlType, doc: IdlDocument): unknown {
  if (typeof c === 'object') {
    const [enumName, value] = c.enumValue.includes('.') ? c.enumValue.split('.', 2) as [string, string] : [t.kind === 'named' ? t.name : '', c.enumValue];
    if (!doc.enums.get(enumName)?.values.has(value)) throw new Error(`constant ${c.enumValue} is not an enum value`);
    return value;
  }
  if (t.kind === 'base') {
    if (t.name === 'i64') return BigInt(c as number);
    if (t.name === 'bool') return c === true || c === 1;
    if (t.name === 'binary') return Buffer.from(String(c), 'utf8');
  }
  return c;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

const BASE_CODECS: Record<IdlBaseType, ValueCodec> = {
  bool: {
    ttype: TType.BOOL, describe: 'bool',
    decode: (r) => r.bool(),
    encode: (w, v) => { if (typeof v !== 'boolean') throw new PathedValueError('expected a boolean'); w.bool(v); },
  },
  byte: {
    ttype: TType.BYTE, describe: 'byte',
    decode: (r) => r.byte(),
    encode: (w, v) => w.byte(intIn(v, -128, 127)),
  },
  i16: {
    ttype: TType.I16, describe: 'i16',
    decode: (r) => r.i16(),
    encode: (w, v) => w.i16(intIn(v, -32768, 32767)),
  },
  i32: {
    ttype: TType.I32, describe: 'i32',
    decode: (r) => r.i32(),
    encode: (w, v) => w.i32(intIn(v, -2147483648, 2147483647)),
  },
  i64: {
    ttype: TType.I64, describe: 'i64',
    decode: (r) => r.i64(),
    encode: (w, v) => {
      const b = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined;
      if (b === undefined || b < I64_MIN || b > I64_MAX) throw new PathedValueError('expected a 64-bit integer (bigint)');
      w.i64(b);
    },
  },
  double: {
    ttype: TType.DOUBLE, describe: 'double',
    decode: (r) => r.double(),
    encode: (w, v) => { if (typeof v !== 'number') throw new PathedValueError('expected a number'); w.double(v); },
  },
  string: {
    ttype: TType.STRING, describe: 'string',
    decode: (r) => r.string(),
    encode: (w, v) => { if (typeof v !== 'string') throw new PathedValueError('expected a string'); w.string(v); },
  },
  binary: {
    ttype: TType.STRING, describe: 'binary',
    decode: (r) => r.binary(),
    encode: (w, v) => {
      if (v instanceof Uint8Array) w.binary(v);
      else if (typeof v === 'string') w.string(v);
      else throw new PathedValueError('expected a Buffer');
    },
  },
};

function intIn(v: unknown, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new PathedValueError(`expected an integer in [${lo}, ${hi}]`);
  return v;
}

function enumCodec(name: string, values: ReadonlyMap<string, number>): ValueCodec {
  const names = new Map<number, string>();
  for (const [k, v] of values) names.set(v, k);
  return {
    ttype: TType.I32,
    describe: `${name} (i32)`,
    decode: (r) => {
      const n = r.i32();
      const s = names.get(n);
      if (s === undefined) throw new PathedReadError(`${n} is not a ${name} value`);
      return s;
    },
    encode: (w, v) => {
      const n = typeof v === 'string' ? values.get(v) : typeof v === 'number' && names.has(v) ? v : undefined;
      if (n === undefined) throw new PathedValueError(`${String(v)} is not a ${name} value`);
      w.i32(n);
    },
  };
}

function listCodec(kind: 'list' | 'set', elem: ValueCodec): ValueCodec {
  const itemsOf = (v: unknown): readonly unknown[] => {
    const items = Array.isArray(v) ? v : v instanceof Set ? [...v] : undefined;
    if (items === undefined) throw new PathedValueError(`expected an array`);
    return items;
  };
  return {
    ttype: kind === 'list' ? TType.LIST : TType.SET,
    describe: `${kind}<${elem.describe}>`,
    decode: (r) => {
      const { elemType, size } = r.listBegin();
      if (size > 0 && elemType !== elem.ttype) throw new PathedReadError(`expected ${kind} elements of ${elem.describe}, got ${typeName(elemType)}`);
      const out = new Array<unknown>(size);
      for (let i = 0; i < size; i++) out[i] = elem.decode(r);
      return out;
    },
    encode: (w, v) => {
      const items = itemsOf(v);
      w.listBegin(elem.ttype, items.length);
      for (const x of items) elem.encode(w, x);
    },
    steps: {
      elementsUpTo: (v, max) => {
        const items = Array.isArray(v) ? (v as readonly unknown[]) : v instanceof Set ? [...(v as Set<unknown>)] : undefined;
        if (items === undefined) return 0;
        let n = items.length;
        const steps = elem.steps;
        if (steps === undefined) return n;
        for (let i = 0; i < items.length && n < max; i++) n += steps.elementsUpTo(items[i], max - n);
        return n;
      },
      *encodeSteps(w, v, step) {
        const items = itemsOf(v);
        w.listBegin(elem.ttype, items.length);
        for (const x of items) {
          const steps = encodeOrSteps(elem, w, x, step);
          if (steps !== null) yield* steps;
          if (step.full(w)) {
            yield;
            step.next(w);
          }
        }
      },
    },
  };
}

/** Maps step between entries; a key is written at once (keys in cassandra.thrift are binary or string). */
function mapCodec(key: ValueCodec, value: ValueCodec): ValueCodec {
  const entriesOf = (v: unknown): readonly (readonly [unknown, unknown])[] => {
    const entries = v instanceof Map ? [...v.entries()] : Array.isArray(v) ? (v as [unknown, unknown][]) : undefined;
    if (entries === undefined) throw new PathedValueError(`expected a Map`);
    return entries;
  };
  return {
    ttype: TType.MAP,
    describe: `map<${key.describe}, ${value.describe}>`,
    decode: (r) => {
      const { keyType, valueType, size } = r.mapBegin();
      if (size > 0 && (keyType !== key.ttype || valueType !== value.ttype)) {
        throw new PathedReadError(`expected map<${key.describe}, ${value.describe}>, got map<${typeName(keyType)}, ${typeName(valueType)}>`);
      }
      const out = new Map<unknown, unknown>();
      for (let i = 0; i < size; i++) {
        const k = key.decode(r);
        out.set(k, value.decode(r));
      }
      return out;
    },
    encode: (w, v) => {
      const entries = entriesOf(v);
      w.mapBegin(key.ttype, value.ttype, entries.length);
      for (const [k, x] of entries) {
        key.encode(w, k);
        value.encode(w, x);
      }
    },
    steps: {
      elementsUpTo: (v, max) => {
        if (!(v instanceof Map) && !Array.isArray(v)) return 0;
        let n = v instanceof Map ? v.size : v.length;
        const steps = value.steps;
        if (steps === undefined) return n;
        for (const [, x] of (v instanceof Map ? v : (v as [unknown, unknown][]))) {
          if (n >= max) break;
          n += steps.elementsUpTo(x, max - n);
        }
        return n;
      },
      *encodeSteps(w, v, step) {
        const entries = entriesOf(v);
        w.mapBegin(key.ttype, value.ttype, entries.length);
        for (const [k, x] of entries) {
          key.encode(w, k);
          const steps = encodeOrSteps(value, w, x, step);
          if (steps !== null) yield* steps;
          if (step.full(w)) {
            yield;
            step.next(w);
          }
        }
      },
    },
  };
}
