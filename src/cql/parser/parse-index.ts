/**
 * Grammar of CREATE [CUSTOM] INDEX and DROP INDEX. CREATE starts after INDEX (the caller has
 * read CUSTOM); DROP starts after INDEX.
 */
import type { CreateIndexStatement, DropIndexStatement, IndexTarget } from './ast-schema.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseProperties } from './parse-properties.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseCreateIndex(c: TokenCursor, custom: boolean): CreateIndexStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = c.isWord('on') ? null : parseIdentifier(c, 'an index name');
  c.expectWord('on');
  const table = parseQualifiedName(c, 'a table name');
  c.expectSymbol('(');
  const targets: IndexTarget[] = [];
  if (!c.isSymbol(')')) {
    do targets.push(parseIndexTarget(c));
    while (c.acceptSymbol(','));
  }
  c.expectSymbol(')');
  let using: string | null = null;
  if (c.acceptWord('using')) {
    const t = c.peek();
    if (t.kind !== TokenKind.String) c.fail("the index class as a 'string'");
    c.advance();
    using = t.text;
  }
  const properties = c.acceptWord('with') ? parseProperties(c) : [];
  return { kind: 'createIndex', custom, ifNotExists, name, table, targets, using, properties };
}

function parseIndexTarget(c: TokenCursor): IndexTarget {
  const t = c.peek();
  if (t.kind === TokenKind.Word && c.isSymbol('(', 1)) {
    switch (t.text) {
      case 'keys':
      case 'values':
      case 'entries':
      case 'full': {
        c.advance();
        c.advance();
        const column = parseIdentifier(c, 'a column name');
        c.expectSymbol(')');
        return { column, type: t.text };
      }
    }
  }
  return { column: parseIdentifier(c, 'a column name'), type: 'simple' };
}

export function parseDropIndex(c: TokenCursor): DropIndexStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropIndex', index: parseQualifiedName(c, 'an index name'), ifExists };
}
