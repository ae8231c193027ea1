// Arithmetic operators as functions: result types, values (Cassandra's OperationFctsTest table),
// overflow, division by zero, NaN into decimal, temporal ± duration; properties against BigInt.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { CallArgs } from './call-args.js';
import { FunctionExecutionError } from './function-errors.js';
import { NEGATION_FUNCTION_NAME, OPERATOR_FUNCTION_NAMES, type ArithmeticOperator } from './operator-functions.js';
import { NUMBER_TYPES, arithmeticResultType, numberTypeOf } from './number-types.js';
import { asScalar, cql, registry, show, testContext, v } from '../../../test/support/cql/function-calls.js';

const ctx = testContext();

/** `l op r` for typed operands given as [type, CQL text]; the result's [type, text]. */
function calc(op: ArithmeticOperator, [lt, lv]: [string, string], [rt, rv]: [string, string]): [string | null, string | null] {
  const fn = asScalar(registry.resolve(OPERATOR_FUNCTION_NAMES[op], [CallArgs.typed(cql(lt), 'l'), CallArgs.typed(cql(rt), 'r')]));
  return [fn.returnType.cqlName, show(fn.returnType, fn.execute([v(lt, lv), v(rt, rv)], ctx))];
}

const COLS: Record<string, [string, string]> = {
  a: ['tinyint', '1'], b: ['smallint', '2'], c: ['int', '3'], d: ['bigint', '4'],
  e: ['float', '5.5'], f: ['double', '6.5'], g: ['varint', '7'], h: ['decimal', '8.5'],
};

/** One row of Cassandra's test: `x op y` for x in a..h, and the expected texts. */
function row(op: ArithmeticOperator, right: string, expected: string[]): void {
  const got = Object.keys(COLS).map((left) => calc(op, COLS[left]!, COLS[right]!)[1]);
  assert.deepEqual(got, expected, `x ${op} ${right}`);
}

test('result types follow the documented promotion table', () => {
  const names = ['tinyint', 'smallint', 'int', 'bigint', 'counter', 'float', 'double', 'varint', 'decimal'];
  const table = [
    'tinyint smallint int bigint bigint float double varint decimal',
    'smallint smallint int bigint bigint float double varint decimal',
    'int int int bigint bigint float double varint decimal',
    'bigint bigint bigint bigint bigint double double varint decimal',
    'bigint bigint bigint bigint bigint double double varint decimal',
    'float float float double double float double decimal decimal',
    'double double double double double double double decimal decimal',
    'varint varint varint decimal decimal decimal decimal decimal decimal',
    'decimal decimal decimal decimal decimal decimal decimal decimal decimal',
  ].map((r) => r.split(' '));
  // The documented table's varint row says decimal for varint with bigint, counter and varint;
  // Cassandra computes varint (integers of unbounded size), which its own tests check (g + d and
  // g + g are varints) and so do we.
  table[7]![3] = table[7]![4] = table[7]![7] = 'varint';
  names.forEach((l, i) => names.forEach((r, j) => {
    assert.equal(arithmeticResultType(numberTypeOf(l as never), numberTypeOf(r as never)).kind, table[i]![j], `${l} ${r}`);
    for (const op of ['+', '-', '*', '/', '%'] as const) {
      const fn = registry.resolve(OPERATOR_FUNCTION_NAMES[op], [CallArgs.typed(cql(l)), CallArgs.typed(cql(r))]);
      assert.equal(fn.returnType.cqlName, table[i]![j], `${l} ${op} ${r}`);
    }
  }));
});

test('addition and subtraction', () => {
  row('+', 'a', ['2', '3', '4', '5', '6.5', '7.5', '8', '9.5']);
  row('+', 'e', ['6.5', '7.5', '8.5', '9.5', '11.0', '12.0', '12.5', '14.0']);
  row('+', 'g', ['8', '9', '10', '11', '12.5', '13.5', '14', '15.5']);
  row('+', 'h', ['9.5', '10.5', '11.5', '12.5', '14.0', '15.0', '15.5', '17.0']);
  row('-', 'b', ['-1', '0', '1', '2', '3.5', '4.5', '5', '6.5']);
  row('-', 'h', ['-7.5', '-6.5', '-5.5', '-4.5', '-3.0', '-2.0', '-1.5', '0.0']);
});

test('multiplication keeps BigDecimal scales (4 * 8.5 = 34.00)', () => {
  row('*', 'a', ['1', '2', '3', '4', '5.5', '6.5', '7', '8.50']);
  row('*', 'e', ['5.5', '11.0', '16.5', '22.0', '30.25', '35.75', '38.5', '46.75']);
  row('*', 'h', ['8.50', '17.00', '25.50', '34.00', '46.75', '55.25', '59.5', '72.25']);
});

test('division: integer truncation, float precision, 32-digit decimals', () => {
  row('/', 'c', ['0', '0', '1', '1', '1.8333334', '2.1666666666666665', '2', '2.83333333333333333333333333333333']);
  row('/', 'e', ['0.18181819', '0.36363637', '0.54545456', '0.7272727272727273', '1.0', '1.1818181818181819', '1.27272727272727272727272727272727', '1.54545454545454545454545454545455']);
  row('/', 'g', ['0', '0', '0', '0', '0.78571428571428571428571428571429', '0.92857142857142857142857142857143', '1', '1.21428571428571428571428571428571']);
  row('/', 'h', ['0.11764705882352941176470588235294', '0.23529411764705882352941176470588', '0.35294117647058823529411764705882', '0.47058823529411764705882352941176', '0.64705882352941176470588235294118', '0.76470588235294117647058823529412', '0.82352941176470588235294117647059', '1']);
  assert.equal(calc('/', ['decimal', '8.5'], ['decimal', '200000000000000000000000000000000000'])[1], '0.0000000000000000000000000000000000425');
  assert.equal(calc('/', ['decimal', '10000'], ['decimal', '3'])[1], '3333.33333333333333333333333333333333');
  assert.equal(calc('/', ['int', '-7'], ['int', '2'])[1], '-3');
});

test('modulo', () => {
  row('%', 'a', ['0', '0', '0', '0', '0.5', '0.5', '0', '0.5']);
  row('%', 'b', ['1', '0', '1', '0', '1.5', '0.5', '1', '0.5']);
  row('%', 'g', ['1', '2', '3', '4', '5.5', '6.5', '0', '1.5']);
  row('%', 'h', ['1.0', '2.0', '3.0', '4.0', '5.5', '6.5', '7', '0.0']);
  const big: [string, string] = ['decimal', '123456789112345678921234567893123456'];
  assert.equal(calc('%', big, ['decimal', '2'])[1], '0');
  assert.equal(calc('%', big, ['int', '2'])[1], '0.0');
  assert.equal(calc('%', big, ['bigint', '2'])[1], '0.0');
  assert.equal(calc('%', ['int', '-7'], ['int', '2'])[1], '-1', 'the dividend\'s sign');
  assert.equal(calc('%', ['decimal', '-7.5'], ['decimal', '2'])[1], '-1.5');
});

test('negation', () => {
  const got = Object.values(COLS).map(([t, x]) => {
    const fn = asScalar(registry.resolve(NEGATION_FUNCTION_NAME, [CallArgs.typed(cql(t))]));
    return show(fn.returnType, fn.execute([v(t, x)], ctx));
  });
  assert.deepEqual(got, ['-1', '-2', '-3', '-4', '-5.5', '-6.5', '-7', '-8.5']);
  const negInt = asScalar(registry.resolve(NEGATION_FUNCTION_NAME, [CallArgs.typed(cql('int'))]));
  assert.equal(show(cql('int'), negInt.execute([v('int', '-2147483648')], ctx)), '-2147483648', 'wraps like Java');
});

test('counters compute as bigint', () => {
  const b: [string, string] = ['counter', '2'];
  assert.deepEqual(calc('+', b, ['tinyint', '1']), ['bigint', '3']);
  assert.deepEqual(calc('+', b, ['double', '1.5']), ['double', '3.5']);
  assert.deepEqual(calc('+', b, ['varint', '1']), ['varint', '3']);
  assert.deepEqual(calc('+', b, ['decimal', '1.5']), ['decimal', '3.5']);
  assert.deepEqual(calc('*', b, ['decimal', '1.5']), ['decimal', '3.00']);
  assert.deepEqual(calc('/', b, ['decimal', '0.5']), ['decimal', '4']);
  assert.deepEqual(calc('%', b, ['decimal', '0.5']), ['decimal', '0.0']);
  assert.deepEqual(calc('+', b, b), ['bigint', '4']);
});

test('fixed-width integers overflow by wrapping around', () => {
  assert.equal(calc('+', ['int', '2147483647'], ['int', '1'])[1], '-2147483648');
  assert.equal(calc('+', ['tinyint', '127'], ['tinyint', '1'])[1], '-128');
  assert.equal(calc('+', ['smallint', '32767'], ['smallint', '1'])[1], '-32768');
  assert.equal(calc('*', ['bigint', '9223372036854775807'], ['bigint', '2'])[1], '-2');
  assert.equal(calc('/', ['int', '-2147483648'], ['int', '-1'])[1], '-2147483648');
  assert.equal(calc('*', ['varint', '9223372036854775807'], ['varint', '2'])[1], '18446744073709551614', 'varint is exact');
});

test('division by zero and NaN into decimal fail like Cassandra; floats give infinities', () => {
  const fails = (op: ArithmeticOperator, l: [string, string], r: [string, string], message: string): void => {
    assert.throws(() => calc(op, l, r), (e: unknown) => e instanceof FunctionExecutionError && e.message === message && e.functionName === OPERATOR_FUNCTION_NAMES[op]);
  };
  fails('/', ['tinyint', '1'], ['tinyint', '0'], "the operation 'tinyint / tinyint' failed: / by zero");
  fails('/', ['smallint', '2'], ['tinyint', '0'], "the operation 'smallint / tinyint' failed: / by zero");
  fails('/', ['int', '3'], ['tinyint', '0'], "the operation 'int / tinyint' failed: / by zero");
  fails('%', ['bigint', '4'], ['tinyint', '0'], "the operation 'bigint % tinyint' failed: / by zero");
  fails('/', ['varint', '7'], ['tinyint', '0'], "the operation 'varint / tinyint' failed: BigInteger divide by zero");
  fails('/', ['decimal', '8.5'], ['tinyint', '0'], "the operation 'decimal / tinyint' failed: BigInteger divide by zero");
  fails('+', ['decimal', '1'], ['double', 'NaN'], "the operation 'decimal + double' failed: A NaN cannot be converted into a decimal");
  fails('+', ['decimal', '1'], ['float', 'Infinity'], "the operation 'decimal + float' failed: An infinite number cannot be converted into a decimal");
  assert.equal(calc('/', ['float', '5.5'], ['tinyint', '0'])[1], 'Infinity');
  assert.equal(calc('/', ['double', '6.5'], ['tinyint', '0'])[1], 'Infinity');
  assert.equal(calc('+', ['double', 'NaN'], ['int', '1'])[1], 'NaN');
});

test('a null or empty operand gives null', () => {
  const plus = asScalar(registry.resolve('_add', [CallArgs.typed(cql('int')), CallArgs.typed(cql('bigint'))]));
  assert.equal(plus.execute([null, v('bigint', '1')], ctx), null);
  assert.equal(plus.execute([v('int', '1'), Buffer.alloc(0)], ctx), null);
  const neg = asScalar(registry.resolve('_negate', [CallArgs.typed(cql('int'))]));
  assert.equal(neg.execute([null], ctx), null);
});

test('timestamp ± duration and date ± duration', () => {
  const ts = (s: string): [string, string] => ['timestamp', s];
  const dur = (s: string): [string, string] => ['duration', s];
  assert.deepEqual(calc('-', ts('2016-09-27 16:20:00 UTC'), dur('5m')), ['timestamp', '2016-09-27T16:15:00.000Z']);
  assert.deepEqual(calc('+', ts('2016-09-27 16:15:00 UTC'), dur('5m')), ['timestamp', '2016-09-27T16:20:00.000Z']);
  assert.equal(calc('+', ts('2016-01-31 10:00:00 UTC'), dur('1mo'))[1], '2016-02-29T10:00:00.000Z', 'day clamped to the month');
  assert.equal(calc('+', ts('2016-01-31 10:00:00 UTC'), dur('1mo1d1h'))[1], '2016-03-01T11:00:00.000Z');
  assert.equal(calc('-', ts('2016-03-31 00:00:00 UTC'), dur('1y1mo'))[1], '2015-02-28T00:00:00.000Z');
  assert.equal(calc('+', ts('1969-12-31 23:59:59.999 UTC'), dur('1ms'))[1], '1970-01-01T00:00:00.000Z');
  assert.deepEqual(calc('-', ['date', '2016-10-04'], dur('5d')), ['date', '2016-09-29']);
  assert.equal(calc('+', ['date', '2016-10-01'], dur('1d'))[1], '2016-10-02');
  assert.equal(calc('+', ['date', '2016-01-31'], dur('1mo'))[1], '2016-02-29');
  assert.equal(calc('-', ['date', '2016-10-04'], dur('2w'))[1], '2016-09-20');
  assert.throws(() => calc('-', ts('2016-09-27 16:15:00 UTC'), dur('10us')), (e: unknown) =>
    e instanceof FunctionExecutionError && e.message === "the operation 'timestamp - duration' failed: The duration must have a millisecond precision. Was: 10us");
  assert.throws(() => calc('-', ['date', '2016-10-04'], dur('10m')), (e: unknown) =>
    e instanceof FunctionExecutionError && e.message === "the operation 'date - duration' failed: The duration must have a day precision. Was: 10m");
  assert.equal(registry.overloads('_multiply').some((f) => f.argTypes.some((t) => t.cqlName === 'duration')), false, 'only + and - for durations');
});

test('properties: fixed-width integer operations match BigInt arithmetic wrapped to the width', () => {
  const widths = NUMBER_TYPES.filter((t) => t.bits !== null && t.kind !== 'counter');
  fc.assert(
    fc.property(fc.constantFrom(...widths), fc.constantFrom('+', '-', '*', '/', '%' as const), fc.bigInt(), fc.bigInt(), (t, op, x, y) => {
      const bits = t.bits!;
      const [a, b] = [BigInt.asIntN(bits, x), BigInt.asIntN(bits, y)];
      fc.pre(!((op === '/' || op === '%') && b === 0n));
      const expected = BigInt.asIntN(bits, op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : op === '/' ? a / b : a % b);
      assert.equal(calc(op, [t.kind, a.toString()], [t.kind, b.toString()])[1], expected.toString());
    }),
    { numRuns: 400 },
  );
});

test('properties: decimal +, -, * are exact', () => {
  const dec = fc.tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: -10, max: 10 }));
  const text = ([u, s]: [bigint, number]): string => `${u}E${-s}`;
  fc.assert(
    fc.property(dec, dec, ([ua, sa], [ub, sb]) => {
      const s = Math.max(sa, sb);
      const sum = ua * 10n ** BigInt(s - sa) + ub * 10n ** BigInt(s - sb);
      const got = v('decimal', calc('+', ['decimal', text([ua, sa])], ['decimal', text([ub, sb])])[1]!);
      assert.equal(cql('decimal').compare(got, v('decimal', text([sum, s]))), 0);
      const product = v('decimal', calc('*', ['decimal', text([ua, sa])], ['decimal', text([ub, sb])])[1]!);
      assert.equal(cql('decimal').compare(product, v('decimal', text([ua * ub, sa + sb]))), 0);
    }),
    { numRuns: 300 },
  );
});
