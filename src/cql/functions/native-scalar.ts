/**
 * Building blocks for native scalar functions: a definition helper that freezes the signature and
 * turns value errors raised while running into FunctionExecutionError (function-errors.ts), and a
 * variant for the common one-argument conversions where a null or empty argument gives null.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import type { FunctionContext } from './function-context.js';
import { failingAs } from './function-errors.js';
import type { ScalarFunction } from './function-model.js';

export interface NativeScalarSpec {
  readonly name: string;
  readonly argTypes: readonly AbstractType[];
  readonly returnType: AbstractType;
  /** Default true; false for functions of the clock or randomness. */
  readonly deterministic?: boolean;
  readonly execute: (args: readonly (Buffer | null)[], ctx: FunctionContext) => Buffer | null;
}

export function nativeScalar(spec: NativeScalarSpec): ScalarFunction {
  const fn: ScalarFunction = {
    kind: 'scalar',
    name: spec.name,
    argTypes: Object.freeze([...spec.argTypes]),
    returnType: spec.returnType,
    deterministic: spec.deterministic ?? true,
    execute: (args, ctx) => failingAs(fn, () => spec.execute(args, ctx)),
  };
  return Object.freeze(fn);
}

/** A one-argument function whose null or empty argument gives null. */
export function unaryConversion(name: string, argType: AbstractType, returnType: AbstractType, convert: (value: Buffer) => Buffer): ScalarFunction {
  return nativeScalar({
    name,
    argTypes: [argType],
    returnType,
    execute: ([value]) => (value === null || value === undefined || value.length === 0 ? null : convert(value)),
  });
}
