/**
 * Grammar of SELECT: [JSON] [DISTINCT] selection FROM table [WHERE …] [GROUP BY …]
 * [ORDER BY …] [PER PARTITION LIMIT n] [LIMIT n] [ALLOW FILTERING].
 */
import type { Ordering, SelectStatement } from './ast-dml.js';
import type { SelectItem, Selector } from './ast-selectors.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseSelectItems, parseSelector } from './parse-selector.js';
import { parseIntValue } from './parse-term.js';
import { parseWhereClause } from './parse-where.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

/**
 * `json` and `distinct` are also valid column names. Each is the keyword when the next token
 * starts a selector and could not instead continue an expression after a column
 * (`SELECT json FROM`, `SELECT json, x`, `SELECT distinct AS d` use the columns).
 */
function isSelectionKeyword(c: TokenCursor, word: string): boolean {
  if (!c.isWord(word)) return false;
  const next = c.peekAt(1);
  switch (next.kind) {
    case TokenKind.Word:
      return next.text !== 'from' && next.text !== 'as';
    case TokenKind.Symbol:
      return next.text === '?' || next.text === ':' || next.text === '{' || next.text === '(' ||
        (next.text === '*' && c.isWord('from', 2));
    case TokenKind.End:
    case TokenKind.Invalid:
      return false;
    default:
      return true;
  }
}

/** With the cursor after SELECT: `*` or the selection items. */
export function parseSelection(c: TokenCursor): { wildcard: boolean; selectors: SelectItem[] } {
  if (c.acceptSymbol('*')) return { wildcard: true, selectors: [] };
  return { wildcard: false, selectors: parseSelectItems(c) };
}

export function parseSelect(c: TokenCursor): SelectStatement {
  c.expectWord('select');
  const json = isSelectionKeyword(c, 'json');
  if (json) c.advance();
  const distinct = isSelectionKeyword(c, 'distinct');
  if (distinct) c.advance();
  const { wildcard, selectors } = parseSelection(c);
  c.expectWord('from');
  const table = parseQualifiedName(c, 'a table name');
  const where = c.acceptWord('where') ? parseWhereClause(c) : [];

  const groupBy: Selector[] = [];
  if (c.isWord('group') && c.isWord('by', 1)) {
    c.advance();
    c.advance();
    do groupBy.push(parseSelector(c));
    while (c.acceptSymbol(','));
  }

  const orderBy: Ordering[] = [];
  if (c.acceptWord('order')) {
    c.expectWord('by');
    do {
      const column = parseIdentifier(c, 'a column name');
      const descending = c.acceptWord('desc');
      if (!descending) c.acceptWord('asc');
      orderBy.push({ column, descending });
    } while (c.acceptSymbol(','));
  }

  let perPartitionLimit = null;
  if (c.isWord('per') && c.isWord('partition', 1)) {
    c.advance();
    c.advance();
    c.expectWord('limit');
    perPartitionLimit = parseIntValue(c);
  }
  const limit = c.acceptWord('limit') ? parseIntValue(c) : null;
  let allowFiltering = false;
  if (c.acceptWord('allow')) {
    c.expectWord('filtering');
    allowFiltering = true;
  }
  return {
    kind: 'select', table, json, distinct, wildcard, selectors, where, groupBy, orderBy,
    perPartitionLimit, limit, allowFiltering,
  };
}
