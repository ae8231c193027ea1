// CompositeType: Cassandra's serialized format, order (EOC included), text escaping, and the
// cell-name-compatible byte-comparable form — for fixed and for randomly drawn type lists.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { SEP_AFTER, SEP_BEFORE, SEP_END, SEP_NEXT, cellName } from '../storage/model/cell-name.js';
import { ByteReader } from '../util/byte-reader.js';
import type { AbstractType } from './abstract-type.js';
import { CompositeType, type EndOfComponent } from './composite-type.js';
import { bigintToBytes } from './bigint-bytes.js';
import { encodeLong } from './long-type.js';
import { ReversedType } from './reversed-type.js';
import { SIMPLE_TYPES, parseType } from './type-parser.js';
import { TYPES_WITH_VALUES, valuesOf } from '../../test/support/marshal/value-arbitraries.js';
import { assertMarshalError, checkTypeLaws } from '../../test/support/marshal/type-laws.js';
import { UTF8_TYPE } from './utf8-type.js';

/** Composite values: a prefix of the types' components and, when non-empty, an EOC. */
function composites(type: CompositeType): fc.Arbitrary<Buffer> {
  const comps = fc.tuple(...type.types.map(valuesOf));
  const eoc = fc.constantFrom<EndOfComponent>(0, 0, -1, 1);
  return fc.tuple(comps, fc.nat({ max: type.types.length }), eoc).map(([cs, k, e]) => type.build(cs.slice(0, k), k === 0 ? 0 : e));
}

// A single empty component prints as '', which reads back as no components (as in Cassandra).
const textRoundTrips = (type: CompositeType) => (b: Buffer): boolean => {
  const { components, eoc } = type.split(b);
  return !(components.length === 1 && eoc === 0 && type.types[0]!.toString(components[0]!) === '');
};

const FIXED = [
  'CompositeType(UTF8Type,TimeUUIDType)',
  'CompositeType(LongType, ReversedType(UTF8Type), BytesType)',
  'CompositeType(IntegerType,DecimalType)',
  'CompositeType(ReversedType(TimeUUIDType),Int32Type,AsciiType)',
  'CompositeType(BooleanType,DoubleType,UUIDType)',
  'CompositeType(ShortType,EmptyType)',
];
for (const s of FIXED) {
  const type = parseType(s) as CompositeType;
  checkTypeLaws(type, composites(type), {
    decode: 'equal',
    text: 'equal',
    textFilter: textRoundTrips(type),
    numRuns: 100,
    invalid: [Buffer.from([0, 1]), Buffer.from([0, 0, 2]), Buffer.from([0, 0, 1, 0, 0, 0])],
  });
}

const randomCompositeType = fc
  .array(fc.constantFrom(...TYPES_WITH_VALUES), { minLength: 2, maxLength: 3 })
  .chain((names) => fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length }).map((rev) => {
    const types = names.map((n, i): AbstractType => (rev[i] ? new ReversedType(SIMPLE_TYPES.get(n)!) : SIMPLE_TYPES.get(n)!));
    return new CompositeType(types);
  }));

test('random composites of 2-3 types: order, decoding, text', () => {
  const cases = randomCompositeType.chain((type) => fc.tuple(fc.constant(type), composites(type), composites(type)));
  fc.assert(
    fc.property(cases, ([type, a, b]) => {
      const ea = type.toComparable(a);
      const eb = type.toComparable(b);
      assert.equal(Math.sign(Buffer.compare(ea, eb)), Math.sign(type.compare(a, b)), type.name);
      const r = new ByteReader(Buffer.concat([ea, Buffer.from([SEP_NEXT])]));
      assert.equal(type.compare(type.fromComparable(r), a), 0);
      assert.equal(r.pos, ea.length);
      if (textRoundTrips(type)(a)) assert.equal(type.compare(type.fromString(type.toString(a)), a), 0);
    }),
    { numRuns: 300 },
  );
});

const ct = new CompositeType([UTF8_TYPE, parseType('LongType')]);
const utf8 = (s: string): Buffer => Buffer.from(s);

test('serialized format: u16 length, bytes, end-of-component', () => {
  assert.equal(ct.build([utf8('ab'), encodeLong(1n)]).toString('hex'), '000261620000080000000000000001' + '00');
  assert.equal(ct.build([utf8('ab')], 1).toString('hex'), '0002616201');
  assert.deepEqual(ct.compose(ct.build([utf8('x')], -1)), { components: [utf8('x')], eoc: -1 });
  assertMarshalError(() => ct.validate(Buffer.from('000161ff00016200', 'hex')), /bytes after a non-zero end-of-component/);
  assertMarshalError(() => ct.validate(Buffer.from('00016102', 'hex')), /end-of-component byte 0x02/);
  assertMarshalError(() => ct.validate(ct.build([utf8('a'), Buffer.alloc(3)])), /8 or 0 bytes/);
  assertMarshalError(() => new CompositeType([UTF8_TYPE]).validate(ct.build([utf8('a'), encodeLong(1n)])), /more components/);
});

test('EOC order: (a, -1) < (a) < (a, b) < (a, +1) < (b); empty composite first', () => {
  const xs = [
    Buffer.alloc(0),
    ct.build([utf8('a')], -1),
    ct.build([utf8('a')]),
    ct.build([utf8('a'), encodeLong(-5n)]),
    ct.build([utf8('a'), encodeLong(7n)]),
    ct.build([utf8('a')], 1),
    ct.build([utf8('b')], -1),
  ];
  for (let i = 1; i < xs.length; i++) {
    assert.ok(ct.compare(xs[i - 1]!, xs[i]!) < 0, `compare ${i}`);
    assert.ok(Buffer.compare(ct.toComparable(xs[i - 1]!), ct.toComparable(xs[i]!)) < 0, `bytes ${i}`);
  }
});

test('byte-comparable form is exactly cell-name.ts framing, EOC as its bounds', () => {
  assert.deepEqual([SEP_BEFORE, SEP_END, SEP_NEXT, SEP_AFTER], [0x20, 0x38, 0x40, 0x60]);
  const parts = [UTF8_TYPE.toComparable(utf8('a')), ct.types[1]!.toComparable(encodeLong(3n))];
  assert.deepEqual(ct.toComparable(ct.build([utf8('a'), encodeLong(3n)])), cellName(parts));
  const prefix = cellName([parts[0]!]).subarray(0, -1);
  assert.deepEqual(ct.toComparable(ct.build([utf8('a')], -1)), Buffer.concat([prefix, Buffer.from([SEP_BEFORE])]));
  assert.deepEqual(ct.toComparable(ct.build([utf8('a')], 1)), Buffer.concat([prefix, Buffer.from([SEP_AFTER])]));
});

test("text: ':' separated, escaped as Cassandra does, ':!' / ':_' for EOC", () => {
  const three = new CompositeType([UTF8_TYPE, UTF8_TYPE, UTF8_TYPE]);
  const v = three.build([utf8('a:b'), utf8('c\\'), utf8('!')]);
  assert.equal(three.toString(v), 'a\\:b:c\\!:!!');
  assert.deepEqual(three.fromString('a\\:b:c\\!:!!'), v);
  assert.equal(ct.toString(ct.build([utf8('x'), encodeLong(5n)])), 'x:5');
  assert.equal(ct.toString(ct.build([utf8('x')], 1)), 'x:!');
  assert.deepEqual(ct.fromString('x:_'), ct.build([utf8('x')], -1));
  assert.equal(ct.toString(ct.build([utf8('_')])), '_!', "a lone '_' is kept apart from the EOC marker");
  assert.deepEqual(ct.fromString('_!'), ct.build([utf8('_')]));
  assert.deepEqual(ct.fromString(''), Buffer.alloc(0));
  assertMarshalError(() => ct.fromString('a:1:2'), /more components/);
  assertMarshalError(() => ct.fromString('!'), /misplaced/);
  assertMarshalError(() => ct.fromString('a:!:3'), /misplaced/);
});

test('names', () => {
  const t = parseType('CompositeType(UTF8Type, ReversedType(TimeUUIDType))');
  assert.equal(t.name, 'CompositeType(UTF8Type,ReversedType(TimeUUIDType))');
  assert.equal(
    t.fullName,
    'org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.UTF8Type,' +
      'org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.TimeUUIDType))',
  );
  assert.equal(t.cqlName, null);
  assert.equal(parseType(t.fullName).name, t.name);
});

// Varint components written wider than their minimal form (issue 17): byte order refines compare
// (Cassandra's order first, widths only between names it calls equal), and names decode as written.
{
  const type = parseType('CompositeType(IntegerType, ReversedType(IntegerType), UTF8Type)') as CompositeType;
  const varint = fc.tuple(fc.bigInt({ min: -300n, max: 300n }), fc.nat({ max: 2 })).map(([v, pad]) => Buffer.concat([Buffer.alloc(pad, v < 0n ? 0xff : 0x00), bigintToBytes(v)]));
  const values = fc.tuple(varint, varint, fc.constantFrom('a', 'b'), fc.nat({ max: 3 }), fc.constantFrom<EndOfComponent>(0, -1, 1))
    .map(([a, b, s, k, e]) => type.build([a, b, Buffer.from(s)].slice(0, k), k === 0 ? 0 : e));
  checkTypeLaws(type, values, { decode: 'exact', text: 'skip', order: 'refines', numRuns: 300 });
}
