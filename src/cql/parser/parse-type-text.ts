/**
 * `parseCqlType`: a type written on its own, e.g. the `type` column of system_schema.columns
 * (`frozen<map<text, int>>`) or a driver's type string.
 */
import type { CqlType } from './cql-type.js';
import { parseType } from './parse-type.js';
import { TokenCursor } from './token-cursor.js';

export function parseCqlType(source: string): CqlType {
  const c = new TokenCursor(source);
  const type = parseType(c);
  if (!c.atEnd()) c.fail('the end of the type');
  return type;
}
