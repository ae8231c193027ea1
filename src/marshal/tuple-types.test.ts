// TupleType and UserType: the type laws (nulls, missing trailing components, nesting), the
// serialized form, null-first order, malformed values, CQL literal text, JS values, names, and the
// cells of multi-cell UDTs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ByteReader } from '../util/byte-reader.js';
import type { AbstractType } from './abstract-type.js';
import { BOOLEAN_TYPE } from './boolean-type.js';
import { INT32_TYPE } from './int32-type.js';
import { ListType } from './list-type.js';
import { LONG_TYPE } from './long-type.js';
import { MapType } from './map-type.js';
import { SetType } from './set-type.js';
import { SHORT_TYPE } from './short-type.js';
import { assertMarshalError, checkTypeLaws } from '../../test/support/marshal/type-laws.js';
import { valuesOf } from '../../test/support/marshal/value-arbitraries.js';
import { TupleType } from './tuple-type.js';
import { parseType } from './type-parser.js';
import { UserType } from './user-type.js';
import { UTF8_TYPE } from './utf8-type.js';

/** Serialized bytes from 32-bit ints and hex pieces. */
function bytes(...parts: Array<number | string>): Buffer {
  return Buffer.concat(
    parts.map((p) => {
      if (typeof p === 'string') return Buffer.from(p, 'hex');
      const b = Buffer.alloc(4);
      b.writeInt32BE(p, 0);
      return b;
    }),
  );
}

const tuple = new TupleType([INT32_TYPE, UTF8_TYPE, BOOLEAN_TYPE]);
const address = new UserType('ks', 'address', ['street', 'zip', 'tags'], [UTF8_TYPE, INT32_TYPE, new SetType(UTF8_TYPE)]);
const nestedTuple = new TupleType([new ListType(INT32_TYPE), new MapType(UTF8_TYPE, LONG_TYPE), address]);

const MALFORMED_TUPLE: readonly Buffer[] = [
  Buffer.from('000000', 'hex'), // truncated length
  bytes(4, '0000'), // component shorter than its length
  bytes(0x7ffffff0, '00'), // absurd length
  bytes(4, '00000001', 1, '61', 1, '01', 0), // a fourth component
  bytes(2, '0000'), // wrong length for an int
  bytes(-1, 1, 'ff'), // invalid UTF-8
];

checkTypeLaws(tuple, valuesOf(tuple), { decode: 'equal', invalid: MALFORMED_TUPLE });
checkTypeLaws(address, valuesOf(address), { decode: 'equal', invalid: [bytes(-1, -1, 4, '00000001'), bytes(1, '61', 4, '00000001', 4, '00000001')] });
checkTypeLaws(address.unfreeze(), valuesOf(address), { decode: 'equal', numRuns: 60, reversed: false });
checkTypeLaws(nestedTuple, valuesOf(nestedTuple), { decode: 'equal', numRuns: 100 });
checkTypeLaws(parseType('frozen<list<frozen<tuple<int, text>>>>'), valuesOf(parseType('frozen<list<frozen<tuple<int, text>>>>')), { decode: 'equal' });

// Tiny domains: nulls, empty values and shared prefixes everywhere.
const tiny = fc
  .array(fc.constantFrom<string | null>(null, '', '0', '1'), { minLength: 1, maxLength: 3 })
  .map((cs) => new TupleType([INT32_TYPE, INT32_TYPE, INT32_TYPE]).build(cs.map((c) => (c === null ? null : INT32_TYPE.fromString(c)))));
checkTypeLaws(new TupleType([INT32_TYPE, INT32_TYPE, INT32_TYPE]), fc.oneof(tiny, fc.constant(Buffer.alloc(0))), { decode: 'equal' });

test('serialized form: [int len][bytes] per component, -1 for null', () => {
  assert.deepEqual(tuple.decompose([1, null, true]), bytes(4, '00000001', -1, 1, '01'));
  assert.deepEqual(tuple.decompose([1]), bytes(4, '00000001'));
  assert.deepEqual(tuple.decompose([]), Buffer.alloc(0));
  assert.deepEqual(address.decompose({ zip: 7 }), bytes(-1, 4, '00000007', -1), 'every field, absent ones null');
});

test('order: component-wise, null (or missing) before any value, the empty value first of all', () => {
  const t = new TupleType([INT32_TYPE, UTF8_TYPE]);
  const xs = [
    Buffer.alloc(0),
    t.build([null]),
    t.build([INT32_TYPE.fromString('')]),
    t.build([INT32_TYPE.fromString('1')]),
    t.build([INT32_TYPE.fromString('1'), UTF8_TYPE.fromString('')]),
    t.build([INT32_TYPE.fromString('1'), UTF8_TYPE.fromString('a')]),
    t.build([INT32_TYPE.fromString('2'), null]),
  ];
  for (let i = 1; i < xs.length; i++) {
    assert.ok(t.compare(xs[i - 1]!, xs[i]!) < 0, `compare ${i}`);
    assert.ok(Buffer.compare(t.toComparable(xs[i - 1]!), t.toComparable(xs[i]!)) < 0, `bytes ${i}`);
  }
  // Missing trailing components are null: (1) = (1, null); all-null = (null).
  const one = t.build([INT32_TYPE.fromString('1')]);
  const oneNull = t.build([INT32_TYPE.fromString('1'), null]);
  assert.equal(t.compare(one, oneNull), 0);
  assert.deepEqual(t.toComparable(one), t.toComparable(oneNull));
  assert.equal(t.compare(t.build([null, null]), t.build([null])), 0);
  assert.deepEqual(t.fromComparable(new ByteReader(t.toComparable(t.build([null, null])))), t.build([null]));
  assert.deepEqual(t.fromComparable(new ByteReader(t.toComparable(oneNull))), one);
});

test('byte-comparable markers: 0x00 empty, 0x40 value, 0x3E null, 0x38 end', () => {
  const t = new TupleType([INT32_TYPE, INT32_TYPE]);
  assert.equal(t.toComparable(Buffer.alloc(0)).toString('hex'), '00');
  assert.equal(t.toComparable(t.build([null])).toString('hex'), '38');
  assert.equal(t.toComparable(t.build([null, INT32_TYPE.fromString('1')])).toString('hex'), '3e408000000138');
  assertMarshalError(() => t.fromComparable(new ByteReader(Buffer.from('4180000001', 'hex'))), /bad marker 0x41/);
  assertMarshalError(() => t.fromComparable(new ByteReader(Buffer.from('3e3e3e38', 'hex'))), /more than 2 components/);
});

test('any negative component length is null, as Cassandra reads it; normalize frames it as -1', () => {
  // The Node.js driver sends a UDT field it was not given as -2 (its "unset").
  const sent = bytes(4, '00000007', -2, -3);
  tuple.validate(sent);
  assert.deepEqual(tuple.compose(sent), [7, null, null]);
  assert.equal(tuple.compare(sent, tuple.decompose([7, null, null])), 0);
  assert.deepEqual(tuple.normalize(sent), bytes(4, '00000007', -1, -1));
  const canonical = tuple.decompose([7, null, true]);
  assert.equal(tuple.normalize(canonical), canonical, 'canonical bytes are returned as they are');
  assert.deepEqual(address.compose(address.normalize(bytes(-2, 4, '00000001', -2))), { street: null, zip: 1, tags: null });
  assertMarshalError(() => tuple.normalize(bytes(-2, 7, '61')), /component 1 declares 7 bytes/);
});

test('errors name the component or field', () => {
  const cases: Array<[AbstractType, Buffer, RegExp]> = [
    [tuple, bytes(4, '00000001', 1, 'ff'), /component 1: UTF8Type: invalid UTF-8/],
    [tuple, bytes(4, '00000001', 7, '61'), /component 1 declares 7 bytes but only 1 remain/],
    [tuple, bytes(-1, -1, -1, 0), /4 bytes after the last of the 3 components/],
    [tuple, Buffer.from('ffff', 'hex'), /not enough bytes to read the length of component 0/],
    [address, bytes(-1, 3, '000000'), /field zip: Int32Type/],
    [address, bytes(-1, -1, 4, '00000001'), /field tags: FrozenType\(SetType\(UTF8Type\)\): .*cannot fit/],
  ];
  for (const [type, b, msg] of cases) assertMarshalError(() => type.validate(b), msg);
});

test('CQL literal text', () => {
  assert.equal(tuple.toString(tuple.decompose([1, "it's", null])), "(1, 'it''s', null)");
  assert.equal(tuple.toString(tuple.decompose([1])), '(1)', 'the components present, as Cassandra prints them');
  assert.equal(tuple.toString(Buffer.alloc(0)), '');
  assert.deepEqual(tuple.fromString("( 1 , 'x' , TRUE )"), tuple.decompose([1, 'x', true]));
  assert.deepEqual(tuple.fromString('(null)'), tuple.build([null]));
  assert.deepEqual(tuple.fromString('()'), Buffer.alloc(0));
  assert.deepEqual(tuple.fromString("(1, '')"), bytes(4, '00000001', 0));
  assert.equal(address.toString(address.decompose({ street: 'Main', tags: ['b', 'a'] })), "{street: 'Main', zip: null, tags: {'a', 'b'}}");
  assert.deepEqual(address.fromString("{TAGS: {'x'}, street: 'S'}"), address.build([UTF8_TYPE.fromString('S'), null, address.types[2]!.fromString("{'x'}")]));
  assert.deepEqual(address.fromString("{street: 'S'}"), address.build([UTF8_TYPE.fromString('S')]), 'trailing unmentioned fields are left out');
  assert.deepEqual(address.fromString('{}'), Buffer.alloc(0));
  const quoted = new UserType('ks', 'Odd Name', ['Mixed', 'x y'], [INT32_TYPE, INT32_TYPE]);
  const v = quoted.decompose({ Mixed: 1, 'x y': 2 });
  assert.equal(quoted.toString(v), '{"Mixed": 1, "x y": 2}');
  assert.deepEqual(quoted.fromString(quoted.toString(v)), v);
  assert.equal(quoted.cqlName, 'frozen<"Odd Name">');
  const bad: Array<[AbstractType, string, RegExp]> = [
    [tuple, '(1, 2, true, 4)', /more than the 3 components/],
    [tuple, '(1', /expected ','/],
    [tuple, "('a')", /Int32Type/],
    [address, '{nope: 1}', /unknown field 'nope'/],
    [address, "{street: 'a', street: 'b'}", /field 'street' given twice/],
    [address, "{street 'a'}", /expected ':'/],
  ];
  for (const [type, s, msg] of bad) assertMarshalError(() => type.fromString(s), msg);
});

test('JS values: arrays and objects with every component, null for null and missing', () => {
  assert.deepEqual(tuple.compose(tuple.decompose([1])), [1, null, null]);
  assert.deepEqual(tuple.compose(tuple.decompose([null, 'x', undefined])), [null, 'x', null]);
  assert.equal(tuple.compose(Buffer.alloc(0)), null);
  assert.deepEqual(address.compose(address.decompose({ street: 'S', tags: new Set(['b', 'a']) as unknown as string[] })), { street: 'S', zip: null, tags: ['a', 'b'] });
  assert.deepEqual(address.compose(bytes(1, '61')), { street: 'a', zip: null, tags: null });
  const cases: Array<[() => unknown, RegExp]> = [
    [() => tuple.decompose([1, 'a', true, 4]), /4 components given, the type has 3/],
    [() => tuple.decompose({} as unknown as unknown[]), /expected an Array/],
    [() => tuple.decompose(['x']), /component 0: Int32Type: expected an integer/],
    [() => address.decompose({ street: 'a', town: 'b' }), /unknown field 'town'/],
    [() => address.decompose([] as unknown as Record<string, unknown>), /expected an object/],
    [() => address.decompose({ zip: 'x' }), /field zip: Int32Type/],
  ];
  for (const [fn, msg] of cases) assertMarshalError(fn, msg);
});

test('names: TupleType never wrapped, UserType with hex names, FrozenType when frozen', () => {
  assert.equal(tuple.name, 'TupleType(Int32Type,UTF8Type,BooleanType)');
  assert.equal(tuple.cqlName, 'frozen<tuple<int, text, boolean>>');
  assert.equal(tuple.isMultiCell, false);
  assert.equal(tuple.freeze(), tuple);
  assert.equal(tuple.unfreeze(), tuple);
  const t = new TupleType([new ListType(INT32_TYPE, true)]);
  assert.equal(t.name, 'TupleType(ListType(Int32Type))', 'components are frozen, FrozenType implied');
  assert.equal(t.types[0]!.cqlName, 'frozen<list<int>>');
  assert.equal(address.name, 'FrozenType(UserType(ks,61646472657373,737472656574:UTF8Type,7a6970:Int32Type,74616773:SetType(UTF8Type)))');
  assert.equal(address.cqlName, 'frozen<address>');
  const multi = address.unfreeze();
  assert.equal(multi.name, 'UserType(ks,61646472657373,737472656574:UTF8Type,7a6970:Int32Type,74616773:FrozenType(SetType(UTF8Type)))');
  assert.equal(multi.cqlName, 'address');
  assert.equal(
    new UserType('ks', 'p', ['x'], [INT32_TYPE]).fullName,
    'org.apache.cassandra.db.marshal.FrozenType(org.apache.cassandra.db.marshal.UserType(ks,70,78:org.apache.cassandra.db.marshal.Int32Type))',
  );
  assert.deepEqual([address.keyspace, address.typeName, address.fieldNames], ['ks', 'address', ['street', 'zip', 'tags']]);
  assert.equal(address.fieldPosition('zip'), 1);
  assert.equal(address.fieldPosition('nope'), -1);
  assertMarshalError(() => new TupleType([]), /at least one/);
  assertMarshalError(() => new UserType('ks', 'u', ['a', 'a'], [INT32_TYPE, INT32_TYPE]), /duplicate field name 'a'/);
  assertMarshalError(() => new UserType('ks', 'u', ['a'], [INT32_TYPE, INT32_TYPE]), /1 field names for 2 field types/);
  assertMarshalError(() => new UserType('bad ks', 'u', ['a'], [INT32_TYPE]), /not a keyspace name/);
});

test('multi-cell UDT: one cell per non-null field, path the field position as a smallint', () => {
  const multi = address.unfreeze();
  assert.equal(multi.isMultiCell, true);
  assert.equal(address.isMultiCell, false);
  assert.equal(multi.cellPathType, SHORT_TYPE);
  assert.equal(multi.cellValueTypeAt(multi.cellPath(1)), INT32_TYPE);
  assert.equal(multi.cellValueTypeAt(multi.cellPath(2)).name, 'FrozenType(SetType(UTF8Type))');
  const v = multi.decompose({ street: 'S', tags: ['t'] });
  const cells = multi.toCells(v);
  assert.deepEqual(cells.map((c) => c.path.toString('hex')), ['0000', '0002']);
  assert.deepEqual(multi.fromCells(cells), v);
  assert.deepEqual(multi.compose(multi.fromCells([cells[1]!])), { street: null, zip: null, tags: ['t'] });
  assertMarshalError(() => multi.cellValueTypeAt(Buffer.from('0003', 'hex')), /no field at position 3/);
  assertMarshalError(() => multi.cellValueTypeAt(Buffer.from('03', 'hex')), /2-byte field position/);
});
