/**
 * A preparer binds one kind of parsed statement to the schema. Each statement kind has its own
 * file (statements/, ddl/) exporting its preparer; prepare.ts dispatches on `kind`.
 */
import type { ParsedStatement, Statement } from '../parser/index.js';
import type { CqlContext } from './cql-context.js';
import type { CqlStatement } from './cql-statement.js';

export type Preparer<S extends Statement = Statement> = (statement: S, parsed: ParsedStatement, ctx: CqlContext, sessionKeyspace: string | undefined) => CqlStatement;

/** Preparers by statement kind. */
export type PreparerTable = { readonly [K in Statement['kind']]?: Preparer<Extract<Statement, { kind: K }>> };
