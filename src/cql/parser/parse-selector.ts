/**
 * Grammar of SELECT's selection clause: columns, terms, function calls (count(*), writetime,
 * ttl, CAST included), field and element/slice selection, type hints, collection and tuple
 * selectors and arithmetic, each optionally `AS alias`.
 */
import type { SelectItem, Selector } from './ast-selectors.js';
import type { ArithmeticOperator, MapEntry, UdtField } from './ast-terms.js';
import { isReservedWord } from './keywords.js';
import { isFunctionCallAhead, parseFunctionName, parseIdentifier } from './parse-names.js';
import { negativeLiteral, parseArguments, parseSimpleTerm, parseTerm } from './parse-term.js';
import { parseNativeTypeName, parseType, typeHintClose } from './parse-type.js';
import { TokenKind, type Token } from './token.js';
import type { TokenCursor } from './token-cursor.js';

const COUNT_ROWS: Selector = Object.freeze({ kind: 'countRows' });
const EMPTY_COLLECTION: Selector = Object.freeze({ kind: 'emptyCollection' });

/** `selector [AS alias] (, selector [AS alias])*`. */
export function parseSelectItems(c: TokenCursor): SelectItem[] {
  const items: SelectItem[] = [];
  do {
    const selector = parseSelector(c);
    items.push({ selector, alias: c.acceptWord('as') ? parseIdentifier(c, 'an alias') : null });
  } while (c.acceptSymbol(','));
  return items;
}

export function parseSelector(c: TokenCursor): Selector {
  let selector = multiplicative(c);
  let levels = 0;
  for (;;) {
    const t = c.peek();
    if (t.kind !== TokenKind.Symbol || (t.text !== '+' && t.text !== '-')) break;
    c.advance();
    c.enter(t);
    levels++;
    selector = { kind: 'binary', op: t.text, left: selector, right: multiplicative(c) };
  }
  c.leave(levels);
  return selector;
}

function multiplicative(c: TokenCursor): Selector {
  let selector = unary(c);
  let levels = 0;
  for (;;) {
    const t = c.peek();
    if (t.kind !== TokenKind.Symbol || (t.text !== '*' && t.text !== '/' && t.text !== '%')) break;
    c.advance();
    c.enter(t);
    levels++;
    selector = { kind: 'binary', op: t.text as ArithmeticOperator, left: selector, right: unary(c) };
  }
  c.leave(levels);
  return selector;
}

function unary(c: TokenCursor): Selector {
  const t = c.peek();
  if (t.kind !== TokenKind.Symbol || t.text !== '-') return withModifiers(c, primary(c));
  const folded = negativeLiteral(c);
  if (folded !== null) return { kind: 'term', term: folded };
  c.advance();
  c.enter(t);
  const selector: Selector = { kind: 'negate', selector: unary(c) };
  c.leave();
  return selector;
}

/** Trailing `.field`, `[key]` and `[from..to]` selections. */
function withModifiers(c: TokenCursor, base: Selector): Selector {
  let selector = base;
  let levels = 0;
  for (;;) {
    const t = c.peek();
    if (t.kind !== TokenKind.Symbol) break;
    if (t.text === '.') {
      c.advance();
      c.enter(t);
      levels++;
      selector = { kind: 'field', selector, field: parseIdentifier(c, 'a field name') };
    } else if (t.text === '[') {
      c.advance();
      c.enter(t);
      levels++;
      if (c.acceptSymbol('..')) {
        selector = { kind: 'slice', selector, from: null, to: parseTerm(c) };
      } else {
        const key = parseTerm(c);
        if (c.acceptSymbol('..')) {
          selector = { kind: 'slice', selector, from: key, to: c.isSymbol(']') ? null : parseTerm(c) };
        } else {
          selector = { kind: 'element', selector, key };
        }
      }
      c.expectSymbol(']');
    } else {
      break;
    }
  }
  c.leave(levels);
  return selector;
}

function primary(c: TokenCursor): Selector {
  const t = c.peek();
  switch (t.kind) {
    case TokenKind.Word:
      if (c.isSymbol('(', 1)) {
        switch (t.text) {
          case 'count':
            if (c.isSymbol('*', 2) && c.isSymbol(')', 3)) {
              for (let i = 0; i < 4; i++) c.advance();
              return COUNT_ROWS;
            }
            break;
          case 'writetime':
          case 'ttl':
            return writetimeOrTtl(c, t.text);
          case 'cast':
            return cast(c);
        }
      }
      switch (t.text) {
        case 'null':
        case 'true':
        case 'false':
        case 'nan':
        case 'infinity':
          return { kind: 'term', term: parseSimpleTerm(c) };
      }
      return nameOrCall(c);
    case TokenKind.QuotedName:
      return nameOrCall(c);
    case TokenKind.Symbol:
      switch (t.text) {
        case '?':
        case ':':
          return { kind: 'term', term: parseSimpleTerm(c) };
        case '(':
          return parenthesized(c, t);
        case '[':
          return list(c, t);
        case '{':
          return braces(c, t);
      }
      break;
    case TokenKind.End:
    case TokenKind.Invalid:
      break;
    default:
      return { kind: 'term', term: parseSimpleTerm(c) };
  }
  return c.fail('a selector');
}

function nameOrCall(c: TokenCursor): Selector {
  if (isFunctionCallAhead(c)) {
    const name = parseFunctionName(c);
    return { kind: 'functionCall', name, args: parseArguments(c, parseSelector) };
  }
  return { kind: 'column', name: parseIdentifier(c, 'a selector') };
}

function writetimeOrTtl(c: TokenCursor, which: 'writetime' | 'ttl'): Selector {
  c.advance();
  const open = c.expectSymbol('(');
  c.enter(open);
  const column: Selector = { kind: 'column', name: parseIdentifier(c, 'a column name') };
  const selector = withModifiers(c, column);
  c.expectSymbol(')');
  c.leave();
  return { kind: which, selector };
}

function cast(c: TokenCursor): Selector {
  c.advance();
  const open = c.expectSymbol('(');
  c.enter(open);
  const selector = parseSelector(c);
  c.expectWord('as');
  const type = parseNativeTypeName(c);
  c.expectSymbol(')');
  c.leave();
  return { kind: 'cast', selector, type };
}

function startsSelector(t: Token): boolean {
  switch (t.kind) {
    case TokenKind.Word:
      return t.text !== 'as' && (!isReservedWord(t.text) || t.text === 'null' || t.text === 'true' ||
        t.text === 'false' || t.text === 'nan' || t.text === 'infinity' || t.text === 'token');
    case TokenKind.Symbol:
      return t.text === '?' || t.text === ':' || t.text === '[' || t.text === '{' || t.text === '(';
    case TokenKind.End:
    case TokenKind.Invalid:
      return false;
    default:
      return true;
  }
}

/** `(type) selector`, a tuple `(a, b)`, or plain grouping `(a + b)`. */
function parenthesized(c: TokenCursor, open: Token): Selector {
  const close = typeHintClose(c);
  c.advance();
  c.enter(open);
  let selector: Selector;
  if (close > 0 && startsSelector(c.peekAt(close))) {
    const type = parseType(c);
    c.expectSymbol(')');
    selector = { kind: 'typeHint', type, selector: withModifiers(c, primary(c)) };
  } else {
    const elements = [parseSelector(c)];
    while (c.acceptSymbol(',')) elements.push(parseSelector(c));
    c.expectSymbol(')');
    selector = elements.length === 1 ? elements[0]! : { kind: 'tuple', elements };
  }
  c.leave();
  return selector;
}

function list(c: TokenCursor, open: Token): Selector {
  c.advance();
  c.enter(open);
  const elements: Selector[] = [];
  if (!c.acceptSymbol(']')) {
    do elements.push(parseSelector(c));
    while (c.acceptSymbol(','));
    c.expectSymbol(']');
  }
  c.leave();
  return { kind: 'list', elements };
}

function braces(c: TokenCursor, open: Token): Selector {
  c.advance();
  c.enter(open);
  let selector: Selector;
  if (c.acceptSymbol('}')) {
    selector = EMPTY_COLLECTION;
  } else {
    const first = parseSelector(c);
    if (c.acceptSymbol(':')) {
      const entries: MapEntry<Selector>[] = [{ key: first, value: parseSelector(c) }];
      while (c.acceptSymbol(',')) {
        const key = parseSelector(c);
        c.expectSymbol(':');
        entries.push({ key, value: parseSelector(c) });
      }
      selector = asUdt(entries) ?? { kind: 'map', entries };
    } else {
      const elements = [first];
      while (c.acceptSymbol(',')) elements.push(parseSelector(c));
      selector = { kind: 'set', elements };
    }
    c.expectSymbol('}');
  }
  c.leave();
  return selector;
}

/**
 * In a selector `{a: 1}` could be a map keyed by column `a` or a UDT literal with field `a`,
 * as in Cassandra the syntax cannot tell. When every key is a bare name we call it a UDT
 * literal (the common use); the executor may reinterpret against the receiver type.
 */
function asUdt(entries: MapEntry<Selector>[]): Selector | null {
  const fields: UdtField<Selector>[] = [];
  for (const e of entries) {
    if (e.key.kind !== 'column') return null;
    fields.push({ field: e.key.name, value: e.value });
  }
  return { kind: 'udt', fields };
}
