/**
 * Parsed statement → bound statement, by kind. A kind without a preparer is refused with a
 * clear error naming it. What each statement needs from the authorizer is noted as it is bound.
 */
import { InvalidRequestError } from '../errors/index.js';
import { AUTH_PREPARERS, accessOf, guardSystemKeyspaces } from './auth/index.js';
import { SCHEMA_PREPARERS } from './ddl/index.js';
import type { CqlContext, CqlStatement, Preparer, PreparerTable } from './execution/index.js';
import type { ParsedStatement } from './parser/index.js';
import { DATA_PREPARERS, prepareBatchSteps } from './statements/index.js';
import { type Steps, runSteps, runStepsPaced } from '../util/steps.js';

const PREPARERS: PreparerTable = { ...DATA_PREPARERS, ...SCHEMA_PREPARERS, ...AUTH_PREPARERS };

export function prepareStatement(parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined): CqlStatement {
  return runSteps(prepareSteps(parsed, ctx, sessionKeyspace));
}

/**
 * `prepareStatement` in steps: a batch's statements are bound one at a time, awaiting `pace` after
 * each (100,000 INSERTs are most of a second of binding); any other statement is bound at once.
 */
export function prepareStatementPaced(parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined, pace: () => Promise<void>): CqlStatement | Promise<CqlStatement> {
  return runStepsPaced(prepareSteps(parsed, ctx, sessionKeyspace), pace);
}

function* prepareSteps(parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined): Steps<CqlStatement> {
  const stmt = parsed.statement;
  const preparer = PREPARERS[stmt.kind] as Preparer | undefined;
  if (preparer === undefined) throw new InvalidRequestError(`${describeKind(stmt.kind)} statements are not supported`);
  const statement = stmt.kind === 'batch' ? yield* prepareBatchSteps(stmt, parsed, ctx, sessionKeyspace) : preparer(stmt, parsed, ctx, sessionKeyspace);
  const access = accessOf(stmt, sessionKeyspace, () => ctx.schema(), statement.calledFunctions);
  // Whatever the authorizer: a schema change of a system keyspace is refused here, as Cassandra's ClientState does.
  guardSystemKeyspaces(access);
  return ctx.authorizer.note(statement, access);
}

function describeKind(kind: string): string {
  return kind.replace(/[A-Z]/g, (c) => ` ${c}`).toUpperCase();
}
