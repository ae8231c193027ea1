/**
 * COPY FROM: one CSV field → the value the driver binds for a column of a given type. Reads
 * what COPY TO writes (and cqlsh's own COPY files): numbers, True/False (or the BOOLSTYLE
 * words), 0x… blobs, uuids, timestamps `2011-02-03 04:05:00.000+0000` / ISO 8601 / epoch
 * milliseconds, dates, times, durations, and collections/tuples/UDTs as CQL literals.
 * Errors are plain messages ("Invalid int value 'x'") for the per-row report.
 */
import cassandra from 'cassandra-driver';
import { type CqlType } from './cql-type.js';
import { type LiteralNode, readLiteral } from './cql-literal-reader.js';

const { types } = cassandra;

export interface ParseOptions {
  readonly boolStyle: readonly [string, string];
}

const INT_RANGES: Record<string, readonly [bigint, bigint]> = {
  tinyint: [-128n, 127n],
  smallint: [-32768n, 32767n],
  int: [-2147483648n, 2147483647n],
  bigint: [-(2n ** 63n), 2n ** 63n - 1n],
  counter: [-(2n ** 63n), 2n ** 63n - 1n],
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A field's text as a value of the type (text fields are taken as they are). */
export function parseField(text: string, type: CqlType, opts: ParseOptions): unknown {
  if (type.kind === 'native') return parseNative(text, type.name, opts);
  return fromLiteral(readLiteral(text), type, opts);
}

function invalid(name: string, text: string): Error {
  return new Error(`Invalid ${name} value '${text}'`);
}

function parseInteger(text: string, name: string): bigint {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) throw invalid(name, text);
  const n = BigInt(t);
  const range = INT_RANGES[name];
  if (range !== undefined && (n < range[0] || n > range[1])) throw new Error(`${name} value out of range: '${text}'`);
  return n;
}

function parseNative(text: string, name: string, opts: ParseOptions): unknown {
  const t = text.trim();
  switch (name) {
    case 'text':
    case 'ascii':
      return text;
    case 'tinyint':
    case 'smallint':
    case 'int':
      return Number(parseInteger(t, name));
    case 'bigint':
    case 'counter':
    case 'varint':
      return parseInteger(t, name);
    case 'float':
    case 'double': {
      if (/^[+-]?(nan|infinity|inf)$/i.test(t)) return t.toLowerCase().includes('nan') ? NaN : t.startsWith('-') ? -Infinity : Infinity;
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw invalid(name, text);
      return Number(t);
    }
    case 'decimal':
      return parseDecimal(t);
    case 'boolean': {
      const l = t.toLowerCase();
      if (l === opts.boolStyle[0].toLowerCase() || l === 'true') return true;
      if (l === opts.boolStyle[1].toLowerCase() || l === 'false') return false;
      throw invalid(name, text);
    }
    case 'uuid':
    case 'timeuuid':
      if (!UUID_RE.test(t)) throw invalid(name, text);
      return name === 'uuid' ? types.Uuid.fromString(t.toLowerCase()) : types.TimeUuid.fromString(t.toLowerCase());
    case 'inet':
      try {
        return types.InetAddress.fromString(t);
      } catch {
        throw invalid(name, text);
      }
    case 'blob':
      if (!/^0x([0-9a-f]{2})*$/i.test(t)) throw invalid(name, text);
      return Buffer.from(t.slice(2), 'hex');
    case 'timestamp':
      return parseTimestamp(t);
    case 'date':
      return wrap(name, text, () => types.LocalDate.fromString(t));
    case 'time':
      return wrap(name, text, () => types.LocalTime.fromString(t));
    case 'duration':
      return wrap(name, text, () => types.Duration.fromString(t));
    default:
      throw new Error(`Cannot import values of type ${name}`);
  }
}

function wrap<T>(name: string, text: string, f: () => T): T {
  try {
    return f();
  } catch {
    throw invalid(name, text);
  }
}

function parseDecimal(t: string): unknown {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(t);
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) throw invalid('decimal', t);
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  const digits = (int + frac).replace(/^0+(?=\d)/, '') || '0';
  const scale = frac.length - Number(exp);
  return new types.BigDecimal(types.Integer.fromString(sign === '-' ? `-${digits}` : digits) as unknown as number, scale);
}

/**
 * Timestamps: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS[.f…]]` with `T` or space, an optional zone
 * (`Z`, `+HHMM`, `+HH:MM`; none means UTC), or an integer of milliseconds since the epoch.
 */
export function parseTimestamp(t: string): Date {
  if (/^-?\d+$/.test(t)) return new Date(Number(t));
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d\d:?\d\d)?$/i.exec(t);
  if (m === null) throw invalid('timestamp', t);
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  let ms = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], Number(frac.padEnd(3, '0').slice(0, 3)));
  const check = new Date(ms);
  if (check.getUTCMonth() !== parts[1] - 1 || check.getUTCDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) {
    throw invalid('timestamp', t);
  }
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d\d):?(\d\d)$/.exec(zone)!;
    ms -= (Number(z[2]) * 60 + Number(z[3])) * (z[1] === '-' ? -1 : 1) * 60000;
  }
  return new Date(ms);
}

function leaf(node: LiteralNode, type: CqlType, opts: ParseOptions): unknown {
  if (node.kind === 'atom' && node.value.toLowerCase() === 'null') return null;
  if (type.kind !== 'native') return fromLiteral(node, type, opts);
  if (node.kind !== 'string' && node.kind !== 'atom') throw new Error(`a ${type.name} value expected, not a collection`);
  return parseNative(node.value, type.name, opts);
}

function itemsOf(node: LiteralNode): readonly LiteralNode[] {
  return node.kind === 'list' || node.kind === 'tuple' || node.kind === 'braces' ? node.items : [];
}

function pairsOf(node: LiteralNode): readonly (readonly [LiteralNode, LiteralNode])[] {
  return node.kind === 'braces' ? node.pairs : [];
}

function fromLiteral(node: LiteralNode, type: CqlType, opts: ParseOptions): unknown {
  const shape = (want: string, ok: boolean) => {
    if (!ok) throw new Error(`Invalid ${want} literal`);
  };
  switch (type.kind) {
    case 'native':
      return leaf(node, type, opts);
    case 'list':
    case 'vector':
      shape(type.kind, node.kind === 'list');
      return itemsOf(node).map((n) => leaf(n, type.element, opts));
    case 'set':
      shape('set', node.kind === 'braces' && node.pairs.length === 0);
      return itemsOf(node).map((n) => leaf(n, type.element, opts));
    case 'map': {
      shape('map', node.kind === 'braces' && node.items.length === 0);
      const out = new Map<unknown, unknown>();
      for (const [k, v] of pairsOf(node)) out.set(leaf(k, type.key, opts), leaf(v, type.value, opts));
      return out;
    }
    case 'tuple': {
      shape('tuple', node.kind === 'tuple');
      const items = itemsOf(node);
      if (items.length > type.elements.length) throw new Error(`Invalid tuple literal: ${items.length} values for ${type.elements.length} components`);
      return types.Tuple.fromArray(type.elements.map((t, i) => (items[i] === undefined ? null : leaf(items[i]!, t, opts))));
    }
    case 'udt': {
      shape('user type', node.kind === 'braces' && node.items.length === 0);
      const out: Record<string, unknown> = {};
      for (const [k, v] of pairsOf(node)) {
        const name = k.kind === 'atom' && !/^[a-z_][a-z0-9_]*$/i.test(k.value) ? k.value : k.kind === 'atom' ? k.value.toLowerCase() : undefined;
        const field = type.fields.find((f) => f.name === name || f.name === (k.kind === 'atom' ? k.value : ''));
        if (field === undefined) throw new Error(`Unknown field ${k.kind === 'atom' || k.kind === 'string' ? k.value : '?'} in user type ${type.name}`);
        out[field.name] = leaf(v, field.type, opts);
      }
      return out;
    }
  }
}
