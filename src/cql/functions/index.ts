/**
 * CQL functions for the executor: the function model (scalar functions and aggregates over
 * serialized values), the context they read time and randomness from, the registry with
 * Cassandra's overload resolution, the native functions, operators as functions, and CAST.
 *
 *   const functions = createNativeFunctionRegistry();            // once
 *   const ctx = createFunctionContext(env);                      // once per node
 *   const fn = functions.resolve('todate', [CallArgs.typed(TIMESTAMP_TYPE, 't')]);
 *   fn.kind === 'scalar' && fn.execute([value], ctx);
 *   const plus = functions.resolve(OPERATOR_FUNCTION_NAMES['+'], [a, b], receiverType);
 *   const cast = castFunction(DOUBLE_TYPE, INT32_TYPE);
 *
 * The function model the executor calls (`ScalarFunction`, `AggregateFunction` over serialized
 * values; time and ids only through a `FunctionContext`), `FunctionRegistry` with Cassandra's
 * overload resolution (`call-args.ts` fits, `function-registry.ts`), the native functions (time,
 * uuid, blob conversions, toJson/fromJson), operators as functions (`_add`… with number promotion
 * and Java overflow, decimal math, timestamp/date ± duration), count/min/max/sum/avg,
 * `castFunction` (CAST matrix); user-defined functions and aggregates (`user-functions.ts`, JavaScript
 * bodies in a node:vm sandbox on a worker thread bounded in time and memory: `javascript-function.ts`,
 * `javascript-host.ts`, `javascript-worker.ts`, `javascript-sandbox.ts`, `javascript-prelude.ts`, `js-values.ts`)
 */
export { type AggregateFunction, type CqlFunction, type ScalarFunction, SYSTEM_KEYSPACE, cqlTypeName, describeFunction, qualifiedName } from './function-model.js';
export { type FunctionContext, createFunctionContext, randomUuidFrom } from './function-context.js';
export { FunctionExecutionError } from './function-errors.js';
export { type CallArg, CallArgs, type Fit, type LiteralKind, fitOf, preferredLiteralType } from './call-args.js';
export { isValueCompatible, sameType, unwrapReversed } from './type-compat.js';
export { FunctionRegistry, type UserCandidates } from './function-registry.js';
export { UserFunctions, type UserFunctionName, finalFunctionOf, stateFunctionOf } from './user-functions.js';
export { DEFAULT_UDF_SETTINGS, type UdfSettings } from './udf-settings.js';
export { DEFAULT_JAVASCRIPT_LIMITS, JavascriptHost, type JavascriptLimits } from './javascript-host.js';
export { createNativeFunctionRegistry } from './native-functions.js';
export { type ArithmeticOperator, NEGATION_FUNCTION_NAME, OPERATOR_FUNCTION_NAMES, operatorOfFunction } from './operator-functions.js';
export { COUNT_ROWS_NAME } from './basic-aggregates.js';
export { FROM_JSON_NAME, TO_JSON_NAME, fromJsonFunction, toJsonFunction } from './json-functions.js';
export { castFunction } from './cast-functions.js';
export { NUMBER_TYPES, type NumberKind, type NumberTypeInfo, arithmeticResultType, numberTypeInfo } from './number-types.js';
