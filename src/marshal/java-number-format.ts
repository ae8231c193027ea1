/**
 * Java's text forms of float and double (Double.toString / Float.toString, and the decimal part of
 * Double.valueOf's grammar), which is how Cassandra prints and parses DoubleType and FloatType.
 */
import { MarshalError } from '../errors/index.js';

// Java's floating-point literal grammar without hexadecimal floats: optional sign, NaN, Infinity,
// or digits with an optional point and exponent, and an optional f/F/d/D suffix.
const FLOAT_TEXT = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;

/** Double.toString: the shortest digits that read back to `x`, in Java's layout. */
export function formatJavaDouble(x: number): string {
  if (!Number.isFinite(x) || x === 0) return specialText(x);
  return javaLayout(preferTwoDigits(x, x.toExponential(), (s) => Number(s) === x));
}

/** Float.toString for a value that is exactly a float: the shortest digits that read back as it. */
export function formatJavaFloat(x: number): string {
  if (!Number.isFinite(x) || x === 0) return specialText(x);
  for (let p = 1; p < 9; p++) {
    const s = x.toExponential(p - 1);
    const readsBack = (t: string): boolean => Math.fround(Number(t)) === x;
    if (readsBack(s)) return javaLayout(preferTwoDigits(x, s, readsBack));
  }
  return javaLayout(x.toExponential(8));
}

/** Double.valueOf's decimal grammar (leading/trailing whitespace trimmed, as Java does). */
export function parseJavaFloatingText(s: string, typeName: string): number {
  const t = s.trim();
  if (!FLOAT_TEXT.test(t)) throw new MarshalError(`${typeName}: unable to make a number from '${s}'`);
  const body = /[fFdD]$/.test(t) ? t.slice(0, -1) : t;
  if (body.endsWith('NaN')) return NaN;
  return Number(body);
}

/**
 * Java picks, when one significant digit would do, the closest decimal of one OR two digits
 * (4.9E-324, not 5.0E-324): the correctly rounded two-digit form, if it still reads back as x.
 */
function preferTwoDigits(x: number, shortest: string, readsBack: (s: string) => boolean): string {
  if (!/^-?\de/.test(shortest)) return shortest;
  const two = x.toExponential(1);
  return readsBack(two) ? two : shortest;
}

function specialText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return Object.is(x, -0) ? '-0.0' : '0.0';
}

/**
 * JS exponential text ('-1.2345e+6') → Java's layout: plain with at least one fraction digit when
 * 10^-3 <= |x| < 10^7 ('1234500.0', '0.00123'), else 'd.dddE±n' without a '+' ('1.0E7', '1.5E-4').
 */
function javaLayout(exponential: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exponential);
  if (m === null) throw new Error(`unexpected number text ${exponential}`);
  const sign = m[1]!;
  const digits = (m[2]! + (m[3] ?? '')).replace(/0+$/, '') || '0';
  const exp = Number(m[4]);
  if (exp >= -3 && exp < 7) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    return `${sign}${intPart}.${digits.slice(exp + 1) || '0'}`;
  }
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}E${exp}`;
}

/** Java's Double.compare / Float.compare: -0.0 < 0.0, and NaN equals NaN and exceeds +Infinity. */
export function javaFloatingCompare(x: number, y: number): number {
  if (x < y) return -1;
  if (x > y) return 1;
  const nx = Number.isNaN(x);
  const ny = Number.isNaN(y);
  if (nx || ny) return nx === ny ? 0 : nx ? 1 : -1;
  if (x === 0) return (Object.is(x, -0) ? 0 : 1) - (Object.is(y, -0) ? 0 : 1);
  return 0;
}

/**
 * IEEE bytes → unsigned order: canonical NaN first, then flip the sign bit of positives and every
 * bit of negatives. `bytes` is big-endian, 4 or 8 long.
 */
export function floatingToUnsignedOrder(bytes: Buffer): Buffer {
  const out = isNaNBytes(bytes) ? canonicalNaN(bytes.length) : Buffer.from(bytes);
  if ((out[0]! & 0x80) === 0) out[0] = out[0]! ^ 0x80;
  else for (let i = 0; i < out.length; i++) out[i] = ~out[i]! & 0xff;
  return out;
}

/** Inverse of floatingToUnsignedOrder. */
export function floatingFromUnsignedOrder(ordered: Buffer): Buffer {
  const out = Buffer.from(ordered);
  if ((out[0]! & 0x80) !== 0) out[0] = out[0]! ^ 0x80;
  else for (let i = 0; i < out.length; i++) out[i] = ~out[i]! & 0xff;
  return out;
}

function isNaNBytes(b: Buffer): boolean {
  return Number.isNaN(b.length === 8 ? b.readDoubleBE(0) : b.readFloatBE(0));
}

function canonicalNaN(len: number): Buffer {
  return len === 8 ? Buffer.from('7ff8000000000000', 'hex') : Buffer.from('7fc00000', 'hex');
}
