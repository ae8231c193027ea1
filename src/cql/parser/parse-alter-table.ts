/**
 * Grammar of ALTER TABLE: ADD columns, DROP columns [USING TIMESTAMP n], DROP COMPACT
 * STORAGE, ALTER col TYPE t, RENAME a TO b [AND …], WITH properties. Starts after TABLE.
 */
import type { AlterTableAction, AlterTableStatement, ColumnDefinition, Rename } from './ast-schema.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseProperties } from './parse-properties.js';
import { parseColumnDefinition } from './parse-table.js';
import { parseType } from './parse-type.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseAlterTable(c: TokenCursor): AlterTableStatement {
  const ifExists = parseIfExists(c);
  const table = parseQualifiedName(c, 'a table name');
  return { kind: 'alterTable', table, ifExists, action: parseAction(c) };
}

function parseAction(c: TokenCursor): AlterTableAction {
  if (c.acceptWord('add')) {
    const ifNotExists = parseIfNotExists(c);
    const columns: ColumnDefinition[] = [];
    if (c.acceptSymbol('(')) {
      do columns.push(parseColumnDefinition(c));
      while (c.acceptSymbol(','));
      c.expectSymbol(')');
    } else {
      do columns.push(parseColumnDefinition(c));
      while (c.acceptSymbol(','));
    }
    return { kind: 'addColumns', ifNotExists, columns };
  }
  if (c.acceptWord('drop')) {
    if (c.isWord('compact') && c.isWord('storage', 1)) {
      c.advance();
      c.advance();
      return { kind: 'dropCompactStorage' };
    }
    const ifExists = parseIfExists(c);
    const columns: string[] = [];
    if (c.acceptSymbol('(')) {
      do columns.push(parseIdentifier(c, 'a column name'));
      while (c.acceptSymbol(','));
      c.expectSymbol(')');
    } else {
      do columns.push(parseIdentifier(c, 'a column name'));
      while (c.acceptSymbol(','));
    }
    let timestamp: string | null = null;
    if (c.acceptWord('using')) {
      c.expectWord('timestamp');
      const minus = c.acceptSymbol('-');
      const t = c.peek();
      if (t.kind !== TokenKind.Integer) c.fail('an integer timestamp');
      c.advance();
      timestamp = minus ? `-${t.text}` : t.text;
    }
    return { kind: 'dropColumns', ifExists, columns, timestamp };
  }
  if (c.acceptWord('alter')) {
    const column = parseIdentifier(c, 'a column name');
    c.expectWord('type');
    return { kind: 'alterColumnType', column, type: parseType(c) };
  }
  if (c.acceptWord('rename')) {
    const ifExists = parseIfExists(c);
    return { kind: 'renameColumns', ifExists, renames: parseRenames(c, 'a column name') };
  }
  if (c.acceptWord('with')) return { kind: 'setOptions', properties: parseProperties(c) };
  return c.fail('ADD, DROP, ALTER, RENAME or WITH');
}

/** `a TO b (AND c TO d)*`. */
export function parseRenames(c: TokenCursor, what: string): Rename[] {
  const renames: Rename[] = [];
  do {
    const from = parseIdentifier(c, what);
    c.expectWord('to');
    renames.push({ from, to: parseIdentifier(c, what) });
  } while (c.acceptWord('and'));
  return renames;
}
