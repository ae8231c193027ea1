/**
 * The arithmetic operators as functions, so the executor can treat `a + b` as the call
 * _add(a, b) and resolve it like any other (function-registry.ts):
 *
 *   operator  function    overloads
 *   a + b     _add        every pair of number types (result: number-types.ts), timestamp +
 *                         duration, date + duration
 *   a - b     _substract  (Cassandra's spelling) same as _add
 *   a * b     _multiply   every pair of number types
 *   a / b     _divide     every pair of number types
 *   a % b     _modulo     every pair of number types
 *   -a        _negate     every number type
 *
 * A null or empty operand gives null. A failure is a FunctionExecutionError worded as Cassandra's:
 * "the operation 'int / int' failed: / by zero".
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import { DURATION_TYPE } from '../../marshal/duration-type.js';
import { SIMPLE_DATE_TYPE } from '../../marshal/simple-date-type.js';
import { TIMESTAMP_TYPE } from '../../marshal/timestamp-type.js';
import { FunctionExecutionError } from './function-errors.js';
import { type ScalarFunction, cqlTypeName } from './function-model.js';
import { readNumber, writeNumber } from './java-numbers.js';
import { type ArithmeticOperator, applyArithmetic, negate } from './number-arithmetic.js';
import { NUMBER_TYPES, type NumberTypeInfo, arithmeticResultType } from './number-types.js';
import { type TemporalKind, addDuration } from './temporal-arithmetic.js';

export type { ArithmeticOperator } from './number-arithmetic.js';

/** Operator → the name of the function implementing it. */
export const OPERATOR_FUNCTION_NAMES: Readonly<Record<ArithmeticOperator, string>> = {
  '+': '_add',
  '-': '_substract',
  '*': '_multiply',
  '/': '_divide',
  '%': '_modulo',
};

export const NEGATION_FUNCTION_NAME = '_negate';

/** The operator a function name implements, if it is an operator function. */
export function operatorOfFunction(name: string): ArithmeticOperator | undefined {
  return (Object.keys(OPERATOR_FUNCTION_NAMES) as ArithmeticOperator[]).find((op) => OPERATOR_FUNCTION_NAMES[op] === name);
}

function isAbsent(v: Buffer | null | undefined): v is null | undefined {
  return v === null || v === undefined || v.length === 0;
}

/** An operator function whose failures read "the operation 'l op r' failed: …". */
function operation(
  op: ArithmeticOperator,
  left: AbstractType,
  right: AbstractType,
  returnType: AbstractType,
  compute: (l: Buffer, r: Buffer) => Buffer,
): ScalarFunction {
  const name = OPERATOR_FUNCTION_NAMES[op];
  const argTypes = Object.freeze([left, right]);
  return Object.freeze({
    kind: 'scalar',
    name,
    argTypes,
    returnType,
    deterministic: true,
    execute([l, r]: readonly (Buffer | null)[]) {
      if (isAbsent(l) || isAbsent(r)) return null;
      try {
        return compute(l, r);
      } catch (e) {
        if (!(e instanceof Error) || e instanceof FunctionExecutionError) throw e;
        const types = argTypes.map(cqlTypeName);
        throw new FunctionExecutionError(name, types, `the operation '${types[0]} ${op} ${types[1]}' failed: ${e.message}`, { cause: e });
      }
    },
  } satisfies ScalarFunction);
}

function numeric(op: ArithmeticOperator, left: NumberTypeInfo, right: NumberTypeInfo): ScalarFunction {
  const result = arithmeticResultType(left, right);
  return operation(op, left.type, right.type, result.type, (l, r) =>
    writeNumber(result, applyArithmetic(op, result, { type: left, value: readNumber(left, l) }, { type: right, value: readNumber(right, r) })),
  );
}

function negation(t: NumberTypeInfo): ScalarFunction {
  return Object.freeze({
    kind: 'scalar',
    name: NEGATION_FUNCTION_NAME,
    argTypes: Object.freeze([t.type]),
    returnType: t.type,
    deterministic: true,
    execute: ([v]: readonly (Buffer | null)[]) => (isAbsent(v) ? null : writeNumber(t, negate(t, readNumber(t, v)))),
  } satisfies ScalarFunction);
}

function temporal(op: '+' | '-', kind: TemporalKind): ScalarFunction {
  const type = kind === 'timestamp' ? TIMESTAMP_TYPE : SIMPLE_DATE_TYPE;
  return operation(op, type, DURATION_TYPE, type, (t, d) => addDuration(kind, t, DURATION_TYPE.compose(d), op === '+' ? 1 : -1));
}

export function operatorFunctions(): ScalarFunction[] {
  const out: ScalarFunction[] = [];
  for (const left of NUMBER_TYPES) {
    for (const right of NUMBER_TYPES) {
      for (const op of Object.keys(OPERATOR_FUNCTION_NAMES) as ArithmeticOperator[]) out.push(numeric(op, left, right));
    }
    out.push(negation(left));
  }
  for (const op of ['+', '-'] as const) out.push(temporal(op, 'timestamp'), temporal(op, 'date'));
  return out;
}
