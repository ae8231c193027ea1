/**
 * Grammar of CREATE / ALTER / DROP KEYSPACE (SCHEMA is a synonym). Each function starts after
 * the verb and the KEYSPACE word.
 */
import type { AlterKeyspaceStatement, CreateKeyspaceStatement, DropKeyspaceStatement } from './ast-schema.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseIdentifier } from './parse-names.js';
import { parseProperties } from './parse-properties.js';
import type { TokenCursor } from './token-cursor.js';

export function parseCreateKeyspace(c: TokenCursor): CreateKeyspaceStatement {
  const ifNotExists = parseIfNotExists(c);
  const keyspace = parseIdentifier(c, 'a keyspace name');
  c.expectWord('with');
  return { kind: 'createKeyspace', keyspace, ifNotExists, properties: parseProperties(c) };
}

export function parseAlterKeyspace(c: TokenCursor): AlterKeyspaceStatement {
  const ifExists = parseIfExists(c);
  const keyspace = parseIdentifier(c, 'a keyspace name');
  c.expectWord('with');
  return { kind: 'alterKeyspace', keyspace, ifExists, properties: parseProperties(c) };
}

export function parseDropKeyspace(c: TokenCursor): DropKeyspaceStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropKeyspace', keyspace: parseIdentifier(c, 'a keyspace name'), ifExists };
}
