// parseType: class names (short and qualified, with parameters, collections, tuples, user types) and
// CQL types (native names, collections, frozen, tuples, user types via a resolver); typed errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { CompositeType } from './composite-type.js';
import { INT32_TYPE } from './int32-type.js';
import { ListType } from './list-type.js';
import { MapType } from './map-type.js';
import { ReversedType } from './reversed-type.js';
import { toCqlString } from './structured-type.js';
import { TupleType } from './tuple-type.js';
import { CQL_TYPES, SIMPLE_TYPES, type TypeParseOptions, parseCqlType, parseType } from './type-parser.js';
import { UserType } from './user-type.js';
import { UTF8_TYPE } from './utf8-type.js';

test('every simple type parses from its short and full names', () => {
  assert.equal(SIMPLE_TYPES.size, 23);
  for (const [name, type] of SIMPLE_TYPES) {
    assert.equal(parseType(name), type);
    assert.equal(parseType(type.fullName), type);
    assert.equal(type.fullName, `org.apache.cassandra.db.marshal.${name}`);
  }
  // The 0.7-era comparators, as storage-conf and cassandra-cli spelled them.
  for (const n of ['BytesType', 'AsciiType', 'UTF8Type', 'LongType', 'LexicalUUIDType', 'TimeUUIDType', 'IntegerType']) {
    assert.equal(parseType(`org.apache.cassandra.db.marshal.${n}`).name, n);
  }
});

test('CQL names, case-insensitive', () => {
  const expected: Record<string, string> = {
    text: 'UTF8Type', varchar: 'UTF8Type', bigint: 'LongType', int: 'Int32Type', uuid: 'UUIDType',
    timeuuid: 'TimeUUIDType', blob: 'BytesType', ascii: 'AsciiType', boolean: 'BooleanType', double: 'DoubleType',
    float: 'FloatType', timestamp: 'TimestampType', date: 'SimpleDateType', time: 'TimeType', decimal: 'DecimalType',
    varint: 'IntegerType', inet: 'InetAddressType', counter: 'CounterColumnType', smallint: 'ShortType',
    tinyint: 'ByteType', duration: 'DurationType',
  };
  assert.equal(CQL_TYPES.size, Object.keys(expected).length);
  for (const [cql, name] of Object.entries(expected)) {
    assert.equal(parseType(cql).name, name, cql);
    assert.equal(parseType(cql.toUpperCase()).name, name);
    assert.equal(parseCqlType(` ${cql} `).name, name);
  }
  for (const t of SIMPLE_TYPES.values()) if (t.cqlName !== null) assert.ok(CQL_TYPES.has(t.cqlName), t.name);
});

test('parameterised types', () => {
  const r = parseType('ReversedType(org.apache.cassandra.db.marshal.LongType)');
  assert.ok(r instanceof ReversedType);
  assert.equal(r.name, 'ReversedType(LongType)');
  const c = parseType(' CompositeType( UTF8Type ,\n LongType ) ');
  assert.ok(c instanceof CompositeType);
  assert.equal(c.name, 'CompositeType(UTF8Type,LongType)');
  const nested = parseType('org.apache.cassandra.db.marshal.CompositeType(ReversedType(TimeUUIDType),CompositeType(BytesType))');
  assert.equal(nested.name, 'CompositeType(ReversedType(TimeUUIDType),CompositeType(BytesType))');
  assert.equal(parseType(nested.fullName).fullName, nested.fullName);
  assert.equal(parseType('').name, 'BytesType', 'Cassandra reads no comparator as BytesType');
});

test('unknown or malformed types are ConfigurationErrors that name the input', () => {
  const bad: Array<[string, RegExp]> = [
    ['FooType', /FooType/],
    ['org.example.MyType', /org\.example\.MyType/],
    ['lst<text>', /unknown parameterised type 'lst'/],
    ['ReversedType(LongType,UTF8Type)', /exactly one/],
    ['ReversedType', /exactly one/],
    ['CompositeType()', /at least one/],
    ['UTF8Type(LongType)', /no parameters/],
    ['CompositeType(UTF8Type', /unexpected end/],
    ['UTF8Type)', /unexpected '\)'/],
    ['CompositeType(UTF8Type LongType)', /expected ','/],
  ];
  for (const [s, msg] of bad) {
    assert.throws(() => parseType(s), (e: unknown) => e instanceof ConfigurationError && msg.test(e.message), s);
  }
  assert.throws(() => parseCqlType('UTF8Type'), ConfigurationError);
});

const P = 'org.apache.cassandra.db.marshal.';
const address = new UserType('ks', 'address', ['street', 'no'], [UTF8_TYPE, INT32_TYPE]);
const Quoted = new UserType('other', 'Quoted Name', ['x'], [INT32_TYPE]);
const udts: TypeParseOptions = {
  keyspace: 'ks',
  resolveUserType: (ks, name) => [address, Quoted].find((u) => u.keyspace === ks && u.typeName === name),
};

test('class names: collections are multi-cell unless in FrozenType, tuples always frozen', () => {
  const l = parseType(`${P}ListType(${P}Int32Type)`);
  assert.ok(l instanceof ListType && l.isMultiCell);
  assert.equal(l.name, 'ListType(Int32Type)');
  assert.equal(l.cqlName, 'list<int>');
  const f = parseType(`${P}FrozenType(${P}ListType(${P}Int32Type))`);
  assert.ok(f instanceof ListType && !f.isMultiCell);
  assert.equal(f.fullName, `${P}FrozenType(${P}ListType(${P}Int32Type))`);
  const m = parseType(' MapType( UTF8Type , FrozenType(SetType(LongType)) ) ');
  assert.ok(m instanceof MapType && m.isMultiCell);
  assert.equal(m.name, 'MapType(UTF8Type,FrozenType(SetType(LongType)))');
  assert.equal(m.cqlName, 'map<text, frozen<set<bigint>>>');
  const t = parseType('TupleType(Int32Type,ListType(UTF8Type))');
  assert.ok(t instanceof TupleType);
  assert.equal(t.name, 'TupleType(Int32Type,ListType(UTF8Type))', 'components frozen, FrozenType implied');
  assert.equal(t.cqlName, 'frozen<tuple<int, frozen<list<text>>>>');
  assert.equal(parseType('FrozenType(Int32Type)'), INT32_TYPE, 'freezing a simple type is the type');
  assert.equal(parseType('ReversedType(FrozenType(ListType(Int32Type)))').name, 'ReversedType(FrozenType(ListType(Int32Type)))');
  assert.equal(parseType('CompositeType(UTF8Type,FrozenType(MapType(Int32Type,Int32Type)))').name, 'CompositeType(UTF8Type,FrozenType(MapType(Int32Type,Int32Type)))');
  for (const s of ['SetType(FrozenType(ListType(TimeUUIDType)))', 'FrozenType(MapType(ListType(Int32Type),TupleType(BytesType,BooleanType)))']) {
    assert.equal(parseType(s).name, s);
    assert.equal(parseType(parseType(s).fullName).name, s);
  }
});

test('class names: UserType(keyspace,hex name,hex field:type,…)', () => {
  const u = parseType(`${P}UserType(ks,61646472657373,737472656574:${P}UTF8Type,6e6f:${P}Int32Type)`);
  assert.ok(u instanceof UserType);
  assert.equal(u.isMultiCell, true, 'multi-cell unless in FrozenType, as Cassandra reads it');
  assert.deepEqual([u.keyspace, u.typeName, u.fieldNames], ['ks', 'address', ['street', 'no']]);
  assert.equal(u.fullName, `${P}UserType(ks,61646472657373,737472656574:${P}UTF8Type,6e6f:${P}Int32Type)`);
  const frozen = parseType(address.name);
  assert.ok(frozen instanceof UserType && !frozen.isMultiCell);
  assert.equal(frozen.name, 'FrozenType(UserType(ks,61646472657373,737472656574:UTF8Type,6e6f:Int32Type))');
  assert.equal(parseType(address.fullName).name, address.name);
  const withList = parseType('UserType(ks, 75, 6c:ListType(Int32Type), 6d : FrozenType(MapType(Int32Type,Int32Type)))') as UserType;
  assert.equal(withList.name, 'UserType(ks,75,6c:FrozenType(ListType(Int32Type)),6d:FrozenType(MapType(Int32Type,Int32Type)))', 'fields are frozen');
  assert.equal(parseType(withList.name).name, withList.name);
  assert.equal(parseType(withList.freeze().name).name, withList.freeze().name);
  assert.equal((parseType('UserType(ks,e282ac,c3a9:Int32Type)') as UserType).typeName, '€');
});

test('CQL types: collections, frozen, tuples, case and blanks', () => {
  const cases: Array<[string, string, string]> = [
    ['list<int>', 'ListType(Int32Type)', 'list<int>'],
    ['set<text>', 'SetType(UTF8Type)', 'set<text>'],
    ['map<text, frozen<list<int>>>', 'MapType(UTF8Type,FrozenType(ListType(Int32Type)))', 'map<text, frozen<list<int>>>'],
    ['frozen<map<text, int>>', 'FrozenType(MapType(UTF8Type,Int32Type))', 'frozen<map<text, int>>'],
    ['FROZEN < List<VarChar> >', 'FrozenType(ListType(UTF8Type))', 'frozen<list<text>>'],
    ['tuple<int, text>', 'TupleType(Int32Type,UTF8Type)', 'frozen<tuple<int, text>>'],
    ['frozen<tuple<int, text>>', 'TupleType(Int32Type,UTF8Type)', 'frozen<tuple<int, text>>'],
    ['tuple<int, list<int>>', 'TupleType(Int32Type,ListType(Int32Type))', 'frozen<tuple<int, frozen<list<int>>>>'],
    ['list<tuple<timeuuid, blob>>', 'ListType(TupleType(TimeUUIDType,BytesType))', 'list<frozen<tuple<timeuuid, blob>>>'],
    ['frozen<list<frozen<set<int>>>>', 'FrozenType(ListType(SetType(Int32Type)))', 'frozen<list<frozen<set<int>>>>'],
    ['frozen<list<set<int>>>', 'FrozenType(ListType(SetType(Int32Type)))', 'frozen<list<frozen<set<int>>>>'],
    ['frozen<map<text, tuple<int, list<int>>>>', 'FrozenType(MapType(UTF8Type,TupleType(Int32Type,ListType(Int32Type))))', 'frozen<map<text, frozen<tuple<int, frozen<list<int>>>>>>'],
    ["list<'org.apache.cassandra.db.marshal.LexicalUUIDType'>", 'ListType(LexicalUUIDType)', "list<'org.apache.cassandra.db.marshal.LexicalUUIDType'>"],
  ];
  for (const [cql, name, printed] of cases) {
    for (const parse of [parseType, parseCqlType]) {
      const t = parse(cql);
      assert.equal(t.name, name, cql);
      assert.equal(t.cqlName, printed, cql);
      assert.equal(toCqlString(t), printed);
      assert.equal(parse(printed).name, name, `${printed} reads back`);
    }
  }
  assert.equal(toCqlString(parseType('CompositeType(UTF8Type)')), "'org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.UTF8Type)'");
});

test('CQL types: user types through the resolver, multi-cell unless frozen', () => {
  const bare = parseCqlType('address', udts);
  assert.ok(bare instanceof UserType && bare.isMultiCell);
  assert.equal(bare.cqlName, 'address');
  assert.equal(parseType('address', udts).name, bare.name, 'parseType reads a lower-case name as CQL');
  assert.equal(parseType('ks.address', udts).name, bare.name);
  assert.equal(parseType('"ks"."address"', { resolveUserType: udts.resolveUserType }).name, bare.name);
  const frozen = parseType('frozen<ADDRESS>', udts);
  assert.ok(frozen instanceof UserType && !frozen.isMultiCell);
  assert.equal(frozen.cqlName, 'frozen<address>');
  assert.equal(parseType('map<int, frozen<address>>', udts).cqlName, 'map<int, frozen<address>>');
  assert.equal(parseType('frozen<list<address>>', udts).cqlName, 'frozen<list<frozen<address>>>', 'frozen<…> freezes what it holds');
  assert.equal(parseType('tuple<int, address>', udts).name, `TupleType(Int32Type,${address.nameIgnoringFreezing})`);
  assert.equal(parseType('frozen<other."Quoted Name">', udts).cqlName, 'frozen<"Quoted Name">');
  const seen: Array<[string | null, string]> = [];
  parseType('list<frozen<x>>', { resolveUserType: (ks, n) => (seen.push([ks, n]), address) });
  assert.deepEqual(seen, [[null, 'x']], 'no keyspace given or known: null');
});

test('CQL types: Cassandra refusals and syntax errors are ConfigurationErrors naming the input', () => {
  const bad: Array<[string, RegExp]> = [
    ['list<list<int>>', /non-frozen collections are not allowed inside collections \(list<int>\)/],
    ['map<text, set<int>>', /non-frozen collections are not allowed inside collections/],
    ['list<address>', /non-frozen UDTs are not allowed inside collections/],
    ['set<duration>', /durations are not allowed inside sets/],
    ['map<duration, int>', /durations are not allowed as map keys/],
    ['list<counter>', /counters are not allowed inside collections/],
    ['frozen<list<counter>>', /counters are not allowed inside collections/],
    ['list<frozen<list<int>>, list<int>>', /expected '>'/],
    ['tuple<int, counter>', /counters are not allowed inside tuples/],
    ['frozen<int>', /frozen<> is only allowed on collections, tuples and user-defined types \(got int\)/],
    ['vector<int>', /unknown parameterised type 'vector'/],
    ['nosuchtype', /unknown type ks\.nosuchtype/],
    ['elsewhere.address', /unknown type elsewhere\.address/],
    ['map<int>', /expected ','/],
    ['list<int', /unexpected end/],
    ['list<int>>', /unexpected '>'/],
    ['tuple<>', /unexpected '>'/],
    ['list<"unterminated>', /unterminated/],
  ];
  for (const [s, msg] of bad) {
    assert.throws(() => parseCqlType(s, udts), (e: unknown) => e instanceof ConfigurationError && msg.test(e.message) && e.message.includes(s), s);
  }
  assert.throws(() => parseType('address'), (e: unknown) => e instanceof ConfigurationError && /unknown type address/.test(e.message), 'no resolver');
});

test('class names: malformed structured types are ConfigurationErrors', () => {
  const bad: Array<[string, RegExp]> = [
    ['ListType()', /ListType takes exactly one type, 0 given/],
    ['ListType', /ListType takes exactly one type/],
    ['SetType(Int32Type,Int32Type)', /SetType takes exactly one type, 2 given/],
    ['MapType(Int32Type)', /MapType takes exactly 2 types, 1 given/],
    ['FrozenType(Int32Type,Int32Type)', /FrozenType takes exactly one type/],
    ['TupleType()', /TupleType needs at least one type/],
    ['UserType', /UserType needs/],
    ['UserType(ks,zz,61:Int32Type)', /'zz' is not hex/],
    ['UserType(ks,61,6:Int32Type)', /'6' is not hex/],
    ['UserType(ks,61,ff:Int32Type)', /not hex-encoded UTF-8/],
    ['UserType(ks,61,61 Int32Type)', /expected ':'/],
    ['UserType(ks,61,61:Int32Type,61:Int32Type)', /duplicate field name 'a'/],
    ['UserType(ks,61)', /at least one component type/],
    ['UserType(ks,61,61:Int32Type', /unexpected end/],
  ];
  for (const [s, msg] of bad) {
    assert.throws(() => parseType(s), (e: unknown) => e instanceof ConfigurationError && msg.test(e.message), s);
  }
});
