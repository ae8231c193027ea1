/**
 * TokenCursor: the state of one parse — the token array, the read position, the nesting depth
 * and the bind markers met so far — plus the look/accept/expect helpers every grammar function
 * uses and the single place syntax errors are built. A new cursor per parse; nothing is shared.
 */
import type { BindMarker } from './ast-terms.js';
import { isReservedWord } from './keywords.js';
import { Lexer } from './lexer.js';
import { syntaxErrorAt } from './syntax-error.js';
import { TokenKind, type Token } from './token.js';

/** Deepest nesting of parentheses, collections, types and operator chains a statement may use. */
export const MAX_NESTING = 100;

const MAX_SHOWN = 40;
const TOKENS_DROPPED_AT_ONCE = 4096;
/** Above any token number (a small integer, so `last` stays one for V8, never a boxed double). */
const END_NOT_LEXED = 0x3fffffff;
/** Tokens lexed per call of the lexer loop: a short statement is lexed in one run. */
const TOKENS_LEXED_AT_ONCE = 64;

export class TokenCursor {
  readonly source: string;
  /**
   * Tokens lexed and not yet dropped: the text is lexed as the parse reaches it (in runs of
   * TOKENS_LEXED_AT_ONCE), and tokens more
   * than one behind the read position are dropped in batches of TOKENS_DROPPED_AT_ONCE (a batch of
   * 100,000 statements is 1.7 million tokens, ~140 MB held to the end otherwise). `tokens[0]` is
   * token number `base`.
   */
  private readonly tokens: Token[] = [];
  private base = 0;
  private readonly lexer: Lexer;
  /** The number of the End token once lexed, else END_NOT_LEXED. */
  private last = END_NOT_LEXED;
  private pos = 0;
  private depth = 0;
  private markerNames: (string | null)[] = [];

  constructor(source: string) {
    this.source = source;
    this.lexer = new Lexer(source);
    this.lexTo(0);
  }

  /** Lexes up to token `i` and a run beyond (or End, whichever comes first). */
  private lexTo(i: number): void {
    const behind = this.pos - 1 - this.base;
    if (behind >= TOKENS_DROPPED_AT_ONCE) {
      this.tokens.splice(0, behind);
      this.base += behind;
    }
    const to = i + TOKENS_LEXED_AT_ONCE;
    while (this.base + this.tokens.length <= to && this.last === END_NOT_LEXED) {
      const t = this.lexer.next();
      if (t.kind === TokenKind.End) this.last = this.base + this.tokens.length;
      this.tokens.push(t);
    }
  }

  /** The token numbered `i` (End past the end); never one already dropped. */
  private at(i: number): Token {
    const j = i - this.base;
    if (j < this.tokens.length) return this.tokens[j]!;
    this.lexTo(i);
    return this.tokens[(i < this.last ? i : this.last) - this.base]!;
  }

  peek(): Token {
    return this.at(this.pos);
  }

  /** The token `k` places ahead (End past the end). */
  peekAt(k: number): Token {
    return this.at(this.pos + k);
  }

  /** The last token consumed. */
  previous(): Token {
    return this.at(this.pos > 0 ? this.pos - 1 : 0);
  }

  advance(): Token {
    const t = this.at(this.pos);
    if (this.pos < this.last) this.pos++;
    return t;
  }

  atEnd(): boolean {
    return this.at(this.pos).kind === TokenKind.End;
  }

  /** Whether the token `k` ahead is the (lowercase) word `w`. */
  isWord(w: string, k = 0): boolean {
    const t = this.at(this.pos + k);
    return t.kind === TokenKind.Word && t.text === w;
  }

  acceptWord(w: string): boolean {
    const t = this.at(this.pos);
    if (t.kind !== TokenKind.Word || t.text !== w) return false;
    this.pos++;
    return true;
  }

  expectWord(w: string): Token {
    const t = this.at(this.pos);
    if (t.kind !== TokenKind.Word || t.text !== w) this.fail(w.toUpperCase());
    this.pos++;
    return t;
  }

  isSymbol(s: string, k = 0): boolean {
    const t = this.at(this.pos + k);
    return t.kind === TokenKind.Symbol && t.text === s;
  }

  acceptSymbol(s: string): boolean {
    const t = this.at(this.pos);
    if (t.kind !== TokenKind.Symbol || t.text !== s) return false;
    this.pos++;
    return true;
  }

  expectSymbol(s: string): Token {
    const t = this.at(this.pos);
    if (t.kind !== TokenKind.Symbol || t.text !== s) this.fail(`'${s}'`);
    this.pos++;
    return t;
  }

  /** Whether the token `k` ahead can be a name: an unreserved word or a quoted name. */
  isName(k = 0): boolean {
    const t = this.at(this.pos + k);
    return t.kind === TokenKind.QuotedName || (t.kind === TokenKind.Word && !isReservedWord(t.text));
  }

  /** The token's text as written in the source. */
  raw(t: Token): string {
    return this.source.slice(t.start, t.end);
  }

  /** Throws "expected <expected> but found <token>" at `at` (a lexing problem there wins). */
  fail(expected: string, at: Token = this.peek()): never {
    if (at.kind === TokenKind.Invalid) throw syntaxErrorAt(this.source, at.start, at.text);
    const found = at.kind === TokenKind.End ? 'the end of the input' : `'${this.shown(at)}'`;
    throw syntaxErrorAt(this.source, at.start, `expected ${expected} but found ${found}`);
  }

  /** Throws `reason` at `at`. */
  failWith(reason: string, at: Token = this.peek()): never {
    if (at.kind === TokenKind.Invalid) throw syntaxErrorAt(this.source, at.start, at.text);
    throw syntaxErrorAt(this.source, at.start, reason);
  }

  /** `'text'` of a token for messages, shortened when long. */
  shown(t: Token): string {
    const text = this.raw(t);
    return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
  }

  /** One level deeper (at token `at`); refuses past MAX_NESTING so hostile input cannot exhaust the stack. */
  enter(at: Token): void {
    if (++this.depth > MAX_NESTING) {
      this.failWith(`input nested too deeply (more than ${MAX_NESTING} levels of parentheses, collections, types or operators)`, at);
    }
  }

  leave(levels = 1): void {
    this.depth -= levels;
  }

  /** A new bind marker numbered after all earlier ones of the statement. */
  newBindMarker(name: string | null): BindMarker {
    const index = this.markerNames.length;
    this.markerNames.push(name);
    return { kind: 'bindMarker', index, name };
  }

  /** The markers of the statement just parsed; numbering restarts at 0 for the next one. */
  takeBindMarkers(): (string | null)[] {
    const names = this.markerNames;
    this.markerNames = [];
    this.depth = 0;
    return names;
  }
}
