/**
 * Grammar of names: identifiers (columns, keyspaces, fields, aliases), `[ks.]name` qualified
 * names, function names (which may also be the reserved `token`) and role names (which may also
 * be string literals).
 */
import type { QualifiedName } from './ast-names.js';
import { isReservedWord } from './keywords.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

/** An unreserved word (lowercased) or a quoted name (as written); `what` names it in errors. */
export function parseIdentifier(c: TokenCursor, what: string): string {
  const t = c.peek();
  if ((t.kind === TokenKind.Word && !isReservedWord(t.text)) || t.kind === TokenKind.QuotedName) {
    c.advance();
    return t.text;
  }
  if (t.kind === TokenKind.Symbol && (t.text === '?' || t.text === ':')) {
    c.failWith(`a bind marker cannot stand for ${what}`);
  }
  if (t.kind === TokenKind.Word) {
    c.failWith(`expected ${what} but found '${c.shown(t)}', a reserved word (write "${t.text}" to use it as a name)`);
  }
  return c.fail(what);
}

/** `name` or `keyspace.name`. */
export function parseQualifiedName(c: TokenCursor, what: string): QualifiedName {
  const first = parseIdentifier(c, what);
  if (!c.acceptSymbol('.')) return { keyspace: null, name: first };
  return { keyspace: first, name: parseIdentifier(c, what) };
}

/** Whether the token `k` ahead can name a function: a name, or the reserved word `token`. */
export function isFunctionName(c: TokenCursor, k = 0): boolean {
  return c.isName(k) || c.isWord('token', k);
}

/** Whether a function call (`f(` or `ks.f(`) starts here. */
export function isFunctionCallAhead(c: TokenCursor): boolean {
  if (c.isSymbol('(', 1)) return isFunctionName(c);
  return c.isSymbol('.', 1) && c.isSymbol('(', 3) && c.isName() && isFunctionName(c, 2);
}

/** `[ks.]f` where f may be `token`. */
export function parseFunctionName(c: TokenCursor): QualifiedName {
  if (c.isName() && c.isSymbol('.', 1)) {
    const keyspace = parseIdentifier(c, 'a keyspace name');
    c.advance();
    return { keyspace, name: parseFunctionBareName(c) };
  }
  return { keyspace: null, name: parseFunctionBareName(c) };
}

/** A function name without keyspace (SFUNC, FINALFUNC). */
export function parseFunctionBareName(c: TokenCursor): string {
  if (c.acceptWord('token')) return 'token';
  return parseIdentifier(c, 'a function name');
}

/** A role: unquoted (lowercased), "quoted" or 'string' (both kept as written). */
export function parseRoleName(c: TokenCursor): string {
  const t = c.peek();
  if (t.kind === TokenKind.String) {
    c.advance();
    return t.text;
  }
  return parseIdentifier(c, 'a role name');
}
