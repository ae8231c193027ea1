/**
 * The examples' command line: open an embedded database in `--data DIR` (kept) or in memory, run
 * the example, print its lines, close.
 */
import { type Ilium, type PartitionerName, open } from '../src/index.js';

export interface ExampleRun {
  readonly lines: readonly string[];
}

export async function runExample(name: string, run: (db: Ilium) => Promise<ExampleRun>, partitioner?: PartitionerName): Promise<void> {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--data');
  const given = at >= 0 ? argv[at + 1] : undefined;
  const db = await open({ ...(given === undefined ? {} : { dataDir: given }), ...(partitioner === undefined ? {} : { partitioner }) });
  try {
    for (const line of (await run(db)).lines) console.log(line);
  } finally {
    await db.close();
  }
}

/** Whether this module is the program being run (an example's main guard). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === new URL(`file://${process.argv[1]}`).href;
}
