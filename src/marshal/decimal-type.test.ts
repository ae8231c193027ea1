// DecimalType: numeric order across scales, the scale-independent encoding, BigDecimal text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ByteReader } from '../util/byte-reader.js';
import { DECIMAL_TYPE, writeDecimal } from './decimal-type.js';
import { assertMarshalError, checkTypeLaws, withEmpty } from '../../test/support/marshal/type-laws.js';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const unscaled = fc.oneof(
  fc.bigInt({ min: -1000n, max: 1000n }),
  fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }),
  fc.constantFrom(0n, 10n, -10n, 1000n, 100000000000000000000n),
);
const scale = fc.oneof(
  fc.integer({ min: -6, max: 6 }),
  fc.integer({ min: INT32_MIN, max: INT32_MAX }),
  fc.constantFrom(INT32_MIN, INT32_MIN + 1, INT32_MAX),
);
const decimals = withEmpty(fc.tuple(unscaled, scale).map(([u, s]) => writeDecimal({ unscaled: u, scale: s })));

// Several byte forms per number (1.0 vs 1.00): decode and text give back an equal value.
checkTypeLaws(DECIMAL_TYPE, decimals, { decode: 'equal', text: 'equal', invalid: [Buffer.alloc(3), Buffer.alloc(4)] });

test('the same number at different scales compares equal and encodes identically', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: -50, max: 50 }), fc.nat({ max: 20 }), (u, s, k) => {
      const a = writeDecimal({ unscaled: u, scale: s });
      const b = writeDecimal({ unscaled: u * 10n ** BigInt(k), scale: s + k });
      assert.equal(DECIMAL_TYPE.compare(a, b), 0);
      assert.ok(DECIMAL_TYPE.toComparable(a).equals(DECIMAL_TYPE.toComparable(b)));
    }),
    { numRuns: 200 },
  );
});

test('decoding a value whose fewest-digit scale would leave int32 keeps the int32 scale', () => {
  const v = writeDecimal({ unscaled: 1000n, scale: INT32_MIN });
  const back = DECIMAL_TYPE.fromComparable(new ByteReader(DECIMAL_TYPE.toComparable(v)));
  assert.deepEqual(DECIMAL_TYPE.compose(back), { unscaled: 1000n, scale: INT32_MIN });
});

test('toPlainString text and BigDecimal parsing', () => {
  const str = (u: bigint, s: number): string => DECIMAL_TYPE.toString(writeDecimal({ unscaled: u, scale: s }));
  assert.equal(str(123n, 2), '1.23');
  assert.equal(str(-5n, 3), '-0.005');
  assert.equal(str(5n, -3), '5000');
  assert.equal(str(0n, 2), '0.00');
  assert.equal(str(0n, -3), '0');
  assert.equal(str(7n, INT32_MIN), '7E+2147483648');
  assert.equal(str(7n, INT32_MAX), '7E-2147483647');
  assert.deepEqual(DECIMAL_TYPE.compose(DECIMAL_TYPE.fromString('-1.50e3')), { unscaled: -150n, scale: -1 });
  assert.deepEqual(DECIMAL_TYPE.compose(DECIMAL_TYPE.fromString('.5')), { unscaled: 5n, scale: 1 });
  assert.deepEqual(DECIMAL_TYPE.compose(DECIMAL_TYPE.fromString('7E+2147483648')), { unscaled: 7n, scale: INT32_MIN });
  assertMarshalError(() => DECIMAL_TYPE.fromString('1e2147483649'), /32 bits/);
  assertMarshalError(() => DECIMAL_TYPE.fromString('1.2.3'), /decimal/);
  assertMarshalError(() => DECIMAL_TYPE.fromString('.'), /decimal/);
});

test('numeric order', () => {
  const xs = ['-1e10', '-2', '-1.5', '-0.001', '0', '0.001', '0.0011', '0.01', '1', '1.5', '2', '1e10'].map((s) => DECIMAL_TYPE.fromString(s));
  for (let i = 1; i < xs.length; i++) assert.ok(DECIMAL_TYPE.compare(xs[i - 1]!, xs[i]!) < 0, String(i));
  assert.equal(DECIMAL_TYPE.compare(DECIMAL_TYPE.fromString('1.0'), DECIMAL_TYPE.fromString('1.00')), 0);
  assert.equal(DECIMAL_TYPE.compare(DECIMAL_TYPE.fromString('0e5'), DECIMAL_TYPE.fromString('0.000')), 0);
});
