/**
 * The parser's walk over one statement's tokens: look-ahead, keyword matching (keywords are
 * case-insensitive, as in cassandra-cli), and syntax errors that say where: `line L:C`.
 */
import type { CliToken } from './cli-lexer.js';

export class CliSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`line ${line}:${column} ${detail}`);
    this.name = 'CliSyntaxError';
  }
}

function describe(t: CliToken): string {
  if (t.kind === 'end') return 'end of statement';
  if (t.kind === 'string') return `'${t.text}'`;
  return `'${t.text}'`;
}

export class CliCursor {
  private i = 0;

  constructor(private readonly tokens: readonly CliToken[]) {}

  get peek(): CliToken {
    return this.tokens[this.i]!;
  }

  peekAt(n: number): CliToken {
    return this.tokens[Math.min(this.i + n, this.tokens.length - 1)]!;
  }

  next(): CliToken {
    const t = this.tokens[this.i]!;
    if (t.kind !== 'end') this.i++;
    return t;
  }

  atEnd(): boolean {
    return this.peek.kind === 'end';
  }

  isKeyword(word: string, t: CliToken = this.peek): boolean {
    return t.kind === 'word' && t.text.toLowerCase() === word;
  }

  isPunct(p: string, t: CliToken = this.peek): boolean {
    return t.kind === 'punct' && t.text === p;
  }

  acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.i++;
    return true;
  }

  acceptPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.i++;
    return true;
  }

  expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) throw this.error(`expecting '${word}'`);
  }

  expectPunct(p: string): void {
    if (!this.acceptPunct(p)) throw this.error(`expecting '${p}'`);
  }

  /** A name: a word or a quoted string. */
  expectName(what: string): string {
    const t = this.peek;
    if (t.kind === 'word' || t.kind === 'string') {
      this.i++;
      return t.text;
    }
    throw this.error(`expecting ${what}`);
  }

  expectInteger(what: string): number {
    const t = this.peek;
    if (t.kind !== 'integer') throw this.error(`expecting ${what} (an integer)`);
    this.i++;
    return Number(t.text);
  }

  expectEnd(): void {
    if (!this.atEnd()) throw this.error('extraneous input');
  }

  /** A syntax error at the current token: `line L:C <problem> at <token>`. */
  error(problem: string, t: CliToken = this.peek): CliSyntaxError {
    if (t.kind === 'invalid') return new CliSyntaxError(t.line, t.column, `no viable alternative at character '${t.text}'`);
    return new CliSyntaxError(t.line, t.column, `${problem}, found ${describe(t)}`);
  }
}
