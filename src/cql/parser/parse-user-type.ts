/**
 * Grammar of CREATE / ALTER / DROP TYPE (user-defined types). Each starts after TYPE.
 */
import type { AlterTypeStatement, CreateTypeStatement, DropTypeStatement, FieldDefinition } from './ast-schema.js';
import { parseRenames } from './parse-alter-table.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseIdentifier } from './parse-names.js';
import { parseType, parseUserTypeName } from './parse-type.js';
import type { TokenCursor } from './token-cursor.js';

function parseField(c: TokenCursor): FieldDefinition {
  const name = parseIdentifier(c, 'a field name');
  return { name, type: parseType(c) };
}

export function parseCreateType(c: TokenCursor): CreateTypeStatement {
  const ifNotExists = parseIfNotExists(c);
  const type = parseUserTypeName(c);
  c.expectSymbol('(');
  const fields: FieldDefinition[] = [parseField(c)];
  while (c.acceptSymbol(',')) {
    if (c.isSymbol(')')) break;
    fields.push(parseField(c));
  }
  c.expectSymbol(')');
  return { kind: 'createType', type, ifNotExists, fields };
}

export function parseAlterType(c: TokenCursor): AlterTypeStatement {
  const ifExists = parseIfExists(c);
  const type = parseUserTypeName(c);
  if (c.acceptWord('add')) {
    const ifNotExists = parseIfNotExists(c);
    return { kind: 'alterType', type, ifExists, action: { kind: 'addField', ifNotExists, field: parseField(c) } };
  }
  if (c.acceptWord('rename')) {
    const renameIfExists = parseIfExists(c);
    const renames = parseRenames(c, 'a field name');
    return { kind: 'alterType', type, ifExists, action: { kind: 'renameFields', ifExists: renameIfExists, renames } };
  }
  if (c.acceptWord('alter')) {
    const field = parseIdentifier(c, 'a field name');
    c.expectWord('type');
    return { kind: 'alterType', type, ifExists, action: { kind: 'alterFieldType', field, type: parseType(c) } };
  }
  return c.fail('ADD, RENAME or ALTER');
}

export function parseDropType(c: TokenCursor): DropTypeStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropType', type: parseUserTypeName(c), ifExists };
}
