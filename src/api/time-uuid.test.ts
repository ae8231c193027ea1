/** TimeUUID values, the per-instance factory, and the JS ↔ bytes conversions of names and values. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRealEnv } from '../env/index.js';
import { MarshalError } from '../errors/index.js';
import { LONG_TYPE, TIME_UUID_TYPE, UTF8_TYPE, BYTES_TYPE, DATE_TYPE, parseType } from '../marshal/index.js';
import { TimeUUID, createTimeUuidFactory } from './time-uuid.js';
import { toBytes } from './to-bytes.js';
import { fromBytes } from './from-bytes.js';
import { TimestampSource } from '../env/index.js';

test('TimeUUID: guid round trip, Date, order, bytes are copied', () => {
  const next = createTimeUuidFactory(createRealEnv());
  const a = next();
  const b = next();
  assert.ok(a.compareTo(b) < 0, 'strictly increasing');
  assert.ok(TimeUUID.fromGuid(a.toGuid()).equals(a));
  assert.equal(String(a), a.toGuid());
  assert.match(a.toGuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.ok(Math.abs(a.toDate().getTime() - Date.now()) < 5_000);
  const seed = TimeUUID.fromGuid('b06e80b0-8c61-11de-8287-c1fa647fd821');
  assert.equal(seed.toDate().toISOString(), '2009-08-19T01:43:26.744Z');
  const copy = seed.toBuffer();
  copy[0] = 0;
  assert.equal(seed.toGuid(), 'b06e80b0-8c61-11de-8287-c1fa647fd821');
  assert.throws(() => TimeUUID.fromGuid('not-a-uuid'), MarshalError);
  assert.throws(() => TimeUUID.fromGuid('b06e80b0-8c61-41de-8287-c1fa647fd821'), MarshalError, 'version 4 is not a TimeUUID');
  assert.ok(TimeUUID.min(seed.toDate()).compareTo(seed) <= 0 && TimeUUID.max(seed.toDate()).compareTo(seed) >= 0);
});

test('two factories are independent (no module state)', () => {
  const env = createRealEnv();
  const f1 = createTimeUuidFactory(env);
  const f2 = createTimeUuidFactory(env);
  assert.ok(!f1().equals(f2()));
});

test('toBytes: coercions per type, MarshalError for what does not fit', () => {
  assert.deepEqual(toBytes(LONG_TYPE, 976), LONG_TYPE.decompose(976n));
  assert.deepEqual(toBytes(LONG_TYPE, '832416'), LONG_TYPE.decompose(832416n));
  assert.deepEqual(toBytes(LONG_TYPE, 5n), LONG_TYPE.decompose(5n));
  assert.throws(() => toBytes(LONG_TYPE, 1.5), MarshalError);
  assert.throws(() => toBytes(LONG_TYPE, 'abc'), MarshalError);
  assert.equal(toBytes(UTF8_TYPE, 123).toString(), '123');
  assert.equal(toBytes(BYTES_TYPE, 'héllo').toString('utf8'), 'héllo');
  assert.throws(() => toBytes(UTF8_TYPE, new Date()), MarshalError);
  const guid = 'b06e80b0-8c61-11de-8287-c1fa647fd821';
  assert.equal(toBytes(TIME_UUID_TYPE, guid).toString('hex'), guid.replace(/-/g, ''));
  assert.deepEqual(toBytes(TIME_UUID_TYPE, TimeUUID.fromGuid(guid)), toBytes(TIME_UUID_TYPE, guid));
  const at = new Date('2020-01-01T00:00:00Z');
  assert.ok(TIME_UUID_TYPE.compare(toBytes(TIME_UUID_TYPE, at, 'low'), toBytes(TIME_UUID_TYPE, at, 'high')) < 0);
  assert.throws(() => toBytes(TIME_UUID_TYPE, 'nope'), MarshalError);
  assert.deepEqual(fromBytes(DATE_TYPE, toBytes(DATE_TYPE, at.getTime())), at);
  assert.deepEqual(fromBytes(parseType('ReversedType(LongType)'), toBytes(parseType('ReversedType(LongType)'), 7)), 7n);
});

test('fromBytes: natural JS values; BytesType as text unless not UTF-8', () => {
  assert.equal(fromBytes(BYTES_TYPE, Buffer.from('abc')), 'abc');
  assert.deepEqual(fromBytes(BYTES_TYPE, Buffer.from([0xff, 0xfe])), Buffer.from([0xff, 0xfe]));
  assert.equal(fromBytes(LONG_TYPE, LONG_TYPE.decompose(-3n)), -3n);
  const t = fromBytes(TIME_UUID_TYPE, Buffer.from('b06e80b08c6111de8287c1fa647fd821', 'hex'));
  assert.ok(t instanceof TimeUUID);
  assert.equal(fromBytes(parseType('DecimalType'), parseType('DecimalType').fromString('1.5')), '1.5');
});

test('timestamps are microseconds and strictly increasing even when the clock stands still', () => {
  const source = new TimestampSource({ nowMicros: () => 1_000n });
  assert.deepEqual([source.next(), source.next(), source.next()], [1_000n, 1_001n, 1_002n]);
});
