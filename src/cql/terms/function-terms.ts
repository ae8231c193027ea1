/**
 * Terms computed by functions: calls `f(a, b)` (native functions through the registry's overload
 * resolution, with the receiver's type deciding between overloads), arithmetic `a + b` and
 * negation `-a` (the operator functions), `CAST(a AS t)` and type hints `(t) a`. Arguments are
 * bound to the chosen overload's parameter types (markers named `arg0(system.f)`); calls of
 * deterministic functions on constants are evaluated once, at prepare time; now(), uuid() and the
 * like run at each execution through the context's FunctionContext.
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import type { BoundValue } from '../execution/bound-value.js';
import type { ColumnSpec } from '../execution/cql-result.js';
import {
  type CallArg,
  CallArgs,
  type CqlFunction,
  NEGATION_FUNCTION_NAME,
  OPERATOR_FUNCTION_NAMES,
  qualifiedName,
  type ScalarFunction,
  castFunction,
  cqlTypeName,
  isValueCompatible,
  preferredLiteralType,
  unwrapReversed,
} from '../functions/index.js';
import type { Term } from '../parser/index.js';
import type { BoundTerm } from './bound-term.js';
import type { BindFn } from './collection-terms.js';
import { derivedTerm } from './derived-term.js';
import { argSpec, derivedSpec } from './receivers.js';
import { resolveCqlType } from './resolve-cql-type.js';
import { termText } from './term-text.js';
import type { TermScope } from './term-scope.js';

type CallTerm = Extract<Term, { kind: 'functionCall' | 'binary' | 'negate' }>;
type CastTerm = Extract<Term, { kind: 'cast' }>;
type HintTerm = Extract<Term, { kind: 'typeHint' }>;

/** A function call, an operation or a negation, bound to its receiver. */
export function bindCall(term: CallTerm, receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const fn = resolveForReceiver(term, receiver, scope);
  // Noted here, where the call is bound, not in resolveCall: overload resolution also resolves
  // nested calls speculatively, once per candidate parameter type.
  scope.called.note(fn);
  if (!isValueCompatible(receiver.type, fn.returnType)) {
    throw new InvalidRequestError(
      `Type error: cannot assign result of function ${qualifiedName(fn)} (type ${cqlTypeName(fn.returnType)}) to ${receiver.name} (type ${cqlTypeName(unwrapReversed(receiver.type))})`,
    );
  }
  return bindCallArgs(fn, argsOf(term), receiver, scope, bind);
}

/**
 * The overload for the receiver; when the receiver rules every overload out but the call itself
 * resolves, the result's type is what is wrong, and the error says so.
 */
function resolveForReceiver(term: CallTerm, receiver: ColumnSpec, scope: TermScope): ScalarFunction {
  try {
    return resolveCall(term, unwrapReversed(receiver.type), scope);
  } catch (e) {
    if (!(e instanceof InvalidRequestError)) throw e;
    let alone: ScalarFunction;
    try {
      alone = resolveCall(term, null, scope);
    } catch {
      throw e;
    }
    return alone;
  }
}

/** Binds the arguments to `fn`'s parameters and calls it (once now, if it can). */
function bindCallArgs(fn: ScalarFunction, args: readonly Term[], receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const parts = args.map((a, i) => bind(a, argSpec(receiver, fn.name, i, fn.argTypes[i]!), scope));
  const ctx = scope.ctx.functionContext;
  return derivedTerm(
    parts,
    (values: readonly BoundValue[]) => {
      const argv = values.map((v) => {
        if (typeof v === 'symbol') throw new InvalidRequestError(`Invalid unset value for argument in call to function ${qualifiedName(fn)}`);
        return v;
      });
      return fn.execute(argv, ctx);
    },
    fn.deterministic,
  );
}

/** The overload a call means for a receiver of type `receiver` (null: no receiver). */
function resolveCall(term: CallTerm, receiver: AbstractType | null, scope: TermScope): ScalarFunction {
  const args = argsOf(term);
  const callArgs = args.map((a) => callArgOf(a, scope));
  let name: string;
  let users = null;
  if (term.kind === 'binary') name = OPERATOR_FUNCTION_NAMES[term.op];
  else if (term.kind === 'negate') name = NEGATION_FUNCTION_NAME;
  else {
    name = term.name.name;
    users = scope.ctx.userFunctions.candidates(scope.ctx.schema(), term.name, scope.keyspace);
  }
  const fn: CqlFunction = scope.ctx.functions.resolve(name, callArgs, receiver, users);
  if (fn.kind !== 'scalar') throw new InvalidRequestError(`Aggregate function ${qualifiedName(fn)} cannot be used here: aggregates are only allowed in the selection clause of SELECT`);
  return fn;
}

function argsOf(term: CallTerm): readonly Term[] {
  switch (term.kind) {
    case 'functionCall':
      return term.args;
    case 'binary':
      return [term.left, term.right];
    case 'negate':
      return [term.term];
  }
}

/** How the resolver sees a term given as an argument. */
function callArgOf(term: Term, scope: TermScope): CallArg {
  const text = termText(term);
  switch (term.kind) {
    case 'literal':
      return CallArgs.literal(term.type, term.text, text);
    case 'bindMarker':
      return CallArgs.marker(text);
    case 'null':
      return CallArgs.null();
    case 'typeHint':
      return CallArgs.typed(resolveCqlType(term.type, scope), text);
    case 'cast':
      return CallArgs.typed(resolveCqlType({ kind: 'native', name: term.type }, scope), text);
    case 'functionCall':
    case 'binary':
    case 'negate':
      return CallArgs.call(text, (r) => resolveCall(term, r, scope));
    default:
      // Collection, tuple and UDT literals: their type comes from the parameter.
      return CallArgs.marker(text);
  }
}

/** CAST(term AS type): the term's own type must be known (a literal's, a call's, a hint's). */
export function bindCast(term: CastTerm, receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const target = resolveCqlType({ kind: 'native', name: term.type }, scope);
  const source = typeOfTerm(term.term, scope);
  const fn = castFunction(source, target);
  if (!isValueCompatible(receiver.type, target)) {
    throw new InvalidRequestError(`Type error: cannot assign result of CAST (type ${cqlTypeName(target)}) to ${receiver.name} (type ${cqlTypeName(unwrapReversed(receiver.type))})`);
  }
  const inner = bind(term.term, derivedSpec(receiver, receiver.name, source), scope);
  return derivedTerm([inner], ([v]) => (v === undefined || typeof v === 'symbol' ? (v ?? null) : fn.execute([v], scope.ctx.functionContext)));
}

/** `(type) term`: the term is bound as that type, which the receiver must accept. */
export function bindTypeHint(term: HintTerm, receiver: ColumnSpec, scope: TermScope, bind: BindFn): BoundTerm {
  const type = resolveCqlType(term.type, scope);
  if (!isValueCompatible(receiver.type, type)) {
    throw new InvalidRequestError(`Cannot assign value of type ${cqlTypeName(type)} to ${receiver.name} of type ${cqlTypeName(unwrapReversed(receiver.type))}`);
  }
  return bind(term.term, derivedSpec(receiver, receiver.name, type), scope);
}

/** The type a term has by itself (no receiver), for CAST. */
function typeOfTerm(term: Term, scope: TermScope): AbstractType {
  switch (term.kind) {
    case 'literal': {
      const t = preferredLiteralType(term.type, term.text);
      if (t !== null) return t;
      break;
    }
    case 'typeHint':
      return resolveCqlType(term.type, scope);
    case 'cast':
      return resolveCqlType({ kind: 'native', name: term.type }, scope);
    case 'functionCall':
    case 'binary':
    case 'negate':
      return resolveCall(term, null, scope).returnType;
    default:
      break;
  }
  throw new InvalidRequestError(`Cannot infer the type of ${termText(term)} in CAST: use a type hint, e.g. CAST((int) ? AS text)`);
}
