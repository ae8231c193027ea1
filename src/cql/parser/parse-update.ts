/**
 * Grammar of UPDATE and of its SET assignments: `c = t`, `c[k] = t`, `c.f = t`,
 * `c = c + t`, `c = c - t`, `c = t + c` (prepend), `c += t`, `c -= t`.
 */
import type { Assignment, UpdateStatement, UsingClause } from './ast-dml.js';
import { parseColumnPath, parseIfClause } from './parse-conditions.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { isColumnReference, parseTerm, parseTermBeforeColumnPlus } from './parse-term.js';
import { NO_USING, parseUsing } from './parse-using.js';
import { parseWhereClause } from './parse-where.js';
import type { TokenCursor } from './token-cursor.js';

export function parseUpdate(c: TokenCursor): UpdateStatement {
  c.expectWord('update');
  const table = parseQualifiedName(c, 'a table name');
  const using: UsingClause = c.isWord('using') ? parseUsing(c, true) : NO_USING;
  c.expectWord('set');
  const assignments: Assignment[] = [];
  do assignments.push(parseAssignment(c));
  while (c.acceptSymbol(','));
  c.expectWord('where');
  const where = parseWhereClause(c);
  const { ifExists, conditions } = parseIfClause(c);
  return { kind: 'update', table, using, assignments, where, ifExists, conditions };
}

function parseAssignment(c: TokenCursor): Assignment {
  const target = parseColumnPath(c);
  if (target.kind === 'column') {
    const column = target.column;
    if (c.acceptSymbol('+=')) return { kind: 'add', column, value: parseTerm(c) };
    if (c.acceptSymbol('-=')) return { kind: 'subtract', column, value: parseTerm(c) };
    c.expectSymbol('=');
    if (isColumnReference(c, 0)) {
      const at = c.peek();
      const other = parseIdentifier(c, 'a column name');
      const plus = c.acceptSymbol('+');
      if (!plus && !c.acceptSymbol('-')) c.fail("'+' or '-'");
      if (other !== column) c.failWith(`only '${column} = ${column} ${plus ? '+' : '-'} value' is supported here`, at);
      return { kind: plus ? 'add' : 'subtract', column, value: parseTerm(c) };
    }
    const value = parseTermBeforeColumnPlus(c);
    if (c.isSymbol('+')) {
      c.advance();
      const at = c.peek();
      if (parseIdentifier(c, 'a column name') !== column) {
        c.failWith(`only '${column} = value + ${column}' is supported here`, at);
      }
      return { kind: 'prepend', column, value };
    }
    return { kind: 'set', target, value };
  }
  c.expectSymbol('=');
  return { kind: 'set', target, value: parseTerm(c) };
}
