// fromJson: what each native type accepts from JSON (Cassandra's JsonTest cases) and its messages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import { CQL_TYPES, parseCqlType } from '../../marshal/index.js';
import { fromJson, fromJsonForColumn } from './from-json.js';
import { parseJson } from './json-parser.js';

const t = (name: string) => parseCqlType(name);
/** fromJson of JSON text `text` for type `type`, printed back with the type's toString. */
const read = (type: string, text: string): string | null => {
  const b = fromJson(t(type), parseJson(text));
  return b === null ? null : b.length === 0 ? '<empty>' : t(type).toString(b);
};
const refuses = (type: string, text: string, message: RegExp | string): void => {
  assert.throws(
    () => fromJson(t(type), parseJson(text)),
    (e: unknown) => {
      assert.ok(e instanceof MarshalError, `${type} ${text}: ${String(e)}`);
      if (typeof message === 'string') assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    },
  );
};

test('JSON null is CQL null for every type', () => {
  for (const [, type] of CQL_TYPES) {
    assert.equal(fromJson(type, parseJson('null')), null);
    assert.equal(fromJson(type, null), null);
  }
});

test('ascii and text', () => {
  assert.equal(read('ascii', '"ascii \\" text"'), 'ascii " text');
  refuses('ascii', '"\\u1fff\\u2013"', /^Invalid ASCII character in string literal/);
  refuses('ascii', '123', 'Expected an ascii string, but got a Integer: 123');
  assert.equal(read('text', '""'), '<empty>');
  assert.equal(read('text', '"\\u2013"'), '\u2013');
  assert.equal(read('varchar', '"some \\" text"'), 'some " text');
  refuses('text', '123', 'Expected a UTF-8 string, but got a Integer: 123');
  refuses('text', '"\\ud800"', /lone surrogate/);
});

test('integers: int and bigint take JSON integers of their size, or strings', () => {
  assert.equal(read('int', '123123'), '123123');
  assert.equal(read('int', '"123123"'), '123123');
  assert.equal(read('int', '"+7"'), '7');
  assert.equal(read('int', '""'), '<empty>');
  refuses('int', '2147483648', 'Expected an int value, but got a Long: 2147483648');
  refuses('int', '123.456', 'Expected an int value, but got a Double: 123.456');
  refuses('int', 'true', 'Expected an int value, but got a Boolean: true');
  refuses('int', '"xyzz"', "Unable to make int from 'xyzz'");
  assert.equal(read('bigint', '123123123123'), '123123123123');
  assert.equal(read('bigint', '"-9223372036854775808"'), '-9223372036854775808');
  assert.equal(read('bigint', '9223372036854775807'), '9223372036854775807', 'a long beyond 2^53 stays exact');
  refuses('bigint', '9223372036854775808', 'Expected a bigint value, but got a BigInteger: 9223372036854775808');
  refuses('bigint', '123.456', /^Expected a bigint value, but got a Double/);
  refuses('bigint', '"abc"', "Unable to make long from 'abc'");
  refuses('bigint', '["abc"]', 'Expected a bigint value, but got a ArrayList: [abc]');
  assert.equal(read('counter', '42'), '42');
});

test('integers: smallint and tinyint parse any number or string as text', () => {
  assert.equal(read('smallint', '32767'), '32767');
  assert.equal(read('smallint', '"32767"'), '32767');
  refuses('smallint', '32768', "Unable to make short from '32768'");
  refuses('smallint', '123.456', "Unable to make short from '123.456'");
  refuses('smallint', '"xyzz"', "Unable to make short from 'xyzz'");
  refuses('smallint', 'true', 'Expected a short value, but got a Boolean: true');
  assert.equal(read('tinyint', '"-128"'), '-128');
  refuses('tinyint', '128', "Unable to make byte from '128'");
  refuses('tinyint', 'true', 'Expected a byte value, but got a Boolean: true');
});

test('varint and decimal are exact, from numbers or strings', () => {
  assert.equal(read('varint', '123123123123'), '123123123123');
  assert.equal(read('varint', '1234567890123456789012345678901234567890'), '1234567890123456789012345678901234567890');
  assert.equal(read('varint', '"-1234567890123456789012345678901234567890"'), '-1234567890123456789012345678901234567890');
  refuses('varint', '123123.123', "Value '123123.123' is not a valid representation of a varint value");
  refuses('varint', '"xyzz"', "Value 'xyzz' is not a valid representation of a varint value");
  refuses('varint', '""', "Value '' is not a valid representation of a varint value");
  refuses('varint', 'true', "Value 'true' is not a valid representation of a varint value");
  assert.equal(read('decimal', '123123.123123'), '123123.123123');
  assert.equal(read('decimal', '123123'), '123123');
  assert.equal(read('decimal', '"-1.23E-12"'), '-0.00000000000123');
  assert.equal(read('decimal', '0.1000000000000000055511151231257827'), '0.1000000000000000055511151231257827');
  assert.equal(read('decimal', '""'), '<empty>');
  refuses('decimal', '"xyzz"', "Value 'xyzz' is not a valid representation of a decimal value");
  refuses('decimal', 'true', "Value 'true' is not a valid representation of a decimal value");
});

test('float and double take numbers and Java-style numeric strings', () => {
  assert.equal(read('double', '123123.123123'), '123123.123123');
  assert.equal(read('double', '123123'), '123123.0');
  assert.equal(read('double', '"123123"'), '123123.0');
  assert.equal(read('double', '"NaN"'), 'NaN');
  assert.equal(read('double', '"-Infinity"'), '-Infinity');
  refuses('double', '"xyzz"', "Unable to make double from 'xyzz'");
  refuses('double', 'true', 'Expected a double value, but got a Boolean: true');
  assert.equal(read('float', '123123.123123'), '123123.125');
  assert.equal(read('float', '"123123.0"'), '123123.0');
  refuses('float', '"xyzz"', "Unable to make float from 'xyzz'");
  refuses('float', 'true', 'Expected a float value, but got a Boolean: true');
});

test('blob, boolean, uuid, timeuuid, inet', () => {
  assert.equal(read('blob', '"0x00000001"'), '00000001');
  assert.equal(read('blob', '"0x"'), '<empty>');
  refuses('blob', '"xyzz"', "Value 'xyzz' is not a valid blob representation: String representation of blob is missing 0x prefix: xyzz");
  refuses('blob', '"0x123"', /^Value '0x123' is not a valid blob representation/);
  refuses('blob', '"0xzz"', /^Value '0xzz' is not a valid blob representation/);
  refuses('blob', '123', /^Value '123' is not a valid blob representation/);
  assert.equal(read('boolean', 'true'), 'true');
  assert.equal(read('boolean', '"FALSE"'), 'false');
  refuses('boolean', '"abc"', "Unable to make boolean from 'abc'");
  refuses('boolean', '123', 'Expected a boolean value, but got a Integer: 123');
  assert.equal(read('uuid', '"6BDDC89A-5644-11E4-97FC-56847AFE9799"'), '6bddc89a-5644-11e4-97fc-56847afe9799');
  refuses('uuid', '"00000000-0000-0000-zzzz-000000000000"', "Unable to make UUID from '00000000-0000-0000-zzzz-000000000000'");
  refuses('uuid', '123', 'Expected a string representation of a uuid, but got a Integer: 123');
  assert.equal(read('timeuuid', '"6bddc89a-5644-11e4-97fc-56847afe9799"'), '6bddc89a-5644-11e4-97fc-56847afe9799');
  refuses('timeuuid', '"00000000-0000-0000-0000-000000000000"', 'TimeUUID supports only version 1 UUIDs');
  refuses('timeuuid', '123', 'Expected a string representation of a timeuuid, but got a Integer: 123');
  assert.equal(read('inet', '"::1"'), '0:0:0:0:0:0:0:1');
  refuses('inet', '"xyzz"', "Unable to make inet address from 'xyzz'");
  refuses('inet', '123', 'Expected a string representation of an inet value, but got a Integer: 123');
});

test('time types take the type text forms; timestamps also integer milliseconds', () => {
  assert.equal(read('timestamp', '123123123123'), '1973-11-26T00:52:03.123Z');
  assert.equal(read('timestamp', '"2014-01-01"'), '2014-01-01T00:00:00.000Z');
  assert.equal(read('timestamp', '"2021-03-04 05:06:07.000Z"'), '2021-03-04T05:06:07.000Z', 'its own JSON form');
  assert.equal(read('timestamp', '"1296705900000"'), '2011-02-03T04:05:00.000Z');
  refuses('timestamp', '123.456', 'Expected a long or a datestring representation of a timestamp value, but got a Double: 123.456');
  refuses('timestamp', '"abcd"', "Unable to parse a date/time from 'abcd'");
  assert.equal(read('date', '"1987-03-23"'), '1987-03-23');
  refuses('date', '123', 'Expected a string representation of a date value, but got a Integer: 123');
  refuses('date', '"xyz"', "Unable to coerce 'xyz' to a formatted date (long)");
  assert.equal(read('time', '"07:35:07.000111222"'), '07:35:07.000111222');
  refuses('time', '123456', 'Expected a string representation of a time value, but got a Integer: 123456');
  refuses('time', '"xyz"', "Unable to coerce 'xyz' to a formatted time (long)");
  assert.equal(read('duration', '"53us"'), '53us');
  assert.equal(read('duration', '"P2W"'), '14d');
  refuses('duration', '"xyz"', "Unable to convert 'xyz' to a duration");
});

test('JS numbers and bigints are read as number literals', () => {
  assert.equal(t('bigint').toString(fromJson(t('bigint'), 123n)!), '123');
  assert.equal(t('int').toString(fromJson(t('int'), 5)!), '5');
  assert.equal(t('double').toString(fromJson(t('double'), 0.5)!), '0.5');
});

test('fromJsonForColumn names the column, as INSERT JSON reports it', () => {
  assert.throws(
    () => fromJsonForColumn('v', t('int'), parseJson('"notanint"')),
    (e: unknown) => e instanceof InvalidRequestError && e.message === "Error decoding JSON value for v: Unable to make int from 'notanint'",
  );
  assert.equal(fromJsonForColumn('v', t('int'), null), null);
});
