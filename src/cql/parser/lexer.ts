/**
 * The CQL lexer: one linear pass over the text, a token at a time (`Lexer`), or the whole token
 * array at once (`tokenize`).
 * Whitespace and comments (`-- …`, `// …`, `/* … *\/`) are dropped. Text it cannot read becomes a
 * single Invalid token (then End) rather than an exception, so the parser reports whichever
 * problem comes first in the text.
 */
import { TokenKind, type Token, type TokenKindValue } from './token.js';

const DIGIT_DURATION = /^(?:\d+(?:y|mo|w|d|h|ms|m|us|µs|μs|ns|s))+$/i;
const ISO_ALTERNATIVE_DURATION = /^[Pp]\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}/;
const MICRO_SIGN = 0xb5;
const GREEK_MU = 0x3bc;

/** The char code at `i`, or -1 past the end (reading past the end would return NaN and slow every loop down). */
function code(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : -1;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 95;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** True when a UUID literal (8-4-4-4-12 hex digits) starts at `i` and is not glued to a word. */
function uuidAt(s: string, i: number): boolean {
  if (i + 36 > s.length || code(s, i + 8) !== 45) return false;
  for (let k = 0; k < 36; k++) {
    const c = code(s, i + k);
    if (k === 8 || k === 13 || k === 18 || k === 23) {
      if (c !== 45) return false;
    } else if (!isHex(c)) {
      return false;
    }
  }
  return !isWordChar(code(s, i + 36));
}

function token(kind: TokenKindValue, text: string, start: number, end: number): Token {
  return { kind, text, start, end };
}

/** Content of a quoted run ending at the next unpaired `quote` (doubled quotes unescaped); null when unterminated. */
function scanQuoted(s: string, from: number, quote: string): { text: string; end: number } | null {
  let text = '';
  let i = from;
  for (;;) {
    const close = s.indexOf(quote, i);
    if (close < 0) return null;
    if (s[close + 1] === quote) {
      text += s.slice(i, close + 1);
      i = close + 2;
      continue;
    }
    text += s.slice(i, close);
    return { text, end: close + 1 };
  }
}

function describeChar(s: string, i: number): string {
  const c = s.codePointAt(i) ?? 0;
  return c >= 0x21 && c !== 0x7f ? `'${String.fromCodePoint(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Splits `source` into tokens; the last token is always End. */
export function tokenize(source: string): Token[] {
  const lexer = new Lexer(source);
  const tokens: Token[] = [];
  for (;;) {
    const t = lexer.next();
    tokens.push(t);
    if (t.kind === TokenKind.End) return tokens;
  }
}

/**
 * The lexer as a stream: `next()` reads one token more, so a parser can lex as it goes (a batch
 * of 100,000 statements is ~1.7 million tokens, most of a second to lex in one go). After End, or
 * after an Invalid token (which ends the text), `next()` returns End.
 */
export class Lexer {
  private i: number;
  private ended = false;

  constructor(private readonly source: string) {
    this.i = code(source, 0) === 0xfeff ? 1 : 0; // a byte-order mark, as editors leave at the top of script files
  }

  next(): Token {
    const source = this.source;
    const n = source.length;
    if (this.ended) return token(TokenKind.End, '', n, n);
    let i = this.i;
    // Whitespace and comments.
    let c = code(source, i);
    for (;;) {
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 12) {
        c = code(source, ++i);
      } else if ((c === 45 || c === 47) && code(source, i + 1) === c) {
        const nl = source.indexOf('\n', i + 2);
        i = nl < 0 ? n : nl + 1;
        c = code(source, i);
      } else if (c === 47 && code(source, i + 1) === 42) {
        const close = source.indexOf('*/', i + 2);
        if (close < 0) return this.invalid('unterminated /* comment', i);
        i = close + 2;
        c = code(source, i);
      } else {
        break;
      }
    }
    if (i >= n) {
      this.ended = true;
      return token(TokenKind.End, '', n, n);
    }
    const t = this.read(i, c);
    if (t.kind === TokenKind.Invalid) this.ended = true;
    else this.i = t.end;
    return t;
  }

  /** Ends the text with an Invalid token at `at`. */
  private invalid(reason: string, at: number): Token {
    this.ended = true;
    return token(TokenKind.Invalid, reason, at, Math.min(at + 1, this.source.length));
  }

  /** The token starting at `start` (its first character `c`); an Invalid token when there is none. */
  private read(start: number, c: number): Token {
    const source = this.source;
    let i = start;
    if (isHex(c) && uuidAt(source, i)) return token(TokenKind.Uuid, source.slice(i, i + 36), i, i + 36);

    if (isLetter(c)) {
      if ((c === 80 || c === 112) && code(source, i + 5) === 45) {
        const m = ISO_ALTERNATIVE_DURATION.exec(source.slice(i, i + 20));
        if (m !== null && !isWordChar(code(source, i + 20))) return token(TokenKind.Duration, m[0], i, i + 20);
      }
      do c = code(source, ++i);
      while (isWordChar(c));
      return token(TokenKind.Word, source.slice(start, i).toLowerCase(), start, i);
    }

    if (isDigit(c)) return this.number(start, c);

    switch (c) {
      case 39 /* ' */: {
        const q = scanQuoted(source, i + 1, "'");
        if (q === null) return this.invalid('unterminated string literal', start);
        return token(TokenKind.String, q.text, start, q.end);
      }
      case 34 /* " */: {
        const q = scanQuoted(source, i + 1, '"');
        if (q === null) return this.invalid('unterminated quoted identifier', start);
        return token(TokenKind.QuotedName, q.text, start, q.end);
      }
      case 36 /* $ */: {
        if (code(source, i + 1) !== 36) return this.invalid("unexpected character '$'", start);
        const close = source.indexOf('$$', i + 2);
        if (close < 0) return this.invalid('unterminated $$ string literal', start);
        return token(TokenKind.String, source.slice(i + 2, close), start, close + 2);
      }
      case 40: case 41: case 91: case 93: case 123: case 125: // ( ) [ ] { }
      case 44: case 59: case 58: case 63: case 42: case 37: case 61: case 47: // , ; : ? * % = /
        return token(TokenKind.Symbol, source[i]!, i, i + 1);
      case 46 /* . */:
        return code(source, i + 1) === 46 ? token(TokenKind.Symbol, '..', i, i + 2) : token(TokenKind.Symbol, '.', i, i + 1);
      case 60: case 62: case 43: case 45: case 33: { // < > + - !
        const two = code(source, i + 1) === 61;
        if (c === 33 && !two) return this.invalid("unexpected character '!'", start);
        const len = two ? 2 : 1;
        return token(TokenKind.Symbol, source.slice(i, i + len), i, i + len);
      }
      default:
        return this.invalid(`unexpected character ${describeChar(source, i)}`, start);
    }
  }

  /** An integer, float, hexadecimal literal or digit-led duration starting at `start`. */
  private number(start: number, c: number): Token {
    const source = this.source;
    let i = start;
    if (c === 48 && (code(source, i + 1) | 0x20) === 120 /* x */) {
      i += 2;
      while (isHex(code(source, i))) i++;
      if (isWordChar(code(source, i))) return this.invalid('malformed hexadecimal literal', start);
      return token(TokenKind.Hex, source.slice(start, i), start, i);
    }
    while (isDigit(code(source, i))) i++;
    let kind: TokenKindValue = TokenKind.Integer;
    if (code(source, i) === 46 && code(source, i + 1) !== 46) {
      i++;
      while (isDigit(code(source, i))) i++;
      kind = TokenKind.Float;
    }
    const e = code(source, i) | 0x20;
    if (e === 101 /* e */) {
      const s1 = code(source, i + 1);
      const signed = s1 === 43 || s1 === 45;
      if (isDigit(signed ? code(source, i + 2) : s1)) {
        i += signed ? 2 : 1;
        while (isDigit(code(source, i))) i++;
        kind = TokenKind.Float;
      }
    }
    c = code(source, i);
    if (isWordChar(c) || c === MICRO_SIGN || c === GREEK_MU) {
      if (kind !== TokenKind.Integer) return this.invalid('malformed number', start);
      do c = code(source, ++i);
      while (isWordChar(c) || c === MICRO_SIGN || c === GREEK_MU);
      const text = source.slice(start, i);
      if (!DIGIT_DURATION.test(text)) return this.invalid(`malformed number or duration '${text.slice(0, 40)}'`, start);
      return token(TokenKind.Duration, text, start, i);
    }
    return token(kind, source.slice(start, i), start, i);
  }
}
