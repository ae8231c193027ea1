import { test } from 'node:test';
import assert from 'node:assert/strict';
import cassandra from 'cassandra-driver';
import { native, parseTypeString } from './cql-type.js';
import { formatFloating, formatG } from './float-format.js';
import { DEFAULT_FORMAT, formatCell, formatDecimal, formatTimestamp } from './value-formatter.js';

const t = cassandra.types;
const fmt = (v: unknown, type: string) => formatCell(v, parseTypeString(type));

test('scalars print as cqlsh prints them', () => {
  assert.equal(fmt('plain text', 'text'), 'plain text');
  assert.equal(fmt(Buffer.from([0, 1, 0xfe]), 'blob'), '0x0001fe');
  assert.equal(fmt(Buffer.alloc(0), 'blob'), '0x');
  assert.equal(fmt(true, 'boolean'), 'True');
  assert.equal(fmt(false, 'boolean'), 'False');
  assert.equal(fmt(-12, 'int'), '-12');
  assert.equal(fmt(9223372036854775807n, 'bigint'), '9223372036854775807');
  assert.equal(fmt(-10000000000000000000000000n, 'varint'), '-10000000000000000000000000');
  assert.equal(fmt(new Date(Date.UTC(2011, 1, 3, 4, 5, 0)), 'timestamp'), '2011-02-03 04:05:00.000000+0000');
  assert.equal(fmt(new Date(Date.UTC(2012, 4, 14, 12, 53, 20, 7)), 'timestamp'), '2012-05-14 12:53:20.007000+0000');
  assert.equal(fmt(t.LocalDate.fromString('2011-02-03'), 'date'), '2011-02-03');
  assert.equal(fmt(t.LocalTime.fromString('04:05:06.123'), 'time'), '04:05:06.123000000');
  assert.equal(fmt(t.Uuid.fromString('9f1c7a56-3f1e-4c2a-8d6b-0c8b5f0e1a11'), 'uuid'), '9f1c7a56-3f1e-4c2a-8d6b-0c8b5f0e1a11');
  assert.equal(fmt(t.InetAddress.fromString('10.1.2.3'), 'inet'), '10.1.2.3');
  assert.equal(fmt(t.Duration.fromString('12h30m30s250ms'), 'duration'), '12h30m30s250ms');
  assert.equal(fmt(null, 'int'), 'null');
  assert.equal(fmt(undefined, 'list<int>'), 'null');
});

test('text escapes backslashes and control characters the way cqlsh shows them', () => {
  assert.equal(fmt('newline:\n', 'text'), 'newline:\\n');
  assert.equal(fmt('return\rand null\x00!', 'ascii'), 'return\\rand null\\x00!');
  assert.equal(fmt('a\\b', 'text'), 'a\\\\b');
  assert.equal(fmt("I'm newb", 'text'), "I'm newb");
  assert.equal(fmt('zero width\u200bspace', 'text'), 'zero width\u200bspace');
});

test('floats and doubles use %g with cqlsh precisions (5 and 12 significant digits)', () => {
  assert.equal(fmt(1.5, 'float'), '1.5');
  assert.equal(fmt(Math.fround(0.1), 'float'), '0.1');
  assert.equal(fmt(Math.fround(-2.1), 'float'), '-2.1');
  assert.equal(fmt(1e8, 'float'), '1e+08');
  assert.equal(fmt(1e5, 'float'), '1e+05');
  assert.equal(fmt(-1004.1, 'double'), '-1004.1');
  assert.equal(fmt(3.14159265358979, 'double'), '3.14159265359');
  assert.equal(fmt(0, 'double'), '0');
  assert.equal(fmt(NaN, 'double'), 'NaN');
  assert.equal(fmt(-Infinity, 'float'), '-Infinity');
  assert.equal(fmt(0.00001234, 'double'), '1.234e-05');
  assert.equal(formatG(123456789, 4), '1.235e+08');
  assert.equal(formatG(0.0001, 3), '0.0001');
  assert.equal(formatFloating(99, 5), '99');
});

test('decimals print plain, or scientific when the adjusted exponent is below -6', () => {
  assert.equal(fmt(t.BigDecimal.fromString('19952.11882'), 'decimal'), '19952.11882');
  assert.equal(fmt(t.BigDecimal.fromString('0.00000000000001'), 'decimal'), '1E-14');
  assert.equal(fmt(t.BigDecimal.fromString('10.0000000000000'), 'decimal'), '10.0000000000000');
  assert.equal(formatDecimal('0.0'), '0.0');
  assert.equal(formatDecimal('-0.0000001'), '-1E-7');
  assert.equal(formatDecimal('0.000001'), '0.000001');
  assert.equal(formatDecimal('0.00000000'), '0E-8');
});

test('collections, tuples and user types print as CQL literals with quoted text inside', () => {
  assert.equal(fmt(['a', "I'm"], 'list<text>'), "['a', 'I''m']");
  assert.equal(fmt([1, 2], 'set<int>'), '{1, 2}');
  assert.equal(fmt(new Set([1, 2]), 'set<int>'), '{1, 2}');
  assert.equal(fmt(new Map([['k', 1]]), 'map<text, int>'), "{'k': 1}");
  assert.equal(fmt({ k: 1 }, 'map<text, int>'), "{'k': 1}");
  assert.equal(fmt(t.Tuple.fromArray([1, "I'm newb"]), 'tuple<int, text>'), "(1, 'I''m newb')");
  assert.equal(fmt([new Date(0)], 'list<timestamp>'), "['1970-01-01 00:00:00.000000+0000']");
  assert.equal(fmt(new Map([[1, [true, null]]]), 'map<int, frozen<list<boolean>>>'), '{1: [True, null]}');
  const address = { kind: 'udt', name: 'address', fields: [{ name: 'city', type: native('text') }, { name: 'zip', type: native('text') }, { name: 'Flat', type: native('int') }] } as const;
  assert.equal(formatCell({ city: 'Chelyabinsk', zip: null, Flat: 4 }, address), "{city: 'Chelyabinsk', zip: null, \"Flat\": 4}");
  assert.equal(formatCell([{ city: 'Austin', zip: '78702', Flat: null }], { kind: 'list', element: address }), "[{city: 'Austin', zip: '78702', \"Flat\": null}]");
});

test('COPY TO formatting: raw text, millisecond timestamps, the NULL text, BOOLSTYLE', () => {
  const copy = { ...DEFAULT_FORMAT, raw: true, nullText: 'NIL', boolStyle: ['yes', 'no'] as const };
  assert.equal(formatCell('a\\b\n', native('text'), copy), 'a\\b\n');
  assert.equal(formatCell(null, native('text'), copy), 'NIL');
  assert.equal(formatCell(true, native('boolean'), copy), 'yes');
  assert.equal(formatCell(['x'], parseTypeString('list<text>'), copy), "['x']");
  assert.equal(formatTimestamp(new Date(Date.UTC(2011, 1, 3, 4, 5, 0, 250)), true), '2011-02-03 04:05:00.250+0000');
  assert.equal(formatTimestamp(new Date(-62198755200000 - 86400000 * 400)), String(-62198755200000 - 86400000 * 400));
});
