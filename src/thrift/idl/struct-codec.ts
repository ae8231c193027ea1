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
 */
import { type ThriftReader, type ThriftWriter, ThriftProtocolError, TType, typeName } from '../../transport/thrift/index.js';
import type { IdlBaseType, IdlConst, IdlDocument, IdlField, IdlType } from './idl-model.js';

/** A value's codec: its wire type id and how to read and write it. */
interface ValueCodec {
  readonly ttype: number;
  readonly describe: string;
  read(r: ThriftReader, path: string): unknown;
  write(w: ThriftWriter, v: unknown, path: string): void;
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

export class StructCodec implements ValueCodec {
  readonly ttype = TType.STRUCT;
  fields: readonly FieldCodec[] = [];
  private byId: (FieldCodec | undefined)[] = [];

  constructor(readonly describe: string) {}

  /** Called once all codecs exist (structs may refer to each other). */
  setFields(fields: readonly FieldCodec[]): void {
    this.fields = fields;
    this.byId = [];
    for (const f of fields) if (f.id >= 0 && f.id < 4096) this.byId[f.id] = f;
  }

  field(name: string): FieldCodec | undefined {
    return this.fields.find((f) => f.name === name);
  }

  read(r: ThriftReader, path: string = this.describe): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (;;) {
      const h = r.fieldBegin();
      if (h.type === TType.STOP) break;
      const f = h.id >= 0 ? this.byId[h.id] : undefined;
      if (f === undefined) {
        r.skip(h.type);
        continue;
      }
      const at = `${path}.${f.wireName}`;
      if (f.codec.ttype !== h.type) throw new Located(`${at}: expected ${f.codec.describe}, got ${typeName(h.type)}`);
      try {
        out[f.name] = f.codec.read(r, at);
      } catch (e) {
        if (e instanceof ThriftProtocolError && !(e instanceof Located)) throw new Located(`${at}: ${e.message}`);
        throw e;
      }
    }
    for (const f of this.fields) {
      if (out[f.name] !== undefined) continue;
      if (f.defaultValue !== undefined) out[f.name] = f.defaultValue;
      else if (f.required) throw new Located(`${path}: required field ${f.wireName} is missing`);
    }
    return out;
  }

  write(w: ThriftWriter, v: unknown, path: string = this.describe): void {
    if (typeof v !== 'object' || v === null) throw new ThriftValueError(`${path}: expected a ${this.describe} object`);
    const o = v as Record<string, unknown>;
    for (const f of this.fields) {
      const fv = o[f.name];
      if (fv === undefined || fv === null) {
        if (f.required) throw new ThriftValueError(`${path}.${f.wireName} is required`);
        continue;
      }
      w.fieldBegin(f.codec.ttype, f.id);
      f.codec.write(w, fv, `${path}.${f.wireName}`);
    }
    w.fieldStop();
  }
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

const BASE_CODECS: Record<IdlBaseType, ValueCodec> = {
  bool: {
    ttype: TType.BOOL, describe: 'bool',
    read: (r) => r.bool(),
    write: (w, v, p) => { if (typeof v !== 'boolean') throw new ThriftValueError(`${p}: expected a boolean`); w.bool(v); },
  },
  byte: {
    ttype: TType.BYTE, describe: 'byte',
    read: (r) => r.byte(),
    write: (w, v, p) => w.byte(intIn(v, -128, 127, p)),
  },
  i16: {
    ttype: TType.I16, describe: 'i16',
    read: (r) => r.i16(),
    write: (w, v, p) => w.i16(intIn(v, -32768, 32767, p)),
  },
  i32: {
    ttype: TType.I32, describe: 'i32',
    read: (r) => r.i32(),
    write: (w, v, p) => w.i32(intIn(v, -2147483648, 2147483647, p)),
  },
  i64: {
    ttype: TType.I64, describe: 'i64',
    read: (r) => r.i64(),
    write: (w, v, p) => {
      const b = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : undefined;
      if (b === undefined || b < -(2n ** 63n) || b >= 2n ** 63n) throw new ThriftValueError(`${p}: expected a 64-bit integer (bigint)`);
      w.i64(b);
    },
  },
  double: {
    ttype: TType.DOUBLE, describe: 'double',
    read: (r) => r.double(),
    write: (w, v, p) => { if (typeof v !== 'number') throw new ThriftValueError(`${p}: expected a number`); w.double(v); },
  },
  string: {
    ttype: TType.STRING, describe: 'string',
    read: (r) => r.string(),
    write: (w, v, p) => { if (typeof v !== 'string') throw new ThriftValueError(`${p}: expected a string`); w.string(v); },
  },
  binary: {
    ttype: TType.STRING, describe: 'binary',
    read: (r) => r.binary(),
    write: (w, v, p) => {
      if (v instanceof Uint8Array) w.binary(v);
      else if (typeof v === 'string') w.string(v);
      else throw new ThriftValueError(`${p}: expected a Buffer`);
    },
  },
};

function intIn(v: unknown, lo: number, hi: number, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new ThriftValueError(`${path}: expected an integer in [${lo}, ${hi}]`);
  return v;
}

function enumCodec(name: string, values: ReadonlyMap<string, number>): ValueCodec {
  const names = new Map<number, string>();
  for (const [k, v] of values) names.set(v, k);
  return {
    ttype: TType.I32,
    describe: `${name} (i32)`,
    read: (r, p) => {
      const n = r.i32();
      const s = names.get(n);
      if (s === undefined) throw new Located(`${p}: ${n} is not a ${name} value`);
      return s;
    },
    write: (w, v, p) => {
      const n = typeof v === 'string' ? values.get(v) : typeof v === 'number' && names.has(v) ? v : undefined;
      if (n === undefined) throw new ThriftValueError(`${p}: ${String(v)} is not a ${name} value`);
      w.i32(n);
    },
  };
}

function listCodec(kind: 'list' | 'set', elem: ValueCodec): ValueCodec {
  return {
    ttype: kind === 'list' ? TType.LIST : TType.SET,
    describe: `${kind}<${elem.describe}>`,
    read: (r, p) => {
      const { elemType, size } = r.listBegin();
      if (size > 0 && elemType !== elem.ttype) throw new Located(`${p}: expected ${kind} elements of ${elem.describe}, got ${typeName(elemType)}`);
      const out = new Array<unknown>(size);
      for (let i = 0; i < size; i++) out[i] = elem.read(r, p);
      return out;
    },
    write: (w, v, p) => {
      const items = Array.isArray(v) ? v : v instanceof Set ? [...v] : undefined;
      if (items === undefined) throw new ThriftValueError(`${p}: expected an array`);
      w.listBegin(elem.ttype, items.length);
      for (const x of items) elem.write(w, x, p);
    },
  };
}

function mapCodec(key: ValueCodec, value: ValueCodec): ValueCodec {
  return {
    ttype: TType.MAP,
    describe: `map<${key.describe}, ${value.describe}>`,
    read: (r, p) => {
      const { keyType, valueType, size } = r.mapBegin();
      if (size > 0 && (keyType !== key.ttype || valueType !== value.ttype)) {
        throw new Located(`${p}: expected map<${key.describe}, ${value.describe}>, got map<${typeName(keyType)}, ${typeName(valueType)}>`);
      }
      const out = new Map<unknown, unknown>();
      for (let i = 0; i < size; i++) {
        const k = key.read(r, p);
        out.set(k, value.read(r, p));
      }
      return out;
    },
    write: (w, v, p) => {
      const entries = v instanceof Map ? [...v.entries()] : Array.isArray(v) ? (v as [unknown, unknown][]) : undefined;
      if (entries === undefined) throw new ThriftValueError(`${p}: expected a Map`);
      w.mapBegin(key.ttype, value.ttype, entries.length);
      for (const [k, x] of entries) {
        key.write(w, k, p);
        value.write(w, x, p);
      }
    },
  };
}
