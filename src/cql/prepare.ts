/**
 * Parsed statement → bound statement, by kind. A kind without a preparer is refused with a
 * clear error naming it. What each statement needs from the authorizer is noted as it is bound.
 */
import { InvalidRequestError } from '../errors/index.js';
import { AUTH_PREPARERS, accessOf } from './auth/index.js';
import { SCHEMA_PREPARERS } from './ddl/index.js';
import type { CqlContext, CqlStatement, Preparer, PreparerTable } from './execution/index.js';
import type { ParsedStatement } from './parser/index.js';
import { DATA_PREPARERS } from './statements/index.js';

const PREPARERS: PreparerTable = { ...DATA_PREPARERS, ...SCHEMA_PREPARERS, ...AUTH_PREPARERS };

export function prepareStatement(parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined): CqlStatement {
  const preparer = PREPARERS[parsed.statement.kind] as Preparer | undefined;
  if (preparer === undefined) throw new InvalidRequestError(`${describeKind(parsed.statement.kind)} statements are not supported`);
  const statement = preparer(parsed.statement, parsed, ctx, sessionKeyspace);
  return ctx.authorizer.note(statement, accessOf(parsed.statement, sessionKeyspace, () => ctx.schema()));
}

function describeKind(kind: string): string {
  return kind.replace(/[A-Z]/g, (c) => ` ${c}`).toUpperCase();
}
