// The byte-comparable grammar: golden vectors (the on-disk format must never change), token-level
// checks, malformed input, and components of mixed types framed as cell names and parsed back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { MarshalError } from '../errors/index.js';
import { SEP_END, SEP_NEXT, cellName } from '../storage/model/cell-name.js';
import { ByteReader } from '../util/byte-reader.js';
import type { AbstractType } from './abstract-type.js';
import { ComparableInput, decodeByteString, decodeVarintComparable, encodeByteString, encodeVarintComparable } from './byte-comparable.js';
import { ReversedType } from './reversed-type.js';
import { TYPES_WITH_VALUES, valuesOf } from '../../test/support/marshal/value-arbitraries.js';
import { SIMPLE_TYPES, parseType } from './type-parser.js';

// [type, [[text value, encoding hex], …]] — frozen: a change here is an on-disk format change.
const GOLDEN: Array<[string, Array<[string, string]>]> = [
  ['BytesType', [['', '00'], ['00', '010100'], ['01', '010200'], ['0102ff', '010202ff00']]],
  ['AsciiType', [['', '00'], ['abc', '61626300']]],
  ['UTF8Type', [['', '00'], ['é', 'c3a900']]],
  ['LongType', [['', '00'], ['-1', '7fffffffffffffff'], ['0', '8000000000000000'], ['1', '8000000000000001'], ['-9223372036854775808', '010000000000000000']]],
  ['IntegerType', [['', '00'], ['0', '80'], ['-1', '7f'], ['1', '8101'], ['127', '817f'], ['128', '8180'], ['-128', '7e80'], ['-129', '7e7f'], ['-2', '7efe']]],
  ['Int32Type', [['', '00'], ['-2147483648', '0100000000'], ['7', '80000007']]],
  ['ShortType', [['-2', '7ffe'], ['300', '812c']]],
  ['ByteType', [['-1', '7f'], ['1', '81']]],
  ['TimeUUIDType', [['', '00'], ['b06e80b0-8c61-11de-8287-c1fa647fd821', '11de8c61b06e80b00207417ae4ff58a1']]],
  ['UUIDType', [['', '00'], ['b06e80b0-8c61-11de-8287-c1fa647fd821', '11de8c61b06e80b08287c1fa647fd821'], ['c37d661d-7e61-49ea-96a5-68c34e83db3a', '4c37d661d7e619ea96a568c34e83db3a']]],
  ['LexicalUUIDType', [['c37d661d-7e61-49ea-96a5-68c34e83db3a', '437d661d7e6149ea16a568c34e83db3a']]],
  ['BooleanType', [['', '00'], ['false', '01'], ['true', '02']]],
  ['DoubleType', [['', '00'], ['-1.5', '4007ffffffffffff'], ['0.0', '8000000000000000'], ['-0.0', '7fffffffffffffff'], ['1.0', 'bff0000000000000'], ['NaN', 'fff8000000000000']]],
  ['FloatType', [['-1.5', '403fffff'], ['2.5', 'c0200000']]],
  ['TimestampType', [['', '00'], ['2011-02-03T04:05:00.000Z', '8000012de9b1cde0'], ['-1', '7fffffffffffffff']]],
  ['DateType', [['-1', 'ffffffffffffffff']]],
  ['SimpleDateType', [['1970-01-01', '80000000']]],
  ['TimeType', [['00:00:01.000000000', '800000003b9aca00']]],
  ['DecimalType', [['', '00'], ['0', '80'], ['1.0', 'c081010b00'], ['1.00', 'c081010b00'], ['-1.5', '407efeefff'], ['123.45', 'c081030d233300'], ['0.001', 'c07efe0b00'], ['1E+5', 'c081060b00']]],
  ['InetAddressType', [['', '00'], ['10.0.0.1', '0a00000100'], ['::1', '010000000001000000000000000000000001']]],
  ['DurationType', [['1d', '010102010100']]],
  ['CompositeType(UTF8Type,LongType)', [['', '38'], ['a:1', '40610040800000000000000138'], ['a:!', '40610060'], ['a:_', '40610020']]],
  ['ReversedType(UTF8Type)', [['', 'ff'], ['ab', '9e9dff']]],
  ['FrozenType(ListType(Int32Type))', [['', '00'], ['[]', '38'], ['[1, -1]', '4080000001407fffffff38'], ["['']", '400038']]],
  ['SetType(UTF8Type)', [['', '00'], ['{}', '38'], ["{'b', 'a'}", '40610040620038']]],
  ['MapType(UTF8Type,BooleanType)', [['{}', '38'], ["{'a': true, '': false}", '40004001406100400238']]],
  ['TupleType(Int32Type,UTF8Type)', [['', '00'], ['(null)', '38'], ['(1)', '408000000138'], ["(null, 'x')", '3e40780038'], ["(1, '')", '4080000001400038']]],
  ['FrozenType(UserType(ks,61,78:Int32Type,79:Int32Type))', [['{x: null, y: 1}', '3e408000000138'], ['{x: 2}', '408000000238']]],
  ['ReversedType(FrozenType(ListType(Int32Type)))', [['[]', 'c7'], ['[1]', 'bf7ffffffec7']]],
];

test('golden encodings', () => {
  for (const [name, rows] of GOLDEN) {
    const type = parseType(name);
    for (const [text, hex] of rows) {
      const enc = type.toComparable(type.fromString(text));
      assert.equal(enc.toString('hex'), hex, `${name} '${text}'`);
      assert.equal(type.compare(type.fromComparable(new ByteReader(enc)), type.fromString(text)), 0);
    }
  }
});

const input = (hex: string): ComparableInput => new ComparableInput(new ByteReader(Buffer.from(hex, 'hex')));

test('bytes tokens: 0x00 and 0x01 escaped, 0x00 terminates', () => {
  assert.equal(encodeByteString(Buffer.from('00010203ff', 'hex')).toString('hex'), '010101020203ff00');
  assert.deepEqual(decodeByteString(input('010101020203ff00')), Buffer.from('00010203ff', 'hex'));
  assert.throws(() => decodeByteString(input('010300')), MarshalError);
  assert.throws(() => decodeByteString(input('4142')), RangeError, 'unterminated');
});

test('varint: long length form beyond 62 bytes, in order', () => {
  const big = (n: number, fill: number): Buffer => Buffer.alloc(n, fill);
  const values = [
    Buffer.concat([Buffer.from([0x80]), big(70, 0)]), // very negative, long form
    Buffer.concat([Buffer.from([0x80]), big(61, 0)]), // 62 bytes, short form
    Buffer.from([0xff]),
    Buffer.from([0x00]),
    Buffer.concat([Buffer.from([0x7f]), big(61, 0xff)]),
    Buffer.concat([Buffer.from([0x01]), big(62, 0)]), // 63 significant bytes: long form
  ];
  const enc = values.map(encodeVarintComparable);
  assert.equal(enc[0]![0], 0x40);
  assert.equal(enc[5]![0], 0xbf);
  for (let i = 1; i < enc.length; i++) assert.ok(Buffer.compare(enc[i - 1]!, enc[i]!) < 0, String(i));
  for (let i = 0; i < enc.length; i++) assert.deepEqual(decodeVarintComparable(new ComparableInput(new ByteReader(enc[i]!))), values[i]);
  assert.throws(() => decodeVarintComparable(input('20')), MarshalError);
});

test('malformed encodings are MarshalErrors (or RangeErrors when truncated)', () => {
  const cases: Array<[string, string]> = [
    ['BooleanType', '05'],
    ['DecimalType', '11'],
    ['CompositeType(UTF8Type)', '41'],
    ['CompositeType(UTF8Type)', '4061004061'],
    ['InetAddressType', '0a00000107'],
    ['ListType(Int32Type)', '41'],
    ['MapType(Int32Type,Int32Type)', '408000000138'],
    ['TupleType(Int32Type)', '3e3e38'],
    ['TupleType(Int32Type)', '20'],
  ];
  for (const [name, hex] of cases) {
    assert.throws(() => parseType(name).fromComparable(new ByteReader(Buffer.from(hex, 'hex'))), MarshalError, `${name} ${hex}`);
  }
  assert.throws(() => parseType('LongType').fromComparable(new ByteReader(Buffer.from('8000', 'hex'))), RangeError);
});

test('components of mixed types framed as a cell name parse back and keep their order', () => {
  const typeNames = TYPES_WITH_VALUES.filter((n) => SIMPLE_TYPES.has(n));
  const component = fc
    .tuple(fc.constantFrom(...typeNames), fc.boolean())
    .map(([n, rev]): AbstractType => (rev ? new ReversedType(SIMPLE_TYPES.get(n)!) : SIMPLE_TYPES.get(n)!));
  const schema = fc.array(component, { minLength: 1, maxLength: 4 });
  const rows = schema.chain((types) =>
    fc.tuple(fc.constant(types), fc.tuple(...types.map(valuesOf)), fc.tuple(...types.map(valuesOf)), fc.nat({ max: types.length })),
  );
  fc.assert(
    fc.property(rows, ([types, xs, ys, prefix]) => {
      const a = cellName(xs.map((v, i) => types[i]!.toComparable(v)));
      const bVals = ys.slice(0, prefix);
      const b = cellName(bVals.map((v, i) => types[i]!.toComparable(v)));
      // Order: the first unequal component decides, else the shorter name (END < NEXT) first.
      let expected = 0;
      for (let i = 0; i < Math.min(xs.length, bVals.length) && expected === 0; i++) expected = Math.sign(types[i]!.compare(xs[i]!, bVals[i]!));
      if (expected === 0) expected = Math.sign(xs.length - bVals.length);
      assert.equal(Math.sign(Buffer.compare(a, b)), expected);
      // Parsing: NEXT component … END, each component read by its own type.
      const r = new ByteReader(a);
      for (let i = 0; i < types.length; i++) {
        assert.equal(r.u8(), SEP_NEXT);
        assert.equal(types[i]!.compare(types[i]!.fromComparable(r), xs[i]!), 0);
      }
      assert.equal(r.u8(), SEP_END);
      assert.equal(r.remaining, 0);
    }),
    { numRuns: 400 },
  );
});
