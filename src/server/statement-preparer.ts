/** Binds a parsed statement to the schema: the CQL layer's `prepareStatement`, injectable for tests. */
import type { CqlContext, CqlStatement } from '../cql/execution/index.js';
import type { ParsedStatement } from '../cql/parser/index.js';

export type StatementPreparer = (parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined) => CqlStatement;
