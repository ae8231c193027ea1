// ReversedType: reversed order, inverted encodings (empty values last), names, double reversal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ByteReader } from '../util/byte-reader.js';
import { LONG_TYPE, encodeLong } from './long-type.js';
import { ReversedType } from './reversed-type.js';
import { checkTypeLaws } from '../../test/support/marshal/type-laws.js';
import { UTF8_TYPE } from './utf8-type.js';
import { valuesOf } from '../../test/support/marshal/value-arbitraries.js';

const revLong = new ReversedType(LONG_TYPE);

// Reversing twice is the original order again; the laws hold through both inversions.
checkTypeLaws(new ReversedType(revLong), valuesOf(LONG_TYPE), { reversed: false });
checkTypeLaws(new ReversedType(new ReversedType(UTF8_TYPE)), valuesOf(UTF8_TYPE), { reversed: false });

test('reversed order; empty values sort last, as in Cassandra 3.0+', () => {
  const xs = [encodeLong(5n), encodeLong(1n), encodeLong(-1n), Buffer.alloc(0)];
  for (let i = 1; i < xs.length; i++) {
    assert.ok(revLong.compare(xs[i - 1]!, xs[i]!) < 0);
    assert.ok(Buffer.compare(revLong.toComparable(xs[i - 1]!), revLong.toComparable(xs[i]!)) < 0);
  }
  const revText = new ReversedType(UTF8_TYPE);
  assert.ok(revText.compare(Buffer.from('b'), Buffer.from('a')) < 0);
  assert.ok(revText.compare(Buffer.from('ab'), Buffer.from('a')) < 0, 'a longer string sorts before its prefix');
  assert.ok(Buffer.compare(revText.toComparable(Buffer.from('ab')), revText.toComparable(Buffer.from('a'))) < 0);
});

test('reversed bare encodings keep their order even when one text is a prefix of the other', () => {
  const revText = new ReversedType(UTF8_TYPE);
  fc.assert(
    fc.property(fc.string({ maxLength: 4 }), fc.string({ maxLength: 3 }), (p, q) => {
      const a = Buffer.from(p);
      const b = Buffer.from(p + q);
      assert.equal(Math.sign(Buffer.compare(revText.toComparable(a), revText.toComparable(b))), Math.sign(revText.compare(a, b)));
    }),
    { numRuns: 200 },
  );
});

test('everything but order is the base type', () => {
  assert.equal(revLong.name, 'ReversedType(LongType)');
  assert.equal(revLong.fullName, 'org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.LongType)');
  assert.equal(revLong.cqlName, 'bigint');
  assert.equal(revLong.fixedLength, 8);
  assert.equal(revLong.isReversed, true);
  assert.equal(revLong.toString(encodeLong(-3n)), '-3');
  assert.deepEqual(revLong.fromString('12'), encodeLong(12n));
  assert.equal(revLong.compose(encodeLong(4n)), 4n);
  const enc = revLong.toComparable(encodeLong(9n));
  assert.deepEqual(revLong.fromComparable(new ByteReader(enc)), encodeLong(9n));
});
