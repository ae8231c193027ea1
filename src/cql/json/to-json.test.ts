// toJson: every native type's JSON text as Cassandra writes it (values from its JsonTest), null and empty values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError, MarshalError } from '../../errors/index.js';
import { CompositeType, CQL_TYPES, ReversedType, parseCqlType } from '../../marshal/index.js';
import { toJson } from './to-json.js';

const t = (name: string) => parseCqlType(name);
const json = (type: string, text: string): string => toJson(t(type), t(type).fromString(text));

test('numbers', () => {
  assert.equal(json('tinyint', '127'), '127');
  assert.equal(json('tinyint', '-128'), '-128');
  assert.equal(json('smallint', '-32768'), '-32768');
  assert.equal(json('int', '-123123'), '-123123');
  assert.equal(json('bigint', '123123123123'), '123123123123');
  assert.equal(json('bigint', '-9223372036854775808'), '-9223372036854775808');
  assert.equal(json('counter', '9223372036854775807'), '9223372036854775807');
  assert.equal(json('varint', '123123123123123123123'), '123123123123123123123');
  assert.equal(json('decimal', '123123.123123'), '123123.123123');
  assert.equal(json('decimal', '-1.23E-12'), '-1.23E-12');
  assert.equal(json('decimal', '1E+3'), '1E+3');
  assert.equal(json('decimal', '0.000001'), '0.000001');
  assert.equal(json('decimal', '0.0000001'), '1E-7');
  assert.equal(json('double', '123123.123123'), '123123.123123');
  assert.equal(json('double', '123123'), '123123.0');
  assert.equal(json('double', '1e10'), '1.0E10');
  assert.equal(json('float', '123.123'), '123.123');
  assert.equal(json('float', '123123'), '123123.0');
  for (const special of ['NaN', 'Infinity', '-Infinity']) {
    assert.equal(json('double', special), 'null', `double ${special}`);
    assert.equal(json('float', special), 'null', `float ${special}`);
  }
});

test('strings, blobs, booleans, uuids, inet', () => {
  assert.equal(json('ascii', 'ascii text'), '"ascii text"');
  assert.equal(toJson(t('text'), Buffer.from('\u8422 "q" \\ \n\u0000\u001f/', 'utf8')), '"\u8422 \\"q\\" \\\\ \\n\\u0000\\u001F/"');
  assert.equal(toJson(t('varchar'), Buffer.from('abcd')), '"abcd"');
  assert.equal(toJson(t('blob'), Buffer.from([0, 0, 0, 1])), '"0x00000001"');
  assert.equal(toJson(t('boolean'), Buffer.from([1])), 'true');
  assert.equal(toJson(t('boolean'), Buffer.from([0])), 'false');
  assert.equal(json('uuid', '6BDDC89A-5644-11E4-97FC-56847AFE9799'), '"6bddc89a-5644-11e4-97fc-56847afe9799"');
  assert.equal(json('timeuuid', '6bddc89a-5644-11e4-97fc-56847afe9799'), '"6bddc89a-5644-11e4-97fc-56847afe9799"');
  assert.equal(json('inet', '127.0.0.1'), '"127.0.0.1"');
  assert.equal(json('inet', '::1'), '"0:0:0:0:0:0:0:1"');
});

test('time types', () => {
  assert.equal(json('timestamp', '2014-01-01'), '"2014-01-01 00:00:00.000Z"');
  assert.equal(json('timestamp', '2021-03-04T05:06:07.008+0000'), '"2021-03-04 05:06:07.008Z"');
  assert.equal(json('timestamp', '-1'), '"1969-12-31 23:59:59.999Z"');
  assert.equal(json('date', '1987-03-23'), '"1987-03-23"');
  assert.equal(json('time', '123'), '"00:00:00.000000123"');
  assert.equal(json('time', '07:35:07.000111222'), '"07:35:07.000111222"');
  assert.equal(json('duration', '12µs'), '"12us"');
  assert.equal(json('duration', 'P1Y1M2DT10H5M'), '"1y1mo2d10h5m"');
});

test('null is null; the empty value is "" ("0x" for blobs), as Cassandra writes them', () => {
  for (const [name, type] of CQL_TYPES) assert.equal(toJson(type, null), 'null', name);
  const empty = Buffer.alloc(0);
  for (const name of ['int', 'bigint', 'counter', 'varint', 'decimal', 'float', 'double', 'boolean', 'uuid', 'timeuuid', 'inet', 'timestamp', 'text', 'ascii']) {
    assert.equal(toJson(t(name), empty), '""', name);
  }
  assert.equal(toJson(t('blob'), empty), '"0x"');
});

test('reversed types are looked through; invalid bytes and non-CQL types are refused', () => {
  assert.equal(toJson(new ReversedType(t('int')), t('int').fromString('5')), '5');
  assert.throws(() => toJson(t('int'), Buffer.alloc(3)), MarshalError);
  assert.throws(() => toJson(t('date'), Buffer.alloc(0)), MarshalError);
  assert.throws(() => toJson(t('text'), Buffer.from([0xff])), MarshalError);
  assert.throws(() => toJson(new CompositeType([t('int')]), Buffer.alloc(0)), (e: unknown) => e instanceof InvalidRequestError && /JSON is not supported/.test((e as Error).message));
});
