// LexicalUUIDType, TimeUUIDType and UUIDType: laws and Cassandra's three different orders.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { LEXICAL_UUID_TYPE } from './lexical-uuid-type.js';
import { TIME_UUID_TYPE } from './time-uuid-type.js';
import { makeTimeUuid, uuidFromString } from './timeuuid.js';
import { UUID_TYPE } from './uuid-type.js';
import { assertMarshalError, checkTypeLaws, fixedBytes, withEmpty } from '../../test/support/marshal/type-laws.js';

/** 16 random bytes with the version nibble forced; msb drawn from a small pool now and then so ties happen. */
function uuids(version: fc.Arbitrary<number>): fc.Arbitrary<Buffer> {
  const msbPool = fc.constantFrom(...['0000000000000000', '00000001ffff0000', 'ffffffff0000ffff', '8000000000000000'].map((h) => Buffer.from(h, 'hex')));
  const msb = fc.oneof(fixedBytes(8), msbPool);
  return fc.tuple(msb, fixedBytes(8), version).map(([hi, lo, v]) => {
    const b = Buffer.concat([hi, lo]);
    b[6] = (b[6]! & 0x0f) | (v << 4);
    return b;
  });
}

checkTypeLaws(LEXICAL_UUID_TYPE, withEmpty(uuids(fc.integer({ min: 0, max: 15 }))), { invalid: [Buffer.alloc(15)] });
checkTypeLaws(TIME_UUID_TYPE, withEmpty(uuids(fc.constant(1))), {
  invalid: [Buffer.alloc(16), Buffer.alloc(8), uuidFromString('c37d661d-7e61-49ea-96a5-68c34e83db3a')],
});
checkTypeLaws(UUID_TYPE, withEmpty(uuids(fc.oneof(fc.constant(1), fc.constant(4), fc.integer({ min: 0, max: 15 })))), {
  invalid: [Buffer.alloc(17)],
});

const u = uuidFromString;

test('TimeUUIDType orders by timestamp, not by bytes', () => {
  // Later time_low but earlier time_hi: the second is older.
  const a = makeTimeUuid(0x0001_0000_0000_0002n, Buffer.alloc(8));
  const b = makeTimeUuid(0x0000_ffff_ffff_ffffn, Buffer.alloc(8, 0xff));
  assert.ok(Buffer.compare(a, b) < 0, 'bytewise a < b');
  assert.ok(TIME_UUID_TYPE.compare(a, b) > 0, 'by time a > b');
});

test('TimeUUIDType breaks timestamp ties on signed bytes, UUIDType on unsigned ones', () => {
  const lo80 = makeTimeUuid(1000n, Buffer.from('8000000000000000', 'hex'));
  const lo7f = makeTimeUuid(1000n, Buffer.from('7f00000000000000', 'hex'));
  assert.ok(TIME_UUID_TYPE.compare(lo80, lo7f) < 0, '0x80 is -128 in TimeUUIDType');
  assert.ok(UUID_TYPE.compare(lo80, lo7f) > 0, '0x80 is 128 in UUIDType');
});

test('UUIDType orders by version first, then time for v1, then bytes', () => {
  const v1 = u('ffffffff-ffff-1fff-bfff-ffffffffffff');
  const v4 = u('00000000-0000-4000-8000-000000000000');
  assert.ok(UUID_TYPE.compare(v1, v4) < 0);
  const early = makeTimeUuid(5n, Buffer.alloc(8, 0xff));
  const late = makeTimeUuid(6n, Buffer.alloc(8, 0x00));
  assert.ok(UUID_TYPE.compare(early, late) < 0);
  assert.ok(UUID_TYPE.compare(u('10000000-0000-4000-8000-000000000000'), u('0fffffff-ffff-4fff-bfff-ffffffffffff')) > 0);
});

test('LexicalUUIDType is java.util.UUID.compareTo: signed halves', () => {
  const neg = u('80000000-0000-0000-0000-000000000000');
  const pos = u('7fffffff-ffff-ffff-ffff-ffffffffffff');
  assert.ok(LEXICAL_UUID_TYPE.compare(neg, pos) < 0);
  assert.ok(LEXICAL_UUID_TYPE.compare(u('00000000-0000-0000-8000-000000000000'), u('00000000-0000-0000-0000-000000000000')) < 0);
});

test('UUID text, compose and validation messages', () => {
  const s = 'b06e80b0-8c61-11de-8287-c1fa647fd821';
  assert.equal(TIME_UUID_TYPE.toString(TIME_UUID_TYPE.fromString(s.toUpperCase())), s);
  assert.equal(UUID_TYPE.compose(u(s)), s);
  assert.deepEqual(UUID_TYPE.decompose(s), u(s));
  assert.equal(UUID_TYPE.compose(Buffer.alloc(0)), null);
  assertMarshalError(() => TIME_UUID_TYPE.fromString('c37d661d-7e61-49ea-96a5-68c34e83db3a'), /version 4.*version 1/);
  assertMarshalError(() => UUID_TYPE.fromString('not-a-uuid'), /UUID/);
  assertMarshalError(() => UUID_TYPE.validate(Buffer.alloc(12)), /16 or 0 bytes/);
});
