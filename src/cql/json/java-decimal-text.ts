/**
 * Java's BigDecimal.toString, which is how Cassandra writes a decimal into JSON (a JSON number:
 * "123123.123123", "-1.23E-12", "1E+3"). With adjusted exponent e = digits - 1 - scale:
 *   scale >= 0 and e >= -6   plain notation: the digits with a point `scale` places from the right
 *                            (zero-padded on the left as needed: 0.00123)
 *   otherwise                scientific: first digit, '.' and the rest if there is more than one
 *                            digit, then 'E', then e with an explicit sign ("1.23E-12", "1E+3", "0E+3")
 * (Cassandra's text form of decimals, DecimalType.toString, is toPlainString instead.)
 */

export function javaDecimalToString(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString();
  const sign = negative ? '-' : '';
  const adjusted = digits.length - 1 - scale;
  if (scale >= 0 && adjusted >= -6) {
    if (scale === 0) return sign + digits;
    const padded = digits.padStart(scale + 1, '0');
    const point = padded.length - scale;
    return `${sign}${padded.slice(0, point)}.${padded.slice(point)}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
}
