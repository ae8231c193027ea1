/**
 * CREATE [OR REPLACE] AGGREGATE [IF NOT EXISTS] [ks.]a(type, …) SFUNC f STYPE t [FINALFUNC g]
 * [INITCOND literal]: an aggregate of the keyspace over functions of the same keyspace — f taking
 * (t, type, …) and returning t, g taking (t). Checks and messages in Cassandra 4.0's order and
 * words (checked in apache/cassandra cql3/statements/schema/CreateAggregateStatement.java).
 */
import { InvalidRequestError } from '../../errors/index.js';
import type { AbstractType } from '../../marshal/index.js';
import { type AggregateDef, withFunctions } from '../../schema/index.js';
import { type CqlContext, type Preparer, UNSET, keyspaceOf } from '../execution/index.js';
import { type CreateAggregateStatement, formatType } from '../parser/index.js';
import { BindVariables, CalledFunctions, bindTerm } from '../terms/index.js';
import { isExplicitlyFrozen, assertUdfsEnabled, compatibleReturn, existingKeyspace, findOverload, refuseFrozenArguments, replacedOrAdded, resolveTypes, typeTexts } from './function-ddl.js';
import { resolveCqlType } from './resolve-type.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

export const prepareCreateAggregate: Preparer<CreateAggregateStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.name, session);
  const name = stmt.name.name;
  const stateText = `${keyspace}.${stmt.stateFunction}(${typeTexts([stmt.stateType, ...stmt.argumentTypes]).join(', ')})`;
  const finalText = `${keyspace}.${stmt.finalFunction}(${formatType(stmt.stateType)})`;
  return schemaStatement('createAggregate', async () => {
    checkModifiable(ctx, keyspace);
    if (stmt.ifNotExists && stmt.orReplace) throw new InvalidRequestError("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives");
    assertUdfsEnabled(ctx, 'java');
    refuseFrozenArguments(stmt.argumentTypes);
    if (isExplicitlyFrozen(stmt.stateType)) {
      const text = formatType(stmt.stateType);
      throw new InvalidRequestError(`State type '${text}' cannot be frozen; remove frozen<> modifier from '${text}'`);
    }
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = existingKeyspace(s, keyspace);
      const argumentTypes = resolveTypes(stmt.argumentTypes, keyspace, s);
      const stateType = resolveCqlType(stmt.stateType, keyspace, s);
      const sfunc = findOverload(ks, stmt.stateFunction, [stateType, ...argumentTypes]);
      if (sfunc === undefined) throw new InvalidRequestError(`State function ${stateText} doesn't exist`);
      if (sfunc.kind !== 'function') throw new InvalidRequestError(`State function ${stateText} isn't a scalar function`);
      if (sfunc.returnType.fullName !== stateType.fullName) {
        throw new InvalidRequestError(`State function ${stateText} return type must be the same as the first argument type - check STYPE, argument and return types`);
      }
      let returnType = sfunc.returnType;
      if (stmt.finalFunction !== null) {
        const ffunc = findOverload(ks, stmt.finalFunction, [stateType]);
        if (ffunc === undefined) throw new InvalidRequestError(`Final function ${finalText} doesn't exist`);
        if (ffunc.kind !== 'function') throw new InvalidRequestError(`Final function ${finalText} isn't a scalar function`);
        returnType = ffunc.returnType;
      }
      const initcond = initialState(stmt, stateType, keyspace, ctx);
      if (!sfunc.calledOnNullInput && initcond === null) {
        throw new InvalidRequestError(`Cannot create aggregate '${name}' without INITCOND because state function ${keyspace}.${stmt.stateFunction} does not accept 'null' arguments`);
      }
      const def: AggregateDef = Object.freeze({ kind: 'aggregate', keyspace, name, argumentTypes, stateFunction: stmt.stateFunction, stateType, finalFunction: stmt.finalFunction, initcond, returnType });
      const old = findOverload(ks, name, argumentTypes);
      if (old !== undefined) {
        if (old.kind === 'function') throw new InvalidRequestError(`Aggregate '${name}' cannot replace a function`);
        if (stmt.ifNotExists) return null;
        if (!stmt.orReplace) throw new InvalidRequestError(`Aggregate '${name}' already exists`);
        if (!compatibleReturn(returnType, old.returnType)) {
          throw new InvalidRequestError(
            `Cannot replace aggregate '${name}', the new return type ${typeName(returnType)} isn't compatible with the return type ${typeName(old.returnType)} of existing function`,
          );
        }
      }
      return {
        schema: s.replaceKeyspace(withFunctions(ks, replacedOrAdded(ks, old, def))),
        event: { change: old === undefined ? 'CREATED' : 'UPDATED', target: 'AGGREGATE', keyspace, name, argTypes: typeTexts(stmt.argumentTypes) },
      };
    });
  });
};

function typeName(t: AbstractType): string {
  return t.cqlName ?? t.name;
}

/** INITCOND as a value of the state type; null when absent or `null`. */
function initialState(stmt: CreateAggregateStatement, stateType: AbstractType, keyspace: string, ctx: CqlContext): Buffer | null {
  const term = stmt.initialCondition;
  if (term === null) return null;
  let v: Buffer | null | typeof UNSET;
  try {
    v = bindTerm(term, { keyspace, table: '', name: 'initcond', type: stateType }, { ctx, keyspace, markers: new BindVariables(0), called: new CalledFunctions() }).evaluate([]);
  } catch (e) {
    if (e instanceof InvalidRequestError) throw new InvalidRequestError(`Invalid value for INITCOND of type ${typeName(stateType)}`, { cause: e });
    throw e;
  }
  if (v === UNSET || v === null) return null;
  const textual = ['text', 'ascii', 'blob', 'varchar'].includes(stateType.cqlName ?? '');
  if (v.length === 0 && !textual) throw new InvalidRequestError('INITCOND must not be empty for all types except TEXT, ASCII, BLOB');
  return v;
}
