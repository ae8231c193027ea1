// count, countRows, min, max, sum, avg over sets of values, empty groups, nulls and overflow.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CQL_TYPES } from '../../marshal/type-parser.js';
import { NATIVE_VALUES } from '../../../test/support/cql/native-values.js';
import { COUNT_ROWS_NAME } from './basic-aggregates.js';
import { CallArgs } from './call-args.js';
import { NUMBER_TYPES } from './number-types.js';
import { aggregate, asAggregate, cql, registry, v } from '../../../test/support/cql/function-calls.js';

const agg = (name: string, type: string) => registry.resolve(name, [CallArgs.typed(cql(type), 'x')]);
const values = (type: string, ...texts: Array<string | null>) => texts.map((t) => (t === null ? null : v(type, t)));

test('countRows (COUNT(*)) counts rows; count(x) counts non-null values', () => {
  const rows = asAggregate(registry.resolve(COUNT_ROWS_NAME, []));
  assert.equal(rows.returnType, cql('bigint'));
  assert.equal(aggregate(rows, []), '0');
  assert.equal(aggregate(rows, [null, null, v('int', '1')]), '3');
  assert.equal(aggregate(agg('count', 'int'), values('int', '1', null, '3')), '2');
  assert.equal(aggregate(agg('count', 'int'), []), '0');
  assert.equal(aggregate(agg('count', 'int'), [Buffer.alloc(0)]), '1', 'an empty value is a value');
  for (const [name] of CQL_TYPES) assert.ok(registry.overloads('count').some((f) => f.argTypes[0]!.cqlName === (name === 'varchar' ? 'text' : name)), `count(${name})`);
});

test('min and max by each type\'s order; null for no values', () => {
  assert.equal(aggregate(agg('min', 'int'), values('int', '3', '-7', null, '5')), '-7');
  assert.equal(aggregate(agg('max', 'int'), values('int', '3', '-7', null, '5')), '5');
  assert.equal(aggregate(agg('max', 'text'), values('text', 'b', 'ab', 'é')), 'é');
  assert.equal(aggregate(agg('min', 'timestamp'), values('timestamp', '2020-01-01', '1960-01-01')), '1960-01-01T00:00:00.000Z');
  assert.equal(aggregate(agg('max', 'decimal'), values('decimal', '1.50', '1.5', '-2')), '1.50', 'equal values: the first kept');
  assert.equal(aggregate(agg('max', 'counter'), values('counter', '-1', '9')), '9');
  for (const name of ['int', 'text', 'uuid', 'date', 'boolean']) {
    assert.equal(aggregate(agg('min', name), []), null, `min(${name}) of nothing`);
    assert.equal(aggregate(agg('max', name), [null, null]), null, `max(${name}) of nulls`);
  }
});

test('min and max agree with sorting by compare (every native type)', () => {
  for (const [name, type] of CQL_TYPES) {
    if (name === 'varchar') continue;
    fc.assert(
      fc.property(fc.array(NATIVE_VALUES[name]!, { minLength: 1, maxLength: 8 }), (xs) => {
        const sorted = [...xs].sort((a, b) => type.compare(a, b));
        const min = asAggregate(agg('min', name));
        let s = min.init();
        for (const x of xs) s = min.add(s, [x]);
        assert.equal(type.compare(min.result(s)!, sorted[0]!), 0, name);
        const max = asAggregate(agg('max', name));
        let t = max.init();
        for (const x of xs) t = max.add(t, [x]);
        assert.equal(type.compare(max.result(t)!, sorted[sorted.length - 1]!), 0, name);
      }),
      { numRuns: 25 },
    );
  }
});

test('sum and avg of nothing are 0 of the type', () => {
  for (const t of NUMBER_TYPES) {
    for (const name of ['sum', 'avg']) {
      const fn = agg(name, t.kind);
      assert.equal(fn.returnType, t.type, `${name}(${t.kind}) returns ${t.kind}`);
      const zero = t.kind === 'float' || t.kind === 'double' ? '0.0' : '0';
      assert.equal(aggregate(fn, []), zero, `${name}(${t.kind}) of nothing`);
      assert.equal(aggregate(fn, [null, Buffer.alloc(0)].filter((x) => x === null || t.type.allowsEmpty)), zero, `${name}(${t.kind}) of nulls`);
    }
  }
});

test('sum: fixed-width integers wrap around; varint and decimal are exact; floats are compensated', () => {
  assert.equal(aggregate(agg('sum', 'int'), values('int', '1', '2', null, '3')), '6');
  assert.equal(aggregate(agg('sum', 'int'), values('int', '2147483647', '1')), '-2147483648');
  assert.equal(aggregate(agg('sum', 'tinyint'), values('tinyint', '100', '100')), '-56');
  assert.equal(aggregate(agg('sum', 'bigint'), values('bigint', '9223372036854775807', '1')), '-9223372036854775808');
  assert.equal(aggregate(agg('sum', 'counter'), values('counter', '5', '-7')), '-2');
  assert.equal(aggregate(agg('sum', 'varint'), values('varint', '9223372036854775807', '9223372036854775807')), '18446744073709551614');
  assert.equal(aggregate(agg('sum', 'decimal'), values('decimal', '0.1', '0.20', '-0.005')), '0.295');
  assert.equal(aggregate(agg('sum', 'double'), values('double', ...Array(10).fill('0.1'))), '1.0', 'Kahan: exactly 1.0, where naive addition gives 0.9999999999999999');
  assert.equal(aggregate(agg('sum', 'float'), values('float', '1.5', '2.25')), '3.75');
  assert.equal(aggregate(agg('sum', 'double'), values('double', 'Infinity', 'Infinity')), 'Infinity');
  assert.equal(aggregate(agg('sum', 'double'), values('double', 'Infinity', '-Infinity')), 'NaN');
});

test('avg: integer division for integer types, exact sums; doubles fall back to decimal on overflow', () => {
  assert.equal(aggregate(agg('avg', 'int'), values('int', '1', '2')), '1');
  assert.equal(aggregate(agg('avg', 'int'), values('int', '-1', '-2')), '-1', 'truncated toward zero');
  assert.equal(aggregate(agg('avg', 'int'), values('int', '2147483647', '2147483647', null)), '2147483647', 'the sum does not overflow');
  assert.equal(aggregate(agg('avg', 'tinyint'), values('tinyint', '127', '127', '1')), '85');
  assert.equal(aggregate(agg('avg', 'bigint'), values('bigint', '9223372036854775807', '9223372036854775805')), '9223372036854775806');
  assert.equal(aggregate(agg('avg', 'varint'), values('varint', '10', '11', '13')), '11');
  assert.equal(aggregate(agg('avg', 'counter'), values('counter', '3', '4')), '3');
  assert.equal(aggregate(agg('avg', 'double'), values('double', '1', '2')), '1.5');
  assert.equal(aggregate(agg('avg', 'float'), values('float', '1', '2', '2')), '1.6666666');
  const max = '1.7976931348623157E308';
  assert.equal(aggregate(agg('avg', 'double'), values('double', max, max)), max, 'sum overflows, the average does not');
  assert.equal(aggregate(agg('avg', 'decimal'), values('decimal', '1', '2')), '1', '1 + (2 - 1) / 2 at scale 0, rounded half-even: Cassandra\'s running average');
  assert.equal(aggregate(agg('avg', 'decimal'), values('decimal', '1.0', '2.0')), '1.5');
  assert.equal(aggregate(agg('avg', 'decimal'), values('decimal', '1.00', '2', '3')), '2.00');
});

test('aggregate states are independent', () => {
  const sum = asAggregate(agg('sum', 'int'));
  let a = sum.init();
  let b = sum.init();
  a = sum.add(a, [v('int', '1')]);
  b = sum.add(b, [v('int', '10')]);
  a = sum.add(a, [v('int', '2')]);
  assert.equal(cql('int').toString(sum.result(a)!), '3');
  assert.equal(cql('int').toString(sum.result(b)!), '10');
});
