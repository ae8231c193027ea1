// ListType, SetType, MapType: the type laws for nested combinations, the native protocol format,
// malformed values (each a MarshalError, none allocating from a garbled count), normalization of
// sets and maps, CQL literal text, JS values, names and the multi-cell cell types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { MarshalError } from '../errors/index.js';
import { ByteReader } from '../util/byte-reader.js';
import type { AbstractType } from './abstract-type.js';
import { BOOLEAN_TYPE } from './boolean-type.js';
import { BYTES_TYPE } from './bytes-type.js';
import { EMPTY_TYPE } from './empty-type.js';
import { INT32_TYPE } from './int32-type.js';
import { ListType } from './list-type.js';
import { LONG_TYPE } from './long-type.js';
import { MapType } from './map-type.js';
import { SetType } from './set-type.js';
import { SHORT_TYPE } from './short-type.js';
import { normalizeValue } from './structured-type.js';
import { TIME_UUID_TYPE } from './time-uuid-type.js';
import { TIMESTAMP_TYPE } from './timestamp-type.js';
import { assertMarshalError, checkTypeLaws } from '../../test/support/marshal/type-laws.js';
import { valuesOf } from '../../test/support/marshal/value-arbitraries.js';
import { parseType } from './type-parser.js';
import { UTF8_TYPE } from './utf8-type.js';

/** Builds serialized bytes from 32-bit ints and raw hex pieces. */
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
const int = (v: number): string => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v, 0);
  return b.toString('hex');
};
const utf8 = (s: string): string => Buffer.from(s).toString('hex');

/** Malformed values every collection with 4-byte-int-framed elements must refuse. */
const MALFORMED: readonly Buffer[] = [
  Buffer.from('000000', 'hex'), // truncated count
  bytes(-1), // negative count
  bytes(0x7fffffff), // absurd count
  bytes(3, 0), // count larger than the buffer holds
  bytes(1, 4, '0000'), // element shorter than its length
  bytes(1, 0x7ffffff0, '00'), // absurd element length
  bytes(1, 1), // missing element bytes
  bytes(1), // missing element length
  bytes(1, -1), // null element
  bytes(1, -7), // negative element length
  bytes(0, 'ff'), // trailing garbage
];

const listOfInt = new ListType(INT32_TYPE);
const setOfText = new SetType(UTF8_TYPE);
const mapTextBigint = new MapType(UTF8_TYPE, LONG_TYPE);
const nested = parseType('frozen<list<frozen<set<int>>>>') as ListType;

checkTypeLaws(listOfInt, valuesOf(listOfInt), { invalid: [...MALFORMED, bytes(1, 3, '000000')] });
checkTypeLaws(setOfText, valuesOf(setOfText), { invalid: [...MALFORMED, bytes(1, 2, 'c328')] });
checkTypeLaws(mapTextBigint, valuesOf(mapTextBigint), {
  invalid: [...MALFORMED, bytes(1, 1, '61', 3, '000000'), bytes(1, 1, '61', -1), bytes(1, 1, '61')],
});
checkTypeLaws(nested, valuesOf(nested), { invalid: [...MALFORMED, bytes(1, 4, int(-1)), bytes(1, 8, int(1), int(5))] });
checkTypeLaws(new ListType(INT32_TYPE, true), valuesOf(listOfInt), { numRuns: 60, reversed: false });
checkTypeLaws(new MapType(BOOLEAN_TYPE, new SetType(BYTES_TYPE)), valuesOf(new MapType(BOOLEAN_TYPE, new SetType(BYTES_TYPE))), { numRuns: 80 });

// The same laws over tiny element domains, so shared prefixes, equal elements and duplicates are common.
const few = (type: AbstractType, texts: readonly string[]): fc.Arbitrary<Buffer> => fc.constantFrom(...texts.map((t) => type.fromString(t)));
const tinyInt = few(INT32_TYPE, ['', '-1', '0', '1']);
const tinyText = few(UTF8_TYPE, ['', 'a', 'ab', 'b']);
const tinyLong = few(LONG_TYPE, ['', '0', '5']);
checkTypeLaws(listOfInt, fc.array(tinyInt, { maxLength: 4 }).map((es) => bytes(es.length, ...es.flatMap((e) => [e.length, e.toString('hex')]))));
checkTypeLaws(setOfText, fc.array(tinyText, { maxLength: 4 }).map((es) => setOfText.normalize(bytes(es.length, ...es.flatMap((e) => [e.length, e.toString('hex')])))));
checkTypeLaws(
  mapTextBigint,
  fc
    .array(fc.tuple(tinyText, tinyLong), { maxLength: 3 })
    .map((es) => mapTextBigint.normalize(bytes(es.length, ...es.flatMap(([k, v]) => [k.length, k.toString('hex'), v.length, v.toString('hex')])))),
);

test('serialized form: [int n] then [int len][bytes] per element, (key, value) per map entry', () => {
  assert.deepEqual(listOfInt.decompose([1, -2]), bytes(2, 4, int(1), 4, int(-2)));
  assert.deepEqual(listOfInt.decompose([]), bytes(0));
  assert.deepEqual(mapTextBigint.decompose(new Map([['a', 7n]])), bytes(1, 1, '61', 8, '0000000000000007'));
  assert.deepEqual(setOfText.decompose(['b', 'a']), bytes(2, 1, utf8('a'), 1, utf8('b')));
  assert.deepEqual(listOfInt.decompose(null as unknown as number[]), Buffer.alloc(0), 'null is the empty value');
});

test('errors name what is wrong and where', () => {
  const cases: Array<[AbstractType, Buffer, RegExp]> = [
    [listOfInt, Buffer.from('0000', 'hex'), /not enough bytes to read the element count/],
    [listOfInt, bytes(-3), /negative element count -3/],
    [listOfInt, bytes(1_000_000_000), /element count 1000000000 cannot fit in the 0 bytes/],
    [listOfInt, bytes(2, 4, int(1), -1), /element 1 is null; collections cannot hold null/],
    [listOfInt, bytes(1, 9, int(1)), /element 0 declares 9 bytes but only 4 remain/],
    [listOfInt, bytes(1, 4, int(1), 'aa'), /1 unexpected bytes after the last element/],
    [listOfInt, bytes(2, 4, int(1), 2, '0000'), /element 1: Int32Type: expected 4 or 0 bytes/],
    [mapTextBigint, bytes(1, 1, '61', -1), /value 0 is null/],
    [mapTextBigint, bytes(1, 1, 'ff', 8, '0000000000000000'), /key 0: UTF8Type: invalid UTF-8/],
    [nested, bytes(1, 8, int(1), int(5)), /element 0: FrozenType\(SetType\(Int32Type\)\): element 0 declares 5 bytes/],
  ];
  for (const [type, b, msg] of cases) assertMarshalError(() => type.validate(b), msg);
});

test('absurd counts are refused before any work proportional to them', () => {
  const huge = bytes(0x7fffffff, 0, 0);
  const start = process.hrtime.bigint();
  for (let i = 0; i < 1000; i++) assertMarshalError(() => listOfInt.validate(huge), /cannot fit/);
  assert.ok(process.hrtime.bigint() - start < 1_000_000_000n, 'a thousand refusals take well under a second');
  assertMarshalError(() => mapTextBigint.compose(bytes(0x40000000, 0, 0, 0, 0)), /cannot fit/);
});

test('empty value: valid, composes to null, sorts before the empty collection', () => {
  const empty = Buffer.alloc(0);
  listOfInt.validate(empty);
  assert.equal(listOfInt.compose(empty), null);
  assert.equal(listOfInt.toString(empty), '');
  assert.deepEqual(listOfInt.fromString(''), empty);
  assert.ok(listOfInt.compare(empty, bytes(0)) < 0);
  assert.deepEqual(listOfInt.toComparable(empty), Buffer.from([0x00]));
  assert.deepEqual(listOfInt.toComparable(bytes(0)), Buffer.from([0x38]));
});

test('order: element by element, a prefix first (lists keep order and duplicates)', () => {
  const xs = [[], [-5], [-5, -5], [-5, 0], [1], [1, 2, 3], [2]].map((l) => listOfInt.decompose(l));
  for (let i = 1; i < xs.length; i++) {
    assert.ok(listOfInt.compare(xs[i - 1]!, xs[i]!) < 0, `compare ${i}`);
    assert.ok(Buffer.compare(listOfInt.toComparable(xs[i - 1]!), listOfInt.toComparable(xs[i]!)) < 0, `bytes ${i}`);
  }
  assert.deepEqual(listOfInt.compose(listOfInt.decompose([3, 1, 3])), [3, 1, 3]);
  const maps = [new Map([['a', 1n]]), new Map([['a', 2n]]), new Map([['a', 2n], ['b', 0n]]), new Map([['b', -9n]])];
  const ms = maps.map((m) => mapTextBigint.decompose(m));
  for (let i = 1; i < ms.length; i++) assert.ok(mapTextBigint.compare(ms[i - 1]!, ms[i]!) < 0, `map ${i}`);
});

test('sets and maps: unsorted input validates, normalize sorts and deduplicates, compare and encodings see the set', () => {
  const unsorted = bytes(3, 1, utf8('b'), 1, utf8('a'), 1, utf8('b'));
  const sorted = bytes(2, 1, utf8('a'), 1, utf8('b'));
  setOfText.validate(unsorted);
  assert.deepEqual(setOfText.normalize(unsorted), sorted);
  assert.equal(setOfText.normalize(sorted), sorted, 'a normalized value is returned as it is');
  assert.equal(setOfText.compare(unsorted, sorted), 0);
  assert.deepEqual(setOfText.toComparable(unsorted), setOfText.toComparable(sorted));
  assert.deepEqual(setOfText.compose(unsorted), ['a', 'b']);
  assert.equal(setOfText.toString(unsorted), "{'a', 'b'}");
  assert.deepEqual(setOfText.fromComparable(new ByteReader(setOfText.toComparable(unsorted))), sorted);
  assert.deepEqual(setOfText.decompose(new Set(['b', 'a'])), sorted);
  assert.deepEqual(setOfText.fromString("{'b', 'a', 'b'}"), sorted);

  // A map keeps the last value given for a key, like a client's map literal.
  const dup = mapTextBigint.decompose(new Map([['b', 1n], ['a', 2n]]));
  assert.deepEqual(mapTextBigint.compose(dup), new Map([['a', 2n], ['b', 1n]]));
  const twice = bytes(3, 1, '62', 8, '0000000000000001', 1, '61', 8, '0000000000000002', 1, '62', 8, '0000000000000009');
  assert.deepEqual(mapTextBigint.compose(mapTextBigint.normalize(twice)), new Map([['a', 2n], ['b', 9n]]));
  assert.deepEqual(mapTextBigint.fromString("{'b': 1, 'a': 2, 'b': 9}"), mapTextBigint.normalize(twice));
  assert.equal(mapTextBigint.compare(twice, mapTextBigint.normalize(twice)), 0);
  assertMarshalError(() => setOfText.normalize(bytes(1, 5, '61')), /declares 5 bytes/);
});

test('normalize reaches nested values: sets inside lists, maps and tuples come out sorted', () => {
  const listOfSets = parseType('frozen<list<frozen<set<int>>>>');
  const raw = listOfSets.decompose([[2, 1]]);
  const inner = bytes(2, 4, int(2), 4, int(1)); // the driver's order, not sorted
  const sent = bytes(1, inner.length, inner.toString('hex'));
  assert.deepEqual(listOfSets.compose(sent), [[1, 2]]);
  assert.deepEqual(normalizeValue(listOfSets, sent), raw);
  const tupleWithSet = parseType('frozen<tuple<int, frozen<set<text>>>>');
  const unsortedSet = bytes(2, 1, utf8('b'), 1, utf8('a'));
  const t = bytes(4, int(1), unsortedSet.length, unsortedSet.toString('hex'));
  assert.deepEqual(normalizeValue(tupleWithSet, t), tupleWithSet.decompose([1, ['a', 'b']]));
  const canonical = listOfSets.decompose([[1, 2], [3]]);
  assert.equal(normalizeValue(listOfSets, canonical), canonical, 'canonical values are returned as they are');
});

test('normalization as a property: any order and duplicates give the sorted, distinct set', () => {
  const setOfInt = new SetType(INT32_TYPE);
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 8 }), (xs) => {
      const raw = bytes(xs.length, ...xs.flatMap((x) => [4, int(x)]));
      const want = [...new Set(xs)].sort((a, b) => a - b);
      assert.deepEqual(setOfInt.compose(raw), want);
      assert.deepEqual(setOfInt.compose(setOfInt.normalize(raw)), want);
      assert.deepEqual(setOfInt.normalize(raw), setOfInt.decompose(want));
      assert.equal(setOfInt.compare(raw, setOfInt.decompose(want)), 0);
    }),
    { numRuns: 200 },
  );
});

test('CQL literal text', () => {
  assert.equal(listOfInt.toString(listOfInt.decompose([1, -2])), '[1, -2]');
  assert.equal(listOfInt.toString(bytes(0)), '[]');
  assert.equal(setOfText.toString(setOfText.decompose(["it's", 'a'])), "{'a', 'it''s'}");
  assert.equal(mapTextBigint.toString(mapTextBigint.decompose({ x: 1n, y: -2n })), "{'x': 1, 'y': -2}");
  assert.equal(nested.toString(nested.decompose([[2, 1], []])), '[{1, 2}, {}]');
  assert.equal(new ListType(BYTES_TYPE).toString(new ListType(BYTES_TYPE).decompose([Buffer.from([1, 0xab]), Buffer.alloc(0)])), '[0x01ab, 0x]');
  assert.equal(new ListType(TIMESTAMP_TYPE).toString(new ListType(TIMESTAMP_TYPE).decompose([new Date(0)])), "['1970-01-01T00:00:00.000Z']");
  assert.equal(listOfInt.toString(bytes(1, 0)), "['']", 'an empty int element');
  assert.deepEqual(listOfInt.fromString("  [ 1 ,-2,'' ] "), bytes(3, 4, int(1), 4, int(-2), 0));
  assert.deepEqual(listOfInt.fromString("['7']"), listOfInt.decompose([7]), 'a quoted scalar reads through its type');
  assert.deepEqual(mapTextBigint.fromString('{}'), bytes(0));
  assert.deepEqual(new SetType(EMPTY_TYPE).fromString("{''}"), bytes(1, 0));
  const bad: Array<[AbstractType, string, RegExp]> = [
    [listOfInt, '[1, null]', /null element/],
    [listOfInt, '[1, 2', /expected ','/],
    [listOfInt, '[1 2]', /expected ','/],
    [listOfInt, '{1}', /expected '\['/],
    [listOfInt, '[1] x', /unexpected text after the value/],
    [listOfInt, '[x]', /Int32Type/],
    [listOfInt, "['1]", /unterminated string/],
    [mapTextBigint, "{'a' 1}", /expected ':'/],
    [mapTextBigint, "{'a': null}", /null value/],
    [new ListType(BYTES_TYPE), '[abcd]', /0x/],
  ];
  for (const [type, s, msg] of bad) assertMarshalError(() => type.fromString(s), msg);
});

test('JS values', () => {
  assert.deepEqual(nested.compose(nested.decompose([[3, 1, 3], []])), [[1, 3], []]);
  const m = new MapType(INT32_TYPE, new ListType(UTF8_TYPE));
  assert.deepEqual(m.compose(m.decompose(new Map([[2, ['x']], [1, []]]))), new Map([[1, []], [2, ['x']]]));
  const cases: Array<[() => unknown, RegExp]> = [
    [() => listOfInt.decompose([1, null as unknown as number]), /element 1 is null/],
    [() => listOfInt.decompose([1, 'x' as unknown as number]), /element 1: Int32Type: expected an integer/],
    [() => listOfInt.decompose(new Set([1]) as unknown as number[]), /expected an Array/],
    [() => setOfText.decompose('ab' as unknown as string[]), /expected an Array or a Set/],
    [() => mapTextBigint.decompose(new Map([['a', undefined as unknown as bigint]])), /value 0 is null/],
    [() => m.decompose({ 1: ['x'] } as unknown as Map<number, string[]>), /plain object is a map only when the keys are text/],
    [() => mapTextBigint.decompose([['a', 1n]] as unknown as Map<string, bigint>), /expected a Map/],
  ];
  for (const [fn, msg] of cases) assertMarshalError(fn, msg);
});

test('names: class names with FrozenType as Cassandra prints them, CQL names', () => {
  const multi = parseType('map<text, frozen<list<int>>>') as MapType;
  assert.equal(multi.isMultiCell, true);
  assert.equal(multi.name, 'MapType(UTF8Type,FrozenType(ListType(Int32Type)))');
  assert.equal(multi.cqlName, 'map<text, frozen<list<int>>>');
  assert.equal(multi.freeze().name, 'FrozenType(MapType(UTF8Type,ListType(Int32Type)))', 'FrozenType is implied inside a frozen type');
  assert.equal(multi.freeze().cqlName, 'frozen<map<text, frozen<list<int>>>>');
  assert.equal(
    multi.fullName,
    'org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.FrozenType(' +
      'org.apache.cassandra.db.marshal.ListType(org.apache.cassandra.db.marshal.Int32Type)))',
  );
  const frozen = multi.freeze();
  assert.equal(frozen.freeze(), frozen);
  assert.equal(multi.unfreeze(), multi);
  assert.equal(multi.freeze().unfreeze().name, multi.name);
  assert.equal(new ListType(new ListType(INT32_TYPE, true)).elements.name, 'FrozenType(ListType(Int32Type))', 'nested types are frozen');
  assert.equal(setOfText.name, 'FrozenType(SetType(UTF8Type))');
  assert.equal(setOfText.cqlName, 'frozen<set<text>>');
  assert.equal(new ListType(parseType('CompositeType(UTF8Type)')).cqlName, "frozen<list<'org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.UTF8Type)'>>");
  assert.equal(listOfInt.fixedLength, null);
  assert.equal(listOfInt.isReversed, false);
});

test('multi-cell: cell path and value types, values from cells and back', () => {
  const list = new ListType(UTF8_TYPE, true);
  const set = new SetType(INT32_TYPE, true);
  const map = new MapType(UTF8_TYPE, LONG_TYPE, true);
  assert.equal(list.cellPathType, TIME_UUID_TYPE);
  assert.equal(list.cellValueType, UTF8_TYPE);
  assert.equal(set.cellPathType, INT32_TYPE);
  assert.equal(set.cellValueType, EMPTY_TYPE);
  assert.equal(map.cellPathType, UTF8_TYPE);
  assert.equal(map.cellValueTypeAt(Buffer.from('k')), LONG_TYPE);
  assert.equal(setOfText.isMultiCell, false);

  const path = Buffer.alloc(16);
  assert.deepEqual(list.compose(list.fromCells([{ path, value: Buffer.from('x') }, { path, value: Buffer.from('y') }])), ['x', 'y']);
  const s = set.fromCells([5, 2].map((v) => ({ path: Buffer.from(int(v), 'hex'), value: Buffer.alloc(0) })));
  assert.deepEqual(set.compose(s), [2, 5]);
  assert.deepEqual(set.toCells(s).map((c) => c.path.readInt32BE(0)), [2, 5]);
  const m = map.decompose(new Map([['b', 2n], ['a', 1n]]));
  const cells = map.toCells(m);
  assert.deepEqual(cells.map((c) => c.path.toString()), ['a', 'b']);
  assert.deepEqual(map.fromCells(cells), m);
  assert.deepEqual(map.toCells(Buffer.alloc(0)), []);
});

test('MarshalError is what validation throws', () => {
  assert.throws(() => listOfInt.validate(bytes(-1)), MarshalError);
  assert.equal(SHORT_TYPE.allowsEmpty, false);
  assertMarshalError(() => new ListType(SHORT_TYPE).validate(bytes(1, 0)), /element 0: ShortType/);
});
