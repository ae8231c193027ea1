/**
 * Grammar of DESCRIBE / DESC as Cassandra 4.0 serves it: CLUSTER, [FULL] SCHEMA, KEYSPACES,
 * [ONLY] KEYSPACE [ks], TABLES (or COLUMNFAMILIES), TABLE (or COLUMNFAMILY) t, INDEX i, MATERIALIZED VIEW v, TYPES, TYPE t,
 * FUNCTIONS, FUNCTION f, AGGREGATES, AGGREGATE a, or a bare `[ks.]name`; then
 * [WITH INTERNALS]. Starts after DESCRIBE / DESC.
 */
import type { DescribeStatement, DescribeTarget } from './ast-describe.js';
import { parseFunctionName, parseIdentifier, parseQualifiedName } from './parse-names.js';
import { parseUserTypeName } from './parse-type.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

/** Whether the word at the cursor stands alone (so `DESCRIBE tables.x` still means an object). */
function standsAlone(c: TokenCursor): boolean {
  return !c.isSymbol('.', 1);
}

/** Whether a name follows the keyword at the cursor (else the keyword itself is the name). */
function nameFollows(c: TokenCursor): boolean {
  const t = c.peekAt(1);
  return t.kind !== TokenKind.End && !(t.kind === TokenKind.Symbol && (t.text === ';' || t.text === '.')) && !c.isWord('with', 1);
}

function parseTarget(c: TokenCursor): DescribeTarget {
  const t = c.peek();
  if (t.kind === TokenKind.Word) {
    switch (t.text) {
      case 'columnfamilies':
        if (standsAlone(c)) {
          c.advance();
          return { kind: 'tables' };
        }
        break;
      case 'cluster':
      case 'keyspaces':
      case 'tables':
      case 'types':
      case 'functions':
      case 'aggregates':
        if (standsAlone(c)) {
          c.advance();
          return { kind: t.text };
        }
        break;
      case 'full':
        c.advance();
        c.expectWord('schema');
        return { kind: 'schema', full: true };
      case 'schema':
        c.advance();
        return { kind: 'schema', full: false };
      case 'only':
      case 'keyspace':
        if (t.text === 'only' && !c.isWord('keyspace', 1)) break;
        if (t.text === 'only') c.advance();
        c.expectWord('keyspace');
        return { kind: 'keyspace', keyspace: c.isName() ? parseIdentifier(c, 'a keyspace name') : null, only: t.text === 'only' };
      case 'table':
      case 'columnfamily':
        c.advance();
        return { kind: 'table', table: parseQualifiedName(c, 'a table name') };
      case 'index':
        c.advance();
        return { kind: 'index', index: parseQualifiedName(c, 'an index name') };
      case 'materialized':
        c.advance();
        c.expectWord('view');
        return { kind: 'materializedView', view: parseQualifiedName(c, 'a view name') };
      case 'type':
        if (nameFollows(c)) {
          c.advance();
          return { kind: 'type', type: parseUserTypeName(c) };
        }
        break;
      case 'function':
      case 'aggregate':
        if (nameFollows(c)) {
          c.advance();
          return { kind: t.text, name: parseFunctionName(c) };
        }
        break;
    }
  }
  if (!c.isName()) c.fail('what to describe (CLUSTER, SCHEMA, KEYSPACES, KEYSPACE, TABLES, TABLE, INDEX, MATERIALIZED VIEW, TYPES, TYPE, FUNCTIONS, FUNCTION, AGGREGATES, AGGREGATE or a name)');
  return { kind: 'generic', name: parseQualifiedName(c, 'a name') };
}

export function parseDescribe(c: TokenCursor): DescribeStatement {
  const target = parseTarget(c);
  let withInternals = false;
  if (c.acceptWord('with')) {
    c.expectWord('internals');
    withInternals = true;
  }
  return { kind: 'describe', target, withInternals };
}
