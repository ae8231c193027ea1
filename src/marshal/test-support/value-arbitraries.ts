/**
 * Test support: fast-check arbitraries of valid serialized values for many types, so composite
 * tests can draw components for any combination of types.
 */
import fc from 'fast-check';
import type { AbstractType } from '../abstract-type.js';
import { bigintToBytes } from '../bigint-bytes.js';
import { writeDecimal } from '../decimal-type.js';
import { encodeLong } from '../long-type.js';
import { ReversedType } from '../reversed-type.js';
import { byteStrings, fixedBytes, withEmpty } from './type-laws.js';

/** Text rich in the characters composite text escaping cares about. */
const trickyText = fc
  .string({ unit: fc.constantFrom(':', '\\', '!', '_', 'a', 'é', '\u0000'), maxLength: 5 })
  .map((s) => Buffer.from(s, 'utf8'));

const timeUuid = fixedBytes(16).map((b) => {
  b[6] = (b[6]! & 0x0f) | 0x10;
  return b;
});

const int = (n: number): fc.Arbitrary<Buffer> =>
  fc.integer({ min: -(2 ** (8 * n - 1)), max: 2 ** (8 * n - 1) - 1 }).map((v) => {
    const b = Buffer.alloc(n);
    b.writeIntBE(v, 0, n);
    return b;
  });

const BY_NAME: Record<string, fc.Arbitrary<Buffer>> = {
  UTF8Type: fc.oneof(trickyText, fc.string({ maxLength: 4 }).map((s) => Buffer.from(s))),
  AsciiType: byteStrings(6, fc.integer({ min: 0, max: 127 })),
  BytesType: byteStrings(6),
  LongType: withEmpty(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(encodeLong)),
  Int32Type: withEmpty(int(4)),
  ShortType: int(2),
  IntegerType: withEmpty(fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(bigintToBytes)),
  DecimalType: withEmpty(
    fc.tuple(fc.bigInt({ min: -100000n, max: 100000n }), fc.integer({ min: -5, max: 5 })).map(([u, s]) => writeDecimal({ unscaled: u, scale: s })),
  ),
  TimeUUIDType: withEmpty(timeUuid),
  UUIDType: withEmpty(fixedBytes(16)),
  BooleanType: withEmpty(fc.constantFrom(Buffer.from([0]), Buffer.from([1]))),
  DoubleType: withEmpty(fc.double().map((x) => {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(x);
    return b;
  })),
  EmptyType: fc.constant(Buffer.alloc(0)),
};

export function valuesOf(type: AbstractType): fc.Arbitrary<Buffer> {
  if (type instanceof ReversedType) return valuesOf(type.baseType);
  const arb = BY_NAME[type.name];
  if (arb === undefined) throw new Error(`no test values for ${type.name}`);
  return arb;
}

export const TYPES_WITH_VALUES: readonly string[] = Object.keys(BY_NAME);
