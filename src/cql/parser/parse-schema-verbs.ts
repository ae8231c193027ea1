/**
 * Dispatch of the schema and security verbs CREATE, ALTER and DROP on the object word that
 * follows (KEYSPACE/SCHEMA, TABLE/COLUMNFAMILY, [CUSTOM] INDEX, TYPE, MATERIALIZED VIEW,
 * [OR REPLACE] FUNCTION/AGGREGATE, TRIGGER, ROLE, USER).
 */
import { parseAlterTable } from './parse-alter-table.js';
import { parseCreateAggregate, parseCreateFunction, parseDropAggregate, parseDropFunction } from './parse-functions.js';
import { parseCreateIndex, parseDropIndex } from './parse-index.js';
import { parseAlterKeyspace, parseCreateKeyspace, parseDropKeyspace } from './parse-keyspace.js';
import { parseAlterRole, parseAlterUser, parseCreateRole, parseCreateUser, parseDropRole, parseDropUser } from './parse-roles.js';
import { parseCreateTable, parseDropTable } from './parse-table.js';
import { parseCreateTrigger, parseDropTrigger } from './parse-trigger.js';
import { parseAlterType, parseCreateType, parseDropType } from './parse-user-type.js';
import { parseAlterMaterializedView, parseCreateMaterializedView, parseDropMaterializedView } from './parse-view.js';
import type { Statement } from './statement.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

/** The object word at the cursor, consumed; '' when there is none. */
function objectWord(c: TokenCursor): string {
  const t = c.peek();
  if (t.kind !== TokenKind.Word) return '';
  c.advance();
  return t.text;
}

export function parseCreate(c: TokenCursor): Statement {
  c.expectWord('create');
  const at = c.peek();
  switch (objectWord(c)) {
    case 'keyspace':
    case 'schema':
      return parseCreateKeyspace(c);
    case 'table':
    case 'columnfamily':
      return parseCreateTable(c);
    case 'index':
      return parseCreateIndex(c, false);
    case 'custom':
      c.expectWord('index');
      return parseCreateIndex(c, true);
    case 'type':
      return parseCreateType(c);
    case 'materialized':
      c.expectWord('view');
      return parseCreateMaterializedView(c);
    case 'or':
      c.expectWord('replace');
      if (c.acceptWord('function')) return parseCreateFunction(c, true);
      if (c.acceptWord('aggregate')) return parseCreateAggregate(c, true);
      return c.fail('FUNCTION or AGGREGATE');
    case 'function':
      return parseCreateFunction(c, false);
    case 'aggregate':
      return parseCreateAggregate(c, false);
    case 'trigger':
      return parseCreateTrigger(c);
    case 'role':
      return parseCreateRole(c);
    case 'user':
      return parseCreateUser(c);
  }
  return c.fail('KEYSPACE, TABLE, INDEX, TYPE, MATERIALIZED VIEW, FUNCTION, AGGREGATE, TRIGGER, ROLE or USER', at);
}

export function parseAlter(c: TokenCursor): Statement {
  c.expectWord('alter');
  const at = c.peek();
  switch (objectWord(c)) {
    case 'keyspace':
    case 'schema':
      return parseAlterKeyspace(c);
    case 'table':
    case 'columnfamily':
      return parseAlterTable(c);
    case 'type':
      return parseAlterType(c);
    case 'materialized':
      c.expectWord('view');
      return parseAlterMaterializedView(c);
    case 'role':
      return parseAlterRole(c);
    case 'user':
      return parseAlterUser(c);
  }
  return c.fail('KEYSPACE, TABLE, TYPE, MATERIALIZED VIEW, ROLE or USER', at);
}

export function parseDrop(c: TokenCursor): Statement {
  c.expectWord('drop');
  const at = c.peek();
  switch (objectWord(c)) {
    case 'keyspace':
    case 'schema':
      return parseDropKeyspace(c);
    case 'table':
    case 'columnfamily':
      return parseDropTable(c);
    case 'index':
      return parseDropIndex(c);
    case 'type':
      return parseDropType(c);
    case 'materialized':
      c.expectWord('view');
      return parseDropMaterializedView(c);
    case 'function':
      return parseDropFunction(c);
    case 'aggregate':
      return parseDropAggregate(c);
    case 'trigger':
      return parseDropTrigger(c);
    case 'role':
      return parseDropRole(c);
    case 'user':
      return parseDropUser(c);
  }
  return c.fail('KEYSPACE, TABLE, INDEX, TYPE, MATERIALIZED VIEW, FUNCTION, AGGREGATE, TRIGGER, ROLE or USER', at);
}
