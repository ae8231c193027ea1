// Randomly nested structured types (lists, sets, maps, tuples, UDTs of every simple type with test
// values, two levels deep): order, decoding, delimiting, text and the JS round trip, plus the
// class-name and CQL-name round trips through the parser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ByteReader } from '../util/byte-reader.js';
import type { AbstractType } from './abstract-type.js';
import { AbstractTupleType } from './abstract-tuple-type.js';
import { ListType } from './list-type.js';
import { MapType } from './map-type.js';
import { SetType } from './set-type.js';
import { ReversedType } from './reversed-type.js';
import { structuredTypes, valuesOf } from '../../test/support/marshal/value-arbitraries.js';
import { parseType } from './type-parser.js';
import { UserType } from './user-type.js';
import { readCollectionValues } from './value-sequence.js';

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);
const cases = structuredTypes(2).chain((t) => fc.tuple(fc.constant(t), valuesOf(t), valuesOf(t), fc.boolean()));

test('random nested structured types: order, decoding and delimiting, reversed or not', () => {
  fc.assert(
    fc.property(cases, ([base, a, b, reversed]) => {
      const type: AbstractType = reversed ? new ReversedType(base) : base;
      type.validate(a);
      const ea = type.toComparable(a);
      const eb = type.toComparable(b);
      assert.equal(sign(Buffer.compare(ea, eb)), sign(type.compare(a, b)), type.name);
      const r = new ByteReader(Buffer.concat([ea, Buffer.from([0x40, 0x00])]));
      const back = type.fromComparable(r);
      assert.equal(r.pos, ea.length, 'reads exactly its encoding');
      assert.equal(type.compare(back, a), 0);
      assert.deepEqual(type.toComparable(back), ea);
    }),
    { numRuns: 400 },
  );
});

test('random nested structured types: text and JS values round trip (to an equal value)', () => {
  fc.assert(
    fc.property(cases, ([type, a]) => {
      assert.equal(type.compare(type.fromString(type.toString(a)), a), 0, `${type.name}: '${type.toString(a)}'`);
      if (jsRoundTrips(type, a, true)) assert.equal(type.compare(type.decompose(type.compose(a)), a), 0, type.name);
    }),
    { numRuns: 300 },
  );
});

/**
 * Whether compose → decompose gives the value back: not when an empty value sits inside a
 * structure, except for types whose empty value composes to '' or an empty Buffer (compose turns
 * the others into null, which a collection refuses and a tuple reads as a null component).
 */
function jsRoundTrips(type: AbstractType, b: Buffer, top: boolean): boolean {
  if (b.length === 0) return top || ['UTF8Type', 'AsciiType', 'BytesType'].includes(type.name);
  if (type instanceof ListType || type instanceof SetType) return readCollectionValues(b, type.name, ['e']).every((v) => jsRoundTrips(type.elements as AbstractType, v, false));
  if (type instanceof MapType) {
    const flat = readCollectionValues(b, type.name, ['k', 'v']);
    return flat.every((v, i) => jsRoundTrips((i % 2 === 0 ? type.keys : type.valueType) as AbstractType, v, false));
  }
  if (type instanceof AbstractTupleType) return type.split(b).every((c, i) => c === null || jsRoundTrips(type.types[i]!, c, false));
  return true;
}

const resolver = (udts: readonly UserType[]) => (ks: string | null, name: string) => udts.find((u) => u.keyspace === ks && u.typeName === name);

test('random nested structured types: class names and CQL names parse back to the same type', () => {
  fc.assert(
    fc.property(structuredTypes(3), (type) => {
      assert.equal(parseType(type.name).name, type.name);
      assert.equal(parseType(type.fullName).fullName, type.fullName);
      const udts = collectUdts(type);
      const back = parseType(type.cqlName!, { keyspace: 'ks', resolveUserType: resolver(udts) });
      assert.equal(back.name, type.name, type.cqlName!);
    }),
    { numRuns: 300 },
  );
});

function collectUdts(t: AbstractType): UserType[] {
  if (t instanceof UserType) return [t, ...t.types.flatMap(collectUdts)];
  if (t instanceof AbstractTupleType) return t.types.flatMap(collectUdts);
  if (t instanceof ListType || t instanceof SetType) return collectUdts(t.elements as AbstractType);
  if (t instanceof MapType) return [...collectUdts(t.keys as AbstractType), ...collectUdts(t.valueType as AbstractType)];
  return [];
}
