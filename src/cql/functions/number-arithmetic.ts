/**
 * + - * / % and negation between number values, computed in the operation's result type
 * (number-types.ts) with the semantics Cassandra gets from Java:
 *   tinyint … bigint   two's complement: overflow wraps around (2147483647 + 1 = -2147483648);
 *                      / truncates toward zero; % takes the dividend's sign; / or % by 0 fails
 *                      with "/ by zero"
 *   varint             exact; / and % by 0 fail with "BigInteger divide by zero"
 *   float, double      IEEE arithmetic in that precision: / by 0 gives ±Infinity or NaN
 *   decimal            decimal-math.ts (operands converted as java-numbers.ts operandDecimal says)
 * Failures are RangeErrors; the operator functions add the operation to the message.
 */
import type { DecimalValue } from '../../marshal/decimal-type.js';
import {
  addDecimals,
  divideDecimals,
  multiplyDecimals,
  negateDecimal,
  remainderDecimals,
  subtractDecimals,
} from './decimal-math.js';
import { type NumberValue, javaDouble, javaFloat, javaIntegral, operandDecimal } from './java-numbers.js';
import type { NumberTypeInfo } from './number-types.js';

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

/** An operand: its type and value. */
export interface Operand {
  readonly type: NumberTypeInfo;
  readonly value: NumberValue;
}

/** `left op right` in type `result`. */
export function applyArithmetic(op: ArithmeticOperator, result: NumberTypeInfo, leftOperand: Operand, rightOperand: Operand): NumberValue {
  const [left, right] = [leftOperand.value, rightOperand.value];
  switch (result.kind) {
    case 'float':
    case 'double': {
      const convert = result.kind === 'float' ? javaFloat : javaDouble;
      const r = floating(op, convert(left), convert(right));
      return { kind: 'floating', value: result.kind === 'float' ? Math.fround(r) : r };
    }
    case 'decimal':
      return { kind: 'decimal', value: decimal(op, operandDecimal(leftOperand.type, left), operandDecimal(rightOperand.type, right)) };
    case 'varint':
      return { kind: 'integer', value: integer(op, toInteger(left), toInteger(right), 'BigInteger divide by zero') };
    default: {
      const bits = result.bits!;
      const r = integer(op, javaIntegral(left, bits), javaIntegral(right, bits), '/ by zero');
      return { kind: 'integer', value: BigInt.asIntN(bits, r) };
    }
  }
}

/** -v in type `t`. */
export function negate(t: NumberTypeInfo, v: NumberValue): NumberValue {
  switch (v.kind) {
    case 'integer':
      return { kind: 'integer', value: t.bits === null ? -v.value : BigInt.asIntN(t.bits, -v.value) };
    case 'floating':
      return { kind: 'floating', value: -v.value };
    case 'decimal':
      return { kind: 'decimal', value: negateDecimal(v.value) };
  }
}

function toInteger(v: NumberValue): bigint {
  return v.kind === 'integer' ? v.value : javaIntegral(v, 64);
}

function integer(op: ArithmeticOperator, a: bigint, b: bigint, byZero: string): bigint {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      if (b === 0n) throw new RangeError(byZero);
      return a / b;
    case '%':
      if (b === 0n) throw new RangeError(byZero);
      return a % b;
  }
}

function floating(op: ArithmeticOperator, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
  }
}

function decimal(op: ArithmeticOperator, a: DecimalValue, b: DecimalValue): DecimalValue {
  switch (op) {
    case '+':
      return addDecimals(a, b);
    case '-':
      return subtractDecimals(a, b);
    case '*':
      return multiplyDecimals(a, b);
    case '/':
      return divideDecimals(a, b);
    case '%':
      return remainderDecimals(a, b);
  }
}
