/**
 * Floating-point numbers as cqlsh prints them: C's `%.*g` with a precision that grows by the
 * digits left of the point (so 123456.5 is not turned into 1.2346e+05), NaN, Infinity.
 * cqlsh's defaults are 5 significant digits for float and 12 for double.
 */

export const FLOAT_PRECISION = 5;
export const DOUBLE_PRECISION = 12;

/** C's `%.{precision}g`: shortest of fixed/scientific by the exponent, trailing zeros dropped. */
export function formatG(value: number, precision: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const p = Math.min(Math.max(precision, 1), 100);
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa, expText] = value.toExponential(p - 1).split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= p) {
    const m = stripZeros(mantissa);
    const sign = exp < 0 ? '-' : '+';
    return `${m}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return stripZeros(value.toFixed(Math.min(100, p - 1 - exp)));
}

function stripZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** A float or double column value as cqlsh shows it. */
export function formatFloating(value: number, precision: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(value);
  // Python's int() truncates toward zero; values at or below machine epsilon count as tiny
  const exponent = abs > Number.EPSILON ? Math.trunc(Math.log10(abs)) : -Infinity;
  const p = exponent >= -4 && exponent < precision ? precision + exponent + 1 : precision;
  return formatG(value, p);
}
