/**
 * Grammar of DELETE: `DELETE [col, col[k], col.f, …] FROM t [USING TIMESTAMP x] WHERE …
 * [IF EXISTS | IF conditions]`.
 */
import type { DeleteStatement } from './ast-dml.js';
import type { ColumnPath } from './ast-relations.js';
import { parseColumnPath, parseIfClause } from './parse-conditions.js';
import { parseQualifiedName } from './parse-names.js';
import { NO_USING, parseUsing } from './parse-using.js';
import { parseWhereClause } from './parse-where.js';
import type { TokenCursor } from './token-cursor.js';

export function parseDelete(c: TokenCursor): DeleteStatement {
  c.expectWord('delete');
  const selections: ColumnPath[] = [];
  if (!c.isWord('from')) {
    do selections.push(parseColumnPath(c));
    while (c.acceptSymbol(','));
  }
  c.expectWord('from');
  const table = parseQualifiedName(c, 'a table name');
  const using = c.isWord('using') ? parseUsing(c, false) : NO_USING;
  c.expectWord('where');
  const where = parseWhereClause(c);
  const { ifExists, conditions } = parseIfClause(c);
  return { kind: 'delete', selections, table, using, where, ifExists, conditions };
}
