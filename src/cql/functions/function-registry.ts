/**
 * The functions a CQL statement can call, by name, and the choice of overload for a call — the
 * way Cassandra's FunctionResolver chooses:
 *
 *   1. No function of that name: "Unknown function <name> called".
 *   2. One overload: it is the one, provided the arity and every argument fit
 *      ("Invalid number of arguments in call to function system.f: 1 required but 2 provided",
 *       "Type error: 'x' cannot be passed as argument 0 of function system.f of type int").
 *   3. Several: keep those whose return type the receiver (when the call feeds a known type, e.g.
 *      an INSERT value) accepts; the first whose every argument fits exactly wins at once;
 *      otherwise the overloads where every argument fits at least weakly (call-args.ts) are the
 *      candidates. None: "Invalid call to function system.f, none of its type signatures match
 *      (known type signatures: …)" (for operators: "the '+' operation is not supported between a
 *      and b"; when no overload has that many parameters: the arity message). One: it. More: an
 *      ambiguity error, except that an operator feeding a receiver, with no bind marker among
 *      its operands, takes the overload whose two operands have the receiver's type.
 *
 * Three names are special: toJson and fromJson have one overload per type (json-functions.ts),
 * built from the argument's type (toJson, which needs a typed argument and no receiver) or the
 * receiver (fromJson, which needs one); token() is the executor's, partitioner-specific.
 *
 * Names are given normalised (unquoted identifiers lower-cased by the parser, quoted ones as
 * written); they are matched exactly. A registry is immutable: withFunctions makes an extended one
 * (e.g. for user-defined functions).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/abstract-type.js';
import { type CallArg, type Fit, fitOf } from './call-args.js';
import { type CqlFunction, SYSTEM_KEYSPACE, cqlTypeName, describeFunction, qualifiedName } from './function-model.js';
import { FROM_JSON_NAME, TO_JSON_NAME, fromJsonFunction, toJsonFunction } from './json-functions.js';
import { NEGATION_FUNCTION_NAME, operatorOfFunction } from './operator-functions.js';
import { isValueCompatible, sameType } from './type-compat.js';

/**
 * User-defined overloads to consider besides (or instead of) the native ones, as Cassandra's
 * FunctionResolver gathers them: for `f(…)` the native f and the statement keyspace's f; for
 * `ks.f(…)` only ks's (natives: false); `written`: the name as the statement wrote it (messages).
 */
export interface UserCandidates {
  readonly functions: readonly CqlFunction[];
  readonly natives: boolean;
  readonly written: string;
}

export class FunctionRegistry {
  private readonly byName: ReadonlyMap<string, readonly CqlFunction[]>;

  constructor(functions: Iterable<CqlFunction>) {
    const byName = new Map<string, CqlFunction[]>();
    for (const fn of functions) {
      const overloads = byName.get(fn.name) ?? [];
      overloads.push(fn);
      byName.set(fn.name, overloads);
    }
    this.byName = byName;
  }

  /** A registry with these functions added to this one's. */
  withFunctions(functions: Iterable<CqlFunction>): FunctionRegistry {
    return new FunctionRegistry([...[...this.byName.values()].flat(), ...functions]);
  }

  has(name: string): boolean {
    return this.byName.has(name) || name === TO_JSON_NAME || name === FROM_JSON_NAME;
  }

  /** Every overload registered under `name` (toJson/fromJson are built per call: none listed). */
  overloads(name: string): readonly CqlFunction[] {
    return this.byName.get(name) ?? [];
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /**
   * The overload of `name` a call with these arguments means. `receiver`: the type the result
   * must fit when the call feeds one (a column value, a typed term), else null.
   * InvalidRequestError when there is none or more than one (file comment).
   */
  resolve(name: string, args: readonly CallArg[], receiver: AbstractType | null = null, users: UserCandidates | null = null): CqlFunction {
    const natives = users?.natives === false ? undefined : this.byName.get(name);
    if (users === null || users.natives !== false) {
      if (name === TO_JSON_NAME) return resolveToJson(args, receiver);
      if (name === FROM_JSON_NAME) return resolveFromJson(args, receiver);
    }
    const candidates = users === null || users.functions.length === 0 ? natives : [...(natives ?? []), ...users.functions];
    if (candidates === undefined || candidates.length === 0) throw new InvalidRequestError(`Unknown function ${users?.written ?? name} called`);
    if (candidates.length === 1) return checkedSingle(candidates[0]!, args);
    return chooseOverload(name, candidates, args, receiver);
  }
}

function qualified(name: string): string {
  return `${SYSTEM_KEYSPACE}.${name}`;
}

function arityError(name: string, required: string, provided: number): InvalidRequestError {
  return new InvalidRequestError(`Invalid number of arguments in call to function ${name}: ${required} required but ${provided} provided`);
}

function checkedSingle(fn: CqlFunction, args: readonly CallArg[]): CqlFunction {
  if (args.length !== fn.argTypes.length) throw arityError(qualifiedName(fn), String(fn.argTypes.length), args.length);
  args.forEach((arg, i) => {
    if (fitOf(arg, fn.argTypes[i]!) === 'none') {
      throw new InvalidRequestError(`Type error: ${arg.text} cannot be passed as argument ${i} of function ${qualifiedName(fn)} of type ${cqlTypeName(fn.argTypes[i]!)}`);
    }
  });
  return fn;
}

/** The weakest fit over all arguments ('none' as soon as one does not fit). */
function callFit(fn: CqlFunction, args: readonly CallArg[]): Fit {
  if (fn.argTypes.length !== args.length) return 'none';
  let fit: Fit = 'exact';
  for (let i = 0; i < args.length; i++) {
    const f = fitOf(args[i]!, fn.argTypes[i]!);
    if (f === 'none') return 'none';
    if (f === 'weak') fit = 'weak';
  }
  return fit;
}

function chooseOverload(name: string, candidates: readonly CqlFunction[], args: readonly CallArg[], receiver: AbstractType | null): CqlFunction {
  const compatible: CqlFunction[] = [];
  for (const fn of candidates) {
    if (receiver !== null && !isValueCompatible(receiver, fn.returnType)) continue;
    const fit = callFit(fn, args);
    if (fit === 'exact') return fn;
    if (fit === 'weak') compatible.push(fn);
  }
  const op = operatorOfFunction(name);
  const [first, second] = [args[0]?.text ?? '', args[1]?.text ?? ''];
  if (compatible.length === 0) {
    if (op !== undefined && args.length === 2) throw new InvalidRequestError(`the '${op}' operation is not supported between ${first} and ${second}`);
    const arities = [...new Set(candidates.map((f) => f.argTypes.length))].sort((a, b) => a - b);
    if (!arities.includes(args.length)) throw arityError(qualifiedName(candidates[0]!), arities.join(' or '), args.length);
    throw new InvalidRequestError(
      `Invalid call to function ${qualifiedName(candidates[0]!)}, none of its type signatures match (known type signatures: ${candidates.map(describeFunction).join(', ')})`,
    );
  }
  if (compatible.length === 1) return compatible[0]!;
  if (op !== undefined) {
    if (receiver !== null && !args.some((a) => a.kind === 'marker')) {
      const same = compatible.find((fn) => fn.argTypes.every((t) => sameType(t, receiver)));
      if (same !== undefined) return same;
    }
    throw new InvalidRequestError(`Ambiguous '${op}' operation with args ${first} and ${second}: use type hint to disambiguate, example '(int) ?'`);
  }
  if (name === NEGATION_FUNCTION_NAME) throw new InvalidRequestError('Ambiguous negation: use type casts to disambiguate');
  throw new InvalidRequestError(
    `Ambiguous call to function ${qualifiedName(candidates[0]!)} (can be matched by following signatures: ${compatible.map(describeFunction).join(', ')}): use type casts to disambiguate`,
  );
}

function resolveToJson(args: readonly CallArg[], receiver: AbstractType | null): CqlFunction {
  if (receiver !== null) throw new InvalidRequestError('toJson() may only be used within the selection clause of SELECT statements');
  if (args.length !== 1) throw arityError(qualified(TO_JSON_NAME), '1', args.length);
  const arg = args[0]!;
  if (arg.kind !== 'typed') throw new InvalidRequestError(`toJson() needs an argument of known type, got ${arg.text}: use a type cast`);
  return toJsonFunction(arg.type);
}

function resolveFromJson(args: readonly CallArg[], receiver: AbstractType | null): CqlFunction {
  if (receiver === null) throw new InvalidRequestError('fromJson() cannot be used in the selection clause of a SELECT statement');
  const fn = fromJsonFunction(receiver);
  return checkedSingle(fn, args);
}
