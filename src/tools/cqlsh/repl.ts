/**
 * The interactive loop on a terminal: readline with the `cqlsh:ks> ` / `   ... ` prompts,
 * history kept in ~/.ilium_cqlsh_history, tab completion from the schema snapshot (reloaded on
 * USE and after schema changes), Ctrl-C to drop a half-typed statement or stop paging, Ctrl-D
 * or EXIT to leave. The `---MORE---` pause reads its line through the same readline.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { completions } from './completion.js';
import type { CqlshShell } from './cqlsh-shell.js';
import { historyOptions, keepHistory } from './history.js';
import { StatementSplitter } from './statement-splitter.js';

export interface ReplOptions {
  readonly input: Readable;
  readonly output: Writable;
  readonly historyFile: string | undefined;
}

/** Lets the shell's ---MORE--- question use the loop's readline; Ctrl-C answers undefined. */
export class ReplAsker {
  private rl: Interface | undefined;
  private abort: AbortController | undefined;

  attach(rl: Interface): void {
    this.rl = rl;
  }

  ask(prompt: string): Promise<string | undefined> {
    const rl = this.rl;
    if (rl === undefined) return Promise.resolve(undefined);
    this.abort = new AbortController();
    return new Promise((resolve) => {
      rl.question(prompt, { signal: this.abort!.signal }, (answer) => resolve(answer));
      this.abort!.signal.addEventListener('abort', () => resolve(undefined), { once: true });
    });
  }

  /**
   * A question whose answer is not echoed and not kept in the history (LOGIN's password): the
   * loop's readline with its output muted after the prompt.
   */
  askSecret(prompt: string): Promise<string | undefined> {
    const rl = this.rl as (Interface & { _writeToOutput(s: string): void; historySize: number; output?: NodeJS.WritableStream }) | undefined;
    if (rl === undefined) return Promise.resolve(undefined);
    const write = rl._writeToOutput;
    const historySize = rl.historySize;
    let muted = false;
    rl._writeToOutput = (s: string) => {
      if (!muted) write.call(rl, s);
    };
    rl.historySize = 0;
    const answer = this.ask(prompt);
    muted = true;
    return answer.finally(() => {
      rl._writeToOutput = write;
      rl.historySize = historySize;
      write.call(rl, '\n');
    });
  }

  /** Ctrl-C: ends a pending question; false when none was pending. */
  interrupt(): boolean {
    if (this.abort === undefined || this.abort.signal.aborted) return false;
    this.abort.abort();
    return true;
  }
}

/** Runs the loop until EXIT or end of input. */
export async function runRepl(shell: CqlshShell, asker: ReplAsker, o: ReplOptions): Promise<void> {
  const splitter = new StatementSplitter();
  let pendingText = '';
  const rl = createInterface({
    input: o.input,
    output: o.output,
    terminal: true,
    ...historyOptions(o.historyFile),
    completer: (line: string) => {
      const { candidates, partial } = completions(`${pendingText}${line}`, { schema: shell.schema, keyspace: shell.keyspace });
      return [candidates, partial];
    },
  });
  asker.attach(rl);
  keepHistory(rl, o.historyFile);
  const prompt = () => {
    rl.setPrompt(splitter.pending ? '   ... ' : shell.prompt());
    rl.prompt();
  };
  rl.on('SIGINT', () => {
    if (asker.interrupt()) return;
    splitter.reset();
    pendingText = '';
    o.output.write('\n');
    // drop what was typed on the line (readline leaves it when SIGINT is handled here)
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
    prompt();
  });
  prompt();
  let lineNo = 0;
  for await (const line of rl) {
    lineNo++;
    const statements = splitter.push(line, lineNo);
    pendingText = splitter.pending ? `${pendingText}${line}\n` : '';
    for (const s of statements) {
      const keyspaceBefore = shell.keyspace;
      const outcome = await shell.run(s.text, { source: undefined, line: s.endLine });
      if (outcome === 'exit') {
        rl.close();
        return;
      }
      if (shell.keyspace !== keyspaceBefore) void shell.refreshSchema();
    }
    prompt();
  }
  o.output.write('\n');
}
