/**
 * The parser's entry points: `parseStatement` for one statement (a trailing `;` allowed) and
 * `parseStatements` for a script of `;`-separated statements (as cqlsh -f reads), each with its
 * source span and its own bind-marker numbering.
 */
import { runSteps, runStepsPaced } from '../../util/steps.js';
import { parseBatchSteps } from './parse-batch.js';
import { parseDelete } from './parse-delete.js';
import { parseDescribe } from './parse-describe.js';
import { parseInsert } from './parse-insert.js';
import { parseIlium } from './parse-ilium.js';
import { parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseGrant, parseListPermissions, parseRevoke } from './parse-permissions.js';
import { parseListRoles } from './parse-roles.js';
import { parseAlter, parseCreate, parseDrop } from './parse-schema-verbs.js';
import { parseSelect } from './parse-select.js';
import { parseUpdate } from './parse-update.js';
import type { ParsedStatement, Statement } from './statement.js';
import { TokenKind } from './token.js';
import { TokenCursor } from './token-cursor.js';

function parseOne(c: TokenCursor): Statement {
  const t = c.peek();
  if (t.kind === TokenKind.Word) {
    switch (t.text) {
      case 'select':
        return parseSelect(c);
      case 'insert':
        return parseInsert(c);
      case 'update':
        return parseUpdate(c);
      case 'delete':
        return parseDelete(c);
      case 'begin':
        return runSteps(parseBatchSteps(c));
      case 'use':
        c.advance();
        return { kind: 'use', keyspace: parseIdentifier(c, 'a keyspace name') };
      case 'truncate':
        c.advance();
        if (!c.acceptWord('table')) c.acceptWord('columnfamily');
        return { kind: 'truncate', table: parseQualifiedName(c, 'a table name') };
      case 'create':
        return parseCreate(c);
      case 'alter':
        return parseAlter(c);
      case 'drop':
        return parseDrop(c);
      case 'grant':
        c.advance();
        return parseGrant(c);
      case 'revoke':
        c.advance();
        return parseRevoke(c);
      case 'list':
        c.advance();
        if (c.acceptWord('roles')) return parseListRoles(c);
        if (c.acceptWord('users')) return { kind: 'listUsers' };
        return parseListPermissions(c);
      case 'describe':
      case 'desc':
        c.advance();
        return parseDescribe(c);
      case 'ilium':
        return parseIlium(c);
    }
  }
  return c.fail('a statement (SELECT, INSERT, UPDATE, DELETE, BEGIN BATCH, USE, TRUNCATE, CREATE, ALTER, DROP, GRANT, REVOKE, LIST or DESCRIBE)');
}

function parseNext(c: TokenCursor): ParsedStatement {
  const start = c.peek().start;
  return parsed(c, start, parseOne(c));
}

/** The statement just parsed from `start`, with its bind markers and source span. */
function parsed(c: TokenCursor, start: number, statement: Statement): ParsedStatement {
  const end = c.previous().end;
  const bindMarkerNames = c.takeBindMarkers();
  return {
    statement,
    bindMarkerCount: bindMarkerNames.length,
    bindMarkerNames,
    start,
    end,
    text: c.source.slice(start, end),
  };
}

/** Parses exactly one statement, optionally followed by `;`. Throws CqlSyntaxError. */
export function parseStatement(source: string): ParsedStatement {
  const c = new TokenCursor(source);
  const start = c.peek().start;
  return single(c, start, parseOne(c));
}

/**
 * `parseStatement` in steps: a batch's statements are lexed and parsed one at a time, awaiting
 * `pace` after each (a batch of 100,000 INSERTs is 1-2 s of lexing and parsing). Any other
 * statement is parsed at once and returned as is.
 */
export function parseStatementPaced(source: string, pace: () => Promise<void>): ParsedStatement | Promise<ParsedStatement> {
  const c = new TokenCursor(source);
  const start = c.peek().start;
  if (!c.isWord('begin')) return single(c, start, parseOne(c));
  const batch = runStepsPaced(parseBatchSteps(c), pace);
  return batch instanceof Promise ? batch.then((b) => single(c, start, b)) : single(c, start, batch);
}

/** The one statement just parsed, checking that only `;` follows it. */
function single(c: TokenCursor, start: number, statement: Statement): ParsedStatement {
  const result = parsed(c, start, statement);
  while (c.acceptSymbol(';'));
  if (!c.atEnd()) c.fail("the end of the statement (one statement only)");
  return result;
}

/** Parses `;`-separated statements (empty ones skipped); bind markers number from 0 in each. */
export function parseStatements(source: string): ParsedStatement[] {
  const c = new TokenCursor(source);
  const out: ParsedStatement[] = [];
  for (;;) {
    while (c.acceptSymbol(';'));
    if (c.atEnd()) break;
    out.push(parseNext(c));
    if (!c.atEnd() && !c.isSymbol(';')) c.fail("';' between statements");
  }
  return out;
}
