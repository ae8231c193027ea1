// Decimal arithmetic with BigDecimal semantics, and the Java number conversions built on it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  addDecimals,
  compareDecimals,
  decimalFromJavaDouble,
  decimalFromJavaFloat,
  divideDecimals,
  divideToScale,
  multiplyDecimals,
  parseDecimal,
  remainderDecimals,
  roundedQuotient,
  stripTrailingZeros,
  truncateDecimal,
} from './decimal-math.js';
import { bigintToFloat, doubleToInt, doubleToLong } from './java-numbers.js';
import { javaDecimalToString } from '../json/java-decimal-text.js';

const d = (s: string) => parseDecimal(s)!;
const str = (x: { unscaled: bigint; scale: number }) => javaDecimalToString(x.unscaled, x.scale);

test('parsing and printing (BigDecimal.toString)', () => {
  assert.deepEqual(d('1.50'), { unscaled: 150n, scale: 2 });
  assert.deepEqual(d('-1.23E-12'), { unscaled: -123n, scale: 14 });
  assert.deepEqual(d('1E+3'), { unscaled: 1n, scale: -3 });
  assert.deepEqual(d('.5'), { unscaled: 5n, scale: 1 });
  assert.equal(parseDecimal('1e'), null);
  assert.equal(parseDecimal(''), null);
  assert.equal(parseDecimal('NaN'), null);
  assert.equal(str(d('1E+3')), '1E+3');
  assert.equal(str(d('0E+3')), '0E+3');
  assert.equal(str(d('-0.000001')), '-0.000001');
  assert.equal(str(d('0.0000001')), '1E-7');
  assert.equal(str(d('12.345E-10')), '1.2345E-9');
  assert.equal(str(d('123')), '123');
});

test('arithmetic keeps BigDecimal scales', () => {
  assert.equal(str(addDecimals(d('1.5'), d('2.25'))), '3.75');
  assert.equal(str(addDecimals(d('1.50'), d('-1.5'))), '0.00');
  assert.equal(str(multiplyDecimals(d('4.0'), d('8.5'))), '34.00');
  assert.equal(compareDecimals(d('1.0'), d('1.00')), 0);
  assert.equal(compareDecimals(d('-1'), d('0.5')), -1);
  assert.equal(str(divideDecimals(d('1'), d('3'))), '0.33333333333333333333333333333333');
  assert.equal(str(divideDecimals(d('2'), d('3'))), '0.66666666666666666666666666666667', 'HALF_UP');
  assert.equal(str(divideDecimals(d('6'), d('3'))), '2');
  assert.equal(str(divideDecimals(d('1E+40'), d('3'))), '3333333333333333333333333333333333333333.33333333333333333333333333333333');
  assert.equal(str(divideDecimals(d('0'), d('7.5'))), '0');
  assert.throws(() => divideDecimals(d('1'), d('0.0')), /BigInteger divide by zero/);
  assert.equal(str(remainderDecimals(d('7.5'), d('2'))), '1.5');
  assert.equal(str(remainderDecimals(d('10'), d('3.00'))), '1.00');
  assert.equal(str(remainderDecimals(d('-7'), d('2'))), '-1');
  assert.equal(str(remainderDecimals(d('7'), d('8.5'))), '7');
  assert.throws(() => remainderDecimals(d('1'), d('0')), /Division by zero/);
  assert.equal(str(divideToScale(d('1'), d('2'), 0, 'HALF_EVEN')), '0');
  assert.equal(str(divideToScale(d('3'), d('2'), 0, 'HALF_EVEN')), '2');
  assert.equal(str(divideToScale(d('-3'), d('2'), 0, 'HALF_UP')), '-2');
  assert.equal(str(stripTrailingZeros(d('1.500'))), '1.5');
  assert.equal(str(stripTrailingZeros(d('100'))), '1E+2');
  assert.equal(str(stripTrailingZeros(d('0.000'))), '0');
  assert.equal(truncateDecimal(d('-1.9')), -1n);
  assert.equal(truncateDecimal(d('1E+3')), 1000n);
});

test('remainder: a = trunc(a / b) * b + r, |r| < |b|, r has a\'s sign', () => {
  const dec = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: -4, max: 4 })).map(([u, s]) => ({ unscaled: u, scale: s }));
  fc.assert(
    fc.property(dec, dec, (a, b) => {
      fc.pre(b.unscaled !== 0n);
      const r = remainderDecimals(a, b);
      const qTrunc = { unscaled: truncateDecimal(divideToScale(a, b, 20, 'HALF_UP')), scale: 0 };
      assert.equal(compareDecimals(addDecimals(multiplyDecimals(qTrunc, b), r), a), 0);
      assert.ok(compareDecimals({ unscaled: r.unscaled < 0n ? -r.unscaled : r.unscaled, scale: r.scale }, { unscaled: b.unscaled < 0n ? -b.unscaled : b.unscaled, scale: b.scale }) < 0);
      assert.ok(r.unscaled === 0n || (r.unscaled < 0n) === (a.unscaled < 0n));
    }),
  );
});

test('rounding of quotients', () => {
  assert.equal(roundedQuotient(5n, 2n, 'HALF_UP'), 3n);
  assert.equal(roundedQuotient(5n, 2n, 'HALF_EVEN'), 2n);
  assert.equal(roundedQuotient(-5n, 2n, 'HALF_UP'), -3n);
  assert.equal(roundedQuotient(-7n, 2n, 'HALF_EVEN'), -4n);
  assert.equal(roundedQuotient(7n, -3n, 'HALF_UP'), -2n);
});

test('Java conversions: doubles and floats to decimals, saturating casts, exact long → float', () => {
  assert.equal(str(decimalFromJavaDouble(4)), '4.0');
  assert.equal(str(decimalFromJavaDouble(1e10)), '1.0E+10');
  assert.equal(str(decimalFromJavaDouble(0.1)), '0.1');
  assert.equal(str(decimalFromJavaFloat(Math.fround(5.2))), '5.2');
  assert.equal(str(decimalFromJavaDouble(Math.fround(5.2))), '5.199999809265137');
  assert.throws(() => decimalFromJavaDouble(NaN), /A NaN cannot be converted into a decimal/);
  assert.throws(() => decimalFromJavaDouble(-Infinity), /An infinite number cannot be converted into a decimal/);
  assert.equal(doubleToLong(1e300), 2n ** 63n - 1n);
  assert.equal(doubleToLong(-0.9), 0n);
  assert.equal(doubleToInt(NaN), 0n);
  assert.equal(doubleToInt(-1e10), -(2n ** 31n));
  fc.assert(
    fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (n) => {
      // The result is a float, and no neighbouring float is nearer to n.
      const f = bigintToFloat(n);
      assert.equal(Math.fround(f), f);
      if ((n < 0n ? -n : n) <= 2n ** 24n) return assert.equal(f, Number(n));
      const err = (x: number) => { const e = BigInt(x) - n; return e < 0n ? -e : e; };
      const up = Math.fround(f * (1 + 2 ** -23));
      const down = Math.fround(f * (1 - 2 ** -24));
      if (Number.isFinite(up) && up !== f) assert.ok(err(f) <= err(up), `${n}: ${f} vs ${up}`);
      if (Number.isFinite(down) && down !== f) assert.ok(err(f) <= err(down), `${n}: ${f} vs ${down}`);
    }),
    { numRuns: 500 },
  );
  assert.equal(bigintToFloat(16777217n), 16777216);
  assert.equal(bigintToFloat(16777219n), 16777220);
  // Just above a tie: rounds up. Through a double (which drops the +1) it would tie and round to 2^64.
  assert.equal(bigintToFloat(-(2n ** 64n + 2n ** 40n + 1n)), -(2 ** 64 + 2 ** 41));
  assert.equal(Math.fround(Number(2n ** 64n + 2n ** 40n + 1n)), 2 ** 64);
});
