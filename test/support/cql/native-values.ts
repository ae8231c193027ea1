/**
 * Test support (imported only by *.test.ts): fast-check arbitraries of valid serialized values for
 * every CQL native type, by CQL name, including the empty value where the type allows one.
 */
import fc from 'fast-check';
import { bigintToBytes } from '../../../src/marshal/bigint-bytes.js';
import { writeDecimal } from '../../../src/marshal/decimal-type.js';
import { DURATION_TYPE } from '../../../src/marshal/duration-type.js';
import { encodeLong } from '../../../src/marshal/long-type.js';

const EMPTY = Buffer.alloc(0);
const withEmpty = (a: fc.Arbitrary<Buffer>): fc.Arbitrary<Buffer> => fc.oneof({ weight: 9, arbitrary: a }, { weight: 1, arbitrary: fc.constant(EMPTY) });
const bytes = (n: number): fc.Arbitrary<Buffer> => fc.uint8Array({ minLength: n, maxLength: n }).map((u) => Buffer.from(u));
const int = (n: number): fc.Arbitrary<Buffer> =>
  fc.bigInt({ min: -(2n ** BigInt(8 * n - 1)), max: 2n ** BigInt(8 * n - 1) - 1n }).map((v) => {
    const b = Buffer.alloc(n);
    if (n === 8) b.writeBigInt64BE(v);
    else b.writeIntBE(Number(v), 0, n);
    return b;
  });
const floating = (n: 4 | 8): fc.Arbitrary<Buffer> =>
  (n === 4 ? fc.float() : fc.double()).map((x) => {
    const b = Buffer.alloc(n);
    if (n === 4) b.writeFloatBE(x);
    else b.writeDoubleBE(x);
    return b;
  });
const timeUuid = bytes(16).map((b) => {
  b[6] = (b[6]! & 0x0f) | 0x10;
  return b;
});
const NANOS_PER_DAY = 86_400_000_000_000n;
const duration = fc
  .tuple(fc.boolean(), fc.nat({ max: 2 ** 31 - 1 }), fc.nat({ max: 2 ** 31 - 1 }), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }))
  .map(([neg, m, d, ns]) => DURATION_TYPE.decompose({ months: neg ? -m : m, days: neg ? -d : d, nanoseconds: neg ? -ns : ns }));

/** Valid values of each native type, by CQL name. */
export const NATIVE_VALUES: Readonly<Record<string, fc.Arbitrary<Buffer>>> = {
  ascii: fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)) }).map((s) => Buffer.from(s, 'latin1')),
  text: fc.string({ unit: 'binary' }).map((s) => Buffer.from(s, 'utf8')),
  blob: fc.uint8Array({ maxLength: 10 }).map((u) => Buffer.from(u)),
  boolean: withEmpty(fc.constantFrom(Buffer.from([0]), Buffer.from([1]))),
  tinyint: int(1),
  smallint: int(2),
  int: withEmpty(int(4)),
  bigint: withEmpty(int(8)),
  counter: withEmpty(int(8)),
  varint: fc.bigInt({ min: -(2n ** 100n), max: 2n ** 100n }).map(bigintToBytes),
  decimal: withEmpty(
    fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: -40, max: 40 })).map(([u, s]) => writeDecimal({ unscaled: u, scale: s })),
  ),
  float: withEmpty(floating(4)),
  double: withEmpty(floating(8)),
  uuid: withEmpty(bytes(16)),
  timeuuid: withEmpty(timeUuid),
  inet: withEmpty(fc.oneof(bytes(4), bytes(16))),
  timestamp: withEmpty(fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.bigInt({ min: -62_135_596_800_000n, max: 253_402_300_799_999n })).map(encodeLong)),
  date: bytes(4),
  time: fc.bigInt({ min: 0n, max: NANOS_PER_DAY - 1n }).map(encodeLong),
  duration,
};
