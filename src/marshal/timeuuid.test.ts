// TimeUuidGenerator and the TimeUUID helpers: uniqueness, monotonicity, bracketing, Dates, text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TIME_UUID_TYPE } from './time-uuid-type.js';
import {
  GREGORIAN_TO_UNIX_100NS,
  TimeUuidGenerator,
  makeTimeUuid,
  maxTimeUuid,
  minTimeUuid,
  timeUuidTimestamp100ns,
  timeUuidToDate,
  unixMsToTimestamp,
  uuidFromString,
  uuidToString,
  uuidVersion,
} from './timeuuid.js';
import { assertMarshalError } from '../../test/support/marshal/type-laws.js';

/** A deterministic random source (xorshift), so failures replay. */
function seededRandom(seed: number): { bytes(n: number): Buffer } {
  let s = seed >>> 0 || 1;
  return {
    bytes(n: number): Buffer {
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i++) {
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        out[i] = s & 0xff;
      }
      return out;
    },
  };
}

function assertStrictlyIncreasing(ids: Buffer[]): void {
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    TIME_UUID_TYPE.validate(id);
    seen.add(id.toString('hex'));
    if (i > 0) assert.ok(TIME_UUID_TYPE.compare(ids[i - 1]!, id) < 0, `id ${i} is not after id ${i - 1}`);
  }
  assert.equal(seen.size, ids.length, 'all ids are unique');
}

const N = 100_000;

test('100k ids with a frozen clock are unique and strictly increasing', () => {
  const gen = new TimeUuidGenerator({ nowMs: () => 1_300_000_000_000 }, seededRandom(7));
  const ids = Array.from({ length: N }, () => gen.next());
  assertStrictlyIncreasing(ids);
  assert.equal(timeUuidToDate(ids[0]!).getTime(), 1_300_000_000_000);
  assert.equal(timeUuidTimestamp100ns(ids[9999]!) - timeUuidTimestamp100ns(ids[0]!), 9999n, 'ticks within the ms');
});

test('100k ids with a clock going backwards are unique and strictly increasing', () => {
  let now = 1_300_000_000_000;
  let step = 0;
  const clock = { nowMs: () => (step++ % 3 === 2 ? (now -= 50) : (now += 1)) };
  const gen = new TimeUuidGenerator(clock, seededRandom(11));
  assertStrictlyIncreasing(Array.from({ length: N }, () => gen.next()));
});

test('generator identity: version 1, RFC variant, multicast node bit', () => {
  const gen = new TimeUuidGenerator({ nowMs: () => 0 }, seededRandom(3));
  const id = gen.next();
  assert.equal(uuidVersion(id), 1);
  assert.equal(id[8]! & 0xc0, 0x80);
  assert.equal(id[10]! & 0x01, 0x01);
  assert.match(gen.nextString(), /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(timeUuidTimestamp100ns(id), GREGORIAN_TO_UNIX_100NS);
});

test('minTimeUuid/maxTimeUuid bracket every id of their millisecond and no other', () => {
  const ms = fc.integer({ min: -12_219_292_799_999, max: 4_000_000_000_000 });
  fc.assert(
    fc.property(ms, fc.nat({ max: 9999 }), fc.uint8Array({ minLength: 8, maxLength: 8 }), (t, tick, csn) => {
      const u = makeTimeUuid(unixMsToTimestamp(t) + BigInt(tick), csn);
      assert.ok(TIME_UUID_TYPE.compare(minTimeUuid(t), u) <= 0);
      assert.ok(TIME_UUID_TYPE.compare(u, maxTimeUuid(t)) <= 0);
      assert.ok(TIME_UUID_TYPE.compare(maxTimeUuid(t - 1), u) < 0);
      assert.ok(TIME_UUID_TYPE.compare(u, minTimeUuid(t + 1)) < 0);
      assert.equal(timeUuidToDate(u).getTime(), t);
    }),
    { numRuns: 500 },
  );
  // Ids made by a generator whose clock moves on normally stay inside their millisecond.
  let now = 1_000;
  const gen = new TimeUuidGenerator({ nowMs: () => Math.floor((now += 0.25)) }, seededRandom(5));
  for (let i = 0; i < 2000; i++) {
    const made = Math.floor(now + 0.25);
    const id = gen.next();
    assert.ok(TIME_UUID_TYPE.compare(minTimeUuid(made), id) <= 0 && TIME_UUID_TYPE.compare(id, maxTimeUuid(made)) <= 0);
  }
});

test('Date round trip', () => {
  fc.assert(
    fc.property(fc.integer({ min: -12_219_292_800_000, max: 8_000_000_000_000 }), (t) => {
      assert.equal(timeUuidToDate(minTimeUuid(new Date(t))).getTime(), t);
      assert.equal(timeUuidToDate(maxTimeUuid(t)).getTime(), t);
    }),
    { numRuns: 500 },
  );
  assertMarshalError(() => minTimeUuid(-12_219_292_800_001), /outside/);
});

test('UUID text', () => {
  const s = 'b06e80b0-8c61-11de-8287-c1fa647fd821';
  assert.equal(uuidToString(uuidFromString(s)), s);
  assert.equal(uuidToString(uuidFromString(s.toUpperCase())), s);
  assert.equal(timeUuidToDate(uuidFromString(s)).toISOString(), '2009-08-19T01:43:26.744Z');
  for (const bad of ['b06e80b08c6111de8287c1fa647fd821', 'b06e80b0-8c61-11de-8287-c1fa647fd82', 'g06e80b0-8c61-11de-8287-c1fa647fd821']) {
    assertMarshalError(() => uuidFromString(bad), /UUID/);
  }
  assertMarshalError(() => timeUuidTimestamp100ns(uuidFromString('c37d661d-7e61-49ea-96a5-68c34e83db3a')), /version 1/);
});
