/**
 * CREATE [OR REPLACE] FUNCTION [IF NOT EXISTS] [ks.]f(arg type, …) {CALLED | RETURNS NULL} ON NULL
 * INPUT RETURNS type LANGUAGE lang AS 'body': a user-defined function of the keyspace, overloaded
 * by argument types. Checks and messages in Cassandra 4.0's order and words (checked in apache/
 * cassandra cql3/statements/schema/CreateFunctionStatement.java); a javascript body must compile
 * (ScriptBasedUDFunction's "Failed to compile function …"); any other language than java and
 * javascript is "Invalid language '…' for function '…'". The event is FUNCTION CREATED or UPDATED
 * with the argument types as written.
 */
import { InvalidRequestError } from '../../errors/index.js';
import { type FunctionDef, withFunctions } from '../../schema/index.js';
import { type Preparer, keyspaceOf } from '../execution/index.js';
import { type CreateFunctionStatement, formatType } from '../parser/index.js';
import { isExplicitlyFrozen, assertUdfsEnabled, compatibleReturn, existingKeyspace, findOverload, refuseFrozenArguments, replacedOrAdded, resolveTypes, typeTexts } from './function-ddl.js';
import { resolveCqlType } from './resolve-type.js';
import { applySchemaChange, checkModifiable, schemaStatement } from './schema-statement.js';

const LANGUAGES = new Set(['java', 'javascript']);

export const prepareCreateFunction: Preparer<CreateFunctionStatement> = (stmt, _parsed, ctx, session) => {
  const keyspace = keyspaceOf(stmt.name, session);
  const name = stmt.name.name;
  const language = stmt.language.toLowerCase();
  return schemaStatement('createFunction', async () => {
    checkModifiable(ctx, keyspace);
    if (stmt.ifNotExists && stmt.orReplace) throw new InvalidRequestError("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives");
    assertUdfsEnabled(ctx, language);
    const argNames = stmt.arguments.map((a) => a.name);
    if (new Set(argNames).size !== argNames.length) throw new InvalidRequestError(`Duplicate argument names for given function ${name} with argument names ${argNames.join(', ')}`);
    refuseFrozenArguments(stmt.arguments.map((a) => a.type));
    if (isExplicitlyFrozen(stmt.returnType)) {
      const text = formatType(stmt.returnType);
      throw new InvalidRequestError(`Return type '${text}' cannot be frozen; remove frozen<> modifier from '${text}'`);
    }
    return applySchemaChange(ctx, keyspace, (s) => {
      const ks = existingKeyspace(s, keyspace);
      const def: FunctionDef = Object.freeze({
        kind: 'function',
        keyspace,
        name,
        argumentNames: argNames,
        argumentTypes: resolveTypes(stmt.arguments.map((a) => a.type), keyspace, s),
        returnType: resolveCqlType(stmt.returnType, keyspace, s),
        calledOnNullInput: stmt.calledOnNullInput,
        language,
        body: stmt.body,
      });
      if (!LANGUAGES.has(language)) throw new InvalidRequestError(`Invalid language '${language}' for function '${keyspace}.${name}'`);
      ctx.userFunctions.check(def);
      const old = findOverload(ks, name, def.argumentTypes);
      if (old !== undefined) {
        if (old.kind === 'aggregate') throw new InvalidRequestError(`Function '${name}' cannot replace an aggregate`);
        if (stmt.ifNotExists) return null;
        if (!stmt.orReplace) throw new InvalidRequestError(`Function '${name}' already exists`);
        if (old.calledOnNullInput !== def.calledOnNullInput) {
          throw new InvalidRequestError(`Function '${name}' must have ${def.calledOnNullInput ? 'CALLED ON NULL INPUT' : 'RETURNS NULL ON NULL INPUT'} directive`);
        }
        if (!compatibleReturn(def.returnType, old.returnType)) {
          throw new InvalidRequestError(
            `Cannot replace function '${name}', the new return type ${formatType(stmt.returnType)} is not compatible with the return type ${old.returnType.cqlName ?? old.returnType.name} of existing function`,
          );
        }
      }
      const argTypes = typeTexts(stmt.arguments.map((a) => a.type));
      return {
        schema: s.replaceKeyspace(withFunctions(ks, replacedOrAdded(ks, old, def))),
        event: { change: old === undefined ? 'CREATED' : 'UPDATED', target: 'FUNCTION', keyspace, name, argTypes },
      };
    });
  });
};
