/**
 * An interactive shell's line history in a file under the home directory (~/.ilium_cqlsh_history
 * for cqlsh, ~/.ilium_cli_history for the cli): the newest HISTORY_MAX lines,
 * oldest first in the file (readline wants them newest first). A history that cannot be read or
 * written is ignored: it must never stop the shell.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Interface } from 'node:readline';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const HISTORY_MAX = 1000;

export function historyPath(env: Readonly<Record<string, string | undefined>>, fileName = '.ilium_cqlsh_history'): string {
  return join(env['HOME'] ?? homedir(), fileName);
}

/** Lines newest first, as readline's `history` option takes them. */
export function loadHistory(path: string): string[] {
  try {
    const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
    return lines.slice(-HISTORY_MAX).reverse();
  } catch {
    return [];
  }
}

/** Saves readline's history (newest first), keeping the newest HISTORY_MAX lines. */
export function saveHistory(path: string, newestFirst: readonly string[]): void {
  try {
    const lines = newestFirst.slice(0, HISTORY_MAX).filter((l) => !l.includes('\n')).reverse();
    writeFileSync(path, lines.length > 0 ? `${lines.join('\n')}\n` : '', { mode: 0o600 });
  } catch {
    // a read-only home must not break the shell
  }
}

/** readline's history options for a shell keeping its history in `file` (none when undefined). */
export function historyOptions(file: string | undefined): { history: string[]; historySize: number; removeHistoryDuplicates: boolean } {
  return { history: file === undefined ? [] : loadHistory(file), historySize: HISTORY_MAX, removeHistoryDuplicates: true };
}

/** Saves `rl`'s history to `file` on every change (nothing when undefined). */
export function keepHistory(rl: Interface, file: string | undefined): void {
  if (file !== undefined) rl.on('history', (h: string[]) => saveHistory(file, h));
}
