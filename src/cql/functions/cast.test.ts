// CAST: the allowed matrix (Cassandra's documented table) and Java-semantics conversions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidRequestError } from '../../errors/index.js';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import { ReversedType } from '../../marshal/reversed-type.js';
import { castFunction } from './cast-functions.js';
import { cql, show, testContext, v } from '../../../test/support/cql/function-calls.js';

const ctx = testContext();
const cast = (from: string, text: string, to: string): string | null => {
  const fn = castFunction(cql(from), cql(to));
  return show(fn.returnType, fn.execute([v(from, text)], ctx));
};

const NUMBERS = ['tinyint', 'smallint', 'int', 'bigint', 'float', 'double', 'decimal', 'varint'];
const TEXTS = ['text', 'varchar', 'ascii'];
/** Cassandra's documented cast table (plus T → T). */
const ALLOWED: Record<string, string[]> = {
  ascii: ['text', 'varchar'],
  bigint: [...NUMBERS, ...TEXTS],
  boolean: TEXTS,
  counter: [...NUMBERS, ...TEXTS],
  date: ['timestamp', ...TEXTS],
  decimal: [...NUMBERS, ...TEXTS],
  double: [...NUMBERS, ...TEXTS],
  float: [...NUMBERS, ...TEXTS],
  inet: TEXTS,
  int: [...NUMBERS, ...TEXTS],
  smallint: [...NUMBERS, ...TEXTS],
  time: TEXTS,
  timestamp: ['date', ...TEXTS],
  timeuuid: ['timestamp', 'date', ...TEXTS],
  tinyint: [...NUMBERS, ...TEXTS],
  uuid: TEXTS,
  varint: [...NUMBERS, ...TEXTS],
};

test('the cast matrix is Cassandra\'s', () => {
  for (const [from, fromType] of CQL_TYPES) {
    for (const [to, toType] of CQL_TYPES) {
      const same = fromType === toType;
      const allowed = same || (ALLOWED[from] ?? []).includes(to);
      if (allowed) {
        const fn = castFunction(fromType, toType);
        assert.equal(fn.returnType, toType, `${from} → ${to}`);
        assert.deepEqual(fn.argTypes, [fromType]);
      } else {
        assert.throws(() => castFunction(fromType, toType), (e: unknown) =>
          e instanceof InvalidRequestError && e.message === `${fromType.cqlName} cannot be cast to ${toType.cqlName}`, `${from} → ${to}`);
      }
    }
  }
});

test('numbers to numbers, as Java converts them', () => {
  assert.equal(cast('int', '300', 'tinyint'), '44', 'narrowing wraps');
  assert.equal(cast('bigint', '4294967297', 'int'), '1');
  assert.equal(cast('double', '1e10', 'int'), '2147483647', 'doubles saturate');
  assert.equal(cast('double', '-1e30', 'bigint'), '-9223372036854775808');
  assert.equal(cast('double', 'NaN', 'int'), '0');
  assert.equal(cast('double', '1e10', 'tinyint'), '-1', 'saturate to int, then wrap');
  assert.equal(cast('float', '-2.9', 'smallint'), '-2');
  assert.equal(cast('decimal', '1.9', 'int'), '1');
  assert.equal(cast('decimal', '-1.9', 'bigint'), '-1');
  assert.equal(cast('decimal', '18446744073709551621', 'varint'), '5', 'through a long, as Cassandra does');
  assert.equal(cast('double', '1e30', 'varint'), '9223372036854775807');
  assert.equal(cast('varint', '123456789012345678901234567890', 'decimal'), '123456789012345678901234567890', 'varint → decimal is exact');
  assert.equal(cast('float', '5.2', 'decimal'), '5.2', 'the float\'s own digits');
  assert.equal(cast('double', '0.1', 'decimal'), '0.1');
  assert.equal(cast('int', '7', 'decimal'), '7');
  assert.equal(cast('decimal', '0.1', 'double'), '0.1');
  assert.equal(cast('bigint', '9007199254740993', 'double'), '9.007199254740992E15');
  assert.equal(cast('bigint', '16777217', 'float'), '1.6777216E7');
  assert.equal(cast('varint', '16777219', 'float'), '1.677722E7', 'ties to even');
  assert.equal(cast('counter', '42', 'int'), '42');
  assert.equal(cast('double', '1.5', 'float'), '1.5');
  assert.throws(() => cast('double', 'NaN', 'decimal'), /A NaN cannot be converted into a decimal/);
});

test('to text and ascii: the value\'s CQL text form', () => {
  assert.equal(cast('double', '1', 'text'), '1.0');
  assert.equal(cast('float', '0.1', 'ascii'), '0.1');
  assert.equal(cast('decimal', '1E+3', 'text'), '1000');
  assert.equal(cast('varint', '-12', 'varchar'), '-12');
  assert.equal(cast('boolean', 'true', 'text'), 'true');
  assert.equal(cast('inet', '::1', 'text'), '0:0:0:0:0:0:0:1');
  assert.equal(cast('timestamp', '2011-02-03 04:05+0000', 'text'), '2011-02-03T04:05:00.000Z');
  assert.equal(cast('date', '2011-02-03', 'ascii'), '2011-02-03');
  assert.equal(cast('time', '07:35:07.000111222', 'text'), '07:35:07.000111222');
  assert.equal(cast('uuid', '6BDDC89A-5644-11E4-97FC-56847AFE9799', 'text'), '6bddc89a-5644-11e4-97fc-56847afe9799');
  assert.equal(cast('ascii', 'abc', 'text'), 'abc');
});

test('time casts', () => {
  assert.equal(cast('timestamp', '2016-10-04T23:59:59.999Z', 'date'), '2016-10-04');
  assert.equal(cast('date', '2016-10-04', 'timestamp'), '2016-10-04T00:00:00.000Z');
  assert.equal(cast('timeuuid', '6bddc89a-5644-11e4-97fc-56847afe9799', 'timestamp'), '2014-10-17T21:27:39.541Z');
  assert.equal(cast('timeuuid', '6bddc89a-5644-11e4-97fc-56847afe9799', 'date'), '2014-10-17');
});

test('a cast to the same type is the value itself; null and empty values', () => {
  assert.equal(cast('int', '5', 'int'), '5');
  assert.equal(cast('text', 'x', 'varchar'), 'x');
  const reversed = castFunction(new ReversedType(cql('int')), cql('bigint'));
  assert.equal(show(reversed.returnType, reversed.execute([v('int', '5')], ctx)), '5');
  assert.equal(castFunction(cql('int'), cql('text')).execute([null], ctx), null);
  assert.equal(castFunction(cql('int'), cql('text')).execute([Buffer.alloc(0)], ctx), null);
  assert.deepEqual(castFunction(cql('ascii'), cql('text')).execute([Buffer.alloc(0)], ctx), Buffer.alloc(0));
  assert.equal(castFunction(cql('double'), cql('int')).name, 'castasint');
});
