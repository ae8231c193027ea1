/**
 * Test support: fast-check arbitraries of valid serialized values for many types, so composite
 * tests can draw components for any combination of types — structured types (lists, sets, maps,
 * tuples, UDTs) included, nested to any depth, sets and maps normalized — and arbitraries of
 * structured types themselves.
 */
import fc from 'fast-check';
import type { AbstractType } from '../../../src/marshal/abstract-type.js';
import { AbstractTupleType } from '../../../src/marshal/abstract-tuple-type.js';
import { bigintToBytes } from '../../../src/marshal/bigint-bytes.js';
import { writeDecimal } from '../../../src/marshal/decimal-type.js';
import { ListType } from '../../../src/marshal/list-type.js';
import { encodeLong } from '../../../src/marshal/long-type.js';
import { MapType } from '../../../src/marshal/map-type.js';
import { ReversedType } from '../../../src/marshal/reversed-type.js';
import { SetType } from '../../../src/marshal/set-type.js';
import { TupleType } from '../../../src/marshal/tuple-type.js';
import { SIMPLE_TYPES } from '../../../src/marshal/type-parser.js';
import { UserType } from '../../../src/marshal/user-type.js';
import { writeCollectionValues } from '../../../src/marshal/value-sequence.js';
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
  if (type instanceof ListType || type instanceof SetType) return collectionValues(type, [type.elements as AbstractType]);
  if (type instanceof MapType) return collectionValues(type, [type.keys as AbstractType, type.valueType as AbstractType]);
  if (type instanceof AbstractTupleType) return tupleValues(type);
  const arb = BY_NAME[type.name];
  if (arb === undefined) throw new Error(`no test values for ${type.name}`);
  return arb;
}

/** Normalized collections of up to 4 entries (sometimes the empty value). */
function collectionValues(type: ListType | SetType | MapType, params: readonly AbstractType[]): fc.Arbitrary<Buffer> {
  const entry = fc.tuple(...params.map(valuesOf));
  return withEmpty(
    fc.array(entry, { maxLength: 4 }).map((entries) => type.normalize(writeCollectionValues(entries.flat(), entries.length, type.name))),
  );
}

/** Tuple and UDT values: a non-empty prefix of the components, each null now and then. */
function tupleValues(type: AbstractTupleType<unknown>): fc.Arbitrary<Buffer> {
  const components = fc.tuple(...type.types.map((t) => fc.option(valuesOf(t), { nil: null, freq: 4 })));
  const n = type.types.length;
  return withEmpty(fc.tuple(components, fc.integer({ min: 1, max: n })).map(([cs, k]) => type.build(cs.slice(0, k))));
}

export const TYPES_WITH_VALUES: readonly string[] = Object.keys(BY_NAME);

const simpleTypes = fc.constantFrom(...TYPES_WITH_VALUES).map((n) => SIMPLE_TYPES.get(n)!);

/** Frozen structured types nesting the simple types with values, up to `depth` levels deep. */
export function structuredTypes(depth = 2): fc.Arbitrary<AbstractType> {
  const inner = depth <= 1 ? simpleTypes : fc.oneof({ weight: 3, arbitrary: simpleTypes }, { weight: 2, arbitrary: structuredTypes(depth - 1) });
  return fc.oneof(
    inner.map((t) => new ListType(t) as AbstractType),
    inner.map((t) => new SetType(t) as AbstractType),
    fc.tuple(inner, inner).map(([k, v]) => new MapType(k, v) as AbstractType),
    fc.array(inner, { minLength: 1, maxLength: 3 }).map((ts) => new TupleType(ts) as AbstractType),
    fc.array(inner, { minLength: 1, maxLength: 3 }).map((ts) => new UserType('ks', udtName(ts), ts.map((_, i) => `f${i}`), ts) as AbstractType),
  );
}

/** A name determined by the field types (so equal names mean equal types); some need CQL quoting. */
function udtName(types: readonly AbstractType[]): string {
  let h = 0;
  for (const ch of types.map((t) => t.name).join(',')) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return (h % 2 === 0 ? 'udt_' : 'Udt ') + h.toString(16);
}
