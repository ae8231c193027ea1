/**
 * Grammar of CREATE TABLE (columns, STATIC, inline or separate PRIMARY KEY, trailing commas
 * tolerated as in Cassandra, WITH options), DROP TABLE and the PRIMARY KEY clause shared with
 * materialized views. CREATE/DROP functions start after the TABLE word.
 */
import type { ColumnDefinition, CreateTableStatement, DropTableStatement, PrimaryKey } from './ast-schema.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { NO_TABLE_OPTIONS, parseTableOptions } from './parse-properties.js';
import { parseType } from './parse-type.js';
import type { TokenCursor } from './token-cursor.js';

export function parseCreateTable(c: TokenCursor): CreateTableStatement {
  const ifNotExists = parseIfNotExists(c);
  const table = parseQualifiedName(c, 'a table name');
  c.expectSymbol('(');
  const columns: ColumnDefinition[] = [];
  let primaryKey: PrimaryKey | null = null;
  do {
    if (c.isSymbol(')') && columns.length + (primaryKey === null ? 0 : 1) > 0) break;
    const at = c.peek();
    if (c.acceptWord('primary')) {
      c.expectWord('key');
      if (primaryKey !== null) c.failWith('the PRIMARY KEY is given more than once', at);
      primaryKey = parsePrimaryKeyColumns(c);
      continue;
    }
    const column = parseColumnDefinition(c);
    columns.push(column);
    const pkAt = c.peek();
    if (c.acceptWord('primary')) {
      c.expectWord('key');
      if (primaryKey !== null) c.failWith('the PRIMARY KEY is given more than once', pkAt);
      primaryKey = { partitionKey: [column.name], clusteringColumns: [] };
    }
  } while (c.acceptSymbol(','));
  c.expectSymbol(')');
  const options = c.acceptWord('with') ? parseTableOptions(c) : NO_TABLE_OPTIONS;
  return {
    kind: 'createTable', table, ifNotExists, columns,
    primaryKey: primaryKey ?? { partitionKey: [], clusteringColumns: [] }, options,
  };
}

/** `name type [STATIC]`. */
export function parseColumnDefinition(c: TokenCursor): ColumnDefinition {
  const name = parseIdentifier(c, 'a column name');
  const type = parseType(c);
  return { name, type, isStatic: c.acceptWord('static') };
}

/** After PRIMARY KEY: `(pk, c1, c2)` or `((pk1, pk2), c1, …)`. */
export function parsePrimaryKeyColumns(c: TokenCursor): PrimaryKey {
  c.expectSymbol('(');
  const partitionKey: string[] = [];
  if (c.acceptSymbol('(')) {
    do partitionKey.push(parseIdentifier(c, 'a partition key column'));
    while (c.acceptSymbol(','));
    c.expectSymbol(')');
  } else {
    partitionKey.push(parseIdentifier(c, 'a partition key column'));
  }
  const clusteringColumns: string[] = [];
  while (c.acceptSymbol(',')) clusteringColumns.push(parseIdentifier(c, 'a clustering column'));
  c.expectSymbol(')');
  return { partitionKey, clusteringColumns };
}

export function parseDropTable(c: TokenCursor): DropTableStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropTable', table: parseQualifiedName(c, 'a table name'), ifExists };
}
