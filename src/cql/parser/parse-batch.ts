/**
 * Grammar of BATCH: `BEGIN [UNLOGGED | COUNTER] BATCH [USING …] (INSERT | UPDATE | DELETE [;])*
 * APPLY BATCH`. Bind markers number on across the inner statements.
 *
 * It breaks (yields) after each inner statement, so a long batch can be parsed in steps
 * (`parseStatementPaced`) as well as in one go (`parseStatement`).
 */
import type { BatchStatement, BatchType, ModificationStatement } from './ast-dml.js';
import { parseDelete } from './parse-delete.js';
import { parseInsert } from './parse-insert.js';
import { parseUpdate } from './parse-update.js';
import { NO_USING, parseUsing } from './parse-using.js';
import type { TokenCursor } from './token-cursor.js';
import type { Steps } from '../../util/steps.js';

export function* parseBatchSteps(c: TokenCursor): Steps<BatchStatement> {
  c.expectWord('begin');
  let batchType: BatchType = 'logged';
  if (c.acceptWord('unlogged')) batchType = 'unlogged';
  else if (c.acceptWord('counter')) batchType = 'counter';
  c.expectWord('batch');
  const using = c.isWord('using') ? parseUsing(c, true) : NO_USING;
  const statements: ModificationStatement[] = [];
  while (!c.isWord('apply')) {
    if (c.isWord('insert')) statements.push(parseInsert(c));
    else if (c.isWord('update')) statements.push(parseUpdate(c));
    else if (c.isWord('delete')) statements.push(parseDelete(c));
    else c.fail('INSERT, UPDATE, DELETE or APPLY BATCH');
    c.acceptSymbol(';');
    yield;
  }
  c.advance();
  c.expectWord('batch');
  return { kind: 'batch', batchType, using, statements };
}
