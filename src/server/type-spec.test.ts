/** AbstractType → protocol type option: every native type, structured types, reversed, custom; and their wire round trip. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CQL_TYPES,
  CompositeType,
  DATE_TYPE,
  EMPTY_TYPE,
  INT32_TYPE,
  LEXICAL_UUID_TYPE,
  LONG_TYPE,
  ListType,
  MapType,
  ReversedType,
  SetType,
  TIME_UUID_TYPE,
  TupleType,
  UTF8_TYPE,
  UserType,
  parseType,
} from '../marshal/index.js';
import { BodyReader, BodyWriter, type DataTypeSpec, readDataType, writeDataType } from '../transport/index.js';
import { TypeSpecs, toDataTypeSpec } from './type-spec.js';

const native = (name: string): DataTypeSpec => ({ kind: 'native', name } as DataTypeSpec);

test('every CQL native type maps to its option (text and varchar are varchar)', () => {
  for (const [cqlName, type] of CQL_TYPES) {
    assert.deepEqual(toDataTypeSpec(type), native(cqlName === 'text' ? 'varchar' : cqlName), cqlName);
  }
  assert.deepEqual(toDataTypeSpec(DATE_TYPE), native('timestamp'), 'the old DateType is a timestamp');
});

test('ReversedType is unwrapped; types without a CQL name are custom with their class name', () => {
  assert.deepEqual(toDataTypeSpec(new ReversedType(LONG_TYPE)), native('bigint'));
  assert.deepEqual(toDataTypeSpec(new ReversedType(new ListType(INT32_TYPE, false))), { kind: 'list', element: native('int') });
  assert.deepEqual(toDataTypeSpec(LEXICAL_UUID_TYPE), { kind: 'custom', className: 'org.apache.cassandra.db.marshal.LexicalUUIDType' });
  assert.deepEqual(toDataTypeSpec(EMPTY_TYPE), { kind: 'custom', className: 'org.apache.cassandra.db.marshal.EmptyType' });
  const composite = new CompositeType([UTF8_TYPE, TIME_UUID_TYPE]);
  assert.deepEqual(toDataTypeSpec(composite), { kind: 'custom', className: composite.fullName });
  assert.match(composite.fullName, /^org\.apache\.cassandra\.db\.marshal\.CompositeType\(/);
});

test('collections (multi-cell or frozen), tuples and user types carry their parameters', () => {
  assert.deepEqual(toDataTypeSpec(new ListType(UTF8_TYPE, true)), { kind: 'list', element: native('varchar') });
  assert.deepEqual(toDataTypeSpec(new SetType(TIME_UUID_TYPE, false)), { kind: 'set', element: native('timeuuid') });
  assert.deepEqual(toDataTypeSpec(new MapType(UTF8_TYPE, new ListType(INT32_TYPE, false), true)), {
    kind: 'map',
    key: native('varchar'),
    value: { kind: 'list', element: native('int') },
  });
  assert.deepEqual(toDataTypeSpec(new TupleType([INT32_TYPE, UTF8_TYPE])), { kind: 'tuple', elements: [native('int'), native('varchar')] });
  const address = new UserType('ks', 'address', ['street', 'zip'], [UTF8_TYPE, INT32_TYPE], true);
  const expected: DataTypeSpec = { kind: 'udt', keyspace: 'ks', name: 'address', fields: [{ name: 'street', type: native('varchar') }, { name: 'zip', type: native('int') }] };
  assert.deepEqual(toDataTypeSpec(address), expected);
  assert.deepEqual(toDataTypeSpec(address.freeze()), expected, 'frozen is not on the wire');
  assert.deepEqual(toDataTypeSpec(new ListType(address, true)), { kind: 'list', element: expected });
});

test('class-name type strings parse and map, and every spec survives the v4 wire', () => {
  const names = ['MapType(UTF8Type,SetType(Int32Type))', 'ReversedType(TimeUUIDType)', 'FrozenType(ListType(DecimalType))', 'TupleType(LongType,BytesType)', 'CounterColumnType'];
  for (const name of names) {
    const spec = toDataTypeSpec(parseType(name));
    const w = new BodyWriter();
    writeDataType(w, spec, 4);
    assert.deepEqual(readDataType(new BodyReader(w.toBuffer())), spec, name);
  }
});

test('TypeSpecs caches per type object', () => {
  const specs = new TypeSpecs();
  const t = new MapType(UTF8_TYPE, INT32_TYPE, true);
  assert.equal(specs.of(t), specs.of(t));
  assert.deepEqual(specs.of(t), toDataTypeSpec(t));
});
