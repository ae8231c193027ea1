/**
 * The CQL3 parser: text in, typed AST out. Hand-written lexer and recursive-descent parser for
 * what a Cassandra 4.x server accepts from drivers and cqlsh. Errors are CqlSyntaxError.
 *
 * The CQL3 parser (imports only `src/errors` and `src/util/steps.ts`): a hand-written lexer
 * (`lexer.ts`: one pass, lexed as the parse reaches it; bad text becomes an Invalid token) and a
 * recursive-descent parser, one grammar area per `parse-*.ts`, over a per-parse `TokenCursor`
 * (look-ahead helpers, the nesting cap, bind-marker numbering, `CqlSyntaxError` with `line L:C`);
 * the typed AST (`ast-*.ts`, unions on `kind`); entry points `parseStatement` (and
 * `parseStatementPaced`: a batch's statements in steps), `parseStatements` (scripts, with spans),
 * `parseCqlType`; `formatType` and `quoteIdentifier` print back for DESCRIBE
 */
export { parseStatement, parseStatementPaced, parseStatements } from './parse-statement.js';
export { CqlSyntaxError } from './syntax-error.js';
export { MAX_NESTING } from './token-cursor.js';
export { tokenize } from './lexer.js';
export { TokenKind, type Token, type TokenKindValue } from './token.js';
export { isReservedWord, isNativeTypeName, NATIVE_TYPE_NAMES } from './keywords.js';
export { formatType } from './format-type.js';
export { formatQualifiedName, quoteIdentifier, quoteString } from './quote.js';
export { parseCqlType } from './parse-type-text.js';
export type { CqlType, NativeTypeName } from './cql-type.js';
export type { QualifiedName } from './ast-names.js';
export type * from './ast-terms.js';
export type * from './ast-selectors.js';
export type * from './ast-relations.js';
export type * from './ast-dml.js';
export type * from './ast-schema.js';
export type * from './ast-functions.js';
export type * from './ast-auth.js';
export type * from './ast-describe.js';
export type * from './ast-ilium.js';
export type * from './statement.js';
