/**
 * Grammar of INSERT: `INSERT INTO t (cols) VALUES (terms)` or `INSERT INTO t JSON 'doc'|?
 * [DEFAULT NULL|UNSET]`, then `[IF NOT EXISTS] [USING …]` (accepted in either order).
 */
import type { InsertStatement, InsertValues, UsingClause } from './ast-dml.js';
import type { Term } from './ast-terms.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseSimpleTerm, parseTerm } from './parse-term.js';
import { NO_USING, parseUsing } from './parse-using.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseInsert(c: TokenCursor): InsertStatement {
  c.expectWord('insert');
  c.expectWord('into');
  const table = parseQualifiedName(c, 'a table name');
  const values = c.acceptWord('json') ? jsonValues(c) : columnValues(c);
  let ifNotExists = false;
  let using: UsingClause = NO_USING;
  for (let i = 0; i < 2; i++) {
    if (!ifNotExists && c.isWord('if')) {
      c.advance();
      c.expectWord('not');
      c.expectWord('exists');
      ifNotExists = true;
    } else if (using === NO_USING && c.isWord('using')) {
      using = parseUsing(c, true);
    }
  }
  return { kind: 'insert', table, values, ifNotExists, using };
}

function columnValues(c: TokenCursor): InsertValues {
  c.expectSymbol('(');
  const columns: string[] = [];
  do columns.push(parseIdentifier(c, 'a column name'));
  while (c.acceptSymbol(','));
  c.expectSymbol(')');
  c.expectWord('values');
  c.expectSymbol('(');
  const values: Term[] = [];
  do values.push(parseTerm(c));
  while (c.acceptSymbol(','));
  c.expectSymbol(')');
  return { kind: 'values', columns, values };
}

function jsonValues(c: TokenCursor): InsertValues {
  const t = c.peek();
  const isMarker = t.kind === TokenKind.Symbol && (t.text === '?' || t.text === ':');
  if (t.kind !== TokenKind.String && !isMarker) c.fail('a JSON string or a bind marker');
  const json = parseSimpleTerm(c);
  if (json.kind !== 'literal' && json.kind !== 'bindMarker') return c.fail('a JSON string or a bind marker', t);
  let defaultUnset = false;
  if (c.acceptWord('default')) {
    if (c.acceptWord('unset')) defaultUnset = true;
    else if (!c.acceptWord('null')) c.fail('NULL or UNSET');
  }
  return { kind: 'json', json, defaultUnset };
}
