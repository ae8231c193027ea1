// parseJson: RFC 8259 values with exact number literals; syntax errors with offsets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { InvalidRequestError } from '../../errors/index.js';
import { JsonSyntaxError, MAX_DEPTH, parseJson } from './json-parser.js';
import { JsonNumber, type JsonValue, jsonKindName } from './json-value.js';

/** A parsed value as JSON.parse would give it (numbers as doubles, objects as plain objects). */
function plain(v: JsonValue): unknown {
  if (v instanceof JsonNumber) return v.toNumber();
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  return v;
}

test('scalars, arrays and objects', () => {
  assert.equal(parseJson('null'), null);
  assert.equal(parseJson(' true '), true);
  assert.equal(parseJson('false'), false);
  assert.equal(parseJson('"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00"'), 'a"b\\c/d\b\f\n\r\té😀');
  assert.deepEqual(plain(parseJson('[1, [2, []], {}]')), [1, [2, []], {}]);
  const obj = parseJson('{"b": 1, "a": {"c": [true, null]}, "__proto__": 2}');
  assert.ok(obj instanceof Map);
  assert.deepEqual([...obj.keys()], ['b', 'a', '__proto__']);
  assert.deepEqual(plain(parseJson('{"k": 1, "k": 2}')), { k: 2 }, 'a repeated name: the last wins');
});

test('numbers keep their exact text', () => {
  for (const text of ['0', '-0', '9007199254740993', '-170141183460469231731687303715884105728', '0.1000000000000000055511151231257827', '1e400', '2.5E-3']) {
    const v = parseJson(text);
    assert.ok(v instanceof JsonNumber);
    assert.equal(v.text, text);
  }
  const big = parseJson('[9007199254740993]') as JsonValue[];
  assert.equal((big[0] as JsonNumber).toBigInt(), 9007199254740993n);
  assert.equal(jsonKindName(parseJson('2147483647')), 'Integer');
  assert.equal(jsonKindName(parseJson('2147483648')), 'Long');
  assert.equal(jsonKindName(parseJson('9223372036854775808')), 'BigInteger');
  assert.equal(jsonKindName(parseJson('1.0')), 'Double');
  assert.equal(jsonKindName(parseJson('1e2')), 'Double');
});

test('invalid JSON is a JsonSyntaxError (an InvalidRequestError) naming the offset', () => {
  const bad = ['', ' ', '{', '[1,]', '{"a":1,}', '01', '1.', '.5', '+1', '-', '1e', '0x10', "'a'", '"abc', '"a\nb"', '"\\x"', '"\\u12"',
    'tru', 'nul', 'NaN', 'Infinity', '[1] 2', '{"a" 1}', '{a: 1}', '[1 2]', '\u00a01'];
  for (const text of bad) {
    assert.throws(() => parseJson(text), (e: unknown) => e instanceof JsonSyntaxError && e instanceof InvalidRequestError && /offset \d+/.test(e.message), JSON.stringify(text));
  }
  assert.throws(() => parseJson('[1, 2'), /unexpected end of input.*offset 5/);
  assert.throws(() => parseJson('"a\u0001"'), /control character U\+0001/);
});

test('nesting is bounded', () => {
  assert.doesNotThrow(() => parseJson('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH)));
  assert.throws(() => parseJson('['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1)), /nesting deeper than 512/);
});

test('agrees with JSON.parse on any JSON text (numbers compared as doubles)', () => {
  fc.assert(
    fc.property(fc.json(), (text) => {
      assert.deepEqual(plain(parseJson(text)), JSON.parse(text));
    }),
    { numRuns: 300 },
  );
});

test('rejects what JSON.parse rejects', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: fc.constantFrom(...'{}[]",:-+.eE0123456789 truefalsn\\u\n'), maxLength: 10 })), (text) => {
      let ok = true;
      try {
        JSON.parse(text);
      } catch {
        ok = false;
      }
      if (ok) assert.deepEqual(plain(parseJson(text)), JSON.parse(text));
      else assert.throws(() => parseJson(text), JsonSyntaxError);
    }),
    { numRuns: 3000 },
  );
});
