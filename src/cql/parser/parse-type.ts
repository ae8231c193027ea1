/**
 * Grammar of CQL types (native, collection, tuple, frozen, user and custom types), and the
 * look-ahead that tells a type hint `(int) ?` from a parenthesised tuple or expression.
 */
import type { QualifiedName } from './ast-names.js';
import type { CqlType, NativeTypeName } from './cql-type.js';
import { isNativeTypeName, isReservedTypeName, isReservedWord } from './keywords.js';
import { parseIdentifier } from './parse-names.js';
import { TokenKind } from './token.js';
import type { TokenCursor } from './token-cursor.js';

export function parseType(c: TokenCursor): CqlType {
  const t = c.peek();
  if (t.kind === TokenKind.String) {
    c.advance();
    return { kind: 'custom', className: t.text };
  }
  if (t.kind === TokenKind.Word) {
    if (c.isSymbol('<', 1)) {
      switch (t.text) {
        case 'frozen':
          return { kind: 'frozen', type: parameters(c, 1)[0]! };
        case 'list':
          return { kind: 'list', element: parameters(c, 1)[0]! };
        case 'set':
          return { kind: 'set', element: parameters(c, 1)[0]! };
        case 'map': {
          const [key, value] = parameters(c, 2);
          return { kind: 'map', key: key!, value: value! };
        }
        case 'tuple':
          return { kind: 'tuple', elements: parameters(c, 0) };
      }
    }
    if (isNativeTypeName(t.text) && !c.isSymbol('.', 1)) {
      c.advance();
      return { kind: 'native', name: t.text };
    }
  }
  if (!c.isName()) c.fail('a type');
  const name = parseUserTypeName(c);
  return { kind: 'user', keyspace: name.keyspace, name: name.name };
}

/** `<T>` (count 1), `<K, V>` (count 2) or `<T, …>` (count 0: one or more). */
function parameters(c: TokenCursor, count: number): CqlType[] {
  c.advance();
  const open = c.expectSymbol('<');
  c.enter(open);
  const types = [parseType(c)];
  while ((count === 0 || types.length < count) && c.acceptSymbol(',')) types.push(parseType(c));
  if (types.length < count) c.fail("','");
  c.expectSymbol('>');
  c.leave();
  return types;
}

/** `[ks.]name` of a user type; an unquoted name may not be a native or reserved type name. */
export function parseUserTypeName(c: TokenCursor): QualifiedName {
  let keyspace: string | null = null;
  if (c.isSymbol('.', 1)) {
    keyspace = parseIdentifier(c, 'a keyspace name');
    c.advance();
  }
  const t = c.peek();
  if (t.kind === TokenKind.Word && (isNativeTypeName(t.text) || isReservedTypeName(t.text))) {
    c.failWith(`'${c.shown(t)}' is a reserved type name and cannot name a user type`);
  }
  return { keyspace, name: parseIdentifier(c, 'a type name') };
}

/** A native type name (CAST's target). */
export function parseNativeTypeName(c: TokenCursor): NativeTypeName {
  const t = c.peek();
  if (t.kind !== TokenKind.Word || !isNativeTypeName(t.text)) c.fail('a native type');
  c.advance();
  return t.text;
}

/**
 * With the cursor on `(`: the offset of the `)` that would close a type there — e.g. for
 * `(frozen<list<int>>) ?` — or -1 when what follows cannot be a type. Only the shape of the
 * tokens is checked (parseType validates); the scan never goes past that `)`, so it is linear.
 */
export function typeHintClose(c: TokenCursor): number {
  let k = 1;
  let level = 0;
  for (;;) {
    const t = c.peekAt(k);
    if (t.kind === TokenKind.String) {
      k++;
    } else if (t.kind === TokenKind.QuotedName || (t.kind === TokenKind.Word && !isReservedWord(t.text))) {
      k++;
      if (c.isSymbol('.', k)) {
        if (!c.isName(k + 1)) return -1;
        k += 2;
      } else if (c.isSymbol('<', k)) {
        level++;
        k++;
        continue;
      }
    } else {
      return -1;
    }
    while (level > 0 && c.isSymbol('>', k)) {
      level--;
      k++;
    }
    if (level === 0) return c.isSymbol(')', k) ? k : -1;
    if (!c.isSymbol(',', k)) return -1;
    k++;
  }
}
