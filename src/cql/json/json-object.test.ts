// INSERT JSON's object (key folding, errors) and SELECT JSON rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { parseCqlType } from '../../marshal/index.js';
import { fromJsonForColumn } from './from-json.js';
import { columnNameToJsonKey, jsonKeyToColumnName, parseJsonObject } from './json-object.js';
import { JsonNumber } from './json-value.js';
import { selectJsonRow } from './select-json-row.js';

const invalid = (fn: () => unknown, message: RegExp): void => {
  assert.throws(fn, (e: unknown) => e instanceof InvalidRequestError && message.test(e.message));
};

test('keys: "\\"Name\\"" keeps its case, other keys are lower-cased', () => {
  const m = parseJsonObject('{"K": 0, "\\"Foo\\"": 1, "bar": 2, "\\"baz\\"": 3, "\\"": 4}');
  assert.deepEqual([...m.keys()], ['k', 'Foo', 'bar', 'baz', '"']);
  assert.equal(jsonKeyToColumnName('ÉTÉ'), 'été');
  assert.equal(jsonKeyToColumnName('"MiXed"'), 'MiXed');
  const folded = parseJsonObject('{"k": 1, "K": 2}');
  assert.deepEqual([...folded], [['k', new JsonNumber('2')]], 'the later of two keys folding together wins');
});

test('values stay exact for the column types', () => {
  const m = parseJsonObject('{"id": 9223372036854775807, "d": 0.1000000000000000055511151231257827}');
  const id = fromJsonForColumn('id', parseCqlType('bigint'), m.get('id'));
  assert.equal(id!.readBigInt64BE(0), 9223372036854775807n);
  assert.equal(parseCqlType('decimal').toString(fromJsonForColumn('d', parseCqlType('decimal'), m.get('d'))!), '0.1000000000000000055511151231257827');
});

test('errors are InvalidRequestError with Cassandra\'s messages', () => {
  invalid(() => parseJsonObject('null'), /^Got null for INSERT JSON values$/);
  invalid(() => parseJsonObject('"notamap"'), /^Could not decode JSON string as a map: expected an object, got a String\. \(String was: "notamap"\)$/);
  invalid(() => parseJsonObject('12.34'), /^Could not decode JSON string as a map/);
  invalid(() => parseJsonObject('[1]'), /^Could not decode JSON string as a map/);
  invalid(() => parseJsonObject('{"k": 0,}'), /^Could not decode JSON string as a map: .* at offset 8\. \(String was: \{"k": 0,\}\)$/);
  invalid(() => parseJsonObject(''), /^Could not decode JSON string as a map/);
});

test('SELECT JSON rows: keys quoted when the name has upper case, values per toJson', () => {
  const int = parseCqlType('int');
  const text = parseCqlType('text');
  assert.equal(columnNameToJsonKey('Foo'), '"Foo"');
  assert.equal(columnNameToJsonKey('ttl(v)'), 'ttl(v)');
  const row = selectJsonRow([
    { name: 'k', type: int, value: int.fromString('0') },
    { name: 'Foo', type: text, value: Buffer.from('a"b') },
    { name: 'ttl(v)', type: int, value: null },
  ]);
  assert.equal(row, '{"k": 0, "\\"Foo\\"": "a\\"b", "ttl(v)": null}');
  assert.equal(selectJsonRow([]), '{}');
  // What SELECT JSON writes, INSERT JSON reads back.
  const back = parseJsonObject(row);
  assert.deepEqual([...back.keys()], ['k', 'Foo', 'ttl(v)']);
});
