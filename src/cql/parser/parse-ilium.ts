/** The ILIUM extension statements (ast-ilium.ts): `ILIUM SCHEMA`, `ILIUM ADD|UPDATE …  '<json>'`. */
import type { IliumSchemaAction, IliumStatement } from './ast-ilium.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseIlium(c: TokenCursor): IliumStatement {
  c.expectWord('ilium');
  if (c.acceptWord('schema')) return { kind: 'iliumSchema' };
  let action: IliumSchemaAction;
  if (c.acceptWord('add')) {
    if (c.acceptWord('keyspace')) action = 'addKeyspace';
    else if (c.acceptWord('columnfamily')) action = 'addColumnFamily';
    else return c.fail('KEYSPACE or COLUMNFAMILY');
  } else if (c.acceptWord('update')) {
    c.expectWord('columnfamily');
    action = 'updateColumnFamily';
  } else {
    return c.fail('SCHEMA, ADD or UPDATE');
  }
  const t = c.peek();
  if (t.kind !== TokenKind.String) return c.fail("a keyspace definition as a JSON string ('…')");
  c.advance();
  return { kind: 'iliumSchemaChange', action, definition: t.text };
}
