/**
 * Grammar of CREATE / ALTER / DROP MATERIALIZED VIEW. Each starts after MATERIALIZED VIEW.
 */
import type {
  AlterMaterializedViewStatement,
  CreateMaterializedViewStatement,
  DropMaterializedViewStatement,
} from './ast-schema.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseQualifiedName } from './parse-names.js';
import { NO_TABLE_OPTIONS, parseProperties, parseTableOptions } from './parse-properties.js';
import { parseSelection } from './parse-select.js';
import { parsePrimaryKeyColumns } from './parse-table.js';
import { parseWhereClause } from './parse-where.js';
import type { TokenCursor } from './token-cursor.js';

export function parseCreateMaterializedView(c: TokenCursor): CreateMaterializedViewStatement {
  const ifNotExists = parseIfNotExists(c);
  const view = parseQualifiedName(c, 'a view name');
  c.expectWord('as');
  c.expectWord('select');
  const { wildcard, selectors } = parseSelection(c);
  c.expectWord('from');
  const baseTable = parseQualifiedName(c, 'a table name');
  const where = c.acceptWord('where') ? parseWhereClause(c) : [];
  c.expectWord('primary');
  c.expectWord('key');
  const primaryKey = parsePrimaryKeyColumns(c);
  const options = c.acceptWord('with') ? parseTableOptions(c) : NO_TABLE_OPTIONS;
  return { kind: 'createMaterializedView', view, ifNotExists, wildcard, selectors, baseTable, where, primaryKey, options };
}

export function parseAlterMaterializedView(c: TokenCursor): AlterMaterializedViewStatement {
  const ifExists = parseIfExists(c);
  const view = parseQualifiedName(c, 'a view name');
  c.expectWord('with');
  return { kind: 'alterMaterializedView', view, ifExists, properties: parseProperties(c) };
}

export function parseDropMaterializedView(c: TokenCursor): DropMaterializedViewStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropMaterializedView', view: parseQualifiedName(c, 'a view name'), ifExists };
}
