/**
 * Where the shell writes and what it asks: stdout/stderr text, the `---MORE---` pause of
 * interactive paging, stdin for COPY FROM STDIN. The terminal implementation lives in repl.ts
 * and run-cqlsh.ts; tests use a recording one.
 */
import type { Readable } from 'node:stream';

export interface ShellIO {
  /** An interactive terminal: paging pauses, progress lines, a blank line after each table. */
  readonly tty: boolean;
  /** Terminal width in columns (for wrapping DESCRIBE listings). */
  readonly columns: number;
  out(text: string): void;
  err(text: string): void;
  /** Shows a prompt and reads one line; undefined at end of input or on Ctrl-C. */
  ask(prompt: string): Promise<string | undefined>;
  /** Asks for a password without echo (LOGIN without one); absent when there is no terminal. */
  askPassword?(prompt: string): Promise<string | undefined>;
  /** The standard input for COPY FROM STDIN, when it is not the terminal the shell reads. */
  stdin(): Readable | undefined;
}

/** A ShellIO that keeps what is written (tests, -e capture). */
export class RecordingIO implements ShellIO {
  stdout = '';
  stderr = '';
  readonly asked: string[] = [];

  constructor(
    readonly tty = false,
    private readonly answers: (string | undefined)[] = [],
    readonly columns = 80,
    private readonly input?: Readable,
  ) {}

  out(text: string): void {
    this.stdout += text;
  }

  err(text: string): void {
    this.stderr += text;
  }

  async ask(prompt: string): Promise<string | undefined> {
    this.asked.push(prompt);
    return this.answers.length > 0 ? this.answers.shift() : '';
  }

  stdin(): Readable | undefined {
    return this.input;
  }
}
