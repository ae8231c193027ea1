/**
 * Test support (imported only by *.test.ts): a FunctionContext with a pinned clock and seeded
 * randomness, and shorthands to resolve and run calls on CQL text values.
 */
import assert from 'node:assert/strict';
import { SeededRandom } from '../../../src/env/seeded-random.js';
import type { AbstractType } from '../../../src/marshal/abstract-type.js';
import { parseCqlType } from '../../../src/marshal/type-parser.js';
import type { CallArg } from '../../../src/cql/functions/call-args.js';
import { type FunctionContext, createFunctionContext } from '../../../src/cql/functions/function-context.js';
import type { AggregateFunction, CqlFunction, ScalarFunction } from '../../../src/cql/functions/function-model.js';
import { createNativeFunctionRegistry } from '../../../src/cql/functions/native-functions.js';

export const registry = createNativeFunctionRegistry();

/** A context whose clock reads `ms` (settable) and whose randomness is seeded. */
export function testContext(ms = Date.UTC(2021, 2, 4, 5, 6, 7, 8)): FunctionContext & { setNow(ms: number): void } {
  let now = ms;
  const ctx = createFunctionContext({ clock: { nowMs: () => now }, random: new SeededRandom(42) });
  return Object.assign(ctx, { setNow: (m: number) => void (now = m) });
}

export const cql = (name: string): AbstractType => parseCqlType(name);

/** A value from its CQL text form. */
export const v = (type: string, text: string): Buffer => cql(type).fromString(text);

/** A value's CQL text form (null for null). */
export function show(type: AbstractType, b: Buffer | null): string | null {
  return b === null ? null : type.toString(b);
}

export function asScalar(fn: CqlFunction): ScalarFunction {
  assert.equal(fn.kind, 'scalar', `${fn.name} is not a scalar function`);
  return fn as ScalarFunction;
}

export function asAggregate(fn: CqlFunction): AggregateFunction {
  assert.equal(fn.kind, 'aggregate', `${fn.name} is not an aggregate`);
  return fn as AggregateFunction;
}

/** Resolves `name` for `args` (receiver optional) and runs it on `values`, printing the result. */
export function run(name: string, args: readonly CallArg[], values: readonly (Buffer | null)[], ctx: FunctionContext = testContext(), receiver: AbstractType | null = null): string | null {
  const fn = asScalar(registry.resolve(name, args, receiver));
  return show(fn.returnType, fn.execute(values, ctx));
}

/** Runs aggregate `fn` over rows of one argument each, giving the result's text. */
export function aggregate(fn: CqlFunction, rows: readonly (Buffer | null)[]): string | null {
  const agg = asAggregate(fn);
  let state = agg.init();
  for (const row of rows) state = agg.add(state, [row]);
  return show(agg.returnType, agg.result(state));
}
