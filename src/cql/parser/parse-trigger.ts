/**
 * Grammar of CREATE TRIGGER name ON table USING 'class' and DROP TRIGGER name ON table. Each
 * starts after TRIGGER.
 */
import type { CreateTriggerStatement, DropTriggerStatement } from './ast-schema.js';
import { parseIfExists, parseIfNotExists } from './parse-if-exists.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseCreateTrigger(c: TokenCursor): CreateTriggerStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseIdentifier(c, 'a trigger name');
  c.expectWord('on');
  const table = parseQualifiedName(c, 'a table name');
  c.expectWord('using');
  const t = c.peek();
  if (t.kind !== TokenKind.String) c.fail("the trigger class as a 'string'");
  c.advance();
  return { kind: 'createTrigger', name, ifNotExists, table, className: t.text };
}

export function parseDropTrigger(c: TokenCursor): DropTriggerStatement {
  const ifExists = parseIfExists(c);
  const name = parseIdentifier(c, 'a trigger name');
  c.expectWord('on');
  return { kind: 'dropTrigger', name, ifExists, table: parseQualifiedName(c, 'a table name') };
}
