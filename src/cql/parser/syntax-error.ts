/**
 * CqlSyntaxError: the only error the CQL parser raises on bad input. The message starts with the
 * position as `line L:C` (line counted from 1, column from 0, the convention Cassandra's own
 * messages use) and names the offending token, so drivers and cqlsh show a familiar shape.
 */
import { CqlSyntaxError as SyntaxErrorOfAnyKind } from '../../errors/index.js';

/** Also an instance of the errors layer's CqlSyntaxError (the one the package exports), as every syntax error is. */
export class CqlSyntaxError extends SyntaxErrorOfAnyKind {
  /** 1-based line of the offending token. */
  readonly line: number;
  /** 0-based column of the offending token within its line. */
  readonly column: number;
  /** 0-based offset of the offending token in the parsed text (UTF-16 code units). */
  readonly offset: number;
  /** The message without the position prefix. */
  readonly reason: string;

  constructor(reason: string, line: number, column: number, offset: number) {
    super(`line ${line}:${column} ${reason}`);
    this.line = line;
    this.column = column;
    this.offset = offset;
    this.reason = reason;
  }
}

/** Builds the error for `offset` in `source`, working out the line and column only now (errors are rare). */
export function syntaxErrorAt(source: string, offset: number, reason: string): CqlSyntaxError {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, source.length);
  for (let i = 0; i < end; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 10 /* \n */ || (ch === 13 /* \r */ && source.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return new CqlSyntaxError(reason, line, offset - lineStart, offset);
}
