/**
 * Grammar of terms: literals, bind markers, collection/tuple/UDT literals, function calls,
 * CAST, type hints and 4.0 arithmetic (`+ -` over `* / %` over unary minus). A minus before a
 * number is folded into the literal (`-1` is the integer literal "-1").
 */
import type { ArithmeticOperator, Literal, LiteralType, MapEntry, Term, UdtField } from './ast-terms.js';
import type { IntValue } from './ast-dml.js';
import { isReservedWord } from './keywords.js';
import { isFunctionCallAhead, parseFunctionName, parseIdentifier } from './parse-names.js';
import { parseNativeTypeName, parseType, typeHintClose } from './parse-type.js';
import { TokenKind, type Token } from './token.js';
import type { TokenCursor } from './token-cursor.js';

const NULL_TERM: Term = Object.freeze({ kind: 'null' });
const EMPTY_COLLECTION: Term = Object.freeze({ kind: 'emptyCollection' });
const ISO_DURATION = /^P(?:\d+W|(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?)$/i;

function literal(type: LiteralType, text: string): Literal {
  return { kind: 'literal', type, text };
}

/** Whether `text` (a word as written) is an ISO 8601 duration such as P1Y2M, PT1H30M or P3W. */
export function isIsoDuration(text: string): boolean {
  return ISO_DURATION.test(text);
}

export function parseTerm(c: TokenCursor): Term {
  return additive(c, false);
}

/**
 * A term for `col = term + col` (list prepend): stops before a `+` followed by a bare column
 * name, which no term can continue with, and leaves that `+` to the caller.
 */
export function parseTermBeforeColumnPlus(c: TokenCursor): Term {
  return additive(c, true);
}

/** Whether a column name (not a function call, literal word or ISO duration) starts `k` ahead. */
export function isColumnReference(c: TokenCursor, k: number): boolean {
  if (!c.isName(k) || c.isSymbol('(', k + 1) || c.isSymbol('.', k + 1)) return false;
  const t = c.peekAt(k);
  return t.kind === TokenKind.QuotedName || !isIsoDuration(c.raw(t));
}

function additive(c: TokenCursor, stopBeforeColumnPlus: boolean): Term {
  let term = multiplicative(c);
  let levels = 0;
  for (;;) {
    const t = c.peek();
    if (t.kind !== TokenKind.Symbol || (t.text !== '+' && t.text !== '-')) break;
    if (stopBeforeColumnPlus && t.text === '+' && isColumnReference(c, 1)) break;
    c.advance();
    c.enter(t);
    levels++;
    term = { kind: 'binary', op: t.text, left: term, right: multiplicative(c) };
  }
  c.leave(levels);
  return term;
}

function multiplicative(c: TokenCursor): Term {
  let term = unary(c);
  let levels = 0;
  for (;;) {
    const t = c.peek();
    if (t.kind !== TokenKind.Symbol || (t.text !== '*' && t.text !== '/' && t.text !== '%')) break;
    c.advance();
    c.enter(t);
    levels++;
    term = { kind: 'binary', op: t.text as ArithmeticOperator, left: term, right: unary(c) };
  }
  c.leave(levels);
  return term;
}

/** `-x` folded into a negative literal when x is a number, NaN, Infinity or a duration; else null. */
export function negativeLiteral(c: TokenCursor): Literal | null {
  const n = c.peekAt(1);
  let result: Literal | null = null;
  switch (n.kind) {
    case TokenKind.Integer:
      result = literal('integer', `-${n.text}`);
      break;
    case TokenKind.Float:
      result = literal('float', `-${n.text}`);
      break;
    case TokenKind.Duration:
      result = literal('duration', `-${n.text}`);
      break;
    case TokenKind.Word:
      if (n.text === 'nan') result = literal('float', 'NaN');
      else if (n.text === 'infinity') result = literal('float', '-Infinity');
      else if (!c.isSymbol('(', 2) && isIsoDuration(c.raw(n))) result = literal('duration', `-${c.raw(n)}`);
      break;
  }
  if (result !== null) {
    c.advance();
    c.advance();
  }
  return result;
}

function unary(c: TokenCursor): Term {
  const t = c.peek();
  if (t.kind !== TokenKind.Symbol || t.text !== '-') return parseSimpleTerm(c);
  const folded = negativeLiteral(c);
  if (folded !== null) return folded;
  c.advance();
  c.enter(t);
  const term: Term = { kind: 'negate', term: unary(c) };
  c.leave();
  return term;
}

/** A term without operators around it: a value, function call, CAST or type hint. */
export function parseSimpleTerm(c: TokenCursor): Term {
  const t = c.peek();
  switch (t.kind) {
    case TokenKind.String:
      c.advance();
      return literal('string', t.text);
    case TokenKind.Integer:
      c.advance();
      return literal('integer', t.text);
    case TokenKind.Float:
      c.advance();
      return literal('float', t.text);
    case TokenKind.Hex:
      c.advance();
      return literal('hex', t.text);
    case TokenKind.Uuid:
      c.advance();
      return literal('uuid', t.text);
    case TokenKind.Duration:
      c.advance();
      return literal('duration', t.text);
    case TokenKind.Word:
      switch (t.text) {
        case 'null':
          c.advance();
          return NULL_TERM;
        case 'true':
        case 'false':
          c.advance();
          return literal('boolean', t.text);
        case 'nan':
          c.advance();
          return literal('float', 'NaN');
        case 'infinity':
          c.advance();
          return literal('float', 'Infinity');
        case 'cast':
          if (c.isSymbol('(', 1)) return cast(c);
          break;
      }
      if (isFunctionCallAhead(c)) return functionCall(c);
      if (isIsoDuration(c.raw(t))) {
        c.advance();
        return literal('duration', c.raw(t));
      }
      break;
    case TokenKind.QuotedName:
      if (isFunctionCallAhead(c)) return functionCall(c);
      break;
    case TokenKind.Symbol:
      switch (t.text) {
        case '?':
          c.advance();
          return c.newBindMarker(null);
        case ':':
          c.advance();
          return c.newBindMarker(parseIdentifier(c, 'a bind marker name'));
        case '[':
          return list(c, t);
        case '{':
          return braces(c, t);
        case '(':
          return parenthesized(c, t);
      }
      break;
  }
  return c.fail('a value');
}

/** LIMIT / TTL / TIMESTAMP values: an integer (a leading minus allowed) or a bind marker. */
export function parseIntValue(c: TokenCursor): IntValue {
  const t = c.peek();
  if (t.kind === TokenKind.Integer) {
    c.advance();
    return literal('integer', t.text);
  }
  if (t.kind === TokenKind.Symbol) {
    if (t.text === '-' && c.peekAt(1).kind === TokenKind.Integer) {
      c.advance();
      return literal('integer', `-${c.advance().text}`);
    }
    if (t.text === '?') {
      c.advance();
      return c.newBindMarker(null);
    }
    if (t.text === ':') {
      c.advance();
      return c.newBindMarker(parseIdentifier(c, 'a bind marker name'));
    }
  }
  return c.fail('an integer or a bind marker');
}

/** `f(args)`: the argument list shared by term and selector calls. */
export function parseArguments<T>(c: TokenCursor, parseOne: (c: TokenCursor) => T): T[] {
  const open = c.expectSymbol('(');
  c.enter(open);
  const args: T[] = [];
  if (!c.acceptSymbol(')')) {
    do args.push(parseOne(c));
    while (c.acceptSymbol(','));
    c.expectSymbol(')');
  }
  c.leave();
  return args;
}

function functionCall(c: TokenCursor): Term {
  const name = parseFunctionName(c);
  return { kind: 'functionCall', name, args: parseArguments(c, parseTerm) };
}

function cast(c: TokenCursor): Term {
  c.advance();
  const open = c.expectSymbol('(');
  c.enter(open);
  const term = parseSimpleTerm(c);
  c.expectWord('as');
  const type = parseNativeTypeName(c);
  c.expectSymbol(')');
  c.leave();
  return { kind: 'cast', term, type };
}

function list(c: TokenCursor, open: Token): Term {
  c.advance();
  c.enter(open);
  const elements: Term[] = [];
  if (!c.acceptSymbol(']')) {
    do elements.push(parseTerm(c));
    while (c.acceptSymbol(','));
    c.expectSymbol(']');
  }
  c.leave();
  return { kind: 'list', elements };
}

/** `{}`, `{a, b}` (set), `{k: v, …}` (map) or `{field: v, …}` (user type). */
function braces(c: TokenCursor, open: Token): Term {
  c.advance();
  c.enter(open);
  let term: Term;
  if (c.acceptSymbol('}')) {
    term = EMPTY_COLLECTION;
  } else if (c.isName() && c.isSymbol(':', 1)) {
    const fields: UdtField<Term>[] = [];
    do {
      const field = parseIdentifier(c, 'a field name');
      c.expectSymbol(':');
      fields.push({ field, value: parseTerm(c) });
    } while (c.acceptSymbol(','));
    c.expectSymbol('}');
    term = { kind: 'udt', fields };
  } else {
    const first = parseTerm(c);
    if (c.acceptSymbol(':')) {
      const entries: MapEntry<Term>[] = [{ key: first, value: parseTerm(c) }];
      while (c.acceptSymbol(',')) {
        const key = parseTerm(c);
        c.expectSymbol(':');
        entries.push({ key, value: parseTerm(c) });
      }
      term = { kind: 'map', entries };
    } else {
      const elements = [first];
      while (c.acceptSymbol(',')) elements.push(parseTerm(c));
      term = { kind: 'set', elements };
    }
    c.expectSymbol('}');
  }
  c.leave();
  return term;
}

/** Whether `t` can begin a term (used to recognise a type hint: `(type)` then a term). */
function startsTerm(t: Token): boolean {
  switch (t.kind) {
    case TokenKind.Word:
      return !isReservedWord(t.text) || t.text === 'null' || t.text === 'true' || t.text === 'false' ||
        t.text === 'nan' || t.text === 'infinity' || t.text === 'token';
    case TokenKind.Symbol:
      return t.text === '?' || t.text === ':' || t.text === '[' || t.text === '{' || t.text === '(';
    case TokenKind.End:
    case TokenKind.Invalid:
      return false;
    default:
      return true;
  }
}

/** `(type) term` or a tuple literal `(a, b, …)` (one element is still a tuple, as in Cassandra). */
function parenthesized(c: TokenCursor, open: Token): Term {
  const close = typeHintClose(c);
  c.advance();
  c.enter(open);
  let term: Term;
  if (close > 0 && startsTerm(c.peekAt(close))) {
    const type = parseType(c);
    c.expectSymbol(')');
    term = { kind: 'typeHint', type, term: parseSimpleTerm(c) };
  } else {
    const elements = [parseTerm(c)];
    while (c.acceptSymbol(',')) elements.push(parseTerm(c));
    c.expectSymbol(')');
    term = { kind: 'tuple', elements };
  }
  c.leave();
  return term;
}
