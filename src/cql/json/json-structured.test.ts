// JSON of lists, sets, maps, tuples and user types: Cassandra's forms and messages, and round trips
// of random nested values (fromJson(parseJson(toJson(x))) = x).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type AbstractType, CQL_TYPES, ListType, MapType, SetType, TupleType, UserType } from '../../marshal/index.js';
import { writeCollectionValues } from '../../marshal/value-sequence.js';
import { fromJson } from './from-json.js';
import { parseJson } from './json-parser.js';
import { NATIVE_VALUES } from '../../../test/support/cql/native-values.js';
import { toJson } from './to-json.js';

const native = (n: string): AbstractType => CQL_TYPES.get(n)!;
const INT = native('int');
const TEXT = native('text');
const address = new UserType('ks', 'address', ['street', 'Zip', 'tags'], [TEXT, INT, new SetType(TEXT)]);

const js = (type: AbstractType, text: string): Buffer | null => fromJson(type, parseJson(text));
const decomposed = (type: AbstractType, v: unknown): Buffer => type.decompose(v);

test('lists and sets are JSON arrays; maps objects with string keys', () => {
  assert.equal(toJson(new ListType(INT), decomposed(new ListType(INT), [3, 1, 3])), '[3, 1, 3]');
  assert.equal(toJson(new SetType(TEXT, true), decomposed(new SetType(TEXT), ['b', 'a'])), '["a", "b"]');
  assert.equal(toJson(new MapType(INT, TEXT), decomposed(new MapType(INT, TEXT), new Map([[2, 'x'], [1, 'y']]))), '{"1": "y", "2": "x"}');
  assert.equal(toJson(new MapType(TEXT, INT), decomposed(new MapType(TEXT, INT), new Map([['k"', 1]]))), '{"k\\"": 1}');
  const listKey = new MapType(new ListType(INT), INT);
  assert.equal(toJson(listKey, decomposed(listKey, new Map([[[1, 2], 3]]))), '{"[1, 2]": 3}');
  assert.equal(toJson(new ListType(INT), decomposed(new ListType(INT), [])), '[]');
});

test('tuples are arrays with null components; UDTs objects by field name', () => {
  const tuple = new TupleType([INT, TEXT, native('boolean')]);
  assert.equal(toJson(tuple, tuple.build([INT.decompose(1), null, Buffer.from([1])])), '[1, null, true]');
  assert.equal(toJson(tuple, tuple.build([INT.decompose(1)])), '[1, null, null]');
  const v = address.build([TEXT.decompose('Main'), INT.decompose(7)]);
  assert.equal(toJson(address, v), '{"street": "Main", "\\"Zip\\"": 7, "tags": null}');
});

test('fromJson reads the same forms, and strings holding them', () => {
  const list = new ListType(INT);
  assert.deepEqual(list.compose(js(list, '[1, 2, 2]')!), [1, 2, 2]);
  assert.deepEqual(list.compose(js(list, '"[1, 2]"')!), [1, 2]);
  const set = new SetType(INT);
  assert.deepEqual(set.compose(js(set, '[3, 1, 3]')!), [1, 3]);
  const map = new MapType(INT, TEXT);
  assert.deepEqual([...map.compose(js(map, '{"2": "b", "1": "a"}')!)!], [[1, 'a'], [2, 'b']]);
  const tuple = new TupleType([INT, TEXT]);
  assert.deepEqual(tuple.split(js(tuple, '[1, null]')!), [INT.decompose(1), null]);
  const u = js(address, '{"street": "x", "\\"Zip\\"": 5}')!;
  assert.deepEqual(address.split(u), [TEXT.decompose('x'), INT.decompose(5), null]);
  assert.deepEqual(address.split(js(address, '{"STREET": "y"}')!), [TEXT.decompose('y'), null, null]);
});

test("fromJson refuses what Cassandra refuses, with its messages", () => {
  const err = (type: AbstractType, text: string, message: string | RegExp) => assert.throws(() => js(type, text), { message });
  err(new ListType(INT), '{"a": 1}', 'Expected a list, but got a LinkedHashMap: {a=1}');
  err(new ListType(INT), '[1, null]', 'Invalid null element in list');
  err(new SetType(INT), '[null]', 'Invalid null element in set');
  err(new SetType(INT), '1', 'Expected a list (representing a set), but got a Integer: 1');
  err(new MapType(INT, INT), '[1]', 'Expected a map, but got a ArrayList: [1]');
  err(new MapType(INT, INT), '{"1": null}', 'Invalid null value in map');
  err(new MapType(INT, INT), '{"x": 1}', /Unable to make int from 'x'/);
  err(new TupleType([INT, INT]), '[1, 2, 3]', 'Tuple contains extra items (expected 2): [1, 2, 3]');
  err(new TupleType([INT, INT]), '[1]', 'Tuple is missing items (expected 2): [1]');
  err(new TupleType([INT]), '{"a": 1}', 'Expected a list representation of a tuple, but got a LinkedHashMap: {a=1}');
  err(address, '{"street": "x", "city": "y"}', "Unknown field 'city' in value of user defined type address");
  err(address, '[1]', 'Expected a map, but got a ArrayList: [1]');
  err(new ListType(INT), '"[1,"', /^Error decoding JSON string: /);
});

/** Random valid values of a few element types whose JSON round-trips exactly. */
const ELEMENT_TYPES = ['int', 'text', 'bigint', 'timestamp', 'blob', 'uuid', 'boolean', 'decimal', 'inet', 'date', 'time', 'smallint'];

function collectionOf(kind: 'list' | 'set' | 'map', elements: fc.Arbitrary<Buffer>, values: fc.Arbitrary<Buffer>): fc.Arbitrary<Buffer> {
  if (kind === 'map') return fc.array(fc.tuple(elements, values), { maxLength: 5 }).map((es) => writeCollectionValues(es.flat(), es.length, 'map'));
  return fc.array(elements, { maxLength: 5 }).map((es) => writeCollectionValues(es, es.length, kind));
}

for (const name of ELEMENT_TYPES) {
  const e = native(name);
  const ev = NATIVE_VALUES[name]!;
  const cases: [string, AbstractType, fc.Arbitrary<Buffer>][] = [
    ['list', new ListType(e, true), collectionOf('list', ev, ev)],
    ['set', new SetType(e), collectionOf('set', ev, ev).map((b) => new SetType(e).normalize(b))],
    ['map key', new MapType(e, INT, true), collectionOf('map', ev, NATIVE_VALUES.int!).map((b) => new MapType(e, INT).normalize(b))],
    ['map value', new MapType(TEXT, e), collectionOf('map', NATIVE_VALUES.text!, ev).map((b) => new MapType(TEXT, e).normalize(b))],
    ['tuple', new TupleType([e, TEXT]), fc.tuple(fc.option(ev), fc.option(NATIVE_VALUES.text!)).map(([a, b]) => new TupleType([e, TEXT]).build([a, b]))],
  ];
  for (const [what, type, values] of cases) {
    test(`${what} of ${name}: toJson then fromJson gives the value back`, () => {
      fc.assert(
        fc.property(values, (b) => {
          const text = toJson(type, b);
          const back = fromJson(type, parseJson(text));
          assert.ok(back !== null, text);
          assert.equal(type.compare(back, b), 0, `${b.toString('hex')} → ${text} → ${back.toString('hex')}`);
        }),
        { numRuns: 60 },
      );
    });
  }
}

test('nested structures round-trip: map<frozen<list<int>>, frozen<address>> and list<frozen<tuple<int, set<text>>>>', () => {
  const inner = new TupleType([INT, new SetType(TEXT)]);
  const nestedList = new ListType(inner, true);
  const keyList = new ListType(INT);
  const map = new MapType(keyList, address, true);
  const ints = NATIVE_VALUES.int!;
  const texts = NATIVE_VALUES.text!;
  const addressValue = fc.tuple(fc.option(texts), fc.option(ints), fc.option(collectionOf('set', texts, texts).map((b) => new SetType(TEXT).normalize(b)))).map((c) => address.build(c));
  const mapValue = collectionOf('map', collectionOf('list', ints, ints), addressValue).map((b) => map.normalize(b));
  const listValue = collectionOf('list', fc.tuple(fc.option(ints), fc.option(collectionOf('set', texts, texts).map((b) => new SetType(TEXT).normalize(b)))).map((c) => inner.build(c)), ints);
  fc.assert(
    fc.property(mapValue, listValue, (m, l) => {
      for (const [type, b] of [[map, m], [nestedList, l]] as const) {
        const back = fromJson(type, parseJson(toJson(type, b)))!;
        assert.equal(type.compare(back, b), 0, toJson(type, b));
      }
    }),
    { numRuns: 100 },
  );
});
