import { type Env, replaceFileDurable } from '../../env/index.js';

/**
 * Makes a compaction's swap crash-safe. Before the output SSTable is finished, a journal names the
 * output generation and its inputs:
 *
 *   file  = "compaction-" <output generation> ".journal"
 *   body  = "out " <gen> "\n" ( "in " <gen> "\n" )*      (ASCII; written whole, then fsynced)
 *
 * On startup, a journal whose output is complete means the inputs are obsolete (delete them); an
 * incomplete output means the compaction never happened (the inputs stay, the partial output is
 * removed). Either way the journal is deleted last. A compaction that purged everything writes no
 * output: its inputs are deleted by the compactor itself, and a crash before that leaves them in
 * place (harmless: they are compacted again).
 */
export interface JournalEntry {
  readonly path: string;
  readonly output: number;
  readonly inputs: number[];
}

export function writeJournal(env: Env, dir: string, output: number, inputs: readonly number[]): string {
  const name = `compaction-${output}.journal`;
  const body = `out ${output}\n${inputs.map((g) => `in ${g}\n`).join('')}`;
  replaceFileDurable(env.fs, dir, name, Buffer.from(body, 'ascii'));
  return `${dir}/${name}`;
}

export function readJournals(env: Env, dir: string): JournalEntry[] {
  const out: JournalEntry[] = [];
  for (const name of env.fs.readdirSync(dir)) {
    if (name.endsWith('.journal.tmp')) {
      env.fs.unlinkSync(`${dir}/${name}`);
      continue;
    }
    const m = /^compaction-(\d+)\.journal$/.exec(name);
    if (!m) continue;
    const lines = env.fs.readFileSync(`${dir}/${name}`).toString('ascii').split('\n');
    const inputs = lines.filter((l) => l.startsWith('in ')).map((l) => Number(l.slice(3)));
    out.push({ path: `${dir}/${name}`, output: Number(m[1]), inputs });
  }
  return out;
}
