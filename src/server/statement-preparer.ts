/** Binds a parsed statement to the schema: the CQL layer's `prepareStatement`, injectable for tests. */
import type { CqlContext, CqlStatement } from '../cql/execution/index.js';
import type { ParsedStatement } from '../cql/parser/index.js';

export type StatementPreparer = (parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined) => CqlStatement;

/** A preparer that may bind in steps, awaiting `pace` between them (the CQL layer's prepareStatementPaced). */
export type PacedStatementPreparer = (parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined, pace: () => Promise<void>) => CqlStatement | Promise<CqlStatement>;
