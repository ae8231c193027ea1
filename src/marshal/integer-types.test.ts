// LongType, CounterColumnType, Int32Type, ShortType, ByteType and IntegerType (varint).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { bigintToBytes, bytesToBigint } from './bigint-bytes.js';
import { BYTE_TYPE } from './byte-type.js';
import { COUNTER_COLUMN_TYPE } from './counter-column-type.js';
import { INT32_TYPE } from './int32-type.js';
import { INTEGER_TYPE } from './integer-type.js';
import { LONG_TYPE, encodeLong } from './long-type.js';
import { SHORT_TYPE } from './short-type.js';
import { ReversedType } from './reversed-type.js';
import { valueComparable } from './value-comparable.js';
import { ByteReader } from '../util/byte-reader.js';
import { assertMarshalError, checkTypeLaws, withEmpty } from '../../test/support/marshal/type-laws.js';

const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const smallish = fc.bigInt({ min: -300n, max: 300n });
const longs = withEmpty(fc.oneof(int64, smallish).map(encodeLong));
const ints = (bytes: number): fc.Arbitrary<Buffer> => {
  const lim = 2 ** (bytes * 8 - 1);
  return fc.integer({ min: -lim, max: lim - 1 }).map((v) => {
    const b = Buffer.alloc(bytes);
    b.writeIntBE(v, 0, bytes);
    return b;
  });
};

checkTypeLaws(LONG_TYPE, longs, { invalid: [Buffer.alloc(4), Buffer.alloc(9)] });
checkTypeLaws(COUNTER_COLUMN_TYPE, longs, { invalid: [Buffer.alloc(7)] });
checkTypeLaws(INT32_TYPE, withEmpty(ints(4)), { invalid: [Buffer.alloc(8), Buffer.alloc(3)] });
checkTypeLaws(SHORT_TYPE, ints(2), { invalid: [Buffer.alloc(0), Buffer.alloc(4)] });
checkTypeLaws(BYTE_TYPE, ints(1), { invalid: [Buffer.alloc(0), Buffer.alloc(2)] });

// Varints of every size (the long length form starts at 63 bytes), with redundant sign bytes now
// and then: those compare equal to the minimal form (parsing gives the minimal form back) but keep
// their width through the byte-comparable form (issue 17: Thrift names come back as written).
const bigValue = fc.oneof(
  smallish,
  int64,
  fc.bigInt({ min: -(2n ** 700n), max: 2n ** 700n }),
  fc.constantFrom(0n, -1n, 127n, 128n, -128n, -129n, 255n, 256n, 2n ** 496n, -(2n ** 496n), 2n ** 504n - 1n),
);
const varints = withEmpty(
  fc.tuple(bigValue, fc.nat({ max: 2 })).map(([v, pad]) => {
    const b = bigintToBytes(v);
    return Buffer.concat([Buffer.alloc(pad, v < 0n ? 0xff : 0x00), b]);
  }),
);
checkTypeLaws(INTEGER_TYPE, varints, { decode: 'exact', text: 'equal', order: 'refines' });

test('signed integer order and text', () => {
  const vals = [-(2n ** 63n), -2n, -1n, 0n, 1n, 2n ** 63n - 1n].map(encodeLong);
  for (let i = 1; i < vals.length; i++) assert.ok(LONG_TYPE.compare(vals[i - 1]!, vals[i]!) < 0);
  assert.ok(LONG_TYPE.compare(Buffer.alloc(0), vals[0]!) < 0, 'empty sorts first');
  assert.equal(LONG_TYPE.toString(encodeLong(-42n)), '-42');
  assert.deepEqual(LONG_TYPE.fromString('+9223372036854775807'), encodeLong(2n ** 63n - 1n));
  assertMarshalError(() => LONG_TYPE.fromString('9223372036854775808'), /out of range/);
  assertMarshalError(() => LONG_TYPE.fromString('1.5'), /integer/);
  assert.equal(LONG_TYPE.compose(encodeLong(7n)), 7n);
  assert.equal(LONG_TYPE.compose(Buffer.alloc(0)), null);
  assert.deepEqual(LONG_TYPE.decompose(5n), encodeLong(5n));
  assertMarshalError(() => LONG_TYPE.decompose('5' as unknown as bigint), /expected a bigint/);
  assert.equal(INT32_TYPE.toString(INT32_TYPE.fromString('-2147483648')), '-2147483648');
  assertMarshalError(() => INT32_TYPE.decompose(2 ** 31), /out of range/);
  assertMarshalError(() => SHORT_TYPE.fromString('32768'), /out of range/);
  assertMarshalError(() => BYTE_TYPE.fromString(''), /integer/);
  assert.equal(BYTE_TYPE.compose(Buffer.from([0xff])), -1);
  assert.equal(COUNTER_COLUMN_TYPE.name, 'CounterColumnType');
  assert.equal(COUNTER_COLUMN_TYPE.cqlName, 'counter');
});

test('varint: minimal two\'s complement bytes, numeric order, non-minimal forms equal', () => {
  assert.equal(bigintToBytes(0n).toString('hex'), '00');
  assert.equal(bigintToBytes(128n).toString('hex'), '0080');
  assert.equal(bigintToBytes(-128n).toString('hex'), '80');
  assert.equal(bigintToBytes(-129n).toString('hex'), 'ff7f');
  assert.equal(bytesToBigint(Buffer.from('ffff7f', 'hex')), -129n);
  assert.equal(INTEGER_TYPE.compare(Buffer.from('0001', 'hex'), Buffer.from('01', 'hex')), 0);
  assert.ok(INTEGER_TYPE.compare(Buffer.from('ff', 'hex'), Buffer.from('00', 'hex')) < 0);
  assert.ok(INTEGER_TYPE.compare(Buffer.from('ff00', 'hex'), Buffer.from('80', 'hex')) < 0);
  assert.equal(INTEGER_TYPE.toString(INTEGER_TYPE.fromString('-123456789012345678901234567890')), '-123456789012345678901234567890');
  assert.equal(INTEGER_TYPE.compose(Buffer.from('ff7f', 'hex')), -129n);
  assertMarshalError(() => INTEGER_TYPE.fromString('12a'), /integer/);
});

test('varint comparable form: width kept after the value, old minimal forms read as before (issue 17)', () => {
  const enc = INTEGER_TYPE.toComparable(Buffer.from('00000001', 'hex'));
  assert.equal(enc.toString('hex'), '81015000000003', 'minimal form, WIDTH, three redundant sign bytes');
  assert.equal(INTEGER_TYPE.fromComparable(new ByteReader(enc)).toString('hex'), '00000001');
  assert.equal(INTEGER_TYPE.toComparable(Buffer.from('ffff80', 'hex')).toString('hex'), '7e805000000002');
  // What SSTables written before hold: the minimal form, then a separator of the cell name.
  for (const sep of [0x20, 0x38, 0x40, 0x60]) {
    const r = new ByteReader(Buffer.from([0x81, 0x01, sep]));
    assert.equal(INTEGER_TYPE.fromComparable(r).toString('hex'), '01');
    assert.equal(r.pos, 2);
  }
  // CQL keeps treating a varint clustering value or collection key by its value.
  assert.deepEqual(valueComparable(INTEGER_TYPE, Buffer.from('00000001', 'hex')), INTEGER_TYPE.toComparable(Buffer.from('01', 'hex')));
  assert.deepEqual(valueComparable(new ReversedType(INTEGER_TYPE), Buffer.from('ff80', 'hex')), new ReversedType(INTEGER_TYPE).toComparable(Buffer.from('80', 'hex')));
  assertMarshalError(() => INTEGER_TYPE.fromComparable(new ByteReader(Buffer.from('81015000000000', 'hex'))), /redundant sign byte count 0/);
});
