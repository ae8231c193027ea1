/**
 * What the function and aggregate statements share: the enable switches (Cassandra 4.0's
 * messages, checked in apache/cassandra cql3/functions/UDFunction.java assertUdfsEnabled), the
 * checks on argument types (no frozen<…>: Cassandra's CreateFunctionStatement /
 * CreateAggregateStatement), resolving types in the function's keyspace, the overloads of a name,
 * and the types as a schema-change event and system_schema list them (CQL text as written).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import type { KeyspaceDef, Schema, UserFunctionDef } from '../../schema/index.js';
import { sameSignature } from '../../schema/index.js';
import type { CqlContext } from '../execution/index.js';
import { isValueCompatible } from '../functions/index.js';
import { type CqlType, formatType } from '../parser/index.js';
import { resolveCqlType } from './resolve-type.js';

export function assertUdfsEnabled(ctx: CqlContext, language: string): void {
  const s = ctx.userFunctions.settings;
  if (!s.enabled) throw new InvalidRequestError('User-defined functions are disabled in cassandra.yaml - set enable_user_defined_functions=true to enable');
  if (language !== 'java' && !s.scriptedEnabled) {
    throw new InvalidRequestError('Scripted user-defined functions are disabled in cassandra.yaml - set enable_scripted_user_defined_functions=true to enable if you are aware of the security risks');
  }
}

/** frozen<…> written around a type that is not always frozen (tuples are: `frozen<tuple<…>>` is how they print). */
export function isExplicitlyFrozen(t: CqlType): boolean {
  return t.kind === 'frozen' && t.type.kind !== 'tuple';
}

/** "Argument 'frozen<list<int>>' cannot be frozen; …" for the first frozen argument type. */
export function refuseFrozenArguments(types: readonly CqlType[]): void {
  const frozen = types.find(isExplicitlyFrozen);
  if (frozen !== undefined) {
    const text = formatType(frozen);
    throw new InvalidRequestError(`Argument '${text}' cannot be frozen; remove frozen<> modifier from '${text}'`);
  }
}

export function existingKeyspace(s: Schema, keyspace: string): KeyspaceDef {
  const ks = s.keyspace(keyspace);
  if (ks === undefined) throw new InvalidRequestError(`Keyspace '${keyspace}' doesn't exist`);
  return ks;
}

export function resolveTypes(types: readonly CqlType[], keyspace: string, s: Schema): AbstractType[] {
  return types.map((t) => resolveCqlType(t, keyspace, s));
}

/** The definition of `name` with exactly these argument types (function or aggregate), if any. */
export function findOverload(ks: KeyspaceDef, name: string, types: readonly AbstractType[]): UserFunctionDef | undefined {
  return ks.functions.find((d) => d.name === name && sameSignature(d.argumentTypes, types));
}

/** The keyspace's definitions with `def` in place of `old` (or added). */
export function replacedOrAdded(ks: KeyspaceDef, old: UserFunctionDef | undefined, def: UserFunctionDef): readonly UserFunctionDef[] {
  return old === undefined ? [...ks.functions, def] : ks.functions.map((d) => (d === old ? def : d));
}

/** Types as a statement wrote them (schema-change events carry them so). */
export function typeTexts(types: readonly CqlType[]): string[] {
  return types.map(formatType);
}

/** Whether values of the old return type read as the new one (Cassandra's isCompatibleWith, as near as we have it). */
export function compatibleReturn(next: AbstractType, old: AbstractType): boolean {
  return next.fullName === old.fullName || isValueCompatible(next, old);
}
