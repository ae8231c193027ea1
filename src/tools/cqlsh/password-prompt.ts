/**
 * Reading a password from the terminal without echo, as Python's getpass (cqlsh's `-u` without
 * `-p`, and LOGIN without a password): the prompt, then raw keystrokes until Enter — Backspace
 * edits, Ctrl-C or Ctrl-D gives up (undefined). Only for a TTY; the caller checks.
 */
import type { Readable, Writable } from 'node:stream';

export const PASSWORD_PROMPT = 'Password: ';

export interface RawInput extends Readable {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export function readPassword(input: RawInput, output: Writable, prompt = PASSWORD_PROMPT): Promise<string | undefined> {
  // Echo off before the prompt shows, as getpass does: keys typed as soon as it appears stay hidden.
  const wasRaw = input.isRaw === true;
  input.setRawMode?.(true);
  output.write(prompt);
  input.resume();
  return new Promise((resolve) => {
    let typed = '';
    const finish = (answer: string | undefined): void => {
      input.off('data', onData);
      input.setRawMode?.(wasRaw);
      input.pause();
      output.write('\n');
      resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish(typed);
        if (ch === '\u0003' || ch === '\u0004') return finish(undefined);
        if (ch === '\u007f' || ch === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (ch >= ' ') typed += ch;
      }
    };
    input.on('data', onData);
  });
}
