// BytesType, AsciiType, UTF8Type: laws, text forms and validation messages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ASCII_TYPE } from './ascii-type.js';
import { BYTES_TYPE } from './bytes-type.js';
import { UTF8_TYPE } from './utf8-type.js';
import { assertMarshalError, byteStrings, checkTypeLaws } from '../../test/support/marshal/type-laws.js';

const utf8 = fc
  .oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ unit: 'grapheme-ascii', maxLength: 8 }))
  .map((s) => Buffer.from(s, 'utf8'));

checkTypeLaws(BYTES_TYPE, byteStrings());
checkTypeLaws(ASCII_TYPE, byteStrings(12, fc.integer({ min: 0, max: 127 })), {
  invalid: [Buffer.from([0x41, 0x80]), Buffer.from([0xff])],
});
checkTypeLaws(UTF8_TYPE, utf8, {
  invalid: [
    Buffer.from([0xc3]), // truncated
    Buffer.from([0xc0, 0x80]), // overlong NUL
    Buffer.from([0xed, 0xa0, 0x80]), // surrogate
    Buffer.from([0xf4, 0x90, 0x80, 0x80]), // above U+10FFFF
    Buffer.from([0x61, 0x80]), // stray continuation byte
  ],
});

test('BytesType text is lowercase hex; odd digit counts get a leading zero', () => {
  assert.equal(BYTES_TYPE.toString(Buffer.from([0x00, 0xab, 0x10])), '00ab10');
  assert.deepEqual(BYTES_TYPE.fromString('ABC'), Buffer.from([0x0a, 0xbc]));
  assert.deepEqual(BYTES_TYPE.fromString(''), Buffer.alloc(0));
  assertMarshalError(() => BYTES_TYPE.fromString('0xab'), /hex/);
});

test('byte-ordered types sort unsigned, a prefix first', () => {
  const sorted = ['', '00', '0000', '01', '7f', '80', 'ff', 'ff00'].map((h) => Buffer.from(h, 'hex'));
  for (let i = 1; i < sorted.length; i++) assert.ok(BYTES_TYPE.compare(sorted[i - 1]!, sorted[i]!) < 0);
});

test('AsciiType names the bad byte and its offset', () => {
  assertMarshalError(() => ASCII_TYPE.validate(Buffer.from([0x61, 0x62, 0xc8])), /0xc8 at offset 2/);
  assertMarshalError(() => ASCII_TYPE.fromString('café'), /index 3/);
  assert.equal(ASCII_TYPE.compose(Buffer.from('abc')), 'abc');
});

test('UTF8Type names the offset of invalid UTF-8 and round-trips text', () => {
  assertMarshalError(() => UTF8_TYPE.validate(Buffer.from([0x61, 0x62, 0xe2, 0x28, 0xa1])), /offset 2/);
  assert.equal(UTF8_TYPE.toString(Buffer.from('héllo ☃ 𝄞')), 'héllo ☃ 𝄞');
  assert.equal(UTF8_TYPE.compose(Buffer.alloc(0)), '');
  assertMarshalError(() => UTF8_TYPE.decompose('\ud800' as string), /surrogate/);
  assertMarshalError(() => UTF8_TYPE.decompose(5 as unknown as string), /expected a string/);
  // UTF-8 byte order is code point order, even across the BMP boundary.
  assert.ok(UTF8_TYPE.compare(Buffer.from('\uffff'), Buffer.from('𝄞')) < 0);
});
