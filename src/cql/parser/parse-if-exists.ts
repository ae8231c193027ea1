/**
 * The `IF EXISTS` / `IF NOT EXISTS` guards of schema and security statements.
 */
import type { TokenCursor } from './token-cursor.js';

export function parseIfNotExists(c: TokenCursor): boolean {
  if (!c.acceptWord('if')) return false;
  c.expectWord('not');
  c.expectWord('exists');
  return true;
}

export function parseIfExists(c: TokenCursor): boolean {
  if (!c.acceptWord('if')) return false;
  c.expectWord('exists');
  return true;
}
