/**
 * Cuts the shell's input, fed line by line, into statements. A CQL statement ends at a `;`
 * outside quotes ('…', "…"), `$$…$$` strings and comments (`--`, `//` to the end of the line,
 * `/* … *\/`). Shell commands (HELP, EXPAND, COPY, DESCRIBE…) may also end at the end of their
 * line, as in cqlsh, unless the line visibly goes on (ends in WITH/AND/`,` or leaves a `(` open).
 * Comments are dropped from the statement text (replaced by a space; line breaks are kept).
 */
import { pushAll } from '../../util/push-all.js';

export interface SplitStatement {
  /** The statement without its `;` and comments, trimmed. */
  readonly text: string;
  /** 1-based input lines where the statement starts and ends. */
  readonly startLine: number;
  readonly endLine: number;
}

type State = 'normal' | 'single' | 'double' | 'dollar' | 'block';

/** Commands of the shell itself that a line end completes (cqlsh accepts them without `;`). */
const LINE_COMMANDS = new Set([
  'EXIT', 'QUIT', 'HELP', '?', 'CLEAR', 'CLS', 'SHOW', 'EXPAND', 'PAGING', 'TRACING',
  'CONSISTENCY', 'SERIAL', 'DESC', 'DESCRIBE', 'SOURCE', 'COPY', 'LOGIN', 'DEBUG', 'CAPTURE',
]);

export class StatementSplitter {
  private state: State = 'normal';
  private text = '';
  private startLine = 0;

  /** True while a statement has begun but not ended (the prompt shows `   ... `). */
  get pending(): boolean {
    return this.state !== 'normal' || this.text.trim() !== '';
  }

  /** Forgets a half-typed statement (Ctrl-C). */
  reset(): void {
    this.state = 'normal';
    this.text = '';
    this.startLine = 0;
  }

  /** Feeds one input line (without its line break); returns the statements it completed. */
  push(line: string, lineNo: number): SplitStatement[] {
    const out: SplitStatement[] = [];
    let i = 0;
    while (i < line.length) {
      const c = line[i]!;
      const next = line[i + 1];
      switch (this.state) {
        case 'normal':
          if (c === ';') {
            this.emit(out, lineNo);
            i++;
            continue;
          }
          if ((c === '-' && next === '-') || (c === '/' && next === '/')) {
            this.text += ' ';
            i = line.length;
            continue;
          }
          if (c === '/' && next === '*') {
            this.state = 'block';
            this.text += ' ';
            i += 2;
            continue;
          }
          if (c === '$' && next === '$') {
            this.state = 'dollar';
            this.text += '$$';
            i += 2;
            continue;
          }
          if (c === "'") this.state = 'single';
          else if (c === '"') this.state = 'double';
          break;
        case 'single':
          if (c === "'") this.state = 'normal';
          break;
        case 'double':
          if (c === '"') this.state = 'normal';
          break;
        case 'dollar':
          if (c === '$' && next === '$') {
            this.state = 'normal';
            this.text += '$$';
            i += 2;
            continue;
          }
          break;
        case 'block':
          if (c === '*' && next === '/') {
            this.state = 'normal';
            i += 2;
          } else {
            i++;
          }
          continue;
      }
      if (c.trim() !== '' && this.text.trim() === '') this.startLine = lineNo;
      this.text += c;
      i++;
    }
    if (this.state === 'normal' && endsAtLineEnd(this.text)) this.emit(out, lineNo);
    else if (this.pending) this.text += '\n';
    return out;
  }

  /** At end of input: the unfinished statement, if any (cqlsh -e runs it without a `;`). */
  finish(lineNo: number): SplitStatement | undefined {
    const out: SplitStatement[] = [];
    this.emit(out, lineNo);
    this.reset();
    return out[0];
  }

  private emit(out: SplitStatement[], lineNo: number): void {
    const text = this.text.trim();
    if (text !== '') out.push({ text, startLine: this.startLine || lineNo, endLine: lineNo });
    this.text = '';
    this.state = 'normal';
  }
}

/** Whether a statement typed so far is a shell command that its line end completes. */
function endsAtLineEnd(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  const first = /^[A-Za-z?]+/.exec(t)?.[0]?.toUpperCase();
  if (first === undefined || !LINE_COMMANDS.has(first)) return false;
  if (/(\bWITH|\bAND|,)$/i.test(t)) return false;
  let depth = 0;
  for (const c of t) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
  return depth <= 0;
}

/** Splits a whole script (a -f file or -e text) into statements. */
export function splitScript(script: string): { statements: SplitStatement[]; lines: number } {
  const splitter = new StatementSplitter();
  const lines = script.split(/\r?\n/);
  const statements: SplitStatement[] = [];
  lines.forEach((line, i) => pushAll(statements, splitter.push(line, i + 1)));
  const last = splitter.finish(lines.length);
  if (last !== undefined) statements.push(last);
  return { statements, lines: lines.length };
}
