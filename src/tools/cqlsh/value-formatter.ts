/**
 * Values (as the driver decodes them) printed as cqlsh prints them: text as is with control
 * characters escaped, blobs 0x…, timestamps `2011-02-03 04:05:00.000000+0000` (UTC), booleans
 * True/False, floats by `%g` rules, decimals in scientific form when tiny, collections
 * `['a', 'b']` `{1, 2}` `{'k': 1}`, tuples `(1, 'a')`, UDTs `{f: 1}`, nulls `null`.
 * The same code writes COPY TO's CSV fields (`raw` text, millisecond timestamps).
 */
import { type CqlType } from './cql-type.js';
import { DOUBLE_PRECISION, FLOAT_PRECISION, formatFloating } from './float-format.js';

export interface FormatOptions {
  readonly floatPrecision: number;
  readonly doublePrecision: number;
  /** What a null cell prints as (cqlsh: `null`; COPY: the NULL option, '' by default). */
  readonly nullText: string;
  /** Booleans as these words (cqlsh: True/False). */
  readonly boolStyle: readonly [string, string];
  /** COPY TO: top-level text unescaped, timestamps to the millisecond. */
  readonly raw: boolean;
}

export const DEFAULT_FORMAT: FormatOptions = {
  floatPrecision: FLOAT_PRECISION,
  doublePrecision: DOUBLE_PRECISION,
  nullText: 'null',
  boolStyle: ['True', 'False'],
  raw: false,
};

/** One result cell; `null`/`undefined` is the null text. */
export function formatCell(value: unknown, type: CqlType, opts: FormatOptions = DEFAULT_FORMAT): string {
  if (value === null || value === undefined) return opts.nullText;
  return formatValue(value, type, opts, false);
}

function formatValue(value: unknown, type: CqlType, opts: FormatOptions, quote: boolean): string {
  if (value === null || value === undefined) return 'null';
  switch (type.kind) {
    case 'native':
      return formatNative(value, type.name, opts, quote);
    case 'list':
    case 'vector':
      return `[${elements(value).map((v) => formatValue(v, type.element, opts, true)).join(', ')}]`;
    case 'set':
      return `{${elements(value).map((v) => formatValue(v, type.element, opts, true)).join(', ')}}`;
    case 'map':
      return `{${entries(value).map(([k, v]) => `${formatValue(k, type.key, opts, true)}: ${formatValue(v, type.value, opts, true)}`).join(', ')}}`;
    case 'tuple': {
      const items = elements(value);
      return `(${type.elements.map((t, i) => formatValue(items[i], t, opts, true)).join(', ')})`;
    }
    case 'udt': {
      const obj = value as Record<string, unknown>;
      const fields = type.fields.length > 0 ? type.fields : Object.keys(obj).map((name) => ({ name, type: { kind: 'native', name: 'unknown' } as CqlType }));
      return `{${fields.map((f) => `${quoteName(f.name)}: ${formatValue(obj[f.name], f.type, opts, true)}`).join(', ')}}`;
    }
  }
}

function elements(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  const tuple = value as { elements?: unknown[]; values?: () => unknown[] };
  if (Array.isArray(tuple.elements)) return tuple.elements;
  if (value !== null && typeof value === 'object' && Symbol.iterator in value) return [...(value as Iterable<unknown>)];
  return [value];
}

function entries(value: unknown): [unknown, unknown][] {
  if (value instanceof Map) return [...value.entries()];
  return Object.entries(value as Record<string, unknown>);
}

function formatNative(value: unknown, name: string, opts: FormatOptions, quote: boolean): string {
  switch (name) {
    case 'ascii':
    case 'text':
      return formatText(String(value), opts, quote);
    case 'blob':
      return Buffer.isBuffer(value) ? `0x${value.toString('hex')}` : String(value);
    case 'boolean':
      return value ? opts.boolStyle[0] : opts.boolStyle[1];
    case 'float':
      return formatFloating(Number(value), opts.floatPrecision);
    case 'double':
      return formatFloating(Number(value), opts.doublePrecision);
    case 'decimal':
      return formatDecimal(String(value));
    case 'timestamp': {
      const s = value instanceof Date ? formatTimestamp(value, opts.raw) : String(value);
      return quote ? `'${s}'` : s;
    }
    case 'inet':
      return quote ? `'${String(value)}'` : String(value);
    case 'time':
      return formatTime(value);
    default:
      if (Buffer.isBuffer(value)) return `0x${value.toString('hex')}`;
      return String(value);
  }
}

/** Text: backslashes doubled and control characters shown as Python escapes, as cqlsh does. */
export function formatText(s: string, opts: FormatOptions, quote: boolean): string {
  if (opts.raw && !quote) return s;
  let out = s.replace(/\\/g, '\\\\');
  if (quote) out = out.replace(/'/g, "''");
  out = out.replace(/[\x00-\x1f\x7f-\xa0]/g, escapeControl);
  return quote ? `'${out}'` : out;
}

function escapeControl(c: string): string {
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * A timestamp in UTC as `YYYY-MM-DD HH:MM:SS.ffffff+0000` (`.fff` for COPY); dates outside years
 * 1–9999 print as milliseconds since the epoch, as cqlsh does.
 */
export function formatTimestamp(d: Date, millisOnly = false): string {
  const ms = d.getTime();
  if (Number.isNaN(ms)) return 'NaN';
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return String(ms);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const frac = String(d.getUTCMilliseconds()).padStart(3, '0') + (millisOnly ? '' : '000');
  return `${String(year).padStart(4, '0')}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${frac}+0000`;
}

/** A time of day with nanoseconds, `HH:MM:SS.nnnnnnnnn`. */
function formatTime(value: unknown): string {
  const t = value as { hour?: number; minute?: number; second?: number; nanosecond?: number };
  if (typeof t.hour !== 'number') return String(value);
  const p2 = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${p2(t.hour)}:${p2(t.minute)}:${p2(t.second)}.${String(t.nanosecond ?? 0).padStart(9, '0')}`;
}

/**
 * A decimal as Java's BigDecimal.toString and Python's Decimal print it: plain when the scale
 * is not negative and the adjusted exponent is at least -6, else `d.dddE±n`.
 */
export function formatDecimal(plain: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(plain.trim());
  if (m === null) return plain;
  const [, sign, int = '', frac = ''] = m;
  const scale = frac.length;
  const digits = (int + frac).replace(/^0+(?=\d)/, '');
  const adjusted = digits.length - 1 - scale;
  if (adjusted >= -6) return plain;
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted}`;
}

/** A field or column name, double-quoted when CQL would need it. */
export function quoteName(name: string): string {
  return /^[a-z][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
