/**
 * Arithmetic on decimals (unscaled × 10^-scale, marshal's DecimalValue) with the semantics of
 * Java's BigDecimal as Cassandra uses it, so results — digits and scale — match Cassandra's:
 *
 *   add, subtract, multiply   exact (then rounded HALF_UP to 10,000 significant digits, as
 *                             Cassandra's MathContext does); scales: max(a, b) and a + b
 *   divide                    Cassandra's DecimalType.divide: rounded HALF_UP to a scale of at
 *                             least 32 (more when needed for 32 significant digits, at most 1,000),
 *                             then trailing zeros stripped: 8.5 / 3 = 2.83333333333333333333333333333333
 *   remainder                 BigDecimal.remainder: a - trunc(a / b) × b, sign of a
 *   divideToScale             BigDecimal.divide(b, scale, mode), for avg()
 * Failures (division by zero, a scale beyond 32 bits) are RangeErrors with Java's messages.
 */
import type { DecimalValue } from '../../marshal/decimal-type.js';
import { formatJavaDouble, formatJavaFloat } from '../../marshal/java-number-format.js';

export type { DecimalValue };

export type Rounding = 'HALF_UP' | 'HALF_EVEN';

const MAX_PRECISION = 10_000;
const MIN_DIVISION_DIGITS = 32;
const MAX_DIVISION_SCALE = 1_000;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

export const DECIMAL_ZERO: DecimalValue = { unscaled: 0n, scale: 0 };

/** Java's BigDecimal(String) grammar ('1', '-1.50', '.5', '1.', '1E+3'), or null. */
export function parseDecimal(text: string): DecimalValue | null {
  const m = DECIMAL_TEXT.exec(text);
  const intPart = m?.[2] ?? '';
  const frac = m?.[3] ?? '';
  if (m === null || intPart + frac === '') return null;
  const scale = frac.length - Number(m[4] ?? 0);
  if (!Number.isSafeInteger(scale) || scale < INT32_MIN || scale > INT32_MAX) return null;
  return { unscaled: BigInt(m[1]! + intPart + frac), scale };
}

/** BigDecimal.valueOf(double): the decimal Double.toString prints (NaN and infinities refused as Cassandra words it). */
export function decimalFromJavaDouble(d: number): DecimalValue {
  if (Number.isNaN(d)) throw new RangeError('A NaN cannot be converted into a decimal');
  if (!Number.isFinite(d)) throw new RangeError('An infinite number cannot be converted into a decimal');
  return parseDecimal(formatJavaDouble(d))!;
}

/** new BigDecimal(Float.toString(f)): a float's own shortest digits (5.2f → 5.2, not 5.199999809265137). */
export function decimalFromJavaFloat(f: number): DecimalValue {
  if (!Number.isFinite(f)) return decimalFromJavaDouble(f);
  return parseDecimal(formatJavaFloat(f))!;
}

/** Numeric comparison (1.0 equals 1.00). */
export function compareDecimals(a: DecimalValue, b: DecimalValue): number {
  const s = Math.max(a.scale, b.scale);
  const x = rescaleUp(a, s);
  const y = rescaleUp(b, s);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimals(a: DecimalValue, b: DecimalValue): DecimalValue {
  const s = Math.max(a.scale, b.scale);
  return roundToPrecision({ unscaled: rescaleUp(a, s) + rescaleUp(b, s), scale: s });
}

export function subtractDecimals(a: DecimalValue, b: DecimalValue): DecimalValue {
  return addDecimals(a, negateDecimal(b));
}

export function multiplyDecimals(a: DecimalValue, b: DecimalValue): DecimalValue {
  return roundToPrecision({ unscaled: a.unscaled * b.unscaled, scale: checkedScale(a.scale + b.scale) });
}

export function negateDecimal(a: DecimalValue): DecimalValue {
  return { unscaled: -a.unscaled, scale: a.scale };
}

/** Cassandra's decimal division (see the file comment). */
export function divideDecimals(a: DecimalValue, b: DecimalValue): DecimalValue {
  if (b.unscaled === 0n) throw new RangeError('BigInteger divide by zero');
  const firstDigit = precision(a.unscaled) - a.scale - (precision(b.unscaled) - b.scale);
  const scale = Math.min(Math.max(MIN_DIVISION_DIGITS - firstDigit, a.scale, b.scale, MIN_DIVISION_DIGITS), MAX_DIVISION_SCALE);
  return stripTrailingZeros(divideToScale(a, b, scale, 'HALF_UP'));
}

/** a / b rounded to `scale` decimal places (BigDecimal.divide(divisor, scale, mode)). */
export function divideToScale(a: DecimalValue, b: DecimalValue, scale: number, mode: Rounding): DecimalValue {
  if (b.unscaled === 0n) throw new RangeError(a.unscaled === 0n ? 'Division undefined' : 'Division by zero');
  // a / b = a.u × 10^(b.s - a.s) / b.u; the result's unscaled value is that × 10^scale.
  const e = b.scale - a.scale + scale;
  const num = e >= 0 ? a.unscaled * 10n ** BigInt(e) : a.unscaled;
  const den = e >= 0 ? b.unscaled : b.unscaled * 10n ** BigInt(-e);
  return { unscaled: roundedQuotient(num, den, mode), scale: checkedScale(scale) };
}

/** BigDecimal.remainder: a - trunc(a / b) × b, with BigDecimal's scale for the result. */
export function remainderDecimals(a: DecimalValue, b: DecimalValue): DecimalValue {
  if (b.unscaled === 0n) throw new RangeError(a.unscaled === 0n ? 'Division undefined' : 'Division by zero');
  const s = Math.max(a.scale, b.scale);
  const q = rescaleUp(a, s) / rescaleUp(b, s); // the integral quotient, truncated toward zero
  // divideToIntegralValue's preferred scale is a.scale - b.scale; trailing zeros of the quotient
  // are stripped down to it, so the product q × b has scale qScale + b.scale.
  const preferred = a.scale - b.scale;
  const qScale = preferred >= 0 || q === 0n ? preferred : Math.max(preferred, -trailingZeros(q));
  const product: DecimalValue = { unscaled: qScale >= 0 ? q * 10n ** BigInt(qScale) * b.unscaled : (q / 10n ** BigInt(-qScale)) * b.unscaled, scale: qScale + b.scale };
  const rs = Math.max(a.scale, product.scale);
  return { unscaled: rescaleUp(a, rs) - rescaleUp(product, rs), scale: checkedScale(rs) };
}

/** The same value with no trailing zeros in its unscaled part (zero: scale 0). */
export function stripTrailingZeros(a: DecimalValue): DecimalValue {
  if (a.unscaled === 0n) return DECIMAL_ZERO;
  const tz = trailingZeros(a.unscaled);
  return tz === 0 ? a : { unscaled: a.unscaled / 10n ** BigInt(tz), scale: checkedScale(a.scale - tz) };
}

/** The nearest double (correctly rounded). */
export function decimalToNumber(a: DecimalValue): number {
  return Number(`${a.unscaled}e${-a.scale}`);
}

/** The integer part, truncated toward zero (BigDecimal.toBigInteger). */
export function truncateDecimal(a: DecimalValue): bigint {
  return a.scale >= 0 ? a.unscaled / 10n ** BigInt(a.scale) : a.unscaled * 10n ** BigInt(-a.scale);
}

/** Number of decimal digits of |u| (1 for zero), BigDecimal's precision. */
export function precision(u: bigint): number {
  return (u < 0n ? -u : u).toString().length;
}

/** num / den rounded to an integer. */
export function roundedQuotient(num: bigint, den: bigint, mode: Rounding): bigint {
  const q = num / den;
  const r = num - q * den;
  if (r === 0n) return q;
  const twiceRest = 2n * (r < 0n ? -r : r);
  const absDen = den < 0n ? -den : den;
  const awayFromZero = twiceRest > absDen || (twiceRest === absDen && (mode === 'HALF_UP' || (q & 1n) !== 0n));
  if (!awayFromZero) return q;
  return (num < 0n) !== (den < 0n) ? q - 1n : q + 1n;
}

function roundToPrecision(a: DecimalValue): DecimalValue {
  const p = precision(a.unscaled);
  if (p <= MAX_PRECISION) return a;
  const drop = p - MAX_PRECISION;
  const unscaled = roundedQuotient(a.unscaled, 10n ** BigInt(drop), 'HALF_UP');
  // Rounding 999… up adds a digit; that last digit is a 0 and can go too.
  const again = precision(unscaled) > MAX_PRECISION;
  return { unscaled: again ? unscaled / 10n : unscaled, scale: checkedScale(a.scale - drop - (again ? 1 : 0)) };
}

/** a's unscaled value at a scale s >= a.scale. */
function rescaleUp(a: DecimalValue, s: number): bigint {
  return a.scale === s ? a.unscaled : a.unscaled * 10n ** BigInt(s - a.scale);
}

function trailingZeros(u: bigint): number {
  const digits = (u < 0n ? -u : u).toString();
  let n = 0;
  while (n < digits.length - 1 && digits[digits.length - 1 - n] === '0') n++;
  return u === 0n ? 0 : n;
}

function checkedScale(s: number): number {
  if (s > INT32_MAX) throw new RangeError('Underflow');
  if (s < INT32_MIN) throw new RangeError('Overflow');
  return s;
}
