/**
 * User-defined functions and aggregates of a keyspace (CREATE FUNCTION / CREATE AGGREGATE), as
 * the schema keeps them: plain definitions, compiled by the CQL layer when a statement calls
 * them. Overloads share a name and differ by argument types; two signatures are the same when
 * their types read the same in CQL once frozen (Cassandra's Functions.typesMatch compares frozen
 * types the same way).
 */
import { InvalidRequestError } from '../errors/index.js';
import { type AbstractType, AbstractTupleType, CollectionType, UserType, toCqlString } from '../marshal/index.js';

export interface FunctionDef {
  readonly kind: 'function';
  readonly keyspace: string;
  readonly name: string;
  readonly argumentNames: readonly string[];
  readonly argumentTypes: readonly AbstractType[];
  readonly returnType: AbstractType;
  /** CALLED ON NULL INPUT (true) or RETURNS NULL ON NULL INPUT (false). */
  readonly calledOnNullInput: boolean;
  /** Lower case: `javascript`, `java`. */
  readonly language: string;
  readonly body: string;
}

export interface AggregateDef {
  readonly kind: 'aggregate';
  readonly keyspace: string;
  readonly name: string;
  readonly argumentTypes: readonly AbstractType[];
  /** A function of this keyspace taking (stateType, ...argumentTypes). */
  readonly stateFunction: string;
  readonly stateType: AbstractType;
  /** A function of this keyspace taking (stateType), or null. */
  readonly finalFunction: string | null;
  /** The serialized initial state, or null. */
  readonly initcond: Buffer | null;
  /** The final function's return type, else the state type. */
  readonly returnType: AbstractType;
}

export type UserFunctionDef = FunctionDef | AggregateDef;

/** A type as signatures compare it: frozen, in CQL. */
function comparedText(t: AbstractType): string {
  return toCqlString(frozen(t));
}

/** `t` frozen when it is a collection, tuple or user type (a function takes and gives whole values). */
export function frozen(t: AbstractType): AbstractType {
  if (t instanceof CollectionType || t instanceof AbstractTupleType || t instanceof UserType) return t.freeze() as AbstractType;
  return t;
}

export function sameSignature(a: readonly AbstractType[], b: readonly AbstractType[]): boolean {
  return a.length === b.length && a.every((t, i) => comparedText(t) === comparedText(b[i]!));
}

/** Each definition belongs to the keyspace, and no two (functions and aggregates together) share a signature. */
export function checkUserFunctions(keyspace: string, defs: readonly UserFunctionDef[]): void {
  const seen = new Set<string>();
  for (const d of defs) {
    if (d.keyspace !== keyspace) throw new InvalidRequestError(`Function ${d.keyspace}.${d.name} cannot be defined in keyspace ${keyspace}`);
    const sig = `${d.name}(${d.argumentTypes.map(comparedText).join(', ')})`;
    if (seen.has(sig)) throw new InvalidRequestError(`Function '${d.keyspace}.${sig}' is defined twice`);
    seen.add(sig);
  }
}
