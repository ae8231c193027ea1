/**
 * The cassandra-cli lexer: text → tokens with their line and column, for the parser and for
 * the statement splitter (which needs to know where `;` ends a statement outside quotes and
 * comments). Token classes follow the 0.7 grammar: words (letters, digits, `_`, `-`, and `.`
 * inside a word, so `org.apache.cassandra.db.marshal.UTF8Type` and `127.0.0.1` are one word),
 * integers (a leading `-` binds to digits), decimals, `'…'` strings with backslash escapes, and
 * punctuation. `-- …` and `/* … *\/` comments are skipped. Text it cannot read becomes one
 * Invalid token, so the parser reports it where it stands.
 */

export type CliTokenKind = 'word' | 'integer' | 'decimal' | 'string' | 'punct' | 'invalid' | 'end';

export interface CliToken {
  readonly kind: CliTokenKind;
  /** Words and punctuation as written; strings unescaped; numbers as written. */
  readonly text: string;
  /** Offset of the first character in the lexed text. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
}

export interface LexResult {
  readonly tokens: CliToken[];
  /** An unterminated string or block comment ran to the end of the text (the statement goes on). */
  readonly unterminated: boolean;
}

const PUNCT_2 = new Set(['>=', '<=']);
const PUNCT_1 = new Set(['[', ']', '{', '}', '(', ')', '=', ',', ':', ';', '>', '<', '/', '?']);
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isWordStart = (c: string | undefined): boolean => c !== undefined && /[A-Za-z_]/.test(c);
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_\-.]/.test(c);

/** Tokenizes `text`; positions count lines and columns from `origin` (1-based). */
export function lexCli(text: string, origin: { line: number; column: number } = { line: 1, column: 1 }): LexResult {
  const tokens: CliToken[] = [];
  let i = 0;
  let line = origin.line;
  let lineStart = -(origin.column - 1);
  const at = (kind: CliTokenKind, tokenText: string, start: number, end: number, l: number, col: number) =>
    tokens.push({ kind, text: tokenText, start, end, line: l, column: col });
  const advanceTo = (to: number) => {
    for (; i < to; i++) {
      if (text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n' || c === ' ' || c === '\t' || c === '\r') {
      advanceTo(i + 1);
      continue;
    }
    const start = i;
    const l = line;
    const col = i - lineStart + 1;
    if (c === '-' && text[i + 1] === '-') {
      const nl = text.indexOf('\n', i);
      advanceTo(nl < 0 ? text.length : nl);
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return { tokens: finish(tokens, text, line, lineStart), unterminated: true };
      advanceTo(close + 2);
      continue;
    }
    if (c === "'") {
      const s = scanString(text, i + 1);
      if (s === null) return { tokens: finish(tokens, text, line, lineStart), unterminated: true };
      advanceTo(s.end);
      at('string', s.value, start, s.end, l, col);
      continue;
    }
    if (isDigit(c) || (c === '-' && isDigit(text[i + 1]))) {
      let j = i + 1;
      while (isDigit(text[j])) j++;
      let kind: CliTokenKind = 'integer';
      if (text[j] === '.' && isDigit(text[j + 1])) {
        j++;
        while (isDigit(text[j])) j++;
        kind = 'decimal';
      }
      // digits running into letters or dots (a host such as 127.0.0.1, a key such as 5abc) make one word
      if (isWordChar(text[j]) && c !== '-') {
        while (isWordChar(text[j])) j++;
        kind = 'word';
      }
      at(kind, text.slice(i, j), start, j, l, col);
      advanceTo(j);
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (isWordChar(text[j])) j++;
      at('word', text.slice(i, j), start, j, l, col);
      advanceTo(j);
      continue;
    }
    const two = text.slice(i, i + 2);
    if (PUNCT_2.has(two)) {
      at('punct', two, start, i + 2, l, col);
      advanceTo(i + 2);
      continue;
    }
    if (PUNCT_1.has(c)) {
      at('punct', c, start, i + 1, l, col);
      advanceTo(i + 1);
      continue;
    }
    at('invalid', c, start, i + 1, l, col);
    advanceTo(i + 1);
  }
  return { tokens: finish(tokens, text, line, lineStart), unterminated: false };
}

function finish(tokens: CliToken[], text: string, line: number, lineStart: number): CliToken[] {
  tokens.push({ kind: 'end', text: '', start: text.length, end: text.length, line, column: text.length - lineStart + 1 });
  return tokens;
}

/** A string's value from just after its opening quote; null when it never closes. */
function scanString(text: string, from: number): { value: string; end: number } | null {
  let value = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") return { value, end: i + 1 };
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) return null;
      value += ESCAPES[next] ?? next;
      i++;
      continue;
    }
    value += c;
  }
  return null;
}

/** A value as a `'…'` string literal the lexer reads back (for `show schema`-style echoes and help). */
export function quoteCliString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
