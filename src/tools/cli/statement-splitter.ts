/**
 * Cuts cassandra-cli input into statements at `;` outside strings and comments (the lexer knows
 * where those are). A script (`-f`, `--batch`) is split whole, and text after the last `;` is
 * one more statement; the interactive loop feeds lines to a `CliInputBuffer` and runs each
 * statement as its `;` arrives (a lone `?` is help at once, as in cassandra-cli).
 */
import { type CliToken, lexCli } from './cli-lexer.js';

export interface StatementText {
  /** The statement's tokens, ending with an End token where its `;` stood. */
  readonly tokens: readonly CliToken[];
  /** The text as written, without the `;` (for echoing). */
  readonly text: string;
  /** Where it starts in the input (1-based). */
  readonly line: number;
  readonly column: number;
}

export interface SplitResult {
  readonly statements: StatementText[];
  /** Text after the last `;` (empty, or a statement not ended yet). */
  readonly rest: string;
  /** The rest holds tokens (not just blanks and comments), or an open string or comment. */
  readonly restPending: boolean;
  /** An open string or block comment runs to the end of the input. */
  readonly unterminated: boolean;
}

export function splitCliText(text: string): SplitResult {
  const { tokens, unterminated } = lexCli(text);
  const statements: StatementText[] = [];
  let from = 0;
  let restStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'punct' || t.text !== ';') continue;
    const body = tokens.slice(from, i);
    const end: CliToken = { kind: 'end', text: '', start: t.start, end: t.start, line: t.line, column: t.column };
    if (body.length > 0) statements.push(statementOf(text, body, end));
    from = i + 1;
    restStart = t.end;
  }
  const restTokens = tokens.slice(from, tokens.length - 1);
  return { statements, rest: text.slice(restStart), restPending: restTokens.length > 0 || unterminated, unterminated };
}

function statementOf(text: string, body: CliToken[], end: CliToken): StatementText {
  const first = body[0]!;
  return { tokens: [...body, end], text: text.slice(first.start, end.start).trim(), line: first.line, column: first.column };
}

/** A whole script: its statements, the text after the last `;` counting as one more. */
export function splitCliScript(text: string): { statements: StatementText[]; unterminatedAt?: { line: number; column: number } } {
  const withEnd = splitCliText(text);
  if (withEnd.unterminated) {
    const { tokens } = lexCli(text);
    const last = tokens[tokens.length - 1]!;
    return { statements: withEnd.statements, unterminatedAt: { line: last.line, column: last.column } };
  }
  if (!withEnd.restPending) return { statements: withEnd.statements };
  const closed = splitCliText(`${text}\n;`);
  return { statements: closed.statements };
}

/** The interactive loop's input: lines in, statements out as their `;` arrives. */
export class CliInputBuffer {
  private text = '';

  get pending(): boolean {
    return this.text.trim() !== '';
  }

  reset(): void {
    this.text = '';
  }

  push(line: string): StatementText[] {
    if (!this.pending && line.trim() === '?') return splitCliText('?;').statements;
    this.text += `${line}\n`;
    const split = splitCliText(this.text);
    this.text = split.restPending ? split.rest : '';
    return split.statements;
  }
}
