/**
 * Grammar of the USING clause of writes: `USING TTL x AND TIMESTAMP y` (either order, either
 * one), values being integers or bind markers. DELETE allows only TIMESTAMP.
 */
import type { IntValue, UsingClause } from './ast-dml.js';
import { parseIntValue } from './parse-term.js';
import type { TokenCursor } from './token-cursor.js';

export const NO_USING: UsingClause = Object.freeze({ ttl: null, timestamp: null });

/** With the cursor on USING (consumed here). */
export function parseUsing(c: TokenCursor, allowTtl: boolean): UsingClause {
  c.expectWord('using');
  let ttl: IntValue | null = null;
  let timestamp: IntValue | null = null;
  do {
    const at = c.peek();
    if (allowTtl && c.acceptWord('ttl')) {
      if (ttl !== null) c.failWith('TTL is given twice', at);
      ttl = parseIntValue(c);
    } else if (c.acceptWord('timestamp')) {
      if (timestamp !== null) c.failWith('TIMESTAMP is given twice', at);
      timestamp = parseIntValue(c);
    } else {
      c.fail(allowTtl ? 'TTL or TIMESTAMP' : 'TIMESTAMP');
    }
  } while (c.acceptWord('and'));
  return { ttl, timestamp };
}
