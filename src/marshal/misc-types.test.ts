// BooleanType, InetAddressType and EmptyType.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { BOOLEAN_TYPE } from './boolean-type.js';
import { EMPTY_TYPE } from './empty-type.js';
import { INET_ADDRESS_TYPE } from './inet-address-type.js';
import { formatInetAddress, parseInetAddress } from './inet-text.js';
import { assertMarshalError, checkTypeLaws, fixedBytes, withEmpty } from '../../test/support/marshal/type-laws.js';

// Any non-zero byte is true, so decoding and text give back 0x01 for 0x02..0xFF (equal values).
checkTypeLaws(BOOLEAN_TYPE, withEmpty(fc.oneof(fixedBytes(1), fc.constantFrom(Buffer.from([0]), Buffer.from([1])))), {
  decode: 'equal',
  text: 'equal',
  invalid: [Buffer.alloc(2)],
});
const sparse = (n: number): fc.Arbitrary<Buffer> =>
  fc.array(fc.constantFrom(0, 0, 1, 0xff, 0x7f, 10), { minLength: n, maxLength: n }).map((a) => Buffer.from(a));
checkTypeLaws(INET_ADDRESS_TYPE, withEmpty(fc.oneof(fixedBytes(4), fixedBytes(16), sparse(4), sparse(16))), {
  invalid: [Buffer.alloc(5), Buffer.alloc(15)],
});
checkTypeLaws(EMPTY_TYPE, fc.constant(Buffer.alloc(0)), { invalid: [Buffer.from([0])] });

test('BooleanType: false < true, text and values', () => {
  assert.ok(BOOLEAN_TYPE.compare(Buffer.from([0]), Buffer.from([5])) < 0);
  assert.equal(BOOLEAN_TYPE.compare(Buffer.from([1]), Buffer.from([5])), 0);
  assert.equal(BOOLEAN_TYPE.toString(Buffer.from([7])), 'true');
  assert.deepEqual(BOOLEAN_TYPE.fromString('FALSE'), Buffer.from([0]));
  assert.equal(BOOLEAN_TYPE.compose(Buffer.from([1])), true);
  assert.deepEqual(BOOLEAN_TYPE.decompose(false), Buffer.from([0]));
  assertMarshalError(() => BOOLEAN_TYPE.fromString('yes'), /boolean/);
  assertMarshalError(() => BOOLEAN_TYPE.decompose(1 as unknown as boolean), /expected a boolean/);
});

test('inet text: literals in, Java getHostAddress form out', () => {
  assert.equal(formatInetAddress(parseInetAddress('127.0.0.1')!), '127.0.0.1');
  assert.equal(formatInetAddress(parseInetAddress('::1')!), '0:0:0:0:0:0:0:1');
  assert.equal(formatInetAddress(parseInetAddress('2001:DB8::8:800:200C:417A')!), '2001:db8:0:0:8:800:200c:417a');
  assert.equal(parseInetAddress('::ffff:1.2.3.4')!.toString('hex'), '00000000000000000000ffff01020304');
  assert.equal(parseInetAddress('::')!.length, 16);
  for (const bad of ['1.2.3', '256.1.1.1', '1::2::3', '1:2:3:4:5:6:7:8:9', 'localhost', '1.2.3.4::', ':1::']) {
    assert.equal(parseInetAddress(bad), null, bad);
  }
  assertMarshalError(() => INET_ADDRESS_TYPE.fromString('example.com'), /inet/);
  assert.equal(INET_ADDRESS_TYPE.compose(Buffer.from([10, 0, 0, 1])), '10.0.0.1');
});

test('EmptyType accepts only the empty value', () => {
  assert.equal(EMPTY_TYPE.toString(Buffer.alloc(0)), '');
  assert.equal(EMPTY_TYPE.compose(Buffer.alloc(0)), null);
  assert.equal(EMPTY_TYPE.toComparable(Buffer.alloc(0)).length, 0);
  assertMarshalError(() => EMPTY_TYPE.fromString('x'), /not empty/);
  assertMarshalError(() => EMPTY_TYPE.validate(Buffer.from([1])), /only accepts empty/);
});
