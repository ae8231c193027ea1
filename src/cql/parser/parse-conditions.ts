/**
 * Grammar of lightweight-transaction conditions (`IF EXISTS`, `IF col op v AND …`, on a
 * column, one collection element or one UDT field) and of the column paths that UPDATE's SET
 * and DELETE's selection share.
 */
import type { ColumnPath, Condition } from './ast-relations.js';
import { parseIdentifier } from './parse-names.js';
import { parseTerm } from './parse-term.js';
import { acceptCompareOperator, parseInValues } from './parse-where.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

/** `col`, `col[key]` or `col.field`. */
export function parseColumnPath(c: TokenCursor): ColumnPath {
  const column = parseIdentifier(c, 'a column name');
  if (c.acceptSymbol('[')) {
    const key = parseTerm(c);
    c.expectSymbol(']');
    return { kind: 'element', column, key };
  }
  if (c.acceptSymbol('.')) return { kind: 'field', column, field: parseIdentifier(c, 'a field name') };
  return { kind: 'column', column };
}

export interface IfClause {
  readonly ifExists: boolean;
  readonly conditions: readonly Condition[];
}

const NO_IF: IfClause = Object.freeze({ ifExists: false, conditions: Object.freeze([]) as readonly Condition[] });

/** The optional `IF EXISTS` / `IF conditions` of UPDATE and DELETE. */
export function parseIfClause(c: TokenCursor): IfClause {
  if (!c.acceptWord('if')) return NO_IF;
  // `exists` is also a valid column name: it is the keyword unless a condition follows it.
  if (c.isWord('exists') && !continuesCondition(c)) {
    c.advance();
    return { ifExists: true, conditions: [] };
  }
  const conditions: Condition[] = [];
  do conditions.push(parseCondition(c));
  while (c.acceptWord('and'));
  return { ifExists: false, conditions };
}

function continuesCondition(c: TokenCursor): boolean {
  const t = c.peekAt(1);
  if (t.kind === TokenKind.Symbol) return t.text !== ';';
  return t.kind === TokenKind.Word && (t.text === 'in' || t.text === 'contains');
}

function parseCondition(c: TokenCursor): Condition {
  const target = parseColumnPath(c);
  const op = acceptCompareOperator(c);
  if (op !== null) return { kind: 'compare', target, op, value: parseTerm(c) };
  if (c.acceptWord('in')) return { kind: 'in', target, values: parseInValues(c) };
  if (c.acceptWord('contains')) {
    const key = c.acceptWord('key');
    return { kind: 'compare', target, op: key ? 'CONTAINS KEY' : 'CONTAINS', value: parseTerm(c) };
  }
  return c.fail('a condition operator (=, <, <=, >, >=, !=, IN or CONTAINS)');
}
