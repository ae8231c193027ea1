/**
 * Clients generated at test time from our IDL (interface/cassandra.thrift) by Debian's
 * thrift-compiler — the proof that what a user generates from the file talks to Ilium:
 *
 *   const gen = generateThriftClients();   // throws a clear error when `thrift` is missing
 *   … gen.pyDir (holds the `cassandra` package), gen.nodeDir (Cassandra.js, cassandra_types.js) …
 *   gen.cleanup();
 *
 * The js:node output is CommonJS that requires `thrift` and `node-int64`; the directory gets a
 * `package.json` saying so and a `node_modules` with links to this checkout's copies, so the
 * generated code and the tests share one `thrift` module (and its exception classes).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const IDL_FILE = fileURLToPath(new URL('../../../interface/cassandra.thrift', import.meta.url));
const THRIFT = 'thrift';

export interface GeneratedClients {
  readonly dir: string;
  /** `--gen py` output: put it first on sys.path and `from cassandra import Cassandra`. */
  readonly pyDir: string;
  /** `--gen js:node` output: Cassandra.js and cassandra_types.js. */
  readonly nodeDir: string;
  cleanup(): void;
}

/** Why the Thrift compiler cannot run here, or null when it can. */
export function thriftCompilerMissing(): string | null {
  const r = spawnSync(THRIFT, ['--version'], { encoding: 'utf8' });
  if (r.error !== undefined) return `the Thrift compiler (\`${THRIFT}\`) is not installed: apt-get install thrift-compiler (${r.error.message})`;
  if (r.status !== 0) return `\`${THRIFT} --version\` failed: ${r.stderr.trim()}`;
  return null;
}

export function generateThriftClients(): GeneratedClients {
  const missing = thriftCompilerMissing();
  if (missing !== null) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'ilium-thrift-gen-'));
  try {
    const pyDir = join(dir, 'py');
    const nodeDir = join(dir, 'node');
    for (const [gen, out] of [['py', pyDir], ['js:node', nodeDir]] as const) {
      mkdirSync(out);
      const r = spawnSync(THRIFT, ['--gen', gen, '-out', out, IDL_FILE], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`thrift --gen ${gen} ${IDL_FILE} failed (exit ${r.status}):\n${r.stderr}${r.stdout}`);
    }
    linkNodeRuntime(nodeDir);
    return { dir, pyDir, nodeDir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** CommonJS, with `thrift` and `node-int64` resolving to this checkout's node_modules. */
function linkNodeRuntime(nodeDir: string): void {
  writeFileSync(join(nodeDir, 'package.json'), '{ "type": "commonjs" }\n');
  const require = createRequire(import.meta.url);
  mkdirSync(join(nodeDir, 'node_modules'));
  for (const pkg of ['thrift', 'node-int64']) {
    symlinkSync(dirname(require.resolve(`${pkg}/package.json`)), join(nodeDir, 'node_modules', pkg), 'dir');
  }
}
