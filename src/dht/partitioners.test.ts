// Laws every partitioner must keep (positions, byte-comparable tokens, string forms, midpoints),
// plus published RandomPartitioner tokens and the registry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ConfigurationError, MarshalError } from '../errors/index.js';
import type { Random } from '../env/env.js';
import { ByteOrderedPartitioner } from './byte-ordered-partitioner.js';
import { Murmur3Partitioner } from './murmur3-partitioner.js';
import { OrderPreservingPartitioner } from './order-preserving-partitioner.js';
import type { Partitioner } from './partitioner.js';
import { createPartitioner, partitionerNames } from './partitioner-registry.js';
import { RandomPartitioner } from './random-partitioner.js';
import { Range } from './range.js';

const ALL: Partitioner[] = [
  new Murmur3Partitioner(),
  new RandomPartitioner(),
  new ByteOrderedPartitioner(),
  new OrderPreservingPartitioner(),
];

/** Keys valid for every partitioner (OPP needs UTF-8), biased towards shared prefixes. */
const keyArb = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }).map((s) => Buffer.from(s, 'utf8')),
  fc.constantFrom('a', 'ab', 'b', 'a\u0000', '\u00ff', 'z').map((s) => Buffer.from(s, 'utf8')),
);

const sign = (n: number) => Math.sign(n);
const stripZeros = (b: Buffer) => {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return b.subarray(0, end);
};

const fixedRandom = (seed: number): Random => {
  let x = seed;
  const next = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 2 ** 32;
  };
  return { next, bytes: (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256))) };
};

for (const p of ALL) {
  test(`${p.name}: position order is (token, key) order`, () => {
    fc.assert(
      fc.property(keyArb, keyArb, (a, b) => {
        const da = p.decorate(a);
        const db = p.decorate(b);
        const byToken = p.compareTokens(da.token, db.token);
        const expected = byToken !== 0 ? byToken : Buffer.compare(a, b);
        assert.equal(sign(Buffer.compare(da.position, db.position)), sign(expected));
        assert.deepEqual(p.keyFromPosition(da.position), a);
        assert.equal(p.compareTokens(p.tokenFromPosition(da.position), da.token), 0);
      }),
    );
  });

  test(`${p.name}: token bytes compare like tokens and round-trip; strings round-trip`, () => {
    fc.assert(
      fc.property(keyArb, keyArb, (a, b) => {
        const ta = p.token(a);
        const tb = p.token(b);
        assert.equal(sign(Buffer.compare(p.tokenToBytes(ta), p.tokenToBytes(tb))), sign(p.compareTokens(ta, tb)));
        assert.equal(p.compareTokens(p.tokenFromBytes(p.tokenToBytes(ta)), ta), 0);
        assert.equal(p.compareTokens(p.tokenFromString(p.tokenToString(ta)), ta), 0);
      }),
    );
    const min = p.minimumToken();
    assert.ok(p.isMinimum(p.tokenFromString(p.tokenToString(min))));
    assert.ok(Buffer.compare(p.tokenToBytes(min), p.tokenToBytes(p.token(Buffer.from('x')))) < 0);
  });

  test(`${p.name}: midpoint lies inside the range it splits`, () => {
    fc.assert(
      fc.property(keyArb, keyArb, (a, b) => {
        const l = p.token(a);
        const r = p.token(b);
        // Key-ordered tokens that differ only by trailing zero bytes ('a' < 'a\0') have no token
        // between them; Cassandra's midpoint (and ours) then treats them as equal.
        if (Buffer.isBuffer(l) && Buffer.isBuffer(r) && !l.equals(r) && stripZeros(l).equals(stripZeros(r))) return;
        const m = p.midpoint(l, r);
        const range = new Range(p, l, r);
        // A range that is a single token wide (or a prefix apart) may have no room inside.
        if (p.compareTokens(m, l) !== 0) assert.ok(range.contains(m), `${range} ∌ ${p.tokenToString(m)}`);
      }),
    );
  });

  test(`${p.name}: random tokens are valid and seed-determined`, () => {
    const a = p.randomToken(fixedRandom(7));
    const b = p.randomToken(fixedRandom(7));
    assert.equal(p.compareTokens(a, b), 0);
    assert.equal(p.compareTokens(p.tokenFromString(p.tokenToString(a)), a), 0);
    assert.ok(!p.isMinimum(a));
  });

  test(`${p.name}: registry finds it by short and full name`, () => {
    assert.equal(createPartitioner(p.name).fullName, p.fullName);
    assert.equal(createPartitioner(p.fullName).name, p.name);
    assert.ok(partitionerNames().includes(p.fullName));
  });
}

test('registry refuses unknown names with ConfigurationError', () => {
  assert.throws(() => createPartitioner('CollatingOrderPreservingPartitioner'), ConfigurationError);
  assert.throws(() => createPartitioner('murmur3partitioner'), ConfigurationError);
});

test('RandomPartitioner tokens equal the published Cassandra tokens', () => {
  // datastax/csharp-driver, src/Cassandra.Tests/TokenTests.cs, RandomPartitioner_Hash_Test
  // ("inputs and result values from Cassandra"), and datastax/nodejs-driver,
  // test/unit/tokenizer-tests.js, RandomTokenizer #hash.
  const vectors: ReadonlyArray<readonly [Buffer, string]> = [
    [Buffer.from([0]), '143927757573010354572009627285182898319'],
    [Buffer.from([1]), '113842407384990359002707962975597223745'],
    [Buffer.from([2]), '129721498153058668219395762571499089729'],
    [Buffer.from([3]), '161634087634434392855851743730996420760'],
    [Buffer.from([1, 1, 1, 1, 1]), '62826831507722661030027787191787718361'],
    [Buffer.from([1, 1, 1, 1, 3]), '3280052967642184217852195524766331890'],
    [Buffer.from('00112233445566778899aabbccddeeff', 'hex'), '146895617013011042239963905141456044092'],
    [Buffer.from('00112233445566778899aabbccddeef0', 'hex'), '152768415488763703226794584233555130431'],
    [Buffer.from([1, 2, 3, 4]), '11748876857495436398853550283091289647'],
    [Buffer.from([1, 2, 3, 4, 5, 6]), '141904934057871337334287797400233978956'],
    [Buffer.from('fffafa000102030405fe', 'hex'), '93979376327542758013347018124903879310'],
    [Buffer.from('f000ee0000', 'hex'), '155172302213453714586395175393246848871'],
  ];
  const p = new RandomPartitioner();
  for (const [key, expected] of vectors) assert.equal(p.tokenToString(p.token(key)), expected);
  assert.equal(p.token(Buffer.alloc(0)), -1n);
});

test('Murmur3 string forms, bounds and midpoints follow Cassandra', () => {
  const p = new Murmur3Partitioner();
  assert.equal(p.tokenFromString('-9223372036854775808'), -(2n ** 63n));
  assert.throws(() => p.tokenFromString('9223372036854775808'), MarshalError);
  assert.throws(() => p.tokenFromString('12a'), MarshalError);
  assert.equal(p.midpoint(-10n, 10n), 0n);
  // Wrapping: (MAX-10, MIN+9] is 19 tokens wide; Cassandra's arithmetic lands on MAX-1.
  assert.equal(p.midpoint(2n ** 63n - 11n, -(2n ** 63n) + 9n), 2n ** 63n - 2n);
  assert.equal(p.midpoint(2n ** 63n - 11n, -(2n ** 63n) + 39n), -(2n ** 63n) + 14n); // MAX+1 maps to MIN+1, as in Cassandra
  assert.equal(p.midpoint(p.minimumToken(), p.minimumToken()), -1n); // (MAX + MIN) >> 1
  assert.equal(p.tokenEndBound(2n ** 63n - 1n), null);
});

test('ByteOrdered tokens print as hex and split like Cassandra', () => {
  const p = new ByteOrderedPartitioner();
  assert.equal(p.tokenToString(Buffer.from([0x0a, 0xff])), '0aff');
  assert.deepEqual(p.tokenFromString('abc'), Buffer.from([0x0a, 0xbc]));
  assert.throws(() => p.tokenFromString('xyz'), MarshalError);
  assert.deepEqual(p.midpoint(Buffer.from([0x10]), Buffer.from([0x20])), Buffer.from([0x18]));
  assert.deepEqual(p.midpoint(Buffer.from([0x10]), Buffer.from([0x11])), Buffer.from([0x10, 0x80]));
  assert.deepEqual(p.midpoint(p.minimumToken(), p.minimumToken()), Buffer.from([0x80]));
  assert.deepEqual(p.token(Buffer.from('10050')), Buffer.from('10050'));
});

test('OrderPreserving refuses invalid UTF-8 and keeps midpoints valid UTF-8', () => {
  const p = new OrderPreservingPartitioner();
  assert.throws(() => p.token(Buffer.from([0x61, 0xff])), MarshalError);
  assert.throws(() => p.decorate(Buffer.from([0xc3])), MarshalError);
  assert.throws(() => p.tokenFromString('\ud800'), MarshalError);
  assert.equal(p.tokenToString(p.token(Buffer.from('héllo'))), 'héllo');
  const m = p.midpoint(Buffer.from('\ud7ff'), Buffer.from('\ue001'));
  assert.equal(m.toString('utf8'), '\ue000');
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
      const mid = p.midpoint(Buffer.from(a), Buffer.from(b));
      assert.equal(Buffer.from(mid.toString('utf8'), 'utf8').equals(mid), true);
    }),
  );
});

test('Murmur3Partitioner.position is decorate().position, for empty, short, long and random keys', () => {
  const p = new Murmur3Partitioner();
  const keys = [Buffer.alloc(0), Buffer.from('a'), Buffer.from('k000000001'), Buffer.alloc(300, 7)];
  let seed = 11;
  for (let i = 0; i < 500; i++) {
    const b = Buffer.alloc((i * 7) % 40);
    for (let j = 0; j < b.length; j++) b[j] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    keys.push(b);
  }
  for (const k of keys) assert.deepEqual(p.position(k), p.decorate(k).position);
});
