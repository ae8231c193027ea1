/**
 * The shell's view of a CQL type, enough to print and parse values: built from the driver's
 * result metadata ({code, info}) or from a type string of system_schema ("frozen<map<text, int>>").
 * User types read from system_schema arrive as bare names and are filled in by a resolver.
 */
import cassandra from 'cassandra-driver';

export type CqlType =
  | { readonly kind: 'native'; readonly name: string }
  | { readonly kind: 'list' | 'set'; readonly element: CqlType }
  | { readonly kind: 'vector'; readonly element: CqlType; readonly dimension: number }
  | { readonly kind: 'map'; readonly key: CqlType; readonly value: CqlType }
  | { readonly kind: 'tuple'; readonly elements: readonly CqlType[] }
  | { readonly kind: 'udt'; readonly name: string; readonly fields: readonly { readonly name: string; readonly type: CqlType }[] };

export const native = (name: string): CqlType => ({ kind: 'native', name });

const CODE_NAMES: Record<number, string> = {
  1: 'ascii', 2: 'bigint', 3: 'blob', 4: 'boolean', 5: 'counter', 6: 'decimal', 7: 'double', 8: 'float',
  9: 'int', 10: 'text', 11: 'timestamp', 12: 'uuid', 13: 'text', 14: 'varint', 15: 'timeuuid', 16: 'inet',
  17: 'date', 18: 'time', 19: 'smallint', 20: 'tinyint', 21: 'duration',
};

interface DriverType {
  readonly code: number;
  readonly info?: unknown;
}

/** The driver's column type ({code, info} as in ResultSet.columns) as a CqlType. */
export function fromDriverType(t: DriverType): CqlType {
  const codes = cassandra.types.dataTypes;
  switch (t.code) {
    case codes.list:
    case codes.set:
      return { kind: t.code === codes.list ? 'list' : 'set', element: fromDriverType(t.info as DriverType) };
    case codes.map: {
      const [k, v] = t.info as [DriverType, DriverType];
      return { kind: 'map', key: fromDriverType(k), value: fromDriverType(v) };
    }
    case codes.tuple:
      return { kind: 'tuple', elements: (t.info as DriverType[]).map(fromDriverType) };
    case codes.udt: {
      const info = t.info as { name: string; fields: { name: string; type: DriverType }[] };
      return { kind: 'udt', name: info.name, fields: info.fields.map((f) => ({ name: f.name, type: fromDriverType(f.type) })) };
    }
    case codes.custom: {
      // the driver describes a vector as a custom type with info [element type, dimension]
      const info = t.info as unknown;
      if (Array.isArray(info) && info.length === 2 && typeof info[1] === 'number') {
        return { kind: 'vector', element: fromDriverType(info[0] as DriverType), dimension: info[1] };
      }
      return native(String(info ?? 'custom'));
    }
    default:
      return native(CODE_NAMES[t.code] ?? `type${t.code}`);
  }
}

/** Reads a CQL type string as system_schema stores it; user types come back as bare names. */
export function parseTypeString(text: string, resolveUdt: (name: string) => CqlType | undefined = () => undefined): CqlType {
  const p = { s: text, i: 0 };
  const t = readType(p, resolveUdt);
  skipSpace(p);
  if (p.i !== p.s.length) throw new Error(`Cannot read the type '${text}'`);
  return t;
}

interface Cursor {
  s: string;
  i: number;
}

function skipSpace(p: Cursor): void {
  while (p.i < p.s.length && /\s/.test(p.s[p.i]!)) p.i++;
}

function readName(p: Cursor): string {
  skipSpace(p);
  if (p.s[p.i] === '"') {
    let out = '';
    p.i++;
    while (p.i < p.s.length) {
      if (p.s[p.i] === '"' && p.s[p.i + 1] === '"') {
        out += '"';
        p.i += 2;
      } else if (p.s[p.i] === '"') {
        p.i++;
        return out;
      } else {
        out += p.s[p.i++];
      }
    }
    throw new Error(`Unterminated quoted name in the type '${p.s}'`);
  }
  const m = /^[A-Za-z0-9_.]+/.exec(p.s.slice(p.i));
  if (m === null) throw new Error(`Cannot read the type '${p.s}'`);
  p.i += m[0].length;
  return m[0];
}

function expect(p: Cursor, c: string): void {
  skipSpace(p);
  if (p.s[p.i] !== c) throw new Error(`Cannot read the type '${p.s}': '${c}' expected at ${p.i}`);
  p.i++;
}

function readArgs(p: Cursor, resolveUdt: (name: string) => CqlType | undefined): CqlType[] {
  expect(p, '<');
  const args = [readType(p, resolveUdt)];
  skipSpace(p);
  while (p.s[p.i] === ',') {
    p.i++;
    skipSpace(p);
    if (/[0-9]/.test(p.s[p.i] ?? '')) args.push(native(readName(p)));
    else args.push(readType(p, resolveUdt));
    skipSpace(p);
  }
  expect(p, '>');
  return args;
}

function readType(p: Cursor, resolveUdt: (name: string) => CqlType | undefined): CqlType {
  const name = readName(p);
  const lower = name.toLowerCase();
  skipSpace(p);
  if (p.s[p.i] !== '<') {
    if (lower === 'varchar') return native('text');
    if (Object.values(CODE_NAMES).includes(lower)) return native(lower);
    return resolveUdt(name) ?? { kind: 'udt', name, fields: [] };
  }
  const args = readArgs(p, resolveUdt);
  const arity = (n: number) => {
    if (args.length !== n) throw new Error(`Cannot read the type '${p.s}': ${lower} takes ${n} parameters`);
  };
  switch (lower) {
    case 'frozen':
      arity(1);
      return args[0]!;
    case 'list':
    case 'set':
      arity(1);
      return { kind: lower, element: args[0]! };
    case 'map':
      arity(2);
      return { kind: 'map', key: args[0]!, value: args[1]! };
    case 'tuple':
      return { kind: 'tuple', elements: args };
    case 'vector': {
      arity(2);
      const dim = args[1]!;
      return { kind: 'vector', element: args[0]!, dimension: dim.kind === 'native' ? Number(dim.name) : 0 };
    }
    default:
      throw new Error(`Cannot read the type '${p.s}': unknown type ${name}`);
  }
}

/** Whether values of the type print unquoted numbers (cqlsh colours them; COPY leaves them bare). */
export function isNumeric(t: CqlType): boolean {
  return t.kind === 'native' && ['bigint', 'counter', 'decimal', 'double', 'float', 'int', 'smallint', 'tinyint', 'varint'].includes(t.name);
}
