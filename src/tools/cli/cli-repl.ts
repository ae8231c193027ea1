/**
 * The interactive loop of `ilium cli` on a terminal: readline with cassandra-cli's prompts
 * (`[default@Keyspace] `, `...\t` while a statement goes on), history kept in
 * ~/.ilium_cli_history (shared helpers with cqlsh), Ctrl-C to drop a half-typed statement,
 * Ctrl-D or quit/exit to leave.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { historyOptions, keepHistory } from '../cqlsh/history.js';
import type { CliSession } from './cli-session.js';
import { CliInputBuffer } from './statement-splitter.js';

export interface CliReplOptions {
  readonly input: Readable;
  readonly output: Writable;
  readonly historyFile: string | undefined;
}

const CONTINUATION = '...\t';

export async function runCliRepl(session: CliSession, o: CliReplOptions): Promise<void> {
  const buffer = new CliInputBuffer();
  const rl = createInterface({
    input: o.input,
    output: o.output,
    terminal: true,
    ...historyOptions(o.historyFile),
  });
  keepHistory(rl, o.historyFile);
  const prompt = () => {
    rl.setPrompt(buffer.pending ? CONTINUATION : session.prompt());
    rl.prompt();
  };
  rl.on('SIGINT', () => {
    buffer.reset();
    o.output.write('\n');
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
    prompt();
  });
  prompt();
  for await (const line of rl) {
    for (const statement of buffer.push(line)) {
      if ((await session.run(statement)) === 'exit') {
        rl.close();
        return;
      }
    }
    prompt();
  }
  o.output.write('\n');
}
