/**
 * DROP FUNCTION [IF EXISTS] [ks.]f[(type, …)] and DROP AGGREGATE likewise: one overload, named by
 * its argument types when the name has several. A function an aggregate uses cannot be dropped.
 * Messages as Cassandra 4.0's (checked in apache/cassandra cql3/statements/schema/
 * DropFunctionStatement.java and DropAggregateStatement.java); the event names the dropped
 * overload's argument types.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type AggregateDef, type FunctionDef, sameSignature, withFunctions } from '../../schema/index.js';
import { type CqlContext, type CqlStatement, type Preparer, keyspaceOf } from '../execution/index.js';
import type { DropAggregateStatement, DropFunctionStatement } from '../parser/index.js';
import { toCqlString } from '../../marshal/index.js';
import { refuseFrozenArguments, resolveTypes, typeTexts } from './function-ddl.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

type DropStatement = DropFunctionStatement | DropAggregateStatement;

export const prepareDropFunction: Preparer<DropFunctionStatement> = (stmt, _parsed, ctx, session) => prepareDrop(stmt, 'function', ctx, session);
export const prepareDropAggregate: Preparer<DropAggregateStatement> = (stmt, _parsed, ctx, session) => prepareDrop(stmt, 'aggregate', ctx, session);

function prepareDrop(stmt: DropStatement, kind: 'function' | 'aggregate', ctx: CqlContext, session: string | undefined): CqlStatement {
  const keyspace = keyspaceOf(stmt.name, session);
  const name = stmt.name.name;
  const [Word, WORD] = kind === 'function' ? ['Function', 'FUNCTION'] : ['Aggregate', 'AGGREGATE'];
  const written = stmt.argumentTypes === null ? `${keyspace}.${name}` : `${keyspace}.${name}(${typeTexts(stmt.argumentTypes).join(', ')})`;
  return schemaStatement(kind === 'function' ? 'dropFunction' : 'dropAggregate', async () => {
    checkModifiable(ctx, keyspace);
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = s.keyspace(keyspace);
      if (ks === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`${Word} '${written}' doesn't exist`);
      }
      const named = ks.functions.filter((d) => d.name === name);
      if (named.length > 1 && stmt.argumentTypes === null) {
        throw new InvalidRequestError(
          `'DROP ${WORD} ${name}' matches multiple function definitions; specify the argument types by issuing a statement like 'DROP ${WORD} ${name} (type, type, ...)'. You can use cqlsh 'DESCRIBE ${WORD} ${name}' command to find all overloads`,
        );
      }
      if (stmt.argumentTypes !== null) refuseFrozenArguments(stmt.argumentTypes);
      const types = stmt.argumentTypes === null ? null : resolveTypes(stmt.argumentTypes, keyspace, s);
      const target = named.find((d) => d.kind === kind && (types === null || sameSignature(d.argumentTypes, types)));
      if (target === undefined) {
        if (stmt.ifExists) return null;
        throw new InvalidRequestError(`${Word} '${written}' doesn't exist`);
      }
      if (target.kind === 'function') {
        const users = ks.functions.filter((d): d is AggregateDef => d.kind === 'aggregate' && usesFunction(d, target));
        if (users.length > 0) throw new InvalidRequestError(`Function '${written}' is still referenced by aggregates ${users.map((a) => `${a.keyspace}.${a.name}`).join(', ')}`);
      }
      return {
        schema: s.replaceKeyspace(withFunctions(ks, ks.functions.filter((d) => d !== target))),
        event: { change: 'DROPPED', target: WORD as 'FUNCTION' | 'AGGREGATE', keyspace, name, argTypes: target.argumentTypes.map(toCqlString) },
      };
    });
  });
}

/** Whether `a` calls `f` as its state or final function. */
function usesFunction(a: AggregateDef, f: FunctionDef): boolean {
  if (a.stateFunction === f.name && sameSignature(f.argumentTypes, [a.stateType, ...a.argumentTypes])) return true;
  return a.finalFunction === f.name && sameSignature(f.argumentTypes, [a.stateType]);
}
