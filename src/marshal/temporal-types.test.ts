// TimestampType, DateType, SimpleDateType, TimeType and DurationType.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { DATE_TYPE } from './date-type.js';
import { DURATION_TYPE } from './duration-type.js';
import { encodeLong } from './long-type.js';
import { SIMPLE_DATE_TYPE } from './simple-date-type.js';
import { TIME_TYPE } from './time-type.js';
import { TIMESTAMP_TYPE } from './timestamp-type.js';
import { assertMarshalError, checkTypeLaws, fixedBytes, withEmpty } from '../../test/support/marshal/type-laws.js';

const NANOS_PER_DAY = 86_400_000_000_000n;
const millis = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -62_135_596_800_000n, max: 253_402_300_799_999n }), // years 1..9999
);
const timestamps = withEmpty(millis.map(encodeLong));

checkTypeLaws(TIMESTAMP_TYPE, timestamps, { invalid: [Buffer.alloc(4)] });
checkTypeLaws(DATE_TYPE, timestamps, { invalid: [Buffer.alloc(9)] });
checkTypeLaws(SIMPLE_DATE_TYPE, fixedBytes(4), { invalid: [Buffer.alloc(0), Buffer.alloc(8)] });
checkTypeLaws(TIME_TYPE, fc.bigInt({ min: 0n, max: NANOS_PER_DAY - 1n }).map(encodeLong), {
  invalid: [Buffer.alloc(0), Buffer.alloc(4), encodeLong(-1n), encodeLong(NANOS_PER_DAY)],
});

const durations = fc
  .tuple(fc.boolean(), fc.nat({ max: 2 ** 31 - 1 }), fc.nat({ max: 2 ** 31 - 1 }), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), fc.nat({ max: 7 }))
  .map(([neg, m, d, n, zeroMask]) => {
    const s = neg ? -1 : 1;
    const months = zeroMask & 1 ? 0 : s * m;
    const days = zeroMask & 2 ? 0 : s * d;
    const nanoseconds = zeroMask & 4 ? 0n : BigInt(s) * n;
    return DURATION_TYPE.decompose({ months, days, nanoseconds });
  });
checkTypeLaws(DURATION_TYPE, durations, {
  invalid: [Buffer.alloc(0), Buffer.from([0, 0]), Buffer.from([2, 1, 0]), Buffer.from([0, 0, 0, 0])],
});

test('timestamps print in UTC as Cassandra does and parse its forms', () => {
  const t = encodeLong(1_296_705_900_000n);
  assert.equal(TIMESTAMP_TYPE.toString(t), '2011-02-03T04:05:00.000Z');
  for (const s of ['2011-02-03T04:05:00.000Z', '2011-02-03 04:05', '2011-02-03T05:05:00+0100', '2011-02-03 00:05:00-04:00', '1296705900000']) {
    assert.deepEqual(TIMESTAMP_TYPE.fromString(s), t, s);
  }
  assert.equal(TIMESTAMP_TYPE.toString(TIMESTAMP_TYPE.fromString('2011-02-03')), '2011-02-03T00:00:00.000Z');
  assert.equal(TIMESTAMP_TYPE.toString(encodeLong(-1n)), '1969-12-31T23:59:59.999Z');
  assert.equal(TIMESTAMP_TYPE.toString(encodeLong(2n ** 63n - 1n)), '+292278994-08-17T07:12:55.807Z');
  assert.equal(TIMESTAMP_TYPE.toString(encodeLong(-62_135_596_800_001n)), '0000-12-31T23:59:59.999Z');
  assert.deepEqual(TIMESTAMP_TYPE.compose(t), new Date(1_296_705_900_000));
  assert.deepEqual(TIMESTAMP_TYPE.decompose(new Date(5)), encodeLong(5n));
  assertMarshalError(() => TIMESTAMP_TYPE.fromString('2011-02-30'), /valid date/);
  assertMarshalError(() => TIMESTAMP_TYPE.fromString('yesterday'), /date\/time/);
  assertMarshalError(() => TIMESTAMP_TYPE.compose(encodeLong(2n ** 62n)), /Date/);
});

test('TimestampType orders signed; DateType, like Cassandra, orders unsigned bytes', () => {
  const before = encodeLong(-1000n);
  const after = encodeLong(1000n);
  assert.ok(TIMESTAMP_TYPE.compare(before, after) < 0);
  assert.ok(DATE_TYPE.compare(before, after) > 0, 'pre-1970 DateType values sort last');
});

test('SimpleDateType: epoch at 2^31, ISO text, raw counts', () => {
  const epoch = SIMPLE_DATE_TYPE.fromString('1970-01-01');
  assert.equal(epoch.readUInt32BE(0), 2 ** 31);
  assert.deepEqual(SIMPLE_DATE_TYPE.fromString('2147483648'), epoch);
  assert.equal(SIMPLE_DATE_TYPE.toString(SIMPLE_DATE_TYPE.fromString('2016-02-29')), '2016-02-29');
  assert.equal(SIMPLE_DATE_TYPE.compose(SIMPLE_DATE_TYPE.fromString('1969-12-31')), -1);
  assert.equal(SIMPLE_DATE_TYPE.toString(Buffer.from('00000000', 'hex')), '-5877641-06-23');
  assert.equal(SIMPLE_DATE_TYPE.toString(Buffer.from('ffffffff', 'hex')), '+5881580-07-11');
  assertMarshalError(() => SIMPLE_DATE_TYPE.fromString('2015-02-29'), /valid date/);
  assertMarshalError(() => SIMPLE_DATE_TYPE.fromString('-1'), /out of range/);
  assertMarshalError(() => SIMPLE_DATE_TYPE.fromString('+9999999-01-01'), /outside/);
});

test('TimeType text', () => {
  const t = TIME_TYPE.fromString('08:12:54.123456789');
  assert.equal(TIME_TYPE.toString(t), '08:12:54.123456789');
  assert.equal(TIME_TYPE.toString(TIME_TYPE.fromString('1:2:3')), '01:02:03.000000000');
  assert.equal(TIME_TYPE.toString(TIME_TYPE.fromString('23:59:59.5')), '23:59:59.500000000');
  assert.equal(TIME_TYPE.compose(TIME_TYPE.fromString('1000')), 1000n);
  assertMarshalError(() => TIME_TYPE.fromString('24:00:00'), /out of bounds/);
  assertMarshalError(() => TIME_TYPE.fromString('12:00'), /time/);
  assertMarshalError(() => TIME_TYPE.validate(encodeLong(-5n)), /time of day/);
});

test('DurationType text forms', () => {
  const d = DURATION_TYPE.fromString('1y2mo3w4d5h6m7s8ms9us10ns');
  assert.deepEqual(DURATION_TYPE.compose(d), { months: 14, days: 25, nanoseconds: 18_367_008_009_010n });
  assert.equal(DURATION_TYPE.toString(d), '1y2mo25d5h6m7s8ms9us10ns');
  assert.equal(DURATION_TYPE.toString(DURATION_TYPE.fromString('P1Y2M3DT4H5M6S')), '1y2mo3d4h5m6s');
  assert.equal(DURATION_TYPE.toString(DURATION_TYPE.fromString('P2W')), '14d');
  assert.equal(DURATION_TYPE.toString(DURATION_TYPE.fromString('-P0001-02-03T04:05:06')), '-1y2mo3d4h5m6s');
  assert.equal(DURATION_TYPE.toString(DURATION_TYPE.fromString('90M')), '1h30m');
  assert.equal(DURATION_TYPE.toString(DURATION_TYPE.fromString('0s')), '0s');
  assert.equal(DURATION_TYPE.toString(DURATION_TYPE.fromString('3µs')), '3us');
  assertMarshalError(() => DURATION_TYPE.fromString('1d1y'), /order/);
  assertMarshalError(() => DURATION_TYPE.fromString('1x'), /duration/);
  assertMarshalError(() => DURATION_TYPE.fromString('2147483648d'), /days/);
  assertMarshalError(() => DURATION_TYPE.decompose({ months: 1, days: -1, nanoseconds: 0n }), /one sign/);
  // Cassandra's vint: 1 byte below 64 after zig-zag, length bits in the first byte beyond.
  assert.equal(DURATION_TYPE.decompose({ months: -1, days: -2, nanoseconds: -3n }).toString('hex'), '010305');
  assert.equal(DURATION_TYPE.decompose({ months: 64, days: 0, nanoseconds: 0n }).toString('hex'), '80800000');
});
