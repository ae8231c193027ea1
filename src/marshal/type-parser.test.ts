// parseType: class names (short and qualified, with parameters) and CQL names; typed errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { CompositeType } from './composite-type.js';
import { ReversedType } from './reversed-type.js';
import { CQL_TYPES, SIMPLE_TYPES, parseCqlType, parseType } from './type-parser.js';

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
