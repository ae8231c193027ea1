/**
 * Grammar of WHERE clauses: single-column, IN, CONTAINS [KEY], LIKE, IS NOT NULL, collection
 * element, token(…) and multi-column relations, parenthesised relations and custom index
 * expressions `expr(index, value)`, joined by AND.
 */
import type { CompareOperator, InValues, Relation } from './ast-relations.js';
import type { Term } from './ast-terms.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseTerm } from './parse-term.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseWhereClause(c: TokenCursor): Relation[] {
  const relations: Relation[] = [];
  do parseRelation(c, relations);
  while (c.acceptWord('and'));
  return relations;
}

/** `=`, `<`, `<=`, `>`, `>=` or `!=` at the cursor (consumed), else null. */
export function acceptCompareOperator(c: TokenCursor): CompareOperator | null {
  const t = c.peek();
  if (t.kind !== TokenKind.Symbol) return null;
  switch (t.text) {
    case '=':
    case '<':
    case '<=':
    case '>':
    case '>=':
    case '!=':
      c.advance();
      return t.text;
    default:
      return null;
  }
}

function expectCompareOperator(c: TokenCursor): CompareOperator {
  return acceptCompareOperator(c) ?? c.fail('a comparison operator (=, <, <=, >, >=, !=)');
}

/** After IN: `(t1, t2, …)` (possibly empty) or a bind marker. */
export function parseInValues(c: TokenCursor): InValues {
  const t = c.peek();
  if (t.kind === TokenKind.Symbol && (t.text === '?' || t.text === ':')) {
    const marker = parseTerm(c);
    if (marker.kind === 'bindMarker') return marker;
    return c.fail("'(' after IN", t);
  }
  const open = c.expectSymbol('(');
  c.enter(open);
  const values: Term[] = [];
  if (!c.acceptSymbol(')')) {
    do values.push(parseTerm(c));
    while (c.acceptSymbol(','));
    c.expectSymbol(')');
  }
  c.leave();
  return { kind: 'values', values };
}

function parseColumnList(c: TokenCursor): string[] {
  c.expectSymbol('(');
  const columns: string[] = [];
  do columns.push(parseIdentifier(c, 'a column name'));
  while (c.acceptSymbol(','));
  c.expectSymbol(')');
  return columns;
}

/** A multi-column value must be a tuple literal or a bind marker. */
function tupleOrMarker(c: TokenCursor): Term {
  const at = c.peek();
  const term = parseTerm(c);
  if (term.kind !== 'tuple' && term.kind !== 'bindMarker') c.fail('a tuple such as (1, 2) or a bind marker', at);
  return term;
}

function parseRelation(c: TokenCursor, out: Relation[]): void {
  const t = c.peek();
  if (c.isWord('token') && c.isSymbol('(', 1)) {
    c.advance();
    const columns = parseColumnList(c);
    const op = expectCompareOperator(c);
    out.push({ kind: 'token', columns, op, value: parseTerm(c) });
    return;
  }
  if (c.isWord('expr') && c.isSymbol('(', 1)) {
    c.advance();
    c.advance();
    const index = parseQualifiedName(c, 'an index name');
    c.expectSymbol(',');
    const value = parseTerm(c);
    c.expectSymbol(')');
    out.push({ kind: 'customIndex', index, value });
    return;
  }
  if (t.kind === TokenKind.Symbol && t.text === '(') {
    if (c.isName(1) && (c.isSymbol(',', 2) || c.isSymbol(')', 2))) {
      const columns = parseColumnList(c);
      if (c.acceptWord('in')) {
        out.push({ kind: 'multiColumnIn', columns, values: multiColumnInValues(c) });
      } else {
        const op = expectCompareOperator(c);
        out.push({ kind: 'multiColumn', columns, op, value: tupleOrMarker(c) });
      }
      return;
    }
    c.advance();
    c.enter(t);
    parseRelation(c, out);
    c.expectSymbol(')');
    c.leave();
    return;
  }

  const column = parseIdentifier(c, 'a column name');
  if (c.acceptSymbol('[')) {
    const key = parseTerm(c);
    c.expectSymbol(']');
    const op = expectCompareOperator(c);
    out.push({ kind: 'element', column, key, op, value: parseTerm(c) });
    return;
  }
  const op = acceptCompareOperator(c);
  if (op !== null) {
    out.push({ kind: 'column', column, op, value: parseTerm(c) });
  } else if (c.acceptWord('in')) {
    out.push({ kind: 'in', column, values: parseInValues(c) });
  } else if (c.acceptWord('contains')) {
    const key = c.acceptWord('key');
    out.push({ kind: 'column', column, op: key ? 'CONTAINS KEY' : 'CONTAINS', value: parseTerm(c) });
  } else if (c.acceptWord('like')) {
    out.push({ kind: 'column', column, op: 'LIKE', value: parseTerm(c) });
  } else if (c.acceptWord('is')) {
    c.expectWord('not');
    c.expectWord('null');
    out.push({ kind: 'isNotNull', column });
  } else {
    c.fail('an operator (=, <, >, <=, >=, !=, IN, CONTAINS, LIKE or IS NOT NULL)');
  }
}

/** `(a, b) IN …`: a bind marker, `()`, or a list of tuples / bind markers. */
function multiColumnInValues(c: TokenCursor): InValues {
  const t = c.peek();
  if (t.kind === TokenKind.Symbol && (t.text === '?' || t.text === ':')) {
    const marker = parseTerm(c);
    if (marker.kind === 'bindMarker') return marker;
  }
  const open = c.expectSymbol('(');
  c.enter(open);
  const values: Term[] = [];
  if (!c.acceptSymbol(')')) {
    do values.push(tupleOrMarker(c));
    while (c.acceptSymbol(','));
    c.expectSymbol(')');
  }
  c.leave();
  return { kind: 'values', values };
}
