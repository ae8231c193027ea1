// DoubleType and FloatType: Java's Double.compare order (NaN, -0.0) and Java's text forms.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DOUBLE_TYPE } from './double-type.js';
import { FLOAT_TYPE } from './float-type.js';
import { formatJavaDouble, formatJavaFloat } from './java-number-format.js';
import { assertMarshalError, checkTypeLaws, fixedBytes, withEmpty } from '../../test/support/marshal/type-laws.js';

const dbl = (x: number): Buffer => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(x);
  return b;
};
const flt = (x: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeFloatBE(x);
  return b;
};

// Raw bytes too, for NaNs with any payload and sign: every NaN is equal, so decoding and text give
// back the canonical NaN (compares equal, different bytes).
const doubles = withEmpty(fc.oneof(fc.double().map(dbl), fixedBytes(8), fc.constantFrom(-0, 0, 1, -1).map(dbl)));
const floats = withEmpty(fc.oneof(fc.float().map(flt), fixedBytes(4), fc.constantFrom(-0, 0, 1, -1).map(flt)));

checkTypeLaws(DOUBLE_TYPE, doubles, { decode: 'equal', text: 'equal', invalid: [Buffer.alloc(4)] });
checkTypeLaws(FLOAT_TYPE, floats, { decode: 'equal', text: 'equal', invalid: [Buffer.alloc(8)] });

test('order: -Infinity < -1 < -0.0 < 0.0 < 1 < Infinity < NaN, and all NaNs are equal', () => {
  for (const [type, enc] of [[DOUBLE_TYPE, dbl], [FLOAT_TYPE, flt]] as const) {
    const xs = [-Infinity, -1, -0, 0, 1, Infinity, NaN].map(enc);
    for (let i = 1; i < xs.length; i++) assert.ok(type.compare(xs[i - 1]!, xs[i]!) < 0, `${type.name} ${i}`);
    const otherNaN = Buffer.from(type === DOUBLE_TYPE ? 'fff8000000000001' : 'ffc00001', 'hex');
    assert.equal(type.compare(otherNaN, enc(NaN)), 0);
  }
});

test('Double.toString layout', () => {
  const cases: Array<[number, string]> = [
    [1, '1.0'], [-1.5, '-1.5'], [100, '100.0'], [0.001, '0.001'], [0.0001, '1.0E-4'], [1e7, '1.0E7'],
    [9999999, '9999999.0'], [123456.789, '123456.789'], [12345678.9, '1.23456789E7'], [-0, '-0.0'],
    [Number.MAX_VALUE, '1.7976931348623157E308'], [Number.MIN_VALUE, '4.9E-324'], [1e21, '1.0E21'],
    [NaN, 'NaN'], [-Infinity, '-Infinity'], [0.1 + 0.2, '0.30000000000000004'],
  ];
  for (const [x, s] of cases) assert.equal(formatJavaDouble(x), s);
});

test('Float.toString layout uses the shortest digits that read back as the float', () => {
  const cases: Array<[number, string]> = [
    [Math.fround(0.1), '0.1'], [Math.fround(1 / 3), '0.33333334'], [Math.fround(3.4028235e38), '3.4028235E38'],
    [Math.fround(1.4e-45), '1.4E-45'], [Math.fround(16777216), '1.6777216E7'], [Math.fround(2.5), '2.5'],
  ];
  for (const [x, s] of cases) assert.equal(formatJavaFloat(x), s);
});

test('parsing follows Java: suffixes, NaN, Infinity; rejects the rest', () => {
  assert.equal(DOUBLE_TYPE.compose(DOUBLE_TYPE.fromString('1.5e3')), 1500);
  assert.equal(DOUBLE_TYPE.compose(DOUBLE_TYPE.fromString(' 2d ')), 2);
  assert.equal(DOUBLE_TYPE.compose(DOUBLE_TYPE.fromString('.5')), 0.5);
  assert.ok(Number.isNaN(DOUBLE_TYPE.compose(DOUBLE_TYPE.fromString('NaN'))));
  assert.equal(FLOAT_TYPE.compose(FLOAT_TYPE.fromString('-Infinity')), -Infinity);
  assert.equal(FLOAT_TYPE.compose(FLOAT_TYPE.fromString('0.1')), Math.fround(0.1));
  for (const bad of ['0x10', '1e', 'abc', '1,5', 'inf']) assertMarshalError(() => DOUBLE_TYPE.fromString(bad), /number/);
  assertMarshalError(() => DOUBLE_TYPE.decompose('1' as unknown as number), /expected a number/);
});
