/**
 * The function model the CQL executor calls: scalar functions and aggregates over serialized
 * values (Buffer, with null for CQL null), with fixed argument and return types. Overloads share a
 * name; the registry (function-registry.ts) picks one per call.
 *
 * Names are the normalised CQL names: native functions are lower case ('todate', 'textasblob',
 * 'now'), the arithmetic operators are '_add', '_substract', '_multiply', '_divide', '_modulo'
 * and '_negate' (operators.ts), and COUNT(*) is the aggregate 'countRows'. All native functions
 * live in the 'system' keyspace (messages print them as system.todate).
 *
 * Null and empty values: a native function receives null for CQL null and decides itself what that
 * means (almost always: null out). Zero-byte values ("empty" values of types that allow them) are
 * passed as they are.
 */
import type { AbstractType } from '../../marshal/abstract-type.js';
import type { FunctionContext } from './function-context.js';

/** The keyspace native functions belong to. */
export const SYSTEM_KEYSPACE = 'system';

interface FunctionBase {
  /** The normalised name (see the file comment). */
  readonly name: string;
  /** A user-defined function's keyspace; native functions have none ('system'). */
  readonly keyspace?: string;
  readonly argTypes: readonly AbstractType[];
  readonly returnType: AbstractType;
}

/** A function from one row's argument values to one value. */
export interface ScalarFunction extends FunctionBase {
  readonly kind: 'scalar';
  /**
   * False when results depend on the clock or randomness (now(), uuid(), currentDate(), …): such
   * calls must be evaluated per execution, never folded into a prepared statement's constants.
   */
  readonly deterministic: boolean;
  /**
   * The result for serialized arguments (one per argType, null for CQL null). Throws
   * InvalidRequestError for values the function refuses (e.g. blobAsInt of 3 bytes) and
   * FunctionExecutionError (function-errors.ts) when evaluation fails (division by zero, a date out
   * of range, undecodable JSON).
   */
  execute(args: readonly (Buffer | null)[], ctx: FunctionContext): Buffer | null;
}

/**
 * A function over a group of rows. Usage: `let s = f.init(); for each row s = f.add(s, args);
 * f.result(s)`. `add` may update the state in place and return it, or return a new one: always use
 * its return value. One state per group; states are independent, so one function object serves
 * any number of concurrent queries.
 */
export interface AggregateFunction<S = unknown> extends FunctionBase {
  readonly kind: 'aggregate';
  /** A user-defined aggregate's state and final functions (what a call of it also runs). */
  readonly uses?: readonly ScalarFunction[];
  init(): S;
  add(state: S, args: readonly (Buffer | null)[]): S;
  result(state: S): Buffer | null;
}

export type CqlFunction = ScalarFunction | AggregateFunction;

/** A type's CQL name for messages ('int', 'timestamp'), else its class form. */
export function cqlTypeName(type: AbstractType): string {
  return type.cqlName ?? type.name;
}

/** The function's name with its keyspace: 'system.todate', 'ks.f'. */
export function qualifiedName(fn: Pick<CqlFunction, 'name' | 'keyspace'>): string {
  return `${fn.keyspace ?? SYSTEM_KEYSPACE}.${fn.name}`;
}

/** Cassandra's description of an overload, as its messages list them: 'system.todate : (timeuuid) -> date'. */
export function describeFunction(fn: Pick<CqlFunction, 'name' | 'keyspace' | 'argTypes' | 'returnType'>): string {
  return `${qualifiedName(fn)} : (${fn.argTypes.map(cqlTypeName).join(', ')}) -> ${cqlTypeName(fn.returnType)}`;
}
