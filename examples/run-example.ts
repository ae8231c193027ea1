/**
 * The examples' command line: open an embedded database in `--data DIR` (kept) or a temporary
 * directory (removed afterwards), run the example, print its lines, close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Ilium, type PartitionerName, open } from '../src/index.js';

export interface ExampleRun {
  readonly lines: readonly string[];
}

export async function runExample(name: string, run: (db: Ilium) => Promise<ExampleRun>, partitioner?: PartitionerName): Promise<void> {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--data');
  const given = at >= 0 ? argv[at + 1] : undefined;
  const dataDir = given ?? mkdtempSync(join(tmpdir(), `ilium-${name}-`));
  const db = await open({ dataDir, partitioner });
  try {
    for (const line of (await run(db)).lines) console.log(line);
  } finally {
    await db.close();
    if (given === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Whether this module is the program being run (an example's main guard). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === new URL(`file://${process.argv[1]}`).href;
}
